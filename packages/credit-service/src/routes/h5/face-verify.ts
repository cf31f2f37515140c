import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { H5_CERT_TOKEN_PARAM, H5_CODE_PARAM, H5_FACE_VERIFY_MAX_FAILURES, H5_MESSAGES } from '@credit-portal/shared';
import { CITY } from '../../seed/vocabulary.js';
import { CERT_CODE_TTL_MS, type H5App, type H5Context } from './context.js';

/** Where the stand-in lives on this service (the gateway's FACE_VERIFY_URL points here by default). */
export const FACE_VERIFY_PATH = '/faceverify';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const STYLE = `
  body { margin: 0; font-family: 'PingFang SC', 'Microsoft YaHei', sans-serif; color: #1f2329; background: #f2f5f9; }
  header { padding: 14px 20px; color: #fff; background: #0b4ea2; font-size: 18px; font-weight: 600; }
  main { max-width: 480px; margin: 24px auto; padding: 20px; background: #fff; border: 1px solid #e3e8f0; border-radius: 8px; }
  h1 { margin: 0 0 12px; font-size: 20px; color: #083b7c; }
  p { line-height: 1.7; }
  label { display: block; margin: 14px 0 4px; }
  input[type=text] { box-sizing: border-box; width: 100%; padding: 10px; font-size: 16px; border: 1px solid #b8c2d0; border-radius: 6px; }
  .consent { display: flex; gap: 8px; align-items: flex-start; margin-top: 16px; }
  .consent input { margin-top: 6px; }
  button, a.button { display: block; box-sizing: border-box; width: 100%; margin-top: 20px; padding: 12px; color: #fff; background: #0b4ea2; border: 0; border-radius: 6px; font-size: 17px; text-align: center; text-decoration: none; cursor: pointer; }
  button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
  .error { padding: 8px 12px; color: #a8071a; background: #fff1f0; border: 1px solid #ffccc7; border-radius: 6px; }
  .note { color: #4e5969; font-size: 14px; }
  .demo { padding: 8px 12px; background: #f0f7ff; border: 1px dashed #91caff; border-radius: 6px; font-size: 14px; }
  @media (max-width: 520px) { main { margin: 0; border-radius: 0; border-left: 0; border-right: 0; } }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - ${CITY.siteName}</title>
<style>${STYLE}</style>
</head>
<body>
<header>${CITY.siteName} · 人脸识别认证</header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

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
  const loginAgain = `${options.portalUrl}#/h5/login`;

  const send = (reply: FastifyReply, status: number, html: string, formTarget?: string) => {
    // A verified form is answered with a redirect to the SPA: the form may go there too.
    const formAction = formTarget ? `'self' ${new URL(formTarget).origin}` : "'self'";
    return reply
      .code(status)
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // The address carries the cert token: never send it on as a referrer.
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
      })
      .send(html);
  };

  const expiredPage = (reason: string = H5_MESSAGES.certNotVerified) =>
    page(
      H5_MESSAGES.linkExpired,
      `<p class="error" role="alert">${escapeHtml(reason)}</p><a class="button" href="${escapeHtml(loginAgain)}">返回重新登录</a>`,
    );

  const form = (token: string, error?: string, values: { name?: string; idNumber?: string } = {}) => {
    return page(
      '人脸识别身份核验',
      `<p class="demo" role="note"><strong>演示环境</strong>：本页面代替外部人脸识别认证服务，只比对姓名与证件号码，仅供演示和测试。演示人员见项目说明文档（README）。</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<p>请填写本人的姓名和证件号码，并同意进行人脸识别。核验通过后将返回信用服务页面。</p>
<form method="post" action="${FACE_VERIFY_PATH}">
<input type="hidden" name="${H5_CERT_TOKEN_PARAM}" value="${escapeHtml(token)}">
<label for="name">姓名</label>
<input type="text" id="name" name="name" required maxlength="50" autocomplete="name" value="${escapeHtml(values.name ?? '')}">
<label for="idNumber">证件号码</label>
<input type="text" id="idNumber" name="idNumber" required maxlength="32" autocomplete="off" value="${escapeHtml(values.idNumber ?? '')}">
<div class="consent"><input type="checkbox" id="consent" name="consent" value="1" required><label for="consent">本人同意进行人脸识别身份核验</label></div>
<button type="submit">开始人脸识别</button>
</form>
<p class="note">本页面是人脸识别服务的演示替身：不开启摄像头，不采集、不保存任何人脸信息。正式环境由外部人脸识别认证服务完成核验。</p>`,
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

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    FACE_VERIFY_PATH,
    {
      logLevel: 'warn',
      schema: { querystring: Type.Object({ [H5_CERT_TOKEN_PARAM]: Type.Optional(TokenField) }) },
    },
    async (request, reply) => {
      const token = (request.query as Record<string, string | undefined>)[H5_CERT_TOKEN_PARAM] ?? '';
      const row = pending(token);
      if (!row) return send(reply, 410, expiredPage());
      return send(reply, 200, form(token), row.returnUrl!);
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
    },
    async (request, reply) => {
      const body = request.body as { name: string; idNumber: string; consent?: string } & Record<string, string>;
      const token = body[H5_CERT_TOKEN_PARAM] ?? '';
      const row = pending(token);
      if (!row) return send(reply, 410, expiredPage());
      const values = { name: body.name, idNumber: body.idNumber };
      if (!body.name.trim() || !body.idNumber.trim()) {
        return send(reply, 400, form(token, H5_MESSAGES.testLoginEmpty, values), row.returnUrl!);
      }
      if (body.consent !== '1') {
        return send(reply, 400, form(token, '请先同意进行人脸识别身份核验', values), row.returnUrl!);
      }
      const person = repo.personByDocument(body.name, body.idNumber);
      if (!person) {
        const failures = repo.failCertAttempt(token) ?? H5_FACE_VERIFY_MAX_FAILURES;
        const left = H5_FACE_VERIFY_MAX_FAILURES - failures;
        if (left <= 0) return send(reply, 410, expiredPage(H5_MESSAGES.tooManyFailures));
        const error = `${H5_MESSAGES.personNotFound}（还可尝试 ${left} 次）`;
        return send(reply, 400, form(token, error, values), row.returnUrl!);
      }
      const code = repo.verifyCertToken(token, person.id, CERT_CODE_TTL_MS, H5_FACE_VERIFY_MAX_FAILURES);
      if (!code) return send(reply, 410, expiredPage());
      return reply
        .code(303)
        .headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
        .redirect(withCode(row.returnUrl!, code), 303);
    },
  );
}
