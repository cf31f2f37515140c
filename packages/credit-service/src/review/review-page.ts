import {
  REVIEW_ACTION_LABELS,
  REVIEW_ACTIONS,
  SERVICE_MESSAGES,
  formatBeijingTime,
  type Application,
  type ReviewAction,
} from '@credit-portal/shared';
import { type AuditRecord } from '@credit-portal/node-common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ServicesRepository } from '../repositories/services.js';
import type { TypeboxApp } from '../lib/typebox-app.js';
import { acceptFormPosts, escapeHtml, frameStyle, renderPage, sendHtml } from '../html/page.js';
import { REVIEWER_SESSION_MAX_SECONDS, type ReviewerAuth } from './reviewer-auth.js';
import { reviewerRef, type Reviewer } from './reviewers.js';
import { historyHtml, loginNote, reviewNote } from './review-audit.js';
import { REVIEW_PAGE_PATH } from '../html/paths.js';

// The page's address (html/paths.ts), re-exported for the routes and tests that name it here.
export { REVIEW_PAGE_PATH };

/** Which actions each state allows (the same rules the repository enforces). */
const NEXT: Readonly<Record<Application['Status'], readonly ReviewAction[]>> = {
  submitted: ['accept', 'reject'],
  accepted: ['review', 'reject'],
  reviewing: ['approve', 'reject'],
  approved: ['complete'],
  rejected: ['complete'],
  completed: [],
};

/** The reviewers' look: the old site's navy header bar over a wide column for the table. */
const STYLE = frameStyle(
  { theme: '#06285a', column: { width: 1200, margin: 24, padding: 20 } },
  `
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { padding: 8px; border: 1px solid #e3e8f0; text-align: left; vertical-align: top; }
  th { background: #eef3f8; }
  label { display: block; margin: 6px 0 2px; font-size: 13px; }
  input, select { box-sizing: border-box; width: 100%; padding: 6px 8px; font-size: 14px; border: 1px solid #b8c2d0; border-radius: 4px; }
  button { margin-top: 8px; padding: 6px 14px; color: #fff; background: #0b4ea2; border: 0; border-radius: 4px; font-size: 14px; cursor: pointer; }
  .notice { padding: 8px 12px; background: #e8f0fb; border-radius: 4px; }
  .error { padding: 8px 12px; color: #b42318; background: #fdecea; border-radius: 4px; }
  .who { display: flex; gap: 12px; align-items: center; justify-content: flex-end; margin-bottom: 8px; font-size: 14px; }
  .who button { margin-top: 0; }
  .history { margin-top: 6px; font-size: 13px; } .history ol { margin: 4px 0 0; padding-left: 18px; }
  @media (max-width: 720px) { table, thead, tbody, tr, th, td { display: block; } thead { display: none; } }
`,
);

/** The page in the centre's name (app.site.centreName). */
const pageOf =
  (centre: string) =>
  (body: string): string =>
    renderPage({ title: '信用修复与异议审核', site: centre, header: `${centre} · 业务审核`, style: STYLE, body });

/** The session cookie: only this page's address gets it, never script, never from another site. */
const SESSION_COOKIE = 'review_session';

const loginForm = (error = '', notice = '') => `
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${REVIEW_PAGE_PATH}">
  <input type="hidden" name="op" value="login">
  <label for="login">登录名</label>
  <input id="login" name="login" autocomplete="username" maxlength="64" required>
  <label for="password">密码</label>
  <input id="password" name="password" type="password" autocomplete="current-password" maxlength="200" required>
  <label for="code">动态验证码（身份验证器显示的6位数字）</label>
  <input id="code" name="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code" required>
  <button type="submit">登录</button>
</form>`;

/** Who is signed in, and the form token its forms carry (CSRF). */
interface Signed {
  reviewer: Reviewer;
  csrf: string;
}

