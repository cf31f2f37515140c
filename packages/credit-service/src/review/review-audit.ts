import { formatBeijingTime } from '@credit-portal/shared';
import { type AuditRecord } from '@credit-portal/node-common';
import type { Audit, AuditNote } from '../plugins/audit.js';
import { escapeHtml } from '../html/page.js';
import type { ReviewerLoginOutcome } from './reviewer-auth.js';
import { reviewerRef } from './reviewers.js';

/*
 * The review wing's part of the audit trail (docs/AUDIT.md): each decision is an
 * application.review record — by the endpoint, the page or the command line — whose subject is
 * the application, so the page can show an application's history: its filing and each decision;
 * and each reviewer.login, whose subject is the reviewer whose account was tried.
 */

/** Where a decision was taken. */
export type ReviewChannel = 'api' | 'page' | 'cli';

/** The audit note of a decision: who took it (`reviewer:<id>`, or `anonymous` when refused unsigned), and where. */
export const reviewNote = (applyNo: string, action: string, channel: ReviewChannel, actor: string): AuditNote => ({
  actor,
  subject: `application:${applyNo}`,
  details: { action, channel },
});

/**
 * The audit note of a login: the reviewer on success; on refusal the account tried as subject
 * (an unknown login only as a keyed hash: it may be a mistyped password) and the reason.
 */
export function loginNote(
  audit: Pick<Audit, 'input'>,
  login: string,
  outcome: ReviewerLoginOutcome,
  channel: Exclude<ReviewChannel, 'cli'>,
): AuditNote {
  const subject = outcome.reviewer ? reviewerRef(outcome.reviewer) : audit.input(login.trim().slice(0, 64));
  if (outcome.ok) return { actor: subject, subject, details: { channel } };
  return { actor: 'anonymous', subject, result: 'failure', reason: outcome.reason, details: { channel } };
}

/** The reviewer's words for the events of an application's history. */
const EVENT_LABELS: Readonly<Record<string, string>> = {
  'application.filed': '提交申请',
  'application.review': '审核操作',
};

/**
 * An application's audit history as the review page shows it: when, what, who, result. A
 * reviewer's reference is shown with its display name from `names` (`reviewer:<id>` → name).
 */
export function historyHtml(records: readonly AuditRecord[], names: ReadonlyMap<string, string> = new Map()): string {
  if (records.length === 0) return '<p class="history-empty">暂无审计记录</p>';
  const items = records.map((r) => {
    const when = formatBeijingTime(new Date(r.time));
    const what = `${EVENT_LABELS[r.event] ?? r.event}${typeof r.details.action === 'string' ? `（${r.details.action}）` : ''}`;
    const result = r.result === 'success' ? '成功' : `失败：${r.reason ?? ''}`;
    const channel = typeof r.details.channel === 'string' ? ` · ${r.details.channel}` : '';
    const who = names.has(r.actor) ? `${names.get(r.actor)!}（${r.actor}）` : r.actor;
    return `<li><time datetime="${escapeHtml(r.time)}">${escapeHtml(when)}</time> ${escapeHtml(what)} — ${escapeHtml(who)}${escapeHtml(channel)} — ${escapeHtml(result)}</li>`;
  });
  return `<details class="history"><summary>审计记录（${records.length}）</summary><ol>${items.join('')}</ol></details>`;
}
