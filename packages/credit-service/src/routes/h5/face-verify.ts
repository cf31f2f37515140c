import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { H5_CERT_TOKEN_PARAM, H5_CODE_PARAM, H5_FACE_VERIFY_MAX_FAILURES, H5_MESSAGES } from '@credit-portal/shared';
import { acceptFormPosts, escapeHtml, scriptSource, sendHtml } from '../../html/page.js';
import { CERT_CODE_TTL_MS, type H5App, type H5Context } from './context.js';
import { FACE_VERIFY_PATH } from '../../html/paths.js';
import { h5Page } from './pages.js';

// The page's address (html/paths.ts), re-exported for the routes and tests that name it here.
export { FACE_VERIFY_PATH };

/**
 * The form's script: it posts the form itself (asking for JSON) and goes on with
 * location.replace, so that the verification's page leaves the history — Back from the app then
 * returns to the page before the login, not to this link, spent by then (410). Without script
 * the form posts as a form and is answered with a redirect.
 */
const FORM_SCRIPT = `(function () {
  var form = document.getElementById('verify');
  var error = document.getElementById('verify-error');
  var back = document.getElementById('verify-back');
  if (!form || !window.fetch) return;
  var say = function (text) { error.textContent = text; error.hidden = false; };
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var button = form.querySelector('button');
    button.disabled = true;
    fetch(form.action, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(new FormData(form)).toString(),
      credentials: 'omit',
      cache: 'no-store'
    })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (answer.location) { location.replace(answer.location); return; }
        say(answer.error);
        if (answer.back) { form.hidden = true; back.href = answer.back; back.hidden = false; back.focus(); }
        button.disabled = false;
      })
      .catch(function () { say('网络异常，请稍后重试'); button.disabled = false; });
  });
})();`;
const SCRIPT_SOURCE = scriptSource(FORM_SCRIPT);

/** The form's script asks for JSON; a form posted without script gets pages and a redirect. */
const wantsJson = (request: FastifyRequest): boolean => /^application\/json\b/i.test(request.headers.accept ?? '');

/** The return address with the one-time code added to its hash query (hash routes), or else its query. */
export function withCode(returnUrl: string, code: string): string {
  const url = new URL(returnUrl);
  if (url.hash.length > 1) {
    const [route, query = ''] = url.hash.slice(1).split('?', 2) as [string, string?];
    const params = new URLSearchParams(query);
    params.delete(H5_CERT_TOKEN_PARAM);
    params.set(H5_CODE_PARAM, code);
    url.hash = `${route}?${params.toString()}`;
  } else {
    url.searchParams.set(H5_CODE_PARAM, code);
  }
  return url.toString();
}

const TokenField = Type.String({ maxLength: 128 });

/**
 * A stand-in for the external face-verification service (spec §1, §4), served in demo mode only:
 * the person confirms who they are (name and document number of a person the centre knows — a
 * stand-in, not a proof) and agrees to the check; the page binds the cert token to that person
 * and sends them back to the SPA with a fresh one-time code (never the cert token), which only the
 * browser holding the token's verifier can exchange. At most H5_FACE_VERIFY_MAX_FAILURES failed
 * tries per link; then the link is dead. It opens no camera and stores no face data; production
 * points FACE_VERIFY_URL at the real service.
 */