/** A repair's signed 信用修复承诺书 (signer, time, version), or that it has none. */
function promiseHtml(a: Application): string {
  if (a.Kind !== 'repair') return '';
  if (!a.Promise) return '<br>未签署信用修复承诺书';
  const p = a.Promise;
  return `<br>信用修复承诺书：${escapeHtml(p.Signer)} 签署于 ${escapeHtml(p.SignedAt)}（版本 ${escapeHtml(p.Version)}，SHA-256 ${escapeHtml(p.TextSha256.slice(0, 12))}…）`;
}

function list(
  applications: readonly Application[],
  histories: ReadonlyMap<string, readonly AuditRecord[]>,
  names: ReadonlyMap<string, string>,
  signed: Signed,
  message: string,
  error: string,
): string {
  const rows = applications
    .map((a) => {
      const actions = NEXT[a.Status];
      const id = a.ApplyNo;
      return `<tr>
  <td>${escapeHtml(id)}<br>${escapeHtml(a.KindLabel)}</td>
  <td>${escapeHtml(a.EntName)}<br>${escapeHtml(a.CreditCode)}</td>
  <td>${escapeHtml(a.CF_WSH)}<br>${escapeHtml(a.Purpose)}</td>
  <td>${escapeHtml(a.Description)}<br>材料 ${a.Materials.length} 份${promiseHtml(a)}</td>
  <td>${escapeHtml(a.StatusLabel)}<br>${escapeHtml(a.UpdatedAt)}${historyHtml(histories.get(id) ?? [], names)}</td>
  <td><form method="post" action="${REVIEW_PAGE_PATH}">
    <input type="hidden" name="csrf" value="${escapeHtml(signed.csrf)}"><input type="hidden" name="applyNo" value="${escapeHtml(id)}">
    <label for="action-${escapeHtml(id)}">操作</label>
    <select id="action-${escapeHtml(id)}" name="action">${actions.map((x) => `<option value="${x}">${REVIEW_ACTION_LABELS[x]}</option>`).join('')}</select>
    <label for="comment-${escapeHtml(id)}">意见（审核结论时填写）</label>
    <input id="comment-${escapeHtml(id)}" name="comment" maxlength="500">
    <button type="submit">提交</button>
  </form></td>
</tr>`;
    })
    .join('');
  return `<form class="who" method="post" action="${REVIEW_PAGE_PATH}"><input type="hidden" name="op" value="logout"><input type="hidden" name="csrf" value="${escapeHtml(signed.csrf)}">
  审核员：${escapeHtml(signed.reviewer.name)}（${escapeHtml(signed.reviewer.login)}） <button type="submit">退出登录</button></form>
${message ? `<p class="notice" role="status">${escapeHtml(message)}</p>` : ''}${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<p>待办申请 ${applications.length} 件（按提交先后）。</p>
<table><thead><tr><th>申请编号</th><th>主体</th><th>处罚决定书 / 用途或异议类型</th><th>情况说明</th><th>当前状态</th><th>办理</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">没有待办的申请</td></tr>'}</tbody></table>`;
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

const sessionCookie = (request: FastifyRequest, token: string, maxAge: number): string =>
  `${SESSION_COOKIE}=${token}; Path=${REVIEW_PAGE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`;

/** The form token of a session: derived from its token, so a page of another site cannot know it. */
const csrfOf = (token: string): string => createHash('sha256').update(`review-page-csrf:${token}`).digest('base64url');

const sameText = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A small server-rendered page for the centre's reviewers: a login (login name, password, the
 * authenticator's code) that sets a session cookie for this address only (HttpOnly,
 * SameSite=Strict), then the open applications with the actions their state allows. Each form
 * carries the session's form token and a form from another site is refused (Sec-Fetch-Site);
 * every answer is no-store.
 */
