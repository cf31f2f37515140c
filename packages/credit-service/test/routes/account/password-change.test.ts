import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  type LoginResult,
  type OldSiteCode,
  type PasswordResetResult,
} from '@credit-portal/shared';
import { PAIR_MAX_FAILURES } from '../../../src/repositories/account-lockouts.js';
import { accountHelpers, expectNotLoggedIn } from './support.js';
import { buildTestApp, registerWithCode, type TestApp } from '../../helper.js';

/*
 * 修改密码 (POST /user/password/change, bearer): the attacks on it, each a test — a wrong current
 * password (counted as a failed login, up to the lockout), no or a bad bearer, another account's
 * bearer, a login that came by a link; and what a change does: the login used stays, every other
 * login of the account ends (its bound chat-app identity's too), the old password stops working.
 */

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

const { call, freshMobile } = accountHelpers(() => testApp);

/** A new account, registered with its SMS code: its number and the registration's login. */
async function newAccount(password: string): Promise<{ mobile: string; id: number; login: LoginResult }> {
  const mobile = freshMobile();
  const { status, body } = await registerWithCode(app, testApp.dataDir, mobile, password);
  expect(status).toBe(200);
  const id = app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(mobile) as number;
  return { mobile, id, login: body.Data! };
}

const login = (mobile: string, password: string, ip?: string) =>
  call<LoginResult>('POST', API_PATHS.login, { body: { Mobile: mobile, Password: password }, ip });

const change = (token: string | undefined, body: Record<string, unknown>, ip?: string) =>
  call<PasswordResetResult>('POST', API_PATHS.passwordChange, { body, token, ip });

const profileStatus = async (token: string) => (await call('GET', API_PATHS.profile, { token })).status;

/** A chat-app identity of the data set no account has bound. */
const freeIdentity = (): string =>
  app.db
    .prepare('SELECT open_id FROM wechat_identities WHERE user_id IS NULL ORDER BY sort_order LIMIT 1')
    .pluck()
    .get() as string;

