import {
  REVIEW_ACTION_LABELS,
  REVIEW_ACTIONS,
  SERVICE_MESSAGES,
  formatVisitTime,
  type Application,
  type AuditRecord,
  type ReviewAction,
} from '@credit-portal/shared';
import type { ServicesRepository } from '../repositories/services.js';
import type { TypeboxApp } from '../lib/typebox-app.js';
import { acceptFormPosts, escapeHtml, frameStyle, renderPage, sendHtml } from '../html/page.js';
import { CITY } from '../lib/place.js';
import { reviewTokenMatches } from './review-token.js';
import { historyHtml, reviewNote } from './review-audit.js';
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
  .history { margin-top: 6px; font-size: 13px; } .history ol { margin: 4px 0 0; padding-left: 18px; }
  @media (max-width: 720px) { table, thead, tbody, tr, th, td { display: block; } thead { display: none; } }
`,
);

const CENTRE = `${CITY.name}公共信用信息中心`;

const page = (body: string): string =>
  renderPage({ title: '信用修复与异议审核', site: CENTRE, header: `${CENTRE} · 业务审核`, style: STYLE, body });

const loginForm = (error = '') => `
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${REVIEW_PAGE_PATH}">
  <label for="token">审核口令</label>
  <input id="token" name="token" type="password" autocomplete="off" required>
  <button type="submit">进入审核</button>
</form>`;

function list(
  applications: readonly Application[],
  histories: ReadonlyMap<string, readonly AuditRecord[]>,
  token: string,
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
  <td>${escapeHtml(a.Description)}<br>材料 ${a.Materials.length} 份</td>
  <td>${escapeHtml(a.StatusLabel)}<br>${escapeHtml(a.UpdatedAt)}${historyHtml(histories.get(id) ?? [])}</td>
  <td><form method="post" action="${REVIEW_PAGE_PATH}">
    <input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="applyNo" value="${escapeHtml(id)}">
    <label for="action-${escapeHtml(id)}">操作</label>
    <select id="action-${escapeHtml(id)}" name="action">${actions.map((x) => `<option value="${x}">${REVIEW_ACTION_LABELS[x]}</option>`).join('')}</select>
    <label for="comment-${escapeHtml(id)}">意见（审核结论时填写）</label>
    <input id="comment-${escapeHtml(id)}" name="comment" maxlength="500">
    <button type="submit">提交</button>
  </form></td>
</tr>`;
    })
    .join('');
  return `${message ? `<p class="notice" role="status">${escapeHtml(message)}</p>` : ''}${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
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
  acceptFormPosts(app, { bodyLimit: 16 * 1024 });

  app.get(REVIEW_PAGE_PATH, async (_request, reply) => sendHtml(reply, 200, page(loginForm())));

  app.post(REVIEW_PAGE_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const deciding = Boolean(form.applyNo && form.action);
    if (!reviewTokenMatches(form.token, token)) {
      if (deciding) {
        // Without the token the form's words are anyone's (an ID number, say): the application it
        // names is kept as a keyed hash and an unknown action by its kind only.
        const action = REVIEW_ACTIONS.includes(form.action as ReviewAction) ? form.action! : 'unknown';
        await app.audit.recordFor(request, 'application.review', {
          ...reviewNote(form.applyNo!.slice(0, 40), action, 'page'),
          subject: app.audit.input(form.applyNo!.trim().toUpperCase()),
          actor: 'anonymous',
          result: 'failure',
          reason: 'unauthorized',
        });
      }
      return sendHtml(reply, 401, page(loginForm(SERVICE_MESSAGES.reviewTokenBad)));
    }
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
      const note = reviewNote(form.applyNo.slice(0, 40), action.slice(0, 20), 'page');
      await app.audit.recordFor(
        request,
        'application.review',
        result.outcome === 'ok'
          ? { ...note, details: { ...note.details, status: result.application.Status } }
          : { ...note, result: 'failure', reason: result.outcome },
      );
    }
    const open = repo.openApplications();
    const since = open.reduce(
      (day, a) => (a.SubmittedAt.slice(0, 10) < day ? a.SubmittedAt.slice(0, 10) : day),
      '9999',
    );
    const histories = await app.audit.history(
      open.map((a) => a.ApplyNo),
      since,
    );
    return sendHtml(reply, error ? 409 : 200, page(list(open, histories, form.token!, message, error)));
  });
}
