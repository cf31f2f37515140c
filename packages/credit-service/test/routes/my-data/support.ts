import path from 'node:path';
import { API_PATHS, type MyData } from '@credit-portal/shared';
import { listOutbox, OUTBOX_DIR } from '../../../src/app.js';
import { account, entity, follow, linkEntity, penalty, repairApplication } from '../../factories.js';
import { injectJson, loginAs, type Answer, type TestApp } from '../../helper.js';

/*
 * Helpers of the 我的数据 and 注销账号 tests: a registered account with a record of each kind the
 * copy holds (a repair filing with its material, a follow, the mail settings, a consent, a second
 * login), and the calls as the SPA makes them.
 */

export const PASSWORD = 'Test-pass-2026';

export interface Person {
  id: number;
  mobile: string;
  /** The registration's login. */
  token: string;
  /** A second login of the account. */
  other: string;
  entityName: string;
  applyNo: string;
  email: string;
}

/** A new account (its registration records the consent) with a filing, a follow, mail settings and two logins. */
export async function person(t: TestApp): Promise<Person> {
  const { mobile, token } = await account(t, PASSWORD);
  const id = t.app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(mobile) as number;
  const company = entity(t.app.db);
  linkEntity(t, `user:${id}`, company);
  const filed = await repairApplication(t, token, penalty(t.app.db, company).id);
  await follow(t, token, company.id);
  const email = `p${id}@example.cn`;
  t.app.db
    .prepare(
      `INSERT INTO follow_settings (owner, email, email_digest, email_confirmed, updated_at) VALUES (?, ?, 1, 1, '2026-12-01 10:00:00')`,
    )
    .run(`user:${id}`, email);
  const other = await loginAs(t.app, mobile, PASSWORD);
  return { id, mobile, token, other, entityName: company.name, applyNo: filed.ApplyNo, email };
}

/** A call with a bearer, answered in the errorCode envelope. */
export function call<T>(t: TestApp, url: string, token: string | undefined, body?: object, method = 'POST') {
  return injectJson<Answer<T>>(t.app, {
    method: body === undefined && method === 'GET' ? 'GET' : method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body }),
  });
}

export const copyOf = (t: TestApp, token: string | undefined) =>
  call<MyData>(t, API_PATHS.myData, token, undefined, 'GET');

/** The newest SMS to a number in the outbox (the demo sender's). */
export async function lastSms(t: TestApp, mobile: string): Promise<string> {
  const entries = await listOutbox(path.join(t.dataDir, OUTBOX_DIR));
  return entries.find((entry) => entry.kind === 'sms' && entry.to === mobile)?.text ?? '';
}

/** Asks for 注销账号's code and reads it from the outbox. */
export async function closeCode(t: TestApp, token: string): Promise<string> {
  const sent = await call(t, API_PATHS.closeAccountCode, token, {});
  if (sent.status !== 200) throw new Error(`close/code answered ${sent.status}: ${sent.body.Msg}`);
  return /(\d{6})/.exec(await lastSms(t, (await copyOf(t, token)).body.Data!.Profile.Mobile))![1]!;
}
