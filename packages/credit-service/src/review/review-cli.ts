import { parseArgs } from 'node:util';
import { REVIEW_ACTION_LABELS, REVIEW_ACTIONS, formatVisitTime, type ReviewAction } from '@credit-portal/shared';
import type { Database } from 'better-sqlite3';
import { createServicesRepository } from '../repositories/services.js';

export const REVIEW_USAGE = `Usage: node dist/review/cli.js [--data-dir D] list
       node dist/review/cli.js [--data-dir D] <applyNo> <action> [--comment 文本] [--unit 办理单位]

The centre's review of credit repair and objection applications, on the service's database.
  list        the applications not yet completed, oldest first
  action      ${REVIEW_ACTIONS.map((a) => `${a} (${REVIEW_ACTION_LABELS[a]})`).join(', ')}
  --comment   the decision's text (approve/reject) or a note on the step
  --unit      the handling unit recorded on the step (default: the centre, or the deciding authority)
  --data-dir  data directory (default: $DATA_DIR, else ./data)`;

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Parses the arguments (data directory first, so the caller can open the database). */
export function parseReviewArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      'data-dir': { type: 'string' },
      comment: { type: 'string' },
      unit: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
}

/** A decision taken (or refused) by the command line, for its audit record (cli.ts writes it). */
export interface ReviewDecision {
  applyNo: string;
  action: string;
  outcome: 'ok' | 'not_found' | 'transition';
  status: string | null;
}

/** Runs one review command on an open database; returns the exit status. */
export function runReviewCommand(
  db: Database,
  argv: readonly string[],
  io: CliOutput,
  onDecision: (decision: ReviewDecision) => void = () => {},
): number {
  let parsed;
  try {
    parsed = parseReviewArgs(argv);
  } catch (error) {
    io.err(`review: ${(error as Error).message}\n\n${REVIEW_USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(REVIEW_USAGE);
    return 0;
  }
  const repo = createServicesRepository(db);
  if (positionals.length === 1 && positionals[0] === 'list') {
    const open = repo.openApplications();
    if (open.length === 0) io.out('没有待办的申请');
    for (const a of open) {
      io.out(`${a.ApplyNo}\t${a.KindLabel}\t${a.StatusLabel}\t${a.EntName}\t${a.CF_WSH}\t${a.SubmittedAt}`);
    }
    return 0;
  }
  const [applyNo, action] = positionals;
  if (positionals.length !== 2 || !applyNo || !REVIEW_ACTIONS.includes(action as ReviewAction)) {
    io.err(`review: expected "list" or "<applyNo> <action>"\n\n${REVIEW_USAGE}`);
    return 1;
  }
  const result = repo.review(
    applyNo.toUpperCase(),
    action as ReviewAction,
    formatVisitTime(),
    values.comment,
    values.unit,
  );
  onDecision({
    applyNo: applyNo.toUpperCase(),
    action: action!,
    outcome: result.outcome,
    status: result.outcome === 'ok' ? result.application.Status : null,
  });
  if (result.outcome === 'not_found') {
    io.err(`review: 未找到申请 ${applyNo}`);
    return 1;
  }
  if (result.outcome === 'transition') {
    io.err(
      `review: 申请 ${applyNo} 当前为“${result.application.StatusLabel}”，不能${REVIEW_ACTION_LABELS[action as ReviewAction]}`,
    );
    return 1;
  }
  const step = result.application.Steps.at(-1)!;
  io.out(`${result.application.ApplyNo}: ${step.Label}（${step.HandlingUnit}，${step.Time}）`);
  return 0;
}
