import fs from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS, type FollowConfirmResult } from '@credit-portal/shared';
import { listOutbox, OUTBOX_DIR } from '../../../src/app.js';
import { mailBodyText } from '../../../../../e2e/mail-text.js';
import { buildTestApp, demoLogins, injectJson, loginAs, type Answer, type TestApp } from '../../helper.js';

/* What the 信用关注 tests share: entities to follow, an address, the calls and the outbox's mails. */

export type { Answer };

/** Entities of the test data set: the one A follows in the job tests, and others. */
export const X = 11;
export const Y = 12;
export const MAIL = 'follower@example.com';

export const CONFIRM_SUBJECT = '【信用云州】请确认接收信用关注提醒邮件';

export const tokenIn = (text: string): string[] =>
  [...text.matchAll(/unfollow\?token=([A-Za-z0-9_.-]+)/g)].map((m) => m[1]!);

interface Db {
  prepare(sql: string): { run(...params: unknown[]): unknown; pluck(): { get(...params: unknown[]): unknown } };
}

/** The helpers of a test file, on its service (asked for at each call: a file builds it in beforeAll, and may restart it). */
export function followTools(service: () => TestApp) {
  async function call<T>(
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string; body?: object; query?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return injectJson<Answer<T>>(service().app, { method, url, headers, payload: options.body, query: options.query });
  }

  const login = (mobile: string, password: string) => loginAs(service().app, mobile, password);

  const db = (): Db => (service().app as unknown as { db: Db }).db;

  const outbox = () => listOutbox(path.join(service().dataDir, OUTBOX_DIR));

  /** The text of an outbox mail. */
  const mailText = async (id: string): Promise<string> =>
    mailBodyText(await fs.readFile(path.join(service().dataDir, OUTBOX_DIR, `${id}.eml`), 'utf8'));

  /** The outbox's digest mails to an address (not its confirmation mails). */
  const digestsTo = async (address: string) =>
    (await outbox()).filter((entry) => entry.to === address && entry.subject !== CONFIRM_SUBJECT);
  /** The token of the newest confirmation mail to an address. */
  async function confirmTokenFor(address: string): Promise<string> {
    const [mail] = (await outbox()).filter((entry) => entry.to === address && entry.subject === CONFIRM_SUBJECT);
    const text = await mailText(mail!.id);
    return /#\/grzx\/xygz\/confirm\?token=([A-Za-z0-9_-]{43})\n/.exec(text)![1]!;
  }
  const confirmEmail = (token: string) =>
    call<FollowConfirmResult>('POST', API_PATHS.followConfirmEmail, { body: { token } });

  return { call, login, db, outbox, mailText, digestsTo, confirmTokenFor, confirmEmail };
}

/** A service of its own for a test file, with user A and user B (the demo accounts) logged in. */
export async function startFollowTest(): Promise<{ t: TestApp; tokenA: string; tokenB: string }> {
  const t = await buildTestApp();
  return { t, ...(await demoLogins(t)) };
}
