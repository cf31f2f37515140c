import type { Database } from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { generateSync } from 'otplib';
import { SERVICE_REVIEW_LOGIN_PATH, type ReviewerSession } from '@credit-portal/shared';
import { runReviewCommand } from '../../src/review/review-cli.js';
import { TEST_PASSWORD_HASHING } from '../helper.js';

/* The centre's reviewers in tests: made by the shipped command line's code, signed in as a reviewer would. */

export interface TestReviewer {
  /** reviewer:<id>, the audit's reference. */
  ref: string;
  login: string;
  password: string;
  secret: string;
}

/** `reviewer add <login> --name <name>`; what it printed once (password, TOTP secret). */
export function addReviewer(db: Database, login: string, name = '测试审核员'): TestReviewer {
  const out: string[] = [];
  const err: string[] = [];
  const status = runReviewCommand(
    db,
    ['reviewer', 'add', login, '--name', name],
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    undefined,
    { passwordParams: TEST_PASSWORD_HASHING },
  );
  if (status !== 0) throw new Error(err.join('\n'));
  const text = out.join('\n');
  const field = (pattern: RegExp) => pattern.exec(text)?.[1] ?? '';
  return {
    ref: field(/(reviewer:\d+)/),
    login,
    password: field(/^password: (\S+)$/m),
    secret: field(/^totp secret: ([A-Z2-7]+)$/m),
  };
}

/** The authenticator's code at a time (default now). */
export const totpCode = (secret: string, at = Date.now()): string =>
  generateSync({ secret, epoch: Math.floor(at / 1000) });

/** Signs in through the review endpoint; the session's bearer token. */
export async function reviewerToken(app: FastifyInstance, reviewer: TestReviewer): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: SERVICE_REVIEW_LOGIN_PATH,
    payload: { login: reviewer.login, password: reviewer.password, code: totpCode(reviewer.secret) },
  });
  if (response.statusCode !== 200) throw new Error(`reviewer login: ${response.statusCode} ${response.body}`);
  return (response.json() as { Data: ReviewerSession }).Data.token;
}
