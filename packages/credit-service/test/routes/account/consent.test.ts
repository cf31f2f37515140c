import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  PRIVACY_RULES_VERSION,
  type ConsentRecord,
  type ConsentStatus,
  type LoginResult,
  type Profile,
} from '@credit-portal/shared';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../../../src/demo/seed/index.js';
import { createConsentRepository } from '../../../src/repositories/consents.js';
import { PRIVACY_CONSENT_MESSAGES } from '../../../src/routes/account/auth.js';
import { STALE_RULES_MESSAGE } from '../../../src/routes/account/consent.js';
import { buildTestApp, smsCodeFor, type TestApp } from '../../helper.js';
import { accountHelpers, expectNotLoggedIn, newState } from './support.js';

/*
 * Consents to the 个人信息处理规则: recorded with the rules' version at registration and at a
 * chat-app binding; an account whose consent is not the version in force (or none: the demo
 * accounts predate the records) is asked again, and agreeing records the new version — for the
 * account logged in only.
 */

let testApp: TestApp;
let app: FastifyInstance;
const { freshMobile, call, register, askCode, loginAs, identities, authorize, wechatLogin } = accountHelpers(
  () => testApp,
);
const consents = () => createConsentRepository(app.db);
const userOf = (mobile: string) =>
  `user:${app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(mobile) as number}`;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

const statusOf = async (token: string) =>
  (await call<ConsentStatus>('GET', API_PATHS.consentStatus, { token })).body.Data!;

describe('consent at registration', () => {
  it('refuses a form without the rules agreed to, or agreed to in another version, and keeps the code', async () => {
    const mobile = freshMobile();
    await askCode(mobile);
    const Code = await smsCodeFor(testApp.dataDir, mobile);
    const form = { Mobile: mobile, Password: 'Abc12345', Code };
    const missing = await call('POST', API_PATHS.register, { body: form });
    expect(missing).toEqual({
      status: 400,
      body: { ErrorCode: 400, Data: null, Msg: PRIVACY_CONSENT_MESSAGES.missing },
    });
    const stale = await call('POST', API_PATHS.register, { body: { ...form, PrivacyVersion: '2020.01' } });
    expect(stale.body).toEqual({ ErrorCode: 400, Data: null, Msg: PRIVACY_CONSENT_MESSAGES.stale });
    expect(app.db.prepare('SELECT COUNT(*) FROM users WHERE mobile = ?').pluck().get(mobile)).toBe(0);
    // The code was not spent by the refusals.
    const done = await call<LoginResult>('POST', API_PATHS.register, {
      body: { ...form, PrivacyVersion: PRIVACY_RULES_VERSION },
    });
    expect(done.status).toBe(200);
    const [record] = consents().list([userOf(mobile)]);
    expect(record).toMatchObject({ purpose: 'registration', version: PRIVACY_RULES_VERSION, withdrawnAt: null });
    expect(await statusOf(done.body.Data!.JwtToken)).toEqual({
      Version: PRIVACY_RULES_VERSION,
      AcceptedVersion: PRIVACY_RULES_VERSION,
      Required: false,
    });
  });
});

