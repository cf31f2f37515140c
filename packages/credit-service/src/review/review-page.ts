import type { FastifyReply } from 'fastify';
import {
  REVIEW_ACTION_LABELS,
  REVIEW_ACTIONS,
  SERVICE_MESSAGES,
  formatVisitTime,
  type Application,
  type ReviewAction,
} from '@credit-portal/shared';
import type { ServicesRepository } from '../repositories/services.js';
import { reviewTokenMatches } from '../routes/services/review.js';
import type { TypeboxApp } from '../lib/typebox-app.js';

/** The reviewer's page on the old site (only when CREDIT_SERVICE_REVIEW_TOKEN is set). */
export const REVIEW_PAGE_PATH = '/oldsite/CreditServiceReview.aspx';

/** Which actions each state allows (the same rules the repository enforces). */
const NEXT: Readonly<Record<Application['Status'], readonly ReviewAction[]>> = {
  submitted: ['accept', 'reject'],
  accepted: ['review', 'reject'],
  reviewing: ['approve', 'reject'],
  approved: ['complete'],
  rejected: ['complete'],
  completed: [],
};

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
};

const esc = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const STYLE = `
  body { margin: 0; font-family: 'PingFang SC', 'Microsoft YaHei', sans-serif; color: #1f2329; background: #f2f5f9; }
  header { padding: 14px 20px; color: #fff; background: #06285a; font-size: 18px; font-weight: 600; }
  main { max-width: 1200px; margin: 24px auto; padding: 20px; background: #fff; border: 1px solid #e3e8f0; border-radius: 8px; }
  h1 { margin: 0 0 16px; font-size: 22px; color: #083b7c; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { padding: 8px; border: 1px solid #e3e8f0; text-align: left; vertical-align: top; }
  th { background: #eef3f8; }
  label { display: block; margin: 6px 0 2px; font-size: 13px; }
  input, select { box-sizing: border-box; width: 100%; padding: 6px 8px; font-size: 14px; border: 1px solid #b8c2d0; border-radius: 4px; }
  button { margin-top: 8px; padding: 6px 14px; color: #fff; background: #0b4ea2; border: 0; border-radius: 4px; font-size: 14px; cursor: pointer; }
  .notice { padding: 8px 12px; background: #e8f0fb; border-radius: 4px; }
  .error { padding: 8px 12px; color: #b42318; background: #fdecea; border-radius: 4px; }
  @media (max-width: 720px) { table, thead, tbody, tr, th, td { display: block; } thead { display: none; } }
`;

function page(body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>信用修复与异议审核 - 云州市公共信用信息中心</title><style>${STYLE}</style></head>
<body><header>云州市公共信用信息中心 · 业务审核</header><main><h1>信用修复与异议审核</h1>${body}</main></body></html>`;
}

const loginForm = (error = '') => `
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${REVIEW_PAGE_PATH}">
  <label for="token">审核口令</label>
  <input id="token" name="token" type="password" autocomplete="off" required>
  <button type="submit">进入审核</button>
</form>`;

function list(applications: readonly Application[], token: string, message: string, error: string): string {
  const rows = applications
    .map((a) => {
      const actions = NEXT[a.Status];
      const id = a.ApplyNo;
      return `<tr>
  <td>${esc(id)}<br>${esc(a.KindLabel)}</td>
  <td>${esc(a.EntName)}<br>${esc(a.CreditCode)}</td>
  <td>${esc(a.CF_WSH)}<br>${esc(a.Purpose)}</td>
  <td>${esc(a.Description)}<br>材料 ${a.Materials.length} 份</td>
  <td>${esc(a.StatusLabel)}<br>${esc(a.UpdatedAt)}</td>
  <td><form method="post" action="${REVIEW_PAGE_PATH}">
    <input type="hidden" name="token" value="${esc(token)}"><input type="hidden" name="applyNo" value="${esc(id)}">
    <label for="action-${esc(id)}">操作</label>
    <select id="action-${esc(id)}" name="action">${actions.map((x) => `<option value="${x}">${REVIEW_ACTION_LABELS[x]}</option>`).join('')}</select>
    <label for="comment-${esc(id)}">意见（审核结论时填写）</label>
    <input id="comment-${esc(id)}" name="comment" maxlength="500">
    <button type="submit">提交</button>
  </form></td>
</tr>`;
    })
    .join('');
  return `${message ? `<p class="notice" role="status">${esc(message)}</p>` : ''}${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<p>待办申请 ${applications.length} 件（按提交先后）。</p>
<table><thead><tr><th>申请编号</th><th>主体</th><th>处罚决定书 / 用途或异议类型</th><th>情况说明</th><th>当前状态</th><th>办理</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">没有待办的申请</td></tr>'}</tbody></table>`;
}

/**
 * A small server-rendered page for the centre's reviewers: the token first, then the open
 * applications with the actions their state allows. The token travels in the form (never in
 * the address); every answer is no-store.
 */
export function registerReviewPage(app: TypeboxApp, repo: ServicesRepository, token: string): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const send = (reply: FastifyReply, status: number, html: string) => reply.code(status).headers(HEADERS).send(html);

  app.get(REVIEW_PAGE_PATH, async (_request, reply) => send(reply, 200, page(loginForm())));

  app.post(REVIEW_PAGE_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    if (!reviewTokenMatches(form.token, token))
      return send(reply, 401, page(loginForm(SERVICE_MESSAGES.reviewTokenBad)));
    let message = '';
    let error = '';
    if (form.applyNo && form.action) {
      const action = form.action as ReviewAction;
      const result = REVIEW_ACTIONS.includes(action)
        ? repo.review(form.applyNo, action, formatVisitTime(), form.comment?.slice(0, 500) || undefined, undefined)
        : ({ outcome: 'transition' } as const);
      if (result.outcome === 'ok') message = `${form.applyNo}：${result.application.Steps.at(-1)!.Label}`;
      else
        error =
          result.outcome === 'not_found' ? SERVICE_MESSAGES.applicationNotFound : SERVICE_MESSAGES.reviewTransitionBad;
    }
    return send(reply, error ? 409 : 200, page(list(repo.openApplications(), form.token!, message, error)));
  });
}