describe('修改密码', () => {
  it('keeps the login that changes it and ends every other login of the account, its chat-app identity’s too', async () => {
    const { mobile, id, login: registered } = await newAccount('Old1234pass');
    const here = (await login(mobile, 'Old1234pass')).body.Data!;
    const elsewhere = (await login(mobile, 'Old1234pass')).body.Data!;
    const openId = freeIdentity();
    expect(app.auth.bindWechat(id, openId)).toBe(true);
    const wechat = app.auth.issueLogin(app.auth.accounts.resolve(`wechat:${openId}`)!);
    // Someone else's account is not touched.
    const other = await newAccount('Other1234x');

    const done = await change(here.JwtToken, {
      Password: 'Old1234pass',
      NewPassword: 'New1234pass',
      ConfirmPassword: 'New1234pass',
    });
    expect(done).toEqual({
      status: 200,
      body: { ErrorCode: 200, Data: { SessionsEnded: 3 }, Msg: ACCOUNT_MESSAGES.passwordChanged },
    });
    expect(await profileStatus(here.JwtToken)).toBe(200);
    for (const ended of [registered.JwtToken, elsewhere.JwtToken, wechat.JwtToken]) {
      expectNotLoggedIn(await call('GET', API_PATHS.profile, { token: ended }));
    }
    expect(await profileStatus(other.login.JwtToken)).toBe(200);
    expect((await login(mobile, 'Old1234pass')).body.Msg).toBe(ACCOUNT_MESSAGES.wrongCredentials);
    expect((await login(mobile, 'New1234pass')).status).toBe(200);
    app.db.prepare('UPDATE wechat_identities SET user_id = NULL WHERE open_id = ?').run(openId);
  });

  it('refuses a wrong current password, changes nothing, and counts it toward the lockout as a failed login', async () => {
    const { mobile, login: session } = await newAccount('Right1234x');
    const ip = '10.60.0.1';
    const attempt = (current: string) => change(session.JwtToken, { Password: current, NewPassword: 'Taken1234x' }, ip);
    // Two wrong tries here, the rest but one on the login form: one count, one lockout.
    for (let i = 0; i < 2; i++) {
      expect(await attempt('Wrong1234x')).toEqual({
        status: 400,
        body: { ErrorCode: 400, Data: null, Msg: ACCOUNT_MESSAGES.currentPasswordWrong },
      });
    }
    for (let i = 2; i < PAIR_MAX_FAILURES - 1; i++) expect((await login(mobile, 'Wrong1234x', ip)).status).toBe(401);
    expect((await attempt('Guess1234x')).body.Msg).toBe(ACCOUNT_MESSAGES.lockedOut);
    // That address now waits, the right password or not, on either form …
    const locked = await attempt('Right1234x');
    expect(locked).toEqual({ status: 429, body: { ErrorCode: 429, Data: null, Msg: ACCOUNT_MESSAGES.lockedOut } });
    expect((await login(mobile, 'Right1234x', ip)).body.Msg).toBe(ACCOUNT_MESSAGES.lockedOut);
    // … and nothing changed: the login stays, the password is the old one (from another address).
    expect(await profileStatus(session.JwtToken)).toBe(200);
    expect((await login(mobile, 'Taken1234x', '10.60.0.2')).status).toBe(401);
    expect((await login(mobile, 'Right1234x', '10.60.0.3')).status).toBe(200);
  });

  it('checks the new password’s rules before the current password, counting none of them as a failure', async () => {
    const { mobile, login: session } = await newAccount('Right1234x');
    const ip = '10.61.0.1';
    const refused = [
      [{ Password: 'Right1234x', NewPassword: 'weak' }, ACCOUNT_MESSAGES.passwordWeak],
      [
        { Password: 'Right1234x', NewPassword: 'Fresh1234x', ConfirmPassword: 'Fresh1234y' },
        ACCOUNT_MESSAGES.passwordMismatch,
      ],
      [{ Password: 'Right1234x', NewPassword: 'Right1234x' }, ACCOUNT_MESSAGES.newPasswordSame],
      [{ Password: '', NewPassword: 'Fresh1234x' }, ACCOUNT_MESSAGES.currentPasswordRequired],
      [{ Password: 'Right1234x', NewPassword: '' }, ACCOUNT_MESSAGES.newPasswordRequired],
      [{ Password: 'Right1234x' }, ACCOUNT_MESSAGES.newPasswordRequired],
    ] as const;
    for (const [body, message] of refused) {
      expect((await change(session.JwtToken, body, ip)).body, JSON.stringify(body)).toEqual({
        ErrorCode: 400,
        Data: null,
        Msg: message,
      });
    }
    // Six refusals from one address, none of them a failed check: the right password still works there.
    expect((await login(mobile, 'Right1234x', ip)).status).toBe(200);
  });

  it('needs a live login: no bearer, garbage, or one logged out is answered 用户未登录！ before the body is read', async () => {
    const { mobile, login: session } = await newAccount('Right1234x');
    const body = { Password: 'Right1234x', NewPassword: 'Stolen1234x' };
    expectNotLoggedIn(await change(undefined, body));
    expectNotLoggedIn(await change('garbage', body));
    expectNotLoggedIn(await change(undefined, { nonsense: true }));
    expect((await call('POST', API_PATHS.logout, { body: {}, token: session.JwtToken })).status).toBe(200);
    expectNotLoggedIn(await change(session.JwtToken, body));
    expect((await login(mobile, 'Right1234x')).status).toBe(200);
  });

  it('changes only the bearer’s own account: another account’s bearer cannot name this one', async () => {
    const victim = await newAccount('Victim1234x');
    const attacker = await newAccount('Attack1234x');
    // The victim's number and password in the body change nothing of the victim's: the bearer's
    // account is the one checked, and the victim's password is not its password.
    const tried = await change(attacker.login.JwtToken, {
      Mobile: victim.mobile,
      Password: 'Victim1234x',
      NewPassword: 'Owned1234x',
    });
    expect(tried.body).toEqual({ ErrorCode: 400, Data: null, Msg: ACCOUNT_MESSAGES.currentPasswordWrong });
    expect(await profileStatus(victim.login.JwtToken)).toBe(200);
    expect((await login(victim.mobile, 'Victim1234x')).status).toBe(200);
    expect((await login(victim.mobile, 'Owned1234x')).status).toBe(401);
    // With its own password the attacker changes its own account only.
    const own = await change(attacker.login.JwtToken, {
      Mobile: victim.mobile,
      Password: 'Attack1234x',
      NewPassword: 'Owned1234x',
    });
    expect(own.status).toBe(200);
    expect((await login(attacker.mobile, 'Owned1234x')).status).toBe(200);
    expect((await login(victim.mobile, 'Victim1234x')).status).toBe(200);
    expect(await profileStatus(victim.login.JwtToken)).toBe(200);
  });

  it('refuses a chat-app login bound to no account, and a login that came by a link', async () => {
    const openId = freeIdentity();
    const wechat = app.auth.issueLogin(app.auth.accounts.resolve(`wechat:${openId}`)!);
    expect((await change(wechat.JwtToken, { Password: 'Any12345x', NewPassword: 'New1234pass' })).body).toEqual({
      ErrorCode: 400,
      Data: null,
      Msg: ACCOUNT_MESSAGES.passwordChangeNeedsMobile,
    });

    // The old site's hand-off back to the portal: a login in the same session, by a link.
    const { mobile, login: session } = await newAccount('Right1234x');
    const code = (await call<OldSiteCode>('POST', API_PATHS.oldSiteHandoff, { body: {}, token: session.JwtToken })).body
      .Data!.LoginToken;
    const page = await app.inject({
      method: 'GET',
      url: `/oldsite/NewLinkTo.aspx?LoginToken=${encodeURIComponent(code)}&PageType=grzl`,
    });
    const portalToken = /logintoken=([\w-]+)/.exec(page.body)![1]!;
    const linked = (
      await call<LoginResult>('POST', API_PATHS.loginTokenExchange, { body: { LoginToken: portalToken } })
    ).body.Data!;
    const refused = await change(linked.JwtToken, { Password: 'Right1234x', NewPassword: 'New1234pass' });
    expect(refused).toEqual({
      status: 403,
      body: { ErrorCode: 403, Data: null, Msg: ACCOUNT_MESSAGES.passwordChangeNeedsOwnLogin },
    });
    expect((await login(mobile, 'Right1234x')).status).toBe(200);
  });
});
