import { parseArgs } from 'node:util';
import { REVIEW_ACTION_LABELS, REVIEW_ACTIONS, formatBeijingTime, type ReviewAction } from '@credit-portal/shared';
import type { Database } from 'better-sqlite3';
import { DEFAULT_SITE, type SiteIdentity } from '../lib/site.js';
import { createServicesRepository } from '../repositories/services.js';
import { hashPasswordSync, SCRYPT_PARAMS, type ScryptParams } from '../lib/passwords.js';
import { enrolmentUri, newReviewerPassword, newTotpSecret } from './reviewer-auth.js';
import { createReviewerRepository, reviewerRef, type Reviewer } from './reviewers.js';

export const REVIEW_USAGE = `Usage: node dist/review/cli.js [--data-dir D] list
       node dist/review/cli.js [--data-dir D] <applyNo> <action> --reviewer <login> [--comment 文本] [--unit 办理单位]
       node dist/review/cli.js [--data-dir D] reviewer add <login> --name <显示名>
       node dist/review/cli.js [--data-dir D] reviewer list | disable <login> | reset-totp <login> | reset-password <login>

The centre's review of credit repair and objection applications, on the service's database.
  list        the applications not yet completed, oldest first
  action      ${REVIEW_ACTIONS.map((a) => `${a} (${REVIEW_ACTION_LABELS[a]})`).join(', ')}
  --reviewer  the reviewer taking the decision (its login), named in the audit record
  --comment   the decision's text (approve/reject) or a note on the step
  --unit      the handling unit recorded on the step (default: the centre, or the deciding authority)
  --data-dir  data directory (default: $DATA_DIR, else ./data)

The reviewers, who sign in to the review endpoint and page with password and authenticator code:
  reviewer add             creates one: prints its password once, and its TOTP secret (base32)
                           and otpauth:// URI to enrol in an authenticator app
  reviewer list            every reviewer: id, login, name, state
  reviewer disable         no more logins; its sessions end at once
  reviewer reset-totp      a new TOTP secret (a lost phone): printed once, its sessions end
  reviewer reset-password  a new password, printed once; its sessions end and a lock is lifted`;

/** A reviewer's login name: lower-case letters, digits, dot, dash, underscore. */
const LOGIN_PATTERN = /^[a-z0-9][a-z0-9._-]{1,31}$/;
const NAME_MAX = 40;

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
      reviewer: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
}

/** A decision taken (or refused) by the command line, for its audit record (cli.ts writes it). */
export interface ReviewDecision {
  /** The deciding reviewer's audit reference (reviewer:<id>). */
  actor: string;
  applyNo: string;
  action: string;
  outcome: 'ok' | 'not_found' | 'transition';
  status: string | null;
}

/** What the reviewer commands changed, for its audit record (cli.ts writes it): who, and what. */
export interface ReviewerChange {
  /** The reviewer changed (reviewer:<id>). */
  subject: string;
  change: 'add' | 'disable' | 'reset_totp' | 'reset_password';
}

export interface ReviewCliOptions {
  /** Each change to a reviewer account, once made; the command line audits it. */
  onReviewerChange?: (change: ReviewerChange) => void;
  /** scrypt cost of the passwords made here; default SCRYPT_PARAMS (tests lower it). */
  passwordParams?: ScryptParams;
  now?: () => number;
  /** Whose centre closes the applications (CREDIT_CENTRE_NAME); default the demo's. */
  site?: SiteIdentity;
}

