import { formatVisitTime, type AuditRecord } from '@credit-portal/shared';
import type { AuditNote } from '../plugins/audit.js';
import { escapeHtml } from '../html/page.js';

/*
 * The review wing's part of the audit trail (docs/AUDIT.md): each decision is an
 * application.review record — by the endpoint, the page or the command line — whose subject is
 * the application, so the page can show an application's history: its filing and each decision.
 */

/** Where a decision was taken. */
export type ReviewChannel = 'api' | 'page' | 'cli';

/**
 * The audit note of a decision. The reviewer is known by the review token only (one token for
 * the centre's reviewers): the actor says `reviewer` and where the decision was taken.
 */
export const reviewNote = (applyNo: string, action: string, channel: ReviewChannel): AuditNote => ({
  actor: 'reviewer',
  subject: `application:${applyNo}`,
  details: { action, channel },
});

/** The reviewer's words for the events of an application's history. */
const EVENT_LABELS: Readonly<Record<string, string>> = {
  'application.filed': '提交申请',
  'application.review': '审核操作',
};

/** An application's audit history as the review page shows it: when, what, who, result. */
export function historyHtml(records: readonly AuditRecord[]): string {
  if (records.length === 0) return '<p class="history-empty">暂无审计记录</p>';
  const items = records.map((r) => {
    const when = formatVisitTime(new Date(r.time));
    const what = `${EVENT_LABELS[r.event] ?? r.event}${typeof r.details.action === 'string' ? `（${r.details.action}）` : ''}`;
    const result = r.result === 'success' ? '成功' : `失败：${r.reason ?? ''}`;
    const channel = typeof r.details.channel === 'string' ? ` · ${r.details.channel}` : '';
    return `<li><time datetime="${escapeHtml(r.time)}">${escapeHtml(when)}</time> ${escapeHtml(what)} — ${escapeHtml(r.actor)}${escapeHtml(channel)} — ${escapeHtml(result)}</li>`;
  });
  return `<details class="history"><summary>审计记录（${records.length}）</summary><ol>${items.join('')}</ol></details>`;
}
