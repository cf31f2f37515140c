import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  type LoginResult,
  type LoginTicket,
  type LoginTicketState,
  type Profile,
} from '@credit-portal/shared';
import { listOutbox, OUTBOX_DIR } from '../../../src/app.js';
import { DEMO_ACCOUNT } from '../../../src/demo/seed/index.js';
import { buildTestApp, smsCodeFor, type TestApp } from '../../helper.js';
import { accountHelpers, expectNotLoggedIn, newState } from './support.js';

/* A chat-app identity bound to a mobile account and let go again, and the account's sessions across both. */

let testApp: TestApp;
let app: FastifyInstance;
const { freshMobile, call, register, loginAs, identities, authorize, wechatLogin } = accountHelpers(() => testApp);

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('profile and binding', () => {
  it('binds a chat-app identity to a mobile account, both ways round', async () => {
    const mobile = freshMobile();
    const user = await register(mobile, 'Bind1234x');
    const free = identities().filter((identity) => !identity.bound);
    expect(free.length).toBeGreaterThanOrEqual(2);
    const bindWith = async (openId: string, token: string, state = newState()) => {
      const { code } = await authorize(openId, state);
      return call<Profile>('POST', API_PATHS.bindWechat, { body: { Code: code, State: state }, token });
    };

    const before = (await call<Profile>('GET', API_PATHS.profile, { token: user.JwtToken })).body.Data!;
    expect(before).toMatchObject({ LoginType: 'User', Mobile: mobile, Nickname: '' });
    // A bare identifier binds nothing.
    const bare = await call('POST', API_PATHS.bindWechat, { body: { OpenId: free[0]!.openId }, token: user.JwtToken });
    expect(bare.status).toBe(400);
    // Nor does a code of another state.
    const { code: stolen } = await authorize(free[0]!.openId, newState());
    const foreign = await call('POST', API_PATHS.bindWechat, {
      body: { Code: stolen, State: newState() },
      token: user.JwtToken,
    });
    expect(foreign.status).toBe(401);
    expect(foreign.body.Msg).toBe(ACCOUNT_MESSAGES.wechatCodeInvalid);

    const bound = await bindWith(free[0]!.openId, user.JwtToken);
    expect(bound.status).toBe(200);
    expect(bound.body.Data).toMatchObject({ Mobile: mobile, Nickname: free[0]!.nickname });
    const twice = await bindWith(free[1]!.openId, user.JwtToken);
    expect(twice.status).toBe(409);

    // The bound identity now shows its mobile account.
    const wechat = await wechatLogin(free[0]!.openId);
    expect((await call<Profile>('GET', API_PATHS.profile, { token: wechat.JwtToken })).body.Data).toMatchObject({
      LoginType: 'Wechat',
      Mobile: mobile,
    });

    // The other way: a chat-app login binds a mobile account with its password.
    const other = freshMobile();
    await register(other, 'Other1234x');
    const second = await wechatLogin(free[1]!.openId);
    const wrong = await call('POST', API_PATHS.bindMobile, {
      body: { Mobile: other, Password: 'Nope12345' },
      token: second.JwtToken,
      ip: '10.9.9.9',
    });
    expect(wrong.body.Msg).toBe(ACCOUNT_MESSAGES.wrongCredentials);
    const ok = await call<Profile>('POST', API_PATHS.bindMobile, {
      body: { Mobile: other, Password: 'Other1234x' },
      token: second.JwtToken,
    });
    expect(ok.body.Data).toMatchObject({ LoginType: 'Wechat', Mobile: other, Nickname: free[1]!.nickname });
    // A mobile account cannot take a second identity through the other door either.
    const taken = await call('POST', API_PATHS.bindMobile, {
      body: { Mobile: mobile, Password: 'Bind1234x' },
      token: second.JwtToken,
    });
    expect(taken.status).toBe(409);
  });

  it('tells the number of a binding by SMS, and lets the identity go with the password: its logins end', async () => {
    const mobile = freshMobile();
    const user = await register(mobile, 'Unbind1234x');
    const [free] = identities().filter((identity) => !identity.bound);
    const state = newState();
    const { code } = await authorize(free!.openId, state);
    const bound = await call<Profile>('POST', API_PATHS.bindWechat, {
      body: { Code: code, State: state },
      token: user.JwtToken,
    });
    expect(bound.status).toBe(200);
    const sms = (await listOutbox(path.join(testApp.dataDir, OUTBOX_DIR))).find(
      (entry) => entry.kind === 'sms' && entry.to === mobile,
    );
    expect(sms?.text).toContain(`您的账号已绑定微信“${free!.nickname}”`);
    expect(sms?.text).toContain('找回密码');

    const wechat = await wechatLogin(free!.openId);
    const unbind = (token: string, Password: string) =>
      call<Profile>('POST', API_PATHS.unbindWechat, { body: { Password }, token });
    // Not from the chat-app login itself, nor with a wrong password.
    expect((await unbind(wechat.JwtToken, 'Unbind1234x')).body.Msg).toBe(ACCOUNT_MESSAGES.unbindNeedsMobileLogin);
    expect((await unbind(user.JwtToken, 'Wrong1234x')).body.Msg).toBe(ACCOUNT_MESSAGES.wrongCredentials);
    expect((await call<Profile>('GET', API_PATHS.profile, { token: wechat.JwtToken })).body.Data).toMatchObject({
      Mobile: mobile,
    });

    const done = await unbind(user.JwtToken, 'Unbind1234x');
    expect(done.body).toMatchObject({ ErrorCode: 200, Msg: ACCOUNT_MESSAGES.wechatUnbound, Data: { Nickname: '' } });
    // The identity's login acted as the account: it is over.
    expectNotLoggedIn(await call('GET', API_PATHS.profile, { token: wechat.JwtToken }));
    expect((await unbind(user.JwtToken, 'Unbind1234x')).status).toBe(409);
    // The identity is free again: its next login is its own, not the account's.
    const again = await wechatLogin(free!.openId);
    expect((await call<Profile>('GET', API_PATHS.profile, { token: again.JwtToken })).body.Data).toMatchObject({
      Mobile: '',
    });
  });

  it('tells a mobile login that it has nothing to bind through 绑定账号', async () => {
    const user = await register();
    const { status, body } = await call('POST', API_PATHS.bindMobile, {
      body: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
      token: user.JwtToken,
    });
    expect(status).toBe(400);
    expect(body.Msg).toMatch(/无需绑定/);
  });
});