/** The reviewer commands: add, list, disable, reset-totp, reset-password. */
function runReviewerCommand(
  db: Database,
  args: readonly string[],
  name: string | undefined,
  io: CliOutput,
  options: ReviewCliOptions,
): number {
  const reviewers = createReviewerRepository(db);
  const params = options.passwordParams ?? SCRYPT_PARAMS;
  const now = options.now ?? Date.now;
  const [command, login, ...rest] = args;
  const changed = (subject: string, change: ReviewerChange['change']) =>
    options.onReviewerChange?.({ subject, change });
  if (command === 'list' && login === undefined) {
    const all = reviewers.list();
    if (all.length === 0) io.out('没有审核员');
    for (const r of all) {
      const locked = r.lockedUntil !== null && r.lockedUntil > now();
      const state =
        r.disabledAt !== null ? '已停用' : locked ? `锁定至 ${formatBeijingTime(new Date(r.lockedUntil!))}` : '启用';
      io.out(`${reviewerRef(r)}\t${r.login}\t${r.name}\t${state}\t创建于 ${formatBeijingTime(new Date(r.createdAt))}`);
    }
    return 0;
  }
  if (!login || rest.length > 0 || !['add', 'disable', 'reset-totp', 'reset-password'].includes(command ?? '')) {
    io.err(
      `review: expected "reviewer add <login> --name <显示名>", "reviewer list", or "reviewer disable|reset-totp|reset-password <login>"\n\n${REVIEW_USAGE}`,
    );
    return 1;
  }
  const enrolment = (who: Pick<Reviewer, 'login'>, secret: string) => {
    io.out(`totp secret: ${secret}`);
    io.out(`otpauth uri: ${enrolmentUri(who.login, secret)}`);
  };
  if (command === 'add') {
    const displayName = name?.trim() ?? '';
    if (!LOGIN_PATTERN.test(login) || displayName.length === 0 || displayName.length > NAME_MAX) {
      io.err(
        `review: a login is 2–32 of a-z 0-9 . _ - (starting with a letter or digit), and --name 1–${NAME_MAX} characters`,
      );
      return 1;
    }
    const password = newReviewerPassword();
    const secret = newTotpSecret();
    const id = reviewers.add(login, displayName, hashPasswordSync(password, params), secret, now());
    if (id === null) {
      io.err(`review: 审核员 ${login} 已存在`);
      return 1;
    }
    changed(`reviewer:${id}`, 'add');
    io.out(`审核员 ${login}（${displayName}）已创建：reviewer:${id}`);
    io.out(`password: ${password}`);
    enrolment({ login }, secret);
    io.out('密码只显示这一次：请当面交给审核员；审核员用身份验证器扫描或输入上面的密钥后即可登录。');
    return 0;
  }
  const reviewer = reviewers.byLogin(login);
  if (!reviewer || (reviewer.disabledAt !== null && command !== 'disable')) {
    io.err(`review: 未找到启用的审核员 ${login}`);
    return 1;
  }
  if (command === 'disable') {
    if (!reviewers.disable(reviewer.id, now())) {
      io.err(`review: 审核员 ${login} 已停用`);
      return 1;
    }
    changed(reviewerRef(reviewer), 'disable');
    io.out(`审核员 ${login} 已停用，其登录会话已全部结束`);
  } else if (command === 'reset-totp') {
    const secret = newTotpSecret();
    reviewers.resetTotp(reviewer.id, secret);
    changed(reviewerRef(reviewer), 'reset_totp');
    io.out(`审核员 ${login} 的动态验证码密钥已更换，其登录会话已全部结束`);
    enrolment(reviewer, secret);
  } else {
    const password = newReviewerPassword();
    reviewers.resetPassword(reviewer.id, hashPasswordSync(password, params));
    changed(reviewerRef(reviewer), 'reset_password');
    io.out(`审核员 ${login} 的密码已重置，其登录会话已全部结束`);
    io.out(`password: ${password}`);
  }
  return 0;
}

/** Runs one review command on an open database; returns the exit status. */
export function runReviewCommand(
  db: Database,
  argv: readonly string[],
  io: CliOutput,
  onDecision: (decision: ReviewDecision) => void = () => {},
  options: ReviewCliOptions = {},
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
  if (positionals[0] === 'reviewer') return runReviewerCommand(db, positionals.slice(1), values.name, io, options);
  const repo = createServicesRepository(db, options.site ?? DEFAULT_SITE);
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
    io.err(`review: expected "list", "reviewer …" or "<applyNo> <action> --reviewer <login>"\n\n${REVIEW_USAGE}`);
    return 1;
  }
  // The decision names who took it: a reviewer of the centre, not whoever has the console.
  const reviewer = values.reviewer ? createReviewerRepository(db).byLogin(values.reviewer) : null;
  if (!reviewer || reviewer.disabledAt !== null) {
    io.err(
      values.reviewer
        ? `review: 未找到启用的审核员 ${values.reviewer}`
        : `review: --reviewer <login> names the reviewer taking the decision\n\n${REVIEW_USAGE}`,
    );
    return 1;
  }
  const result = repo.review(
    applyNo.toUpperCase(),
    action as ReviewAction,
    formatBeijingTime(),
    values.comment,
    values.unit,
  );
  onDecision({
    actor: reviewerRef(reviewer),
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