describe('asked again when the version changes', () => {
  it('asks an account that predates the records, and records the version it agrees to', async () => {
    const login = await loginAs(DEMO_ACCOUNT);
    expect(await statusOf(login.JwtToken)).toEqual({
      Version: PRIVACY_RULES_VERSION,
      AcceptedVersion: null,
      Required: true,
    });
    const accepted = await call<ConsentStatus>('POST', API_PATHS.consentAccept, {
      token: login.JwtToken,
      body: { Version: PRIVACY_RULES_VERSION },
    });
    expect(accepted.body.Data).toEqual({
      Version: PRIVACY_RULES_VERSION,
      AcceptedVersion: PRIVACY_RULES_VERSION,
      Required: false,
    });
    // Agreeing again records nothing new.
    await call('POST', API_PATHS.consentAccept, { token: login.JwtToken, body: { Version: PRIVACY_RULES_VERSION } });
    expect(consents().list([userOf(DEMO_ACCOUNT.mobile)])).toHaveLength(1);
  });

  it('asks an account whose consent is of an older version, and keeps the older one on record as ended', async () => {
    const mobile = freshMobile();
    const login = await register(mobile);
    const subject = userOf(mobile);
    // The rules changed after this account agreed: its consent in force is of the older text.
    consents().grant(subject, 'registration', '2025.01', '2025-01-01 00:00:00');
    expect(await statusOf(login.JwtToken)).toMatchObject({ AcceptedVersion: '2025.01', Required: true });

    const refused = await call('POST', API_PATHS.consentAccept, {
      token: login.JwtToken,
      body: { Version: '2025.01' },
    });
    expect(refused.body).toEqual({ ErrorCode: 400, Data: null, Msg: STALE_RULES_MESSAGE });
    const bad = await call('POST', API_PATHS.consentAccept, { token: login.JwtToken, body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.ErrorCode).toBe(400);

    await call('POST', API_PATHS.consentAccept, { token: login.JwtToken, body: { Version: PRIVACY_RULES_VERSION } });
    expect(await statusOf(login.JwtToken)).toMatchObject({ AcceptedVersion: PRIVACY_RULES_VERSION, Required: false });
    const records: ConsentRecord[] = consents().list([subject]);
    expect(records.map((r) => [r.version, r.withdrawnAt === null])).toEqual([
      [PRIVACY_RULES_VERSION, false],
      ['2025.01', false],
      [PRIVACY_RULES_VERSION, true],
    ]);
  });

  it('answers only for the account logged in: B neither reads nor gives A’s consent', async () => {
    const a = await register(freshMobile());
    const subjectA = userOf(a.UserInfo.User!.Mobile);
    consents().grant(subjectA, 'registration', '2025.01', '2025-01-01 00:00:00');
    const b = await loginAs(DEMO_ACCOUNT_B);
    // Whatever B sends, the account is B's session's: the request names no one else.
    await call('POST', API_PATHS.consentAccept, {
      token: b.JwtToken,
      body: { Version: PRIVACY_RULES_VERSION, Subject: subjectA, UserId: subjectA.slice(5) },
    });
    await call('GET', `${API_PATHS.consentStatus}?subject=${encodeURIComponent(subjectA)}`, { token: b.JwtToken });
    expect(consents().versionInForce(subjectA, 'registration')).toBe('2025.01');
    expect(await statusOf(a.JwtToken)).toMatchObject({ AcceptedVersion: '2025.01', Required: true });
    expect(consents().versionInForce(userOf(DEMO_ACCOUNT_B.mobile), 'registration')).toBe(PRIVACY_RULES_VERSION);
  });

  it('needs a login', async () => {
    expectNotLoggedIn(await call('GET', API_PATHS.consentStatus));
    expectNotLoggedIn(await call('POST', API_PATHS.consentAccept, { body: { Version: PRIVACY_RULES_VERSION } }));
  });

  it('asks an unbound chat-app login, which never registered', async () => {
    const [free] = identities().filter((identity) => !identity.bound);
    const login = await wechatLogin(free!.openId);
    expect(await statusOf(login.JwtToken)).toMatchObject({ AcceptedVersion: null, Required: true });
    await call('POST', API_PATHS.consentAccept, { token: login.JwtToken, body: { Version: PRIVACY_RULES_VERSION } });
    expect(consents().versionInForce(`wechat:${free!.openId}`, 'registration')).toBe(PRIVACY_RULES_VERSION);
  });
});

describe('consent at a chat-app binding', () => {
  it('records the binding’s consent with the version, and ends it when the identity is let go', async () => {
    const mobile = freshMobile();
    const user = await register(mobile);
    const [, free] = identities().filter((identity) => !identity.bound);
    const state = newState();
    const { code } = await authorize(free!.openId, state);
    const bound = await call<Profile>('POST', API_PATHS.bindWechat, {
      body: { Code: code, State: state },
      token: user.JwtToken,
    });
    expect(bound.status).toBe(200);
    const subject = userOf(mobile);
    expect(consents().versionInForce(subject, 'wechat_binding')).toBe(PRIVACY_RULES_VERSION);

    const unbound = await call('POST', API_PATHS.unbindWechat, {
      body: { Password: 'Abc12345' },
      token: user.JwtToken,
    });
    expect(unbound.status).toBe(200);
    expect(consents().versionInForce(subject, 'wechat_binding')).toBeNull();
    const binding = consents()
      .list([subject])
      .filter((r) => r.purpose === 'wechat_binding');
    expect(binding).toHaveLength(1);
    expect(binding[0]!.withdrawnAt).not.toBeNull();
  });
});
