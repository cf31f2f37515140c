import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, API_PATHS, MY_DATA_MESSAGES, type CloseAccountResult } from '@credit-portal/shared';
import { DEMO_ACCOUNT } from '../../../src/demo/seed/account.js';
import { CLOSED_CONTACT } from '../../../src/repositories/my-data.js';
import { buildTestApp, injectJson, loginAs, registerWithCode, type TestApp } from '../../helper.js';
import { call, closeCode, copyOf, lastSms, PASSWORD, person, type Person } from './support.js';

/*
 * 注销账号 (POST /user/close/code, POST /user/close): proven by the password and an SMS code sent
 * to the account's own number. A wrong password or code changes nothing. A closing ends every
 * login and the chat-app binding, erases follows and mail settings, keeps the filing with its
 * contact details pseudonymised, moves the consents to a keyed reference, tells the number by SMS,
 * and frees the number for a new registration; a demo account is never closed.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const close = (token: string, body: Record<string, unknown>) =>
  call<CloseAccountResult>(t, API_PATHS.closeAccount, token, body);

const count = (sql: string, ...args: unknown[]): number =>
  t.app.db
    .prepare(sql)
    .pluck()
    .get(...args) as number;

/** What a closing would erase or move, counted. */
const held = (p: Person) => ({
  follows: count('SELECT COUNT(*) FROM follows WHERE owner = ?', `user:${p.id}`),
  settings: count('SELECT COUNT(*) FROM follow_settings WHERE owner = ?', `user:${p.id}`),
  filings: count('SELECT COUNT(*) FROM service_applications WHERE owner = ?', `user:${p.id}`),
  consents: count('SELECT COUNT(*) FROM consents WHERE subject = ?', `user:${p.id}`),
  user: count('SELECT COUNT(*) FROM users WHERE mobile = ?', p.mobile),
});

describe('注销账号', () => {
  it('refuses a wrong password, a wrong code or no confirmation, and changes nothing', async () => {
    const p = await person(t);
    const before = held(p);
    const code = await closeCode(t, p.token);
    const wrongPassword = await close(p.token, { Password: 'Wrong-pass-1', Code: code, Confirm: true });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({ ErrorCode: 400, Data: null, Msg: MY_DATA_MESSAGES.closeWrongPassword });
    const wrongCode = await close(p.token, {
      Password: PASSWORD,
      Code: code === '000000' ? '111111' : '000000',
      Confirm: true,
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);
    const unconfirmed = await close(p.token, { Password: PASSWORD, Code: code, Confirm: false });
    expect(unconfirmed.body.Msg).toBe(MY_DATA_MESSAGES.closeConfirmRequired);
    expect(held(p)).toEqual(before);
    expect((await copyOf(t, p.token)).status).toBe(200);
    expect(await loginAs(t.app, p.mobile, PASSWORD)).toBeTruthy();
  });

  it('ends the logins and the binding, erases what is listed, keeps the filing pseudonymised, and the number registers again', async () => {
    const p = await person(t);
    const openId = t.app.db
      .prepare('SELECT open_id FROM wechat_identities WHERE user_id IS NULL ORDER BY sort_order LIMIT 1')
      .pluck()
      .get() as string;
    expect(t.app.auth.bindWechat(p.id, openId)).toBe(true);
    const code = await closeCode(t, p.token);
    const closed = await close(p.token, { Password: PASSWORD, Code: code, Confirm: true });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ Data: { SessionsEnded: 2 }, Msg: MY_DATA_MESSAGES.closed });

    // Every login ended; the password logs no one in, answered as any wrong one.
    expect((await copyOf(t, p.token)).status).toBe(401);
    expect((await copyOf(t, p.other)).status).toBe(401);
    const login = await injectJson<{ Msg: string }>(t.app, {
      method: 'POST',
      url: API_PATHS.login,
      payload: { Mobile: p.mobile, Password: PASSWORD },
    });
    expect(login.status).toBe(401);
    expect(login.body.Msg).toBe(ACCOUNT_MESSAGES.wrongCredentials);

    // Erased: binding, follows, mail settings, the number; the row is a tombstone.
    expect(count('SELECT COUNT(*) FROM wechat_identities WHERE user_id = ?', p.id)).toBe(0);
    expect(held(p)).toEqual({ follows: 0, settings: 0, filings: 0, consents: 0, user: 0 });
    const tombstone = t.app.db.prepare('SELECT mobile, closed_at FROM users WHERE id = ?').get(p.id) as {
      mobile: string;
      closed_at: string | null;
    };
    expect(tombstone.mobile).toBe(`closed:${p.id}`);
    expect(tombstone.closed_at).not.toBeNull();

    // Kept: the filing (pseudonymised, its material) and the consents, under the keyed reference.
    const ref = t.app.audit.closedAccount(p.id);
    const filing = t.app.db
      .prepare('SELECT owner, contact_name, contact_phone, id FROM service_applications WHERE apply_no = ?')
      .get(p.applyNo) as { owner: string; contact_name: string; contact_phone: string; id: number };
    expect(filing).toMatchObject({ owner: ref, contact_name: CLOSED_CONTACT, contact_phone: '' });
    expect(count('SELECT COUNT(*) FROM application_materials WHERE application_id = ?', filing.id)).toBe(1);
    expect(count('SELECT COUNT(*) FROM consents WHERE subject = ?', ref)).toBe(1);

    // The number is told, and the audit trail has the closing under the account's reference.
    expect(await lastSms(t, p.mobile)).toContain('账号已注销');
    const records = await t.app.audit.concerning([`account:${p.id}`], '2000-01-01');
    expect(records.at(-1)).toMatchObject({ event: 'account.close', result: 'success', actor: `account:${p.id}` });

    // The number registers again, as a new account that holds nothing of the old one.
    const again = await registerWithCode(t.app, t.dataDir, p.mobile, PASSWORD);
    expect(again.status).toBe(200);
    const copy = (await copyOf(t, again.body.Data!.JwtToken)).body.Data!;
    expect(copy.Filings).toEqual([]);
    expect(copy.Follows).toEqual([]);
    // Only the new registration's own consent: the old account's stay under the keyed reference.
    expect(copy.Consents).toHaveLength(1);
    expect(count('SELECT COUNT(*) FROM consents WHERE subject = ?', ref)).toBe(1);
    expect(count('SELECT id FROM users WHERE mobile = ?', p.mobile)).not.toBe(p.id);
  });

  it('never closes a demo account, and asks for a login', async () => {
    const token = await loginAs(t.app, DEMO_ACCOUNT.mobile, DEMO_ACCOUNT.password);
    const refused = await call(t, API_PATHS.closeAccountCode, token, {});
    expect(refused.status).toBe(403);
    expect(refused.body.Msg).toBe(MY_DATA_MESSAGES.closeDemoRefused);
    const direct = await close(token, { Password: DEMO_ACCOUNT.password, Code: '123456', Confirm: true });
    expect(direct.status).toBe(403);
    expect((await copyOf(t, token)).status).toBe(200);
    expect((await call(t, API_PATHS.closeAccountCode, undefined, {})).status).toBe(401);
  });
});
