import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  API_PATHS,
  ERROR_MESSAGES,
  OPEN_DATA_PATHS,
  SERVICE_REVIEW_LOGIN_PATH,
  SERVICE_REVIEW_PATH,
} from '@credit-portal/shared';
import { DEFAULT_RATE_LIMITS, FACE_VERIFY_PATH } from '../../src/app.js';
import { limitOf } from '../../src/plugins/rate-limits.js';
import { buildTestApp, type TestApp } from '../helper.js';

/** The gateway in front (TRUSTED_PROXIES), and addresses that are not. */
const GATEWAY = '10.9.0.2';
const [CITIZEN_A, CITIZEN_B, CITIZEN_C, CITIZEN_D] = ['203.0.113.7', '198.51.100.9', '198.51.100.20', '198.51.100.31'];
const REFUSED = { ErrorCode: 429, Data: null, Msg: ERROR_MESSAGES.rate_limited };

/*
 * The credit-service limits its sensitive routes itself, per client address (request.ip: the
 * X-Forwarded-For of its gateways only), whatever stands in front of it: a caller who reaches it
 * directly gets no more tries than one behind the gateway, and a forged X-Forwarded-For buys none.
 */
describe('the credit-service’s own rate limits', () => {
  let service: TestApp;
  beforeAll(async () => {
    service = await buildTestApp({
      seedEntities: 50,
      trustedProxies: [GATEWAY],
      rateLimits: { max: 3, strictMax: 2, windowMs: 60_000 },
    });
  });
  afterAll(() => service.close());

  const inject = (remoteAddress: string, options: InjectOptions, forwardedFor?: string) =>
    service.app.inject({
      ...options,
      remoteAddress,
      headers: { ...options.headers, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    });
  const login = {
    method: 'POST',
    url: API_PATHS.login,
    payload: { Mobile: '13700000001', Password: 'wrong-1234' },
  } as const;

  it('answers 429 in the route’s dialect after the limit from one address, not from another', async () => {
    for (let i = 0; i < 2; i += 1) expect((await inject(CITIZEN_A, login)).statusCode).toBe(401);
    const refused = await inject(CITIZEN_A, login);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(REFUSED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own count.
    expect((await inject(CITIZEN_B, login)).statusCode).toBe(401);
  });

  it('counts the client behind the gateway, and believes no X-Forwarded-For from anyone else', async () => {
    // Through the gateway: the citizen it names has a count of its own.
    expect((await inject(GATEWAY, login, CITIZEN_C)).statusCode).toBe(401);
    // A direct caller (limited above) cannot pose as a fresh address.
    for (const forged of ['198.51.100.77', CITIZEN_C, '10.9.0.2']) {
      expect((await inject(CITIZEN_A, login, forged)).statusCode, forged).toBe(429);
    }
  });

  it('limits the report checks, the reviewers’ login and session, the face verification and the H5 tokens, each in its dialect', async () => {
    const verify = {
      method: 'GET',
      url: `${API_PATHS.reportVerify}?reportNo=XYBG20260101000001&code=AAAAAAAA`,
    } as const;
    const review = {
      method: 'GET',
      url: SERVICE_REVIEW_PATH,
      headers: { authorization: 'Bearer guess-0123456789' },
    } as const;
    const reviewerLogin = {
      method: 'POST',
      url: SERVICE_REVIEW_LOGIN_PATH,
      payload: { login: 'guess1', password: 'guess-password', code: '000000' },
    } as const;
    const face = {
      method: 'POST',
      url: FACE_VERIFY_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'certToken=x&name=a&idNumber=b&consent=1',
    } as const;
    const certToken = { method: 'POST', url: API_PATHS.h5CertToken, payload: {} } as const;
    for (const call of [verify, review, reviewerLogin, face, certToken]) {
      for (let i = 0; i < 2; i += 1) expect((await inject(CITIZEN_B, call)).statusCode, call.url).not.toBe(429);
      const refused = await inject(CITIZEN_B, call);
      expect(refused.statusCode, call.url).toBe(429);
    }
    // The H5 app's own dialect.
    const h5 = await inject(CITIZEN_B, certToken);
    expect(h5.json()).toEqual({ Success: false, Data: null, Msg: ERROR_MESSAGES.rate_limited });
  });

  it('limits the alternate-channel login, a POST with the izgtxytoken in its body, as strictly', async () => {
    const guess = { method: 'POST', url: API_PATHS.h5IzLogin, payload: { Infotoken: 'guess-0123456789' } } as const;
    for (let i = 0; i < 2; i += 1) expect((await inject(CITIZEN_D, guess)).statusCode).toBe(401);
    const refused = await inject(CITIZEN_D, guess);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ Success: false, Data: null, Msg: ERROR_MESSAGES.rate_limited });
  });

  it('limits the forms that check a secret without a contract row (their routes say so): the old site’s login and the chat app’s authorization', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const oldSiteLogin = {
      method: 'POST',
      url: '/oldsite/login.aspx',
      headers: form,
      payload: 'account=13700000001&password=guess-1234',
    } as const;
    const authorize = { method: 'POST', url: '/oauth/wechat/authorize', headers: form, payload: 'csrf=x' } as const;
    for (const call of [oldSiteLogin, authorize]) {
      for (let i = 0; i < 2; i += 1) expect((await inject(CITIZEN_D, call)).statusCode, call.url).not.toBe(429);
      expect((await inject(CITIZEN_D, call)).statusCode, call.url).toBe(429);
    }
  });

  it('keeps the lighter limit for pages, polls and every other contract row, and none for the rest', async () => {
    for (const url of ['/oldsite/login.aspx', API_PATHS.districtList]) {
      for (let i = 0; i < 3; i += 1)
        expect((await inject(CITIZEN_C, { method: 'GET', url })).statusCode, url).toBe(200);
      expect((await inject(CITIZEN_C, { method: 'GET', url })).statusCode, url).toBe(429);
    }
    for (let i = 0; i < 10; i += 1) {
      expect((await inject(CITIZEN_C, { method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    }
  });

  it('puts every strict contract row in the strict class, the others in the default one, and the routes only the service has', () => {
    // Every call that checks a password, a code or a token, mints one, sends a message or renders a
    // report: the class is the contract row's, the one the gateway applies too.
    for (const path of [
      API_PATHS.login,
      API_PATHS.register,
      API_PATHS.registerCode,
      API_PATHS.wechatLogin,
      API_PATHS.bindMobile,
      API_PATHS.bindWechat,
      API_PATHS.unbindWechat,
      API_PATHS.passwordResetCode,
      API_PATHS.passwordReset,
      API_PATHS.loginTicketCreate,
      API_PATHS.loginTicketScan,
      API_PATHS.loginTicketConfirm,
      API_PATHS.loginTokenExchange,
      API_PATHS.oldSiteHandoff,
      API_PATHS.h5CertToken,
      API_PATHS.h5CertExchange,
      API_PATHS.h5Session,
      API_PATHS.h5IzLogin,
      API_PATHS.h5PersonInfo,
      API_PATHS.h5IndividualToken,
      API_PATHS.h5IndividualInfo,
      API_PATHS.h5SendEmail,
      API_PATHS.h5ReportPdf,
      API_PATHS.enterpriseReport,
      API_PATHS.specialReport,
      API_PATHS.reportVerify,
      API_PATHS.reportVerifyFile,
      API_PATHS.thirdPartyCheck,
      API_PATHS.followSettings,
      API_PATHS.followUnfollowByLink,
      API_PATHS.followConfirmEmail,
    ]) {
      expect(limitOf('POST', path), path).toBe('strict');
    }
    // A GET row's HEAD (answered by its handler) and a prefix row's route, as registered.
    expect(limitOf('HEAD', API_PATHS.reportVerify)).toBe('strict');
    expect(limitOf('GET', API_PATHS.h5ReportFile)).toBe('strict');
    expect(limitOf('GET', `${API_PATHS.images}:file`)).toBe('default');
    // 退出 stays in the default class: a person must always be able to log out.
    expect(limitOf('POST', API_PATHS.logout)).toBe('default');
    expect(limitOf('POST', API_PATHS.h5Logout)).toBe('default');
    expect(limitOf('POST', API_PATHS.loginTicketStatus)).toBe('default');
    expect(limitOf('GET', API_PATHS.promiseList)).toBe('default');
    // The gateway's open-data quota ('opendata') is counted in the default class here.
    expect(limitOf('GET', OPEN_DATA_PATHS.records)).toBe('default');
    expect(limitOf('GET', `${OPEN_DATA_PATHS.filesPrefix}:date/:name`)).toBe('default');
    // A route without a contract row is limited only as its own config says.
    expect(limitOf('POST', '/oldsite/login.aspx')).toBeNull();
    expect(limitOf('POST', '/oldsite/login.aspx', 'strict')).toBe('strict');
    // …and a contract row's class wins over a route's word.
    expect(limitOf('POST', API_PATHS.login, 'default')).toBe('strict');
    expect(limitOf('GET', '/healthz')).toBeNull();
    expect(limitOf('POST', API_PATHS.visitLog)).toBeNull();
  });
});

/*
 * The attack: from one address, straight to the service, a password-reset SMS to a new number each
 * time (the per-number limits never see a number twice), guesses of a reset code and of the
 * password that unbinds the chat app, the 信用关注 mail choice (it mails a confirmation link) and
 * guesses of the digest address's confirmation link. At the service's default limits each is
 * refused past RATE_LIMIT_STRICT_MAX, as the gateway refuses it.
 */
describe('the strict rows at the default limits, straight to the service', () => {
  let service: TestApp;
  beforeAll(async () => {
    service = await buildTestApp({ seedEntities: 50, rateLimits: DEFAULT_RATE_LIMITS });
  });
  afterAll(() => service.close());

  const ATTACKER = '203.0.113.66';
  const post = (url: string, payload: Record<string, unknown>): InjectOptions => ({ method: 'POST', url, payload });
  /** Each call's i-th request, and the service's answer to it below the limit. */
  const calls: Record<string, { request: (i: number) => InjectOptions; status: number }> = {
    passwordResetCode: {
      request: (i) => post(API_PATHS.passwordResetCode, { Mobile: String(13_912_340_000 + i) }),
      status: 200,
    },
    passwordReset: {
      request: (i) =>
        post(API_PATHS.passwordReset, { Mobile: '13912340000', Password: 'new-pass-1234', Code: String(100_000 + i) }),
      status: 400,
    },
    // The bearer rows count before the login check: a guess with or without a login counts alike.
    unbindWechat: { request: (i) => post(API_PATHS.unbindWechat, { Password: `guess-${i}` }), status: 401 },
    followSettings: {
      request: (i) => post(API_PATHS.followSettings, { EmailDigest: true, Email: `a${i}@example.com` }),
      status: 401,
    },
    followConfirmEmail: {
      request: (i) => post(API_PATHS.followConfirmEmail, { token: `guess-${i}-0123456789abcdef` }),
      status: 400,
    },
  };

  it.each(Object.keys(calls))('refuses %s past the strict limit from one address', async (name) => {
    const { request, status } = calls[name]!;
    const answer = (i: number) => service.app.inject({ ...request(i), remoteAddress: ATTACKER });
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.strictMax; i += 1) statuses.push((await answer(i)).statusCode);
    expect(new Set(statuses)).toEqual(new Set([status]));
    const refused = await answer(DEFAULT_RATE_LIMITS.strictMax);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(REFUSED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