export function registerReviewPage(app: TypeboxApp, repo: ServicesRepository, auth: ReviewerAuth): void {
  acceptFormPosts(app, { bodyLimit: 16 * 1024 });
  const page = pageOf(app.site.centreName);

  const signedIn = (request: FastifyRequest): Signed | null => {
    const token = cookieOf(request, SESSION_COOKIE);
    const reviewer = auth.reviewerOf(token);
    return reviewer && token ? { reviewer, csrf: csrfOf(token) } : null;
  };

  const listPage = async (signed: Signed, message: string, error: string) => {
    const open = repo.openApplications();
    const since = open.reduce(
      (day, a) => (a.SubmittedAt.slice(0, 10) < day ? a.SubmittedAt.slice(0, 10) : day),
      '9999',
    );
    const histories = await app.audit.history(
      open.map((a) => a.ApplyNo),
      since,
    );
    const names = new Map(auth.reviewers.list().map((r) => [reviewerRef(r), r.name]));
    return page(list(open, histories, names, signed, message, error));
  };

  app.get(REVIEW_PAGE_PATH, { config: { limitClass: 'default' } }, async (request, reply) => {
    const signed = signedIn(request);
    return sendHtml(reply, 200, signed ? await listPage(signed, '', '') : page(loginForm()));
  });

  // Its form logs in with a password and a TOTP code, and decides applications.
  app.post(REVIEW_PAGE_PATH, { config: { limitClass: 'strict' } }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    // A form sent from another site's page (the browser says so) is not the reviewer's doing.
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return sendHtml(reply, 403, page(loginForm(SERVICE_MESSAGES.reviewerSessionBad)));
    }

    if (form.op === 'login') {
      const login = form.login ?? '';
      const outcome = await auth.login(login, form.password ?? '', form.code ?? '');
      await app.audit.recordFor(request, 'reviewer.login', loginNote(app.audit, login, outcome, 'page'));
      if (!outcome.ok) return sendHtml(reply, 401, page(loginForm(SERVICE_MESSAGES.reviewerLoginBad)));
      return reply
        .code(303)
        .headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
        .header('set-cookie', sessionCookie(request, outcome.token, REVIEWER_SESSION_MAX_SECONDS))
        .redirect(REVIEW_PAGE_PATH, 303);
    }

    const signed = signedIn(request);
    const formOk = signed !== null && sameText(form.csrf ?? '', signed.csrf);
    if (form.op === 'logout') {
      const token = cookieOf(request, SESSION_COOKIE);
      if (formOk && token) auth.logout(token);
      reply.header('set-cookie', sessionCookie(request, '', 0));
      return sendHtml(reply, 200, page(loginForm('', '已退出登录')));
    }

    const deciding = Boolean(form.applyNo && form.action);
    if (!formOk) {
      if (deciding) {
        // Without a session the form's words are anyone's (an ID number, say): the application it
        // names is kept as a keyed hash and an unknown action by its kind only.
        const action = REVIEW_ACTIONS.includes(form.action as ReviewAction) ? form.action! : 'unknown';
        await app.audit.recordFor(request, 'application.review', {
          ...reviewNote(form.applyNo!.slice(0, 40), action, 'page', 'anonymous'),
          subject: app.audit.input(form.applyNo!.trim().toUpperCase()),
          result: 'failure',
          reason: 'unauthorized',
        });
      }
      return sendHtml(reply, 401, page(loginForm(SERVICE_MESSAGES.reviewerSessionBad)));
    }
    let message = '';
    let error = '';
    if (form.applyNo && form.action) {
      const action = form.action as ReviewAction;
      const result = REVIEW_ACTIONS.includes(action)
        ? repo.review(form.applyNo, action, formatBeijingTime(), form.comment?.slice(0, 500) || undefined, undefined)
        : ({ outcome: 'transition' } as const);
      if (result.outcome === 'ok') message = `${form.applyNo}：${result.application.Steps.at(-1)!.Label}`;
      else
        error =
          result.outcome === 'not_found' ? SERVICE_MESSAGES.applicationNotFound : SERVICE_MESSAGES.reviewTransitionBad;
      const note = reviewNote(form.applyNo.slice(0, 40), action.slice(0, 20), 'page', reviewerRef(signed.reviewer));
      await app.audit.recordFor(
        request,
        'application.review',
        result.outcome === 'ok'
          ? { ...note, details: { ...note.details, status: result.application.Status } }
          : { ...note, result: 'failure', reason: result.outcome },
      );
    }
    return sendHtml(reply, error ? 409 : 200, await listPage(signed, message, error));
  });
}