describe('one session model for the account: a reset or an unbinding ends the chat-app logins too', () => {
  const resetPassword = async (mobile: string, password: string) => {
    expect((await call('POST', API_PATHS.passwordResetCode, { body: { Mobile: mobile } })).status).toBe(200);
    const code = await smsCodeFor(testApp.dataDir, mobile);
    return call<{ SessionsEnded: number }>('POST', API_PATHS.passwordReset, {
      body: { Mobile: mobile, Code: code, Password: password, ConfirmPassword: password },
    });
  };
  const bindWechat = async (openId: string, token: string) => {
    const state = newState();
    const { code } = await authorize(openId, state);
    return call<Profile>('POST', API_PATHS.bindWechat, { body: { Code: code, State: state }, token });
  };
  /** A QR login of the desktop, confirmed by `token` on the phone. */
  const qrLogin = async (token: string): Promise<LoginResult> => {
    const ticket = (await call<LoginTicket>('POST', API_PATHS.loginTicketCreate, { body: {} })).body.Data!;
    expect((await call('POST', API_PATHS.loginTicketConfirm, { body: { Ticket: ticket.Ticket }, token })).status).toBe(
      200,
    );
    const polled = await call<LoginTicketState>('POST', API_PATHS.loginTicketStatus, {
      body: { Ticket: ticket.Ticket, PollToken: ticket.PollToken },
    });
    return polled.body.Data!.Login!;
  };
  const actsFor = async (token: string) => (await call('GET', API_PATHS.myBusinessList, { token })).status;
  /** Lets the identities go again, for the tests after (the data set has a few). */
  const release = (...openIds: string[]) => {
    for (const openId of openIds) {
      app.db.prepare('UPDATE wechat_identities SET user_id = NULL WHERE open_id = ?').run(openId);
    }
  };

  it('a password reset ends the logins of the chat-app identity bound to the account, however it was bound', async () => {
    const mobile = freshMobile();
    const user = await register(mobile, 'Reset1234x');
    const [first, second] = identities().filter((identity) => !identity.bound);
    try {
      // Bound from the mobile login, then used to log in (and to log a desktop in by QR).
      expect((await bindWechat(first!.openId, user.JwtToken)).status).toBe(200);
      const wechat = await wechatLogin(first!.openId);
      const desktop = await qrLogin(wechat.JwtToken);
      // A login of the second identity made before it bound the account (绑定账号 with the password).
      const early = await wechatLogin(second!.openId);
      // Unbind the first: an account has one identity; the second then binds it from its own login.
      expect(
        (await call('POST', API_PATHS.unbindWechat, { body: { Password: 'Reset1234x' }, token: user.JwtToken })).status,
      ).toBe(200);
      const bound = await call<Profile>('POST', API_PATHS.bindMobile, {
        body: { Mobile: mobile, Password: 'Reset1234x' },
        token: early.JwtToken,
      });
      expect(bound.body.Data).toMatchObject({ LoginType: 'Wechat', Mobile: mobile });
      const late = await wechatLogin(second!.openId);
      const lateDesktop = await qrLogin(late.JwtToken);
      for (const token of [early.JwtToken, late.JwtToken, lateDesktop.JwtToken]) {
        expect((await call<Profile>('GET', API_PATHS.profile, { token })).body.Data).toMatchObject({ Mobile: mobile });
        expect(await actsFor(token)).toBe(200);
      }
      // The unbinding already ended the first identity's logins, its QR login with them.
      expectNotLoggedIn(await call('GET', API_PATHS.profile, { token: wechat.JwtToken }));
      expectNotLoggedIn(await call('GET', API_PATHS.profile, { token: desktop.JwtToken }));

      const done = await resetPassword(mobile, 'Fresh1234x');
      // The mobile login that unbound, and the three logins of the bound identity.
      expect(done.body).toEqual({
        ErrorCode: 200,
        Data: { SessionsEnded: 4 },
        Msg: ACCOUNT_MESSAGES.passwordResetDone,
      });
      for (const token of [user.JwtToken, early.JwtToken, late.JwtToken, lateDesktop.JwtToken]) {
        expectNotLoggedIn(await call('GET', API_PATHS.profile, { token }));
        expectNotLoggedIn(await call('GET', API_PATHS.myBusinessList, { token }));
      }
    } finally {
      release(first!.openId, second!.openId);
    }
  });

  it('an unbinding ends every other login of the account, the identity’s included; the one that unbinds stays', async () => {
    const mobile = freshMobile();
    const user = await register(mobile, 'Unbind1234x');
    const [free] = identities().filter((identity) => !identity.bound);
    try {
      expect((await bindWechat(free!.openId, user.JwtToken)).status).toBe(200);
      // Whoever bound the identity had the password: a mobile login elsewhere, and the identity's.
      const elsewhere = await loginAs({ mobile, password: 'Unbind1234x' });
      const wechat = await wechatLogin(free!.openId);
      const desktop = await qrLogin(wechat.JwtToken);
      expect(await actsFor(desktop.JwtToken)).toBe(200);

      const done = await call<Profile>('POST', API_PATHS.unbindWechat, {
        body: { Password: 'Unbind1234x' },
        token: user.JwtToken,
      });
      expect(done.body).toMatchObject({ ErrorCode: 200, Msg: ACCOUNT_MESSAGES.wechatUnbound });
      for (const token of [elsewhere.JwtToken, wechat.JwtToken, desktop.JwtToken]) {
        expectNotLoggedIn(await call('GET', API_PATHS.profile, { token }));
      }
      expect((await call<Profile>('GET', API_PATHS.profile, { token: user.JwtToken })).body.Data).toMatchObject({
        Mobile: mobile,
        Nickname: '',
      });
    } finally {
      release(free!.openId);
    }
  });
});