export function registerFaceVerifyRoutes(app: H5App, ctx: H5Context): void {
  const { repo, options } = ctx;
  const { audit } = app;
  const loginAgain = `${options.portalUrl}#/h5/login`;
  const page = (title: string, body: string): string => h5Page(app.site.siteName, '人脸识别认证', title, body);

  const expiredPage = (reason: string = H5_MESSAGES.certNotVerified) =>
    page(
      H5_MESSAGES.linkExpired,
      `<p class="error" role="alert">${escapeHtml(reason)}</p><a class="button" href="${escapeHtml(loginAgain)}">返回重新登录</a>`,
    );

  const form = (token: string, error?: string, values: { name?: string; idNumber?: string } = {}) => {
    return page(
      '人脸识别身份核验',
      `<p class="demo" role="note"><strong>演示环境</strong>：本页面代替外部人脸识别认证服务，只比对姓名与证件号码，仅供演示和测试。演示人员见项目说明文档（README）。</p>
<p id="verify-error" class="error" role="alert"${error ? '' : ' hidden'}>${escapeHtml(error ?? '')}</p>
<a id="verify-back" class="button" href="${escapeHtml(loginAgain)}" hidden>返回重新登录</a>
<p>请填写本人的姓名和证件号码，并同意进行人脸识别。核验通过后将返回信用服务页面。</p>
<form id="verify" method="post" action="${FACE_VERIFY_PATH}">
<input type="hidden" name="${H5_CERT_TOKEN_PARAM}" value="${escapeHtml(token)}">
<label for="name">姓名</label>
<input type="text" id="name" name="name" required maxlength="50" autocomplete="name" value="${escapeHtml(values.name ?? '')}">
<label for="idNumber">证件号码</label>
<input type="text" id="idNumber" name="idNumber" required maxlength="32" autocomplete="off" value="${escapeHtml(values.idNumber ?? '')}">
<div class="consent"><input type="checkbox" id="consent" name="consent" value="1" required><label for="consent">本人同意进行人脸识别身份核验</label></div>
<button type="submit">开始人脸识别</button>
</form>
<p class="note">本页面是人脸识别服务的演示替身：不开启摄像头，不采集、不保存任何人脸信息。正式环境由外部人脸识别认证服务完成核验。</p>
<script>${FORM_SCRIPT}</script>`,
    );
  };

  /** The cert token's row when it can still be verified: live, unspent, unbound, with tries left. */
  const pending = (token: string) => {
    const row = token ? repo.token('cert', token) : undefined;
    const open =
      row &&
      row.expiresAt > Date.now() &&
      row.usedAt === null &&
      row.personId === null &&
      row.failedAttempts < H5_FACE_VERIFY_MAX_FAILURES;
    return open && row.returnUrl ? row : undefined;
  };

  acceptFormPosts(app, { bodyLimit: 8 * 1024 });

  // A verified form is answered with a redirect to the SPA (the token's return address), so the
  // form pages name it as their form target.
  app.get(
    FACE_VERIFY_PATH,
    {
      logLevel: 'warn',
      config: { limitClass: 'default' },
      schema: { querystring: Type.Object({ [H5_CERT_TOKEN_PARAM]: Type.Optional(TokenField) }) },
    },
    async (request, reply) => {
      const token = (request.query as Record<string, string | undefined>)[H5_CERT_TOKEN_PARAM] ?? '';
      const row = pending(token);
      if (!row) return sendHtml(reply, 410, expiredPage());
      return sendHtml(reply, 200, form(token), { formTarget: row.returnUrl!, script: SCRIPT_SOURCE });
    },
  );

  app.post(
    FACE_VERIFY_PATH,
    {
      logLevel: 'warn',
      schema: {
        body: Type.Object({
          [H5_CERT_TOKEN_PARAM]: TokenField,
          name: Type.String({ maxLength: 50 }),
          idNumber: Type.String({ maxLength: 32 }),
          consent: Type.Optional(Type.String({ maxLength: 8 })),
        }),
      },
      // It checks a person's name and document number.
      config: { audit: 'h5.face_verify', limitClass: 'strict' },
    },
    async (request, reply) => {
      const body = request.body as { name: string; idNumber: string; consent?: string } & Record<string, string>;
      const token = body[H5_CERT_TOKEN_PARAM] ?? '';
      const json = wantsJson(request);
      const expired = (reason: string = H5_MESSAGES.certNotVerified) =>
        json
          ? reply.code(410).header('cache-control', 'no-store').send({ error: reason, back: loginAgain })
          : sendHtml(reply, 410, expiredPage(reason));
      const row = pending(token);
      if (!row) {
        audit.note(request, { reason: 'link_expired' });
        return expired();
      }
      const values = { name: body.name, idNumber: body.idNumber };
      const refuse = (error: string) =>
        json
          ? reply.code(400).header('cache-control', 'no-store').send({ error })
          : sendHtml(reply, 400, form(token, error, values), { formTarget: row.returnUrl!, script: SCRIPT_SOURCE });
      // Who the person said they are (a keyed hash of the number typed), whether or not it is verified.
      if (body.idNumber.trim()) audit.note(request, { actor: audit.person(body.idNumber) });
      if (!body.name.trim() || !body.idNumber.trim()) return refuse(H5_MESSAGES.testLoginEmpty);
      if (body.consent !== '1') {
        audit.note(request, { reason: 'no_consent' });
        return refuse('请先同意进行人脸识别身份核验');
      }
      const person = repo.personByDocument(body.name, body.idNumber);
      if (!person) {
        const failures = repo.failCertAttempt(token) ?? H5_FACE_VERIFY_MAX_FAILURES;
        const left = H5_FACE_VERIFY_MAX_FAILURES - failures;
        audit.note(request, { reason: left <= 0 ? 'too_many_failures' : 'not_verified', details: { failures } });
        if (left <= 0) return expired(H5_MESSAGES.tooManyFailures);
        return refuse(`${H5_MESSAGES.personNotFound}（还可尝试 ${left} 次）`);
      }
      const code = repo.verifyCertToken(token, person.id, CERT_CODE_TTL_MS, H5_FACE_VERIFY_MAX_FAILURES);
      audit.note(request, { actor: audit.person(person.idNumber), subject: audit.person(person.idNumber) });
      if (!code) {
        audit.note(request, { reason: 'link_expired' });
        return expired();
      }
      const location = withCode(row.returnUrl!, code);
      if (json)
        return reply
          .code(200)
          .headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
          .send({ location });
      return reply
        .code(303)
        .headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
        .redirect(withCode(row.returnUrl!, code), 303);
    },
  );
}
