import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  LOGIN_TICKET_TTL_SECONDS,
  MESSAGES,
  isValidCreditCode,
  type CreditPromise,
  type EntityBaseInfo,
  type EntityDetailInfo,
  type LoginResult,
  type LoginTicket,
  type LoginTicketState,
  type Profile,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  SMS_DAILY_LIMIT,
  SMS_RESEND_SECONDS,
  WECHAT_CODE_TTL_SECONDS,
} from '@credit-portal/shared';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp, listOutbox, OUTBOX_DIR, WECHAT_AUTHORIZE_PATH } from '../src/app.js';
import { readSettings } from '../src/env.js';
import { signToken, verifyToken } from '../src/lib/jwt.js';
import { localToday } from '../src/lib/dates.js';
import { penaltyPublicizedSql } from '../src/repositories/publicity.js';
import { hashPassword, hashPasswordSync, needsRehash, SCRYPT_PARAMS, verifyPassword } from '../src/lib/passwords.js';
import { lockoutText } from '../src/plugins/auth.js';
import { ACCOUNT_LOCK_ADDRESSES } from '../src/repositories/account-lockouts.js';
import { createSmsSender } from '../src/sms/sender.js';
import { ensureAccountSeed } from '../src/seed/account.js';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../src/seed/index.js';
import {
  buildTestApp,
  injectJson,
  registerWithCode,
  removeDir,
  smsCodeFor,
  tempDir,
  TEST_PASSWORD_HASHING,
  type TestApp,
} from './helper.js';

type Answer<T> = { ErrorCode: number; Data: T | null; Msg: string };

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock (Date only: sockets and timers keep running) by `ms` from now. */
function travel(ms: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

let nextMobile = 13_600_000_000;
const freshMobile = (): string => String(nextMobile++);

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
): Promise<{ status: number; body: Answer<T> }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const { status, body } = await injectJson<Answer<T>>(app, {
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status, body };
}

/** Registers as a person does: the SMS code from the outbox, then the form. */
async function register(mobile = freshMobile(), password = 'Abc12345'): Promise<LoginResult> {
  const { status, body } = await registerWithCode(app, testApp.dataDir, mobile, password);
  expect(status).toBe(200);
  return body.Data!;
}

/** Asks for a registration code for a number (the SMS goes to the outbox). */
const askCode = (mobile: string, ip?: string) =>
  call<{ ExpiresIn: number; ResendIn: number }>('POST', API_PATHS.registerCode, { body: { Mobile: mobile }, ip });

const loginAs = async (account: { mobile: string; password: string }): Promise<LoginResult> => {
  const { status, body } = await call<LoginResult>('POST', API_PATHS.login, {
    body: { Mobile: account.mobile, Password: account.password },
  });
  expect(status).toBe(200);
  return body.Data!;
};

/** A random state, as the SPA makes one. */
const newState = (): string => randomBytes(16).toString('hex');

/** The chat-app identities of the data set: [openId, nickname, bound]. */
function identities(): { openId: string; nickname: string; bound: boolean }[] {
  return (
    app.db.prepare('SELECT open_id, nickname, user_id FROM wechat_identities ORDER BY sort_order').all() as {
      open_id: string;
      nickname: string;
      user_id: number | null;
    }[]
  ).map((row) => ({ openId: row.open_id, nickname: row.nickname, bound: row.user_id !== null }));
}

const PORTAL_CALLBACK = 'http://localhost:8080/#/grzx/wxauth';

/**
 * Walks the chat app's stand-in authorization page as a phone would: opens it (its consent form
 * and CSRF cookie), picks the identity, confirms, and returns the redirect it answers with.
 */
async function authorize(openId: string, state: string, redirectUri = PORTAL_CALLBACK) {
  const query = new URLSearchParams({
    appid: 'wx-demo',
    redirect_uri: redirectUri,
    state,
    response_type: 'code',
    scope: 'snsapi_login',
  });
  const form = await app.inject({ method: 'GET', url: `${WECHAT_AUTHORIZE_PATH}?${query.toString()}` });
  expect(form.statusCode).toBe(200);
  const cookie = String(form.headers['set-cookie']).split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1]!;
  const confirmed = await app.inject({
    method: 'POST',
    url: WECHAT_AUTHORIZE_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ ...Object.fromEntries(query), csrf, open_id: openId }).toString(),
  });
  expect(confirmed.statusCode).toBe(303);
  const location = new URL(String(confirmed.headers.location));
  return { location, code: location.searchParams.get('code')!, state: location.searchParams.get('state')! };
}

/** Logs a chat-app identity in through the authorization page and the code exchange. */
async function wechatLogin(openId: string): Promise<LoginResult> {
  const state = newState();
  const { code } = await authorize(openId, state);
  const { status, body } = await call<LoginResult>('POST', API_PATHS.wechatLogin, {
    body: { Code: code, State: state },
  });
  expect(status).toBe(200);
  return body.Data!;
}

const expectNotLoggedIn = (answer: { status: number; body: Answer<unknown> }) => {
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ ErrorCode: 401, Data: null, Msg: MESSAGES.notLoggedInUpstream });
};

function anEntity(where = '1 = 1'): { id: number; credit_code: string; name: string } {
  return app.db.prepare(`SELECT id, credit_code, name FROM entities WHERE ${where} ORDER BY id LIMIT 1`).get() as {
    id: number;
    credit_code: string;
    name: string;
  };
}

describe('registration', () => {
  it('creates an account and logs it in with a signed token and the login info of spec §3', async () => {
    const mobile = freshMobile();
    const result = await register(mobile);
    expect(result.UserInfo).toEqual({ User: { Mobile: mobile, JwtToken: result.JwtToken } });
    expect(result.RealAuthInfo.LoginType).toBe('User');
    const [header, payload, signature] = result.JwtToken.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(2 * 60 * 60);
    expect(new Date(result.RealAuthInfo.ExpireTime).getTime()).toBe(claims.exp * 1000);
    expect(signature).toMatch(/^[\w-]{43}$/);
    const stored = app.db.prepare('SELECT password_hash FROM users WHERE mobile = ?').pluck().get(mobile) as string;
    expect(stored).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_HASHING.N}\\$8\\$1\\$[\\w-]+\\$[\\w-]+$`));
    expect(stored).not.toContain('Abc12345');
  });

  it('salts every password on its own', async () => {
    const [a, b] = [freshMobile(), freshMobile()];
    await register(a, 'Same1234pass');
    await register(b, 'Same1234pass');
    const hashes = app.db.prepare('SELECT password_hash FROM users WHERE mobile IN (?, ?)').pluck().all(a, b);
    expect(new Set(hashes).size).toBe(2);
  });

  it.each([
    [{ Mobile: '1380013800', Password: 'Abc12345', Code: '123456' }, ACCOUNT_MESSAGES.mobileInvalid],
    [{ Mobile: '12800138000', Password: 'Abc12345', Code: '123456' }, ACCOUNT_MESSAGES.mobileInvalid],
    [{ Mobile: '', Password: 'Abc12345', Code: '123456' }, ACCOUNT_MESSAGES.mobileRequired],
    [{ Password: 'Abc12345', Code: '123456' }, ACCOUNT_MESSAGES.mobileRequired],
    [{ Mobile: '13800138000', Password: 'Abc12345' }, ACCOUNT_MESSAGES.smsCodeRequired],
    [{ Mobile: '13800138000', Password: 'Abc12345', Code: '' }, ACCOUNT_MESSAGES.smsCodeRequired],
    [{ Mobile: '13800138000', Password: 'Abc12345', Code: '12ab56' }, ACCOUNT_MESSAGES.smsCodeFormat],
    [{ Mobile: '13800138000', Password: 'abcdefgh', Code: '123456' }, ACCOUNT_MESSAGES.passwordWeak],
    [{ Mobile: '13800138000', Password: '12345678', Code: '123456' }, ACCOUNT_MESSAGES.passwordWeak],
    // Letters and digits are two kinds: three are needed (upper, lower, digits, symbols).
    [{ Mobile: '13800138000', Password: 'abc12345', Code: '123456' }, ACCOUNT_MESSAGES.passwordWeak],
    [{ Mobile: '13800138000', Password: 'right1234', Code: '123456' }, ACCOUNT_MESSAGES.passwordWeak],
    [{ Mobile: '13800138000', Password: 'Ab12', Code: '123456' }, ACCOUNT_MESSAGES.passwordWeak],
    [
      { Mobile: '13800138000', Password: 'Abc12345', ConfirmPassword: 'Abc12346', Code: '123456' },
      ACCOUNT_MESSAGES.passwordMismatch,
    ],
  ])('refuses %j with a clear message', async (body, message) => {
    const { status, body: answer } = await call('POST', API_PATHS.register, { body });
    expect(status).toBe(400);
    expect(answer).toEqual({ ErrorCode: 400, Data: null, Msg: message });
  });

  it('refuses a new number without the code of its SMS, however the form is filled', async () => {
    const mobile = freshMobile();
    await askCode(mobile);
    const sent = await smsCodeFor(testApp.dataDir, mobile);
    const guessed = await call('POST', API_PATHS.register, {
      body: { Mobile: mobile, Password: 'Abc12345', Code: sent === '000000' ? '000001' : '000000' },
    });
    expect(guessed.status).toBe(400);
    expect(guessed.body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);
    expect(app.db.prepare('SELECT COUNT(*) FROM users WHERE mobile = ?').pluck().get(mobile)).toBe(0);
    // A code sent to another number proves nothing about this one.
    const other = freshMobile();
    await askCode(other);
    const borrowed = await call('POST', API_PATHS.register, {
      body: { Mobile: mobile, Password: 'Abc12345', Code: await smsCodeFor(testApp.dataDir, other) },
    });
    expect(borrowed.body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);
  });

  it('answers a registered number exactly as a new one until its code is proven (no enumeration)', async () => {
    const taken = freshMobile();
    await register(taken);
    const fresh = freshMobile();
    // Past the minute between two codes that registering `taken` started.
    travel(SMS_RESEND_SECONDS * 1000 + 1000);

    // Asking for a code: the same answer.
    const [takenSent, freshSent] = [await askCode(taken), await askCode(fresh)];
    expect(takenSent).toEqual(freshSent);
    expect(takenSent).toEqual({
      status: 200,
      body: {
        ErrorCode: 200,
        Data: { ExpiresIn: SMS_CODE_TTL_SECONDS, ResendIn: SMS_RESEND_SECONDS },
        Msg: ACCOUNT_MESSAGES.smsSent,
      },
    });
    // Asking again at once: the same refusal.
    const [takenAgain, freshAgain] = [await askCode(taken), await askCode(fresh)];
    expect(takenAgain).toEqual(freshAgain);
    expect(takenAgain.status).toBe(429);

    // Registering without the code, or with a wrong one: the same answers.
    const sent = [await smsCodeFor(testApp.dataDir, taken), await smsCodeFor(testApp.dataDir, fresh)];
    const wrong = ['999999', '888888', '777777'].find((code) => !sent.includes(code))!;
    for (const Code of ['', '12345x', wrong]) {
      const attempt = (Mobile: string) =>
        call('POST', API_PATHS.register, {
          body: { Mobile, Password: 'Other1234x', ConfirmPassword: 'Other1234x', Code },
        });
      const [a, b] = [await attempt(taken), await attempt(fresh)];
      expect(a, Code).toEqual(b);
      expect(a.status, Code).toBe(400);
    }

    // Proven: the owner of the number may learn that it is registered.
    const proven = await call('POST', API_PATHS.register, {
      body: { Mobile: taken, Password: 'Other1234x', Code: await smsCodeFor(testApp.dataDir, taken) },
    });
    expect(proven.status).toBe(409);
    expect(proven.body.Msg).toBe(ACCOUNT_MESSAGES.mobileTaken);
  });

  it('takes a code once, for five minutes, and at most five tries', async () => {
    // Once: the same code does not register a second time.
    const once = freshMobile();
    await register(once);
    const code = await smsCodeFor(testApp.dataDir, once);
    const again = await call('POST', API_PATHS.register, { body: { Mobile: once, Password: 'Abc12345', Code: code } });
    expect(again.body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);

    // Five wrong tries spend it: the right code is refused after them.
    const tried = freshMobile();
    await askCode(tried);
    const right = await smsCodeFor(testApp.dataDir, tried);
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i++) {
      const answer = await call('POST', API_PATHS.register, {
        body: { Mobile: tried, Password: 'Abc12345', Code: wrong },
      });
      expect(answer.body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);
    }
    const late = await call('POST', API_PATHS.register, { body: { Mobile: tried, Password: 'Abc12345', Code: right } });
    expect(late.status).toBe(400);
    expect(late.body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);

    // Five minutes: an older code is refused.
    const slow = freshMobile();
    await askCode(slow);
    const slowCode = await smsCodeFor(testApp.dataDir, slow);
    travel(SMS_CODE_TTL_SECONDS * 1000 + 1000);
    const expired = await call('POST', API_PATHS.register, {
      body: { Mobile: slow, Password: 'Abc12345', Code: slowCode },
    });
    expect(expired.body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);
    expect(app.db.prepare('SELECT COUNT(*) FROM users WHERE mobile IN (?, ?)').pluck().get(tried, slow)).toBe(0);
  });

  it('sends at most one code a minute and ten a day to a number', async () => {
    const mobile = freshMobile();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < SMS_DAILY_LIMIT; i++) {
      vi.setSystemTime(start + i * SMS_RESEND_SECONDS * 1000);
      expect((await askCode(mobile)).status, `send ${i + 1}`).toBe(200);
      const early = await askCode(mobile);
      expect(early.status).toBe(429);
      expect(early.body.Msg).toBe(ACCOUNT_MESSAGES.smsTooFrequent);
    }
    vi.setSystemTime(start + SMS_DAILY_LIMIT * SMS_RESEND_SECONDS * 1000);
    const eleventh = await askCode(mobile);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.Msg).toBe(ACCOUNT_MESSAGES.smsDailyLimit);
    vi.setSystemTime(start + 24 * 60 * 60 * 1000 + 1000);
    expect((await askCode(mobile)).status).toBe(200);
  });

  it('writes the code to the outbox, never to the log, in the SMS text', async () => {
    const mobile = freshMobile();
    await askCode(mobile);
    const code = await smsCodeFor(testApp.dataDir, mobile);
    expect(code).toMatch(/^\d{6}$/);
    const page = await app.inject({ method: 'GET', url: '/outbox' });
    expect(page.body).toContain(`您的注册验证码为${code}，5分钟内有效`);
    expect(page.body).toContain('短信');
  });

  it('posts the SMS to SMS_WEBHOOK_URL as JSON with its bearer token (unit)', async () => {
    const received: { headers: Record<string, unknown>; body: unknown }[] = [];
    const server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(text) });
        response.writeHead(received.length === 1 ? 202 : 500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
      const sender = createSmsSender({
        webhookUrl: url,
        webhookToken: 't'.repeat(20),
        demo: true,
        outboxDir: '/nowhere',
      })!;
      expect(sender.kind).toBe('webhook');
      const message = {
        mobile: '13700000000',
        text: '验证码123456',
        purpose: 'register',
        code: '123456',
        expiresInSeconds: 300,
      } as const;
      await sender.send(message);
      expect(received[0]).toMatchObject({ headers: { authorization: `Bearer ${'t'.repeat(20)}` }, body: message });
      await expect(sender.send(message)).rejects.toThrow(/500/);
    } finally {
      server.close();
    }
    expect(createSmsSender({ demo: false, outboxDir: '/nowhere' })).toBeNull();
    expect(createSmsSender({ demo: true, outboxDir: '/nowhere' })!.kind).toBe('outbox');
  });

  it('accepts full-width digits and spaces in the number', async () => {
    await askCode(' １３７ ０００１ ２３４５ ');
    const { status, body } = await call<LoginResult>('POST', API_PATHS.register, {
      body: {
        Mobile: ' １３７ ０００１ ２３４５ ',
        Password: 'Abc12345',
        Code: await smsCodeFor(testApp.dataDir, '13700012345'),
      },
    });
    expect(status).toBe(200);
    expect(body.Data!.UserInfo).toMatchObject({ User: { Mobile: '13700012345' } });
  });
});

describe('a forgotten password', () => {
  const askResetCode = (mobile: string) =>
    call<{ ExpiresIn: number; ResendIn: number }>('POST', API_PATHS.passwordResetCode, { body: { Mobile: mobile } });
  const reset = (mobile: string, code: string, password = 'New1234pass') =>
    call<{ SessionsEnded: number }>('POST', API_PATHS.passwordReset, {
      body: { Mobile: mobile, Code: code, Password: password, ConfirmPassword: password },
    });
  const outboxSms = async (mobile: string, text: RegExp) =>
    (await listOutbox(path.join(testApp.dataDir, OUTBOX_DIR))).find(
      (e) => e.kind === 'sms' && e.to === mobile && text.test(e.text),
    );

  it('resets it with a code sent to the number: every login of the account ends, and the lockout is lifted', async () => {
    const mobile = freshMobile();
    // Registration's own login, and two more.
    const registered = await register(mobile, 'Old1234pass');
    const first = await loginAs({ mobile, password: 'Old1234pass' });
    const second = await loginAs({ mobile, password: 'Old1234pass' });
    // Someone tried the number from many addresses until it locked: its owner is locked out too,
    // is told so by SMS, and gets in by the reset.
    for (let i = 0; i < ACCOUNT_LOCK_ADDRESSES; i += 1) {
      await call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: 'Guess1234x' }, ip: `10.1.0.${i}` });
    }
    const locked = await call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: 'Old1234pass' } });
    expect(locked.body.Msg).toBe(ACCOUNT_MESSAGES.lockedOut);
    await expect.poll(() => outboxSms(mobile, /已被暂时锁定/)).toMatchObject({ text: lockoutText('信用云州') });

    const sent = await askResetCode(mobile);
    expect(sent.body).toEqual({
      ErrorCode: 200,
      Data: { ExpiresIn: 300, ResendIn: 60 },
      Msg: ACCOUNT_MESSAGES.smsSent,
    });
    expect(await outboxSms(mobile, /^【信用云州】您正在重置登录密码，验证码为\d{6}，/)).toBeDefined();
    const code = await smsCodeFor(testApp.dataDir, mobile);
    // The rules of a new password, checked before the code is spent.
    expect((await reset(mobile, code, 'weak')).body.Msg).toBe(ACCOUNT_MESSAGES.passwordWeak);
    const done = await reset(mobile, code);
    expect(done.body).toEqual({ ErrorCode: 200, Data: { SessionsEnded: 3 }, Msg: ACCOUNT_MESSAGES.passwordResetDone });

    for (const token of [registered.JwtToken, first.JwtToken, second.JwtToken]) {
      expectNotLoggedIn(await call('GET', API_PATHS.profile, { token }));
    }
    const old = await call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: 'Old1234pass' } });
    expect(old.body.Msg).toBe(ACCOUNT_MESSAGES.wrongCredentials);
    expect((await loginAs({ mobile, password: 'New1234pass' })).UserInfo).toMatchObject({ User: { Mobile: mobile } });
    // The code worked once.
    expect((await reset(mobile, code, 'Third1234x')).body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);
  });

  it('answers a number without an account as any other until its code is proven; a registration code resets nothing', async () => {
    const mobile = freshMobile();
    expect((await askCode(mobile)).status).toBe(200);
    const registrationCode = await smsCodeFor(testApp.dataDir, mobile);
    const sent = await askResetCode(mobile);
    expect(sent.body.Msg).toBe(ACCOUNT_MESSAGES.smsSent);
    const resetCode = await smsCodeFor(testApp.dataDir, mobile);
    expect(resetCode).not.toBe(registrationCode);

    const wrong = await reset(mobile, registrationCode);
    expect(wrong).toEqual({
      status: 400,
      body: { ErrorCode: 400, Data: null, Msg: ACCOUNT_MESSAGES.smsCodeInvalid },
    });
    const unknown = await reset(mobile, resetCode);
    expect(unknown).toEqual({
      status: 404,
      body: { ErrorCode: 404, Data: null, Msg: ACCOUNT_MESSAGES.mobileNotRegistered },
    });
    // The reset's code spent nothing of registration's: the number registers with its own code.
    const registered = await call('POST', API_PATHS.register, {
      body: { Mobile: mobile, Password: 'Abc12345', Code: registrationCode },
    });
    expect(registered.status).toBe(200);
  });
});

describe('password login', () => {
  it('logs in the demo account of the seed', async () => {
    const { status, body } = await call<LoginResult>('POST', API_PATHS.login, {
      body: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
    });
    expect(status).toBe(200);
    expect(body.Msg).toBe('登录成功');
    expect(body.Data!.UserInfo).toMatchObject({ User: { Mobile: DEMO_ACCOUNT.mobile } });
  });

  it('answers the same for a wrong password and an unknown number', async () => {
    const mobile = freshMobile();
    await register(mobile);
    const wrong = await call('POST', API_PATHS.login, {
      body: { Mobile: mobile, Password: 'Wrong1234' },
      ip: '10.0.0.1',
    });
    const unknown = await call('POST', API_PATHS.login, {
      body: { Mobile: freshMobile(), Password: 'Wrong1234' },
      ip: '10.0.0.1',
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ ErrorCode: 401, Data: null, Msg: ACCOUNT_MESSAGES.wrongCredentials });
    }
  });

  it('refuses a malformed number before checking anything', async () => {
    const { status, body } = await call('POST', API_PATHS.login, { body: { Mobile: 'abc', Password: 'x1234567' } });
    expect(status).toBe(400);
    expect(body.Msg).toBe(ACCOUNT_MESSAGES.mobileInvalid);
  });

  it('slows down the address that fails, and nobody else: it waits a minute after five failures, doubling after each further one', async () => {
    const mobile = freshMobile();
    await register(mobile, 'Right1234');
    const attempt = (password: string, ip: string) =>
      call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: password }, ip });
    for (let i = 1; i <= 4; i++) expect((await attempt('Wrong1234', '10.1.1.1')).status).toBe(401);
    const fifth = await attempt('Wrong1234', '10.1.1.1');
    expect(fifth.status).toBe(429);
    expect(fifth.body.Msg).toBe(ACCOUNT_MESSAGES.lockedOut);
    // That address waits, even with the right password …
    expect((await attempt('Right1234', '10.1.1.1')).body.Msg).toBe(ACCOUNT_MESSAGES.lockedOut);
    // … while the owner, elsewhere, logs in: one address cannot lock anyone out.
    expect((await attempt('Right1234', '10.2.2.2')).status).toBe(200);
    travel(61_000);
    // After its minute, one more failure makes it wait two.
    expect((await attempt('Wrong1234', '10.1.1.1')).status).toBe(429);
    travel(61_000);
    expect((await attempt('Right1234', '10.1.1.1')).body.Msg).toBe(ACCOUNT_MESSAGES.lockedOut);
    travel(61_000);
    expect((await attempt('Right1234', '10.1.1.1')).status).toBe(200);
  });

  it('forgets failures after a successful login', async () => {
    const mobile = freshMobile();
    await register(mobile, 'Right1234');
    const attempt = (password: string) =>
      call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: password }, ip: '10.3.3.3' });
    for (let i = 0; i < 4; i++) await attempt('Wrong1234');
    expect((await attempt('Right1234')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong1234')).status).toBe(401);
  });

  it('locks a number for everyone only after failures from many addresses, tells its owner, and doubles the lock with each further address', async () => {
    const mobile = freshMobile();
    await register(mobile, 'Right1234');
    const attempt = (password: string, ip: string) =>
      call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: password }, ip });
    for (let i = 1; i < ACCOUNT_LOCK_ADDRESSES; i++) {
      expect((await attempt('Wrong1234', `10.20.0.${i}`)).status).toBe(401);
    }
    // Failures from fewer addresses lock no one out.
    expect((await attempt('Right1234', '10.20.1.1')).status).toBe(200);
    const last = await attempt('Wrong1234', `10.20.0.${ACCOUNT_LOCK_ADDRESSES}`);
    expect(last).toEqual({ status: 429, body: { ErrorCode: 429, Data: null, Msg: ACCOUNT_MESSAGES.lockedOut } });
    // Locked for every address, even with the right password, for five minutes; the owner is told.
    expect((await attempt('Right1234', '10.20.1.2')).body.Msg).toBe(ACCOUNT_MESSAGES.lockedOut);
    const notices = async () =>
      (await listOutbox(path.join(testApp.dataDir, OUTBOX_DIR))).filter(
        (e) => e.kind === 'sms' && e.to === mobile && e.text === lockoutText('信用云州'),
      ).length;
    await expect.poll(notices).toBe(1);
    travel(5 * 60_000 + 1000);
    expect((await attempt('Right1234', '10.20.1.3')).status).toBe(200);
    // One more address within the window locks it again, for ten minutes this time.
    expect((await attempt('Wrong1234', '10.20.0.99')).status).toBe(429);
    travel(5 * 60_000 + 1000);
    expect((await attempt('Right1234', '10.20.1.4')).body.Msg).toBe(ACCOUNT_MESSAGES.lockedOut);
    travel(5 * 60_000);
    expect((await attempt('Right1234', '10.20.1.5')).status).toBe(200);
    await expect.poll(notices).toBe(2);
  });

  it('lets the owner in by 找回密码 whatever locked the number: every lock of it is lifted', async () => {
    const mobile = freshMobile();
    await register(mobile, 'Right1234');
    const attempt = (password: string, ip: string) =>
      call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: password }, ip });
    // The owner's own address failed five times, and ten others too.
    for (let i = 0; i < 5; i++) await attempt('Wrong1234', '10.30.0.1');
    for (let i = 2; i < ACCOUNT_LOCK_ADDRESSES + 2; i++) await attempt('Wrong1234', `10.30.0.${i}`);
    expect((await attempt('Right1234', '10.30.0.1')).body.Msg).toBe(ACCOUNT_MESSAGES.lockedOut);
    await call('POST', API_PATHS.passwordResetCode, { body: { Mobile: mobile }, ip: '10.30.0.1' });
    const code = await smsCodeFor(testApp.dataDir, mobile);
    const done = await call('POST', API_PATHS.passwordReset, {
      body: { Mobile: mobile, Code: code, Password: 'Again1234x', ConfirmPassword: 'Again1234x' },
      ip: '10.30.0.1',
    });
    expect(done.status).toBe(200);
    expect((await attempt('Again1234x', '10.30.0.1')).status).toBe(200);
  });

  it('gives guesses sent all at once no more checks than guesses sent one by one', async () => {
    const mobile = freshMobile();
    await register(mobile, 'Right1234');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: `Wrong${i}x99` }, ip: `10.50.0.${i + 1}` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(ACCOUNT_LOCK_ADDRESSES - 1);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12 - ACCOUNT_LOCK_ADDRESSES + 1);
  });

  it('counts an unknown number the same (a lockout tells nothing about an account)', async () => {
    const [known, unknown] = [freshMobile(), freshMobile()];
    await register(known, 'Right1234');
    const answers = async (mobile: string) => {
      const seen: unknown[] = [];
      for (let i = 1; i <= ACCOUNT_LOCK_ADDRESSES + 1; i++) {
        seen.push(
          await call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: 'Wrong1234' }, ip: `10.30.${i}.1` }),
        );
      }
      return seen;
    };
    const [a, b] = [await answers(known), await answers(unknown)];
    expect(a).toEqual(b);
    expect((a[ACCOUNT_LOCK_ADDRESSES - 2] as { status: number }).status).toBe(401);
    expect((a[ACCOUNT_LOCK_ADDRESSES - 1] as { status: number }).status).toBe(429);
  });

  it('re-hashes a password stored at a lower cost on the next good login', async () => {
    const mobile = freshMobile();
    const weak = hashPasswordSync('Rehash1234', { N: 2 ** 10, r: 8, p: 1 });
    app.db
      .prepare('INSERT INTO users (mobile, password_hash, created_at) VALUES (?, ?, ?)')
      .run(mobile, weak, '2026-01-01 08:00:00');
    const stored = () =>
      app.db.prepare('SELECT password_hash FROM users WHERE mobile = ?').pluck().get(mobile) as string;
    // A wrong password changes nothing.
    await call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: 'Wrong1234' }, ip: '10.40.0.1' });
    expect(stored()).toBe(weak);
    await loginAs({ mobile, password: 'Rehash1234' });
    const raised = stored();
    expect(raised).not.toBe(weak);
    expect(raised).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_HASHING.N}\\$8\\$1\\$`));
    expect(needsRehash(raised, TEST_PASSWORD_HASHING)).toBe(false);
    // The new hash is the same password: it still logs in, and is not re-hashed again.
    await loginAs({ mobile, password: 'Rehash1234' });
    expect(stored()).toBe(raised);
  });
});

describe('passwords (unit)', () => {
  it('hashes with OWASP’s scrypt cost by default (N=2^17, r=8, p=1)', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 131_072, r: 8, p: 1 });
    const stored = await hashPassword('Yunzhou2026');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Yunzhou2026', stored)).toBe(true);
    expect(await verifyPassword('Yunzhou2027', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('asks for a re-hash below the cost, and refuses malformed or oversized stored hashes', async () => {
    const cheap = hashPasswordSync('Abc12345', { N: 1024, r: 8, p: 1 });
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(cheap, { N: 1024, r: 8, p: 1 })).toBe(false);
    expect(needsRehash('bcrypt$x')).toBe(true);
    for (const stored of ['', 'scrypt$0$8$1$AA$AA', 'scrypt$1000$8$1$AA$AA', `scrypt$${2 ** 24}$8$1$AA$AA`]) {
      expect(await verifyPassword('Abc12345', stored), stored).toBe(false);
    }
  });
});

describe('chat-app login by authorization code', () => {
  it('logs an identity in through the chat app’s authorization page, with the Wechat login info', async () => {
    const identity = identities()[0]!;
    const state = newState();
    const { location, code } = await authorize(identity.openId, state);
    // Back to the portal with code and state in the query, before the hash route (as the chat app does).
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:8080/');
    expect(location.hash).toBe('#/grzx/wxauth');
    expect(location.searchParams.get('state')).toBe(state);
    expect(code).toMatch(/^[\w-]{43}$/);
    // Kept hashed: the code itself is nowhere in the database.
    const row = app.db.prepare('SELECT * FROM wechat_auth_codes').all();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(state);

    const login = await call<LoginResult>('POST', API_PATHS.wechatLogin, { body: { Code: code, State: state } });
    expect(login.status).toBe(200);
    expect(login.body.Data!.UserInfo).toEqual({ Wechat: { Nickname: identity.nickname } });
    expect(login.body.Data!.RealAuthInfo.LoginType).toBe('Wechat');
  });

  it('refuses a bare identifier: no endpoint takes an OpenId as proof', async () => {
    const identity = identities()[0]!;
    const bare = await call('POST', API_PATHS.wechatLogin, { body: { OpenId: identity.openId } });
    expect(bare.status).toBe(400);
    expect(bare.body.Data).toBeNull();
    const guessed = await call('POST', API_PATHS.wechatLogin, { body: { Code: identity.openId, State: newState() } });
    expect(guessed.status).toBe(401);
    expect(guessed.body).toEqual({ ErrorCode: 401, Data: null, Msg: ACCOUNT_MESSAGES.wechatCodeInvalid });
    // The public list of identities is gone.
    expect((await app.inject({ method: 'GET', url: '/user/wechat/identities' })).statusCode).toBe(404);
  });

  it('takes a code once: a replay is refused', async () => {
    const state = newState();
    const { code } = await authorize(identities()[1]!.openId, state);
    const first = await call('POST', API_PATHS.wechatLogin, { body: { Code: code, State: state } });
    expect(first.status).toBe(200);
    const replay = await call('POST', API_PATHS.wechatLogin, { body: { Code: code, State: state } });
    expect(replay.status).toBe(401);
    expect(replay.body.Msg).toBe(ACCOUNT_MESSAGES.wechatCodeInvalid);
  });

  it('refuses a code brought back with another state, and spends it', async () => {
    const state = newState();
    const { code } = await authorize(identities()[1]!.openId, state);
    const foreign = await call('POST', API_PATHS.wechatLogin, { body: { Code: code, State: newState() } });
    expect(foreign.status).toBe(401);
    expect(foreign.body.Msg).toBe(ACCOUNT_MESSAGES.wechatCodeInvalid);
    expect((await call('POST', API_PATHS.wechatLogin, { body: { Code: code, State: state } })).status).toBe(401);
  });

  it('refuses a code older than five minutes', async () => {
    const state = newState();
    const { code } = await authorize(identities()[2]!.openId, state);
    travel(WECHAT_CODE_TTL_SECONDS * 1000 + 1000);
    expect((await call('POST', API_PATHS.wechatLogin, { body: { Code: code, State: state } })).status).toBe(401);
  });
});

describe('the chat app’s stand-in authorization page', () => {
  const authorizeUrl = (params: Record<string, string>) =>
    `${WECHAT_AUTHORIZE_PATH}?${new URLSearchParams({
      appid: 'wx-demo',
      redirect_uri: PORTAL_CALLBACK,
      state: newState(),
      response_type: 'code',
      scope: 'snsapi_login',
      ...params,
    }).toString()}`;

  it('shows the phone’s identities on a consent screen in Chinese, kept out of the API docs', async () => {
    const page = await app.inject({ method: 'GET', url: authorizeUrl({}) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://localhost:8080");
    expect(page.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Strict/);
    expect(page.body).toContain('确认授权');
    for (const identity of identities()) expect(page.body).toContain(identity.nickname);
    const docs = JSON.parse((await app.inject({ method: 'GET', url: '/docs/json' })).body) as { paths: object };
    expect(Object.keys(docs.paths)).not.toContain(WECHAT_AUTHORIZE_PATH);
  });

  it.each([
    [{ redirect_uri: 'https://evil.example/#/grzx/wxauth' }, '回调地址'],
    [{ redirect_uri: 'javascript:alert(1)' }, '回调地址'],
    [{ redirect_uri: 'http://user:pw@localhost:8080/' }, '回调地址'],
    [{ response_type: 'token' }, 'response_type'],
    [{ scope: 'snsapi_everything' }, 'scope'],
    [{ state: '' }, 'state'],
    [{ state: '<script>alert(1)</script>' }, 'state'],
  ])('refuses %j', async (params, reason) => {
    const page = await app.inject({ method: 'GET', url: authorizeUrl(params) });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(reason);
    expect(page.body).not.toContain('<script>alert');
  });

  it('issues nothing for a form posted from another site or without its page’s cookie (CSRF)', async () => {
    const state = newState();
    const page = await app.inject({ method: 'GET', url: authorizeUrl({ state }) });
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const fields = {
      appid: 'wx-demo',
      redirect_uri: PORTAL_CALLBACK,
      state,
      response_type: 'code',
      scope: 'snsapi_login',
      open_id: identities()[0]!.openId,
    };
    const codes = () => app.db.prepare('SELECT COUNT(*) FROM wechat_auth_codes').pluck().get();
    const before = codes();
    const post = (headers: Record<string, string>, extra: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: WECHAT_AUTHORIZE_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ ...fields, ...extra }).toString(),
      });
    for (const [headers, extra] of [
      [{}, { csrf }],
      [{ cookie }, { csrf: 'x'.repeat(43) }],
      [{ cookie, 'sec-fetch-site': 'cross-site' }, { csrf }],
      [{ cookie, 'sec-fetch-site': 'same-site' }, { csrf }],
    ] as const) {
      const refused = await post(headers, extra);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers.location).toBeUndefined();
    }
    expect(codes()).toBe(before);
    const accepted = await post({ cookie, 'sec-fetch-site': 'same-origin' }, { csrf });
    expect(accepted.statusCode).toBe(303);
  });

  it('sends a cancelled authorization back with error=access_denied and no code', async () => {
    const state = newState();
    const page = await app.inject({ method: 'GET', url: authorizeUrl({ state }) });
    const cancel = /href="([^"]*error=access_denied[^"]*)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    const url = new URL(cancel);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('code')).toBeNull();
    expect(url.hash).toBe('#/grzx/wxauth');
  });
});

describe('tokens', () => {
  it('refuses every endpoint behind login without a token, answering 用户未登录！', async () => {
    const id = String(anEntity().id);
    expectNotLoggedIn(await call('GET', `${API_PATHS.entityBaseInfo}?id=${id}`));
    expectNotLoggedIn(await call('GET', `${API_PATHS.entityDetailInfo}?id=${id}`));
    expectNotLoggedIn(await call('GET', API_PATHS.profile));
    expectNotLoggedIn(await call('GET', API_PATHS.myPromises));
    expectNotLoggedIn(await call('POST', API_PATHS.myPromises, { body: {} }));
    expectNotLoggedIn(await call('POST', API_PATHS.bindWechat, { body: {} }));
    expectNotLoggedIn(await call('POST', API_PATHS.bindMobile, { body: {} }));
    expectNotLoggedIn(await call('POST', API_PATHS.loginTicketConfirm, { body: { Ticket: 'x' } }));
    // Before validation: a bad query or body does not reveal more than the missing login.
    expectNotLoggedIn(await call('GET', API_PATHS.entityBaseInfo));
  });

  it('accepts the token as a bearer token or in a JwtToken header', async () => {
    const { JwtToken } = await register();
    expect((await call<Profile>('GET', API_PATHS.profile, { token: JwtToken })).status).toBe(200);
    const viaHeader = await injectJson(app, { method: 'GET', url: API_PATHS.profile, headers: { jwttoken: JwtToken } });
    expect(viaHeader.status).toBe(200);
  });

  it('refuses a token signed with another secret, a tampered one, alg none and garbage', async () => {
    const { JwtToken } = await register();
    const [header, payload] = JwtToken.split('.') as [string, string, string];
    const forgedSignature = createHmac('sha256', 'not-the-secret').update(`${header}.${payload}`).digest('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'user:1' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [
      `${header}.${payload}.${forgedSignature}`,
      `${header}.${otherPayload}.${JwtToken.split('.')[2]}`,
      `${none}.${payload}.`,
      `${none}.${payload}`,
      'not-a-token',
      `${JwtToken}x`,
    ]) {
      expectNotLoggedIn(await call('GET', API_PATHS.profile, { token }));
    }
  });

  it('refuses a token once it has expired', async () => {
    const { JwtToken } = await register();
    expect((await call('GET', API_PATHS.profile, { token: JwtToken })).status).toBe(200);
    travel(2 * 60 * 60 * 1000 + 1000);
    expectNotLoggedIn(await call('GET', API_PATHS.profile, { token: JwtToken }));
  });

  it('verifies only HS256 tokens of its issuer (unit)', () => {
    const token = signToken('user:7', 's'.repeat(32), 60, 1_000_000);
    expect(verifyToken(token, 's'.repeat(32), 1_000_000)?.sub).toBe('user:7');
    expect(verifyToken(token, 's'.repeat(32), 1_000_000 + 60_000)).toBeNull();
    expect(verifyToken(token, 't'.repeat(32), 1_000_000)).toBeNull();
    // Issued in the future beyond the allowed skew.
    expect(
      verifyToken(signToken('user:7', 's'.repeat(32), 600, 1_000_000 + 120_000), 's'.repeat(32), 1_000_000),
    ).toBeNull();
  });

  it('keeps its random secret in the database across restarts, and uses a configured one instead', async () => {
    const dataDir = await tempDir();
    try {
      const first = await buildApp({ dataDir, seedEntities: 50, demo: true });
      const login = await injectJson<Answer<LoginResult>>(first, {
        method: 'POST',
        url: API_PATHS.login,
        payload: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
      });
      await first.close();
      const token = login.body.Data!.JwtToken;
      const second = await buildApp({ dataDir, seedEntities: 50, demo: true });
      const again = await second.inject({
        method: 'GET',
        url: API_PATHS.profile,
        headers: { authorization: `Bearer ${token}` },
      });
      await second.close();
      expect(again.statusCode).toBe(200);
      const configured = await buildApp({ dataDir, seedEntities: 50, jwtSecret: 'c'.repeat(40), demo: true });
      const refused = await configured.inject({
        method: 'GET',
        url: API_PATHS.profile,
        headers: { authorization: `Bearer ${token}` },
      });
      await configured.close();
      expect(refused.statusCode).toBe(401);
    } finally {
      await removeDir(dataDir);
    }
  });
});

describe('QR login tickets', () => {
  async function createTicket(): Promise<LoginTicket> {
    const { status, body } = await call<LoginTicket>('POST', API_PATHS.loginTicketCreate, { body: {} });
    expect(status).toBe(200);
    return body.Data!;
  }
  const poll = (ticket: LoginTicket, pollToken = ticket.PollToken) =>
    call<LoginTicketState>('POST', API_PATHS.loginTicketStatus, {
      body: { Ticket: ticket.Ticket, PollToken: pollToken },
    });
  const scan = (ticket: LoginTicket) =>
    call<LoginTicketState>('POST', API_PATHS.loginTicketScan, { body: { Ticket: ticket.Ticket } });
  const confirm = (ticket: LoginTicket, token: string) =>
    call<LoginTicketState>('POST', API_PATHS.loginTicketConfirm, { body: { Ticket: ticket.Ticket }, token });

  it('goes pending → scanned → confirmed, and hands the desktop its own login once', async () => {
    const ticket = await createTicket();
    expect(ticket.Status).toBe('pending');
    expect(new Date(ticket.ExpiresAt).getTime() - Date.now()).toBeLessThanOrEqual(LOGIN_TICKET_TTL_SECONDS * 1000);
    expect((await poll(ticket)).body.Data).toMatchObject({ Status: 'pending', Login: null });
    expect((await scan(ticket)).body.Data!.Status).toBe('scanned');
    expect((await poll(ticket)).body.Data).toMatchObject({ Status: 'scanned', Login: null });

    const phone = await register();
    expect((await confirm(ticket, phone.JwtToken)).body.Data!.Status).toBe('confirmed');
    const confirmed = (await poll(ticket)).body.Data!;
    expect(confirmed.Status).toBe('confirmed');
    expect(confirmed.Login!.UserInfo).toEqual({
      User: {
        Mobile: (phone.UserInfo as { User: { Mobile: string } }).User.Mobile,
        JwtToken: confirmed.Login!.JwtToken,
      },
    });
    expect(confirmed.Login!.JwtToken).not.toBe(phone.JwtToken);
    expect((await call('GET', API_PATHS.profile, { token: confirmed.Login!.JwtToken })).status).toBe(200);
    // Once: the next poll says used, and the code cannot be scanned or confirmed again.
    expect((await poll(ticket)).body.Data).toMatchObject({ Status: 'used', Login: null });
    expect((await scan(ticket)).body).toMatchObject({ ErrorCode: 409, Msg: ACCOUNT_MESSAGES.ticketUsed });
    expect((await confirm(ticket, phone.JwtToken)).body).toMatchObject({ ErrorCode: 409 });
  });

  it('confirms as a chat-app identity too', async () => {
    const ticket = await createTicket();
    const identity = identities()[1]!;
    const phone = await wechatLogin(identity.openId);
    await scan(ticket);
    await confirm(ticket, phone.JwtToken);
    expect((await poll(ticket)).body.Data!.Login!.UserInfo).toEqual({ Wechat: { Nickname: identity.nickname } });
  });

  it('expires after a few minutes: polls say expired, the phone is told to refresh', async () => {
    const ticket = await createTicket();
    await scan(ticket);
    const phone = await register();
    travel(LOGIN_TICKET_TTL_SECONDS * 1000 + 1000);
    expect((await poll(ticket)).body.Data).toMatchObject({ Status: 'expired', Login: null });
    const scanned = await scan(ticket);
    expect(scanned.status).toBe(410);
    expect(scanned.body.Msg).toBe(ACCOUNT_MESSAGES.ticketExpired);
    const confirmed = await confirm(ticket, phone.JwtToken);
    expect(confirmed.status).toBe(410);
  });

  it('gives the login only to the page holding the poll token', async () => {
    const ticket = await createTicket();
    const phone = await register();
    await confirm(ticket, phone.JwtToken);
    const stolen = await poll(ticket, 'someone-elses-guess');
    expect(stolen.status).toBe(404);
    expect(stolen.body.Msg).toBe(ACCOUNT_MESSAGES.ticketNotFound);
    expect((await poll(ticket)).body.Data!.Login).not.toBeNull();
  });

  it('refuses unknown tickets and a confirmation without a login', async () => {
    expect((await scan({ Ticket: 'no-such-ticket', PollToken: '', Status: 'pending', ExpiresAt: '' })).status).toBe(
      404,
    );
    const ticket = await createTicket();
    expectNotLoggedIn(await call('POST', API_PATHS.loginTicketConfirm, { body: { Ticket: ticket.Ticket } }));
  });
});

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

describe('entity details', () => {
  it('answers the registration information and the details as of today', async () => {
    const { JwtToken } = await register();
    const row = app.db
      .prepare(
        `SELECT e.id FROM entities e WHERE EXISTS (SELECT 1 FROM licences l WHERE l.entity_id = e.id)
           AND EXISTS (SELECT 1 FROM penalties p WHERE p.entity_id = e.id) ORDER BY e.id LIMIT 1`,
      )
      .get() as { id: number };
    const id = String(row.id);
    const base = await call<EntityBaseInfo>('GET', `${API_PATHS.entityBaseInfo}?id=${id}`, { token: JwtToken });
    const entity = anEntity(`id = ${id}`);
    expect(base.body.Data).toMatchObject({ ID: id, EntName: entity.name, CreditCode: entity.credit_code });
    expect(base.body.Data!.RegAuthority).toMatch(/市场监督管理局$/);

    const detail = (await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${id}`, { token: JwtToken }))
      .body.Data!;
    const licences = app.db.prepare('SELECT XK_WSH FROM licences WHERE entity_id = ?').pluck().all(row.id);
    expect(detail.Licences.map((l) => l.xzxkCode).sort()).toEqual([...licences].sort());
    const today = localToday();
    const inForce = app.db
      .prepare(
        `SELECT CAST(id AS TEXT) FROM penalties WHERE entity_id = ? AND CF_XDR_LB <> '自然人' AND ${penaltyPublicizedSql('?')}`,
      )
      .pluck()
      .all(row.id, today);
    expect(detail.Penalties.map((p) => p.id).sort()).toEqual([...inForce].sort());
    expect(detail.Penalties.every((p) => p.CF_GSJZQ >= today)).toBe(true);
  });

  it('lists red and black list entries in force only', async () => {
    const { JwtToken } = await register();
    const listed = app.db.prepare('SELECT entity_id, valid_until FROM red_black_list ORDER BY id').all() as {
      entity_id: number;
      valid_until: string;
    }[];
    expect(listed.length).toBeGreaterThan(0);
    const today = localToday();
    const current = listed.find((entry) => entry.valid_until >= today)!;
    const detail = (
      await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${current.entity_id}`, { token: JwtToken })
    ).body.Data!;
    expect(detail.RedBlack.length).toBeGreaterThan(0);
    expect(detail.RedBlack.every((entry) => entry.ValidUntil >= today)).toBe(true);
    const lapsed = listed.find((entry) => entry.valid_until < today);
    if (lapsed) {
      const other = (
        await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${lapsed.entity_id}`, { token: JwtToken })
      ).body.Data!;
      expect(other.RedBlack.some((entry) => entry.ValidUntil < today)).toBe(false);
    }
  });

  it('answers 404 for an unknown entity', async () => {
    const { JwtToken } = await register();
    for (const path of [API_PATHS.entityBaseInfo, API_PATHS.entityDetailInfo]) {
      const { status, body } = await call('GET', `${path}?id=99999999`, { token: JwtToken });
      expect(status).toBe(404);
      expect(body.Msg).toBe('未找到该记录');
    }
  });
});

describe('credit promises', () => {
  const PROMISE = {
    PromiseType: '主动型',
    Content: '本单位承诺依法诚信经营，接受社会监督。',
    Promiser: '张三',
    ContactMobile: '13800138000',
  } as const;

  /** An entity the demo account may act for (user_entities), and one it may not. */
  function entitiesOf(mobile: string): { mine: ReturnType<typeof anEntity>; foreign: ReturnType<typeof anEntity> } {
    const owner = `user:${app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(mobile) as number}`;
    const mine = `id IN (SELECT entity_id FROM user_entities WHERE owner = '${owner}')`;
    return { mine: anEntity(`${mine} AND status = '存续'`), foreign: anEntity(`NOT ${mine}`) };
  }

  it('files a promise for an entity of the account, lists it as the user’s, and keeps it off the details until reviewed', async () => {
    const { JwtToken } = await loginAs(DEMO_ACCOUNT);
    const entity = entitiesOf(DEMO_ACCOUNT.mobile).mine;
    const created = await call<CreditPromise>('POST', API_PATHS.myPromises, {
      token: JwtToken,
      body: { ...PROMISE, CreditCode: entity.credit_code.toLowerCase() },
    });
    expect(created.status).toBe(200);
    expect(created.body.Data).toMatchObject({ EntName: entity.name, CreditCode: entity.credit_code, Status: '待审核' });
    const mine = (await call<CreditPromise[]>('GET', API_PATHS.myPromises, { token: JwtToken })).body.Data!;
    expect(mine.map((p) => p.ID)).toContain(created.body.Data!.ID);
    const detail = (
      await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${entity.id}`, { token: JwtToken })
    ).body.Data!;
    expect(detail.Promises.some((p) => p.ID === created.body.Data!.ID)).toBe(false);
    // Another user sees none of it.
    const other = await register();
    expect((await call<CreditPromise[]>('GET', API_PATHS.myPromises, { token: other.JwtToken })).body.Data).toEqual([]);
  });

  it('refuses a promise for another account’s entity, as repairs and objections do (403)', async () => {
    const a = entitiesOf(DEMO_ACCOUNT.mobile).mine;
    const userB = await loginAs(DEMO_ACCOUNT_B);
    const stranger = await register();
    for (const token of [userB.JwtToken, stranger.JwtToken]) {
      const filed = await call('POST', API_PATHS.myPromises, {
        token,
        body: { ...PROMISE, CreditCode: a.credit_code },
      });
      expect(filed.status).toBe(403);
      expect(filed.body).toEqual({ ErrorCode: 403, Data: null, Msg: ACCOUNT_MESSAGES.promiseNotMine });
    }
    const filedFor = app.db
      .prepare('SELECT COUNT(*) FROM credit_promises WHERE entity_id = ? AND owner IS NOT NULL AND owner <> ?')
      .pluck()
      .get(
        a.id,
        `user:${app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(DEMO_ACCOUNT.mobile) as number}`,
      );
    expect(filedFor).toBe(0);
  });

  it.each([
    [{ CreditCode: '123' }, '请输入18位统一社会信用代码', 400],
    [{ CreditCode: '91350200MA2YJ1XR9G' }, '未找到该统一社会信用代码对应的主体', 404],
    [{ ContactMobile: '12345' }, ACCOUNT_MESSAGES.mobileInvalid, 400],
    [{ Content: '太短' }, '请填写承诺内容（至少10个字）', 400],
  ])('refuses %j', async (change, message, status) => {
    const { JwtToken } = await loginAs(DEMO_ACCOUNT);
    const entity = entitiesOf(DEMO_ACCOUNT.mobile).mine;
    const answer = await call('POST', API_PATHS.myPromises, {
      token: JwtToken,
      body: { ...PROMISE, CreditCode: entity.credit_code, ...change },
    });
    expect(answer.status).toBe(status);
    expect(answer.body.Msg).toBe(message);
  });
});

describe('old-site pages and the logintoken', () => {
  const page = (url: string) => app.inject({ method: 'GET', url });
  /** The one-time code the portal opens the old site's personal centre with (never the JwtToken). */
  const oldSiteCode = async (token: string): Promise<string> =>
    (await call<{ LoginToken: string }>('POST', API_PATHS.oldSiteHandoff, { body: {}, token })).body.Data!.LoginToken;

  it('shows the personal centre for a one-time code, with a one-time logintoken back to the portal', async () => {
    const mobile = freshMobile();
    const user = await register(mobile);
    const response = await page(
      `/oldsite/NewLinkTo.aspx?LoginToken=${encodeURIComponent(await oldSiteCode(user.JwtToken))}&PageType=grzl`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.body).toContain(mobile);
    const link = /href="(http:\/\/localhost:8080\/#\/newszxy\?[^"]+)"/
      .exec(response.body)![1]!
      .replaceAll('&amp;', '&');
    const query = new URLSearchParams(link.split('?')[1]);
    expect(query.get('pageType')).toBe('index');
    const loginToken = query.get('logintoken')!;

    const exchanged = await call<LoginResult>('POST', API_PATHS.loginTokenExchange, {
      body: { LoginToken: loginToken },
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.Data!.UserInfo).toMatchObject({ User: { Mobile: mobile } });
    const again = await call('POST', API_PATHS.loginTokenExchange, { body: { LoginToken: loginToken } });
    expect(again.status).toBe(401);
    expect(again.body.Msg).toBe(ACCOUNT_MESSAGES.loginTokenInvalid);
  });

  it('refuses an expired logintoken', async () => {
    const user = await register();
    const response = await page(`/oldsite/NewLinkTo.aspx?LoginToken=${await oldSiteCode(user.JwtToken)}`);
    const loginToken = /logintoken=([\w-]+)/.exec(response.body)![1]!;
    travel(11 * 60_000);
    const answer = await call('POST', API_PATHS.loginTokenExchange, { body: { LoginToken: loginToken } });
    expect(answer.status).toBe(401);
  });

  it('asks to log in again for a bad token, and escapes what it shows', async () => {
    const response = await page('/oldsite/NewLinkTo.aspx?LoginToken=%3Cscript%3E&PageType=grzl');
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('登录已失效');
    expect(response.body).not.toContain('<script>');
    expect((await page('/oldsite/NewLinkTo.aspx?PageType=evil')).statusCode).toBe(404);
  });

  it('binds nothing from a login that came by a link: an attacker’s own logintoken cannot take a victim’s account', async () => {
    /** The logintoken the old site's page links back with, for a login's session. */
    const linkFor = async (token: string): Promise<string> => {
      const response = await page(`/oldsite/NewLinkTo.aspx?LoginToken=${await oldSiteCode(token)}&PageType=grzl`);
      return /logintoken=([\w-]+)/.exec(response.body)![1]!;
    };
    const exchange = async (loginToken: string) =>
      (await call<LoginResult>('POST', API_PATHS.loginTokenExchange, { body: { LoginToken: loginToken } })).body.Data!
        .JwtToken;
    const [mine, theirs] = identities().filter((identity) => !identity.bound);

    // The attacker logs in with their own chat-app identity and sends its link to the victim, who
    // arrives logged in on 绑定账号 and types their own number and password.
    const victimMobile = freshMobile();
    await register(victimMobile, 'Victim1234x');
    const attacker = await wechatLogin(mine!.openId);
    const asAttacker = await exchange(await linkFor(attacker.JwtToken));
    const bind = await call('POST', API_PATHS.bindMobile, {
      body: { Mobile: victimMobile, Password: 'Victim1234x' },
      token: asAttacker,
    });
    expect(bind.status).toBe(403);
    expect(bind.body).toEqual({ ErrorCode: 403, Data: null, Msg: ACCOUNT_MESSAGES.bindNeedsOwnLogin });
    // The attacker's chat-app login still acts for nobody else.
    expect((await call<Profile>('GET', API_PATHS.profile, { token: attacker.JwtToken })).body.Data).toMatchObject({
      LoginType: 'Wechat',
      Mobile: '',
    });

    // The other way round: an attacker's mobile account, and the victim's chat-app authorization.
    const attackerAccount = await register(freshMobile(), 'Attack1234x');
    const asAccount = await exchange(await linkFor(attackerAccount.JwtToken));
    const state = newState();
    const { code } = await authorize(theirs!.openId, state);
    const bindWechat = await call('POST', API_PATHS.bindWechat, {
      body: { Code: code, State: state },
      token: asAccount,
    });
    expect(bindWechat.status).toBe(403);
    expect(bindWechat.body.Msg).toBe(ACCOUNT_MESSAGES.bindNeedsOwnLogin);
    expect(
      (await call<Profile>('GET', API_PATHS.profile, { token: attackerAccount.JwtToken })).body.Data,
    ).toMatchObject({
      Nickname: '',
    });

    // The link's login is otherwise a login: the profile reads.
    expect((await call<Profile>('GET', API_PATHS.profile, { token: asAccount })).status).toBe(200);
  });

  it('logs out: POST /user/logout ends the session, and the logout page takes its code once', async () => {
    const user = await register();
    const out = await call<{ LoginToken: string }>('POST', API_PATHS.logout, { body: {}, token: user.JwtToken });
    expectNotLoggedIn(await call('GET', API_PATHS.profile, { token: user.JwtToken }));
    const response = await page(`/oldsite/NewLoginOut.aspx?LoginToken=${out.body.Data!.LoginToken}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('您已安全退出');
    expect(response.body).toContain('href="http://localhost:8080/#/index"');
    // Used, missing or a JwtToken: no logout happened here, and the page says how to log out.
    for (const query of [`?LoginToken=${out.body.Data!.LoginToken}`, '', `?LoginToken=${user.JwtToken}`]) {
      const again = await page(`/oldsite/NewLoginOut.aspx${query}`);
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('href="http://localhost:8080/#/index"');
    }
  });

  it('serves the data-submission login page, which checks the account and reports no permission', async () => {
    const form = await page('/oldsite/login.aspx');
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<form method="post" action="/oldsite/login.aspx">');
    const post = (body: string) =>
      app.inject({
        method: 'POST',
        url: '/oldsite/login.aspx',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.7.7.7' },
        payload: body,
      });
    const wrong = await post(`account=${DEMO_ACCOUNT.mobile}&password=nope`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(ACCOUNT_MESSAGES.wrongCredentials);
    const right = await post(`account=${DEMO_ACCOUNT.mobile}&password=${DEMO_ACCOUNT.password}`);
    expect(right.statusCode).toBe(403);
    expect(right.body).toContain('尚未开通数据报送权限');
  });

  it('keeps the token of an old-site address out of the request log', async () => {
    const dataDir = await tempDir();
    const lines: string[] = [];
    try {
      const logged = await buildApp({
        dataDir,
        seedEntities: 50,
        demo: true,
        logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      });
      const login = await injectJson<Answer<LoginResult>>(logged, {
        method: 'POST',
        url: API_PATHS.login,
        payload: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
      });
      const token = login.body.Data!.JwtToken;
      const codeFor = async (url: string) =>
        (
          await injectJson<Answer<{ LoginToken: string }>>(logged, {
            method: 'POST',
            url,
            payload: {},
            headers: { authorization: `Bearer ${token}` },
          })
        ).body.Data!.LoginToken;
      const personal = await codeFor(API_PATHS.oldSiteHandoff);
      const centre = await logged.inject({
        method: 'GET',
        url: `/oldsite/NewLinkTo.aspx?LoginToken=${personal}&PageType=grzl`,
      });
      const handoff = /logintoken=([\w-]+)/.exec(centre.body)![1]!;
      const out = await codeFor(API_PATHS.logout);
      await logged.inject({ method: 'GET', url: `/oldsite/NewLoginOut.aspx?LoginToken=${out}` });
      await logged.close();
      expect(lines.some((line) => line.includes(API_PATHS.login))).toBe(true);
      for (const secret of [token, personal, handoff, out]) expect(lines.join('')).not.toContain(secret);
    } finally {
      await removeDir(dataDir);
    }
  });

  it('links back to the configured portal address', async () => {
    const dataDir = await tempDir();
    try {
      const other = await buildApp({ dataDir, seedEntities: 50, portalUrl: 'https://xy.example.gov.cn/portal' });
      const response = await other.inject({ method: 'GET', url: '/oldsite/NewLoginOut.aspx' });
      await other.close();
      expect(response.body).toContain('href="https://xy.example.gov.cn/portal/#/index"');
    } finally {
      await removeDir(dataDir);
    }
  });
});

describe('seed and settings', () => {
  it('gives a data set red/black entries, promises and chat-app identities, once', () => {
    const counts = () =>
      app.db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM red_black_list) AS lists, (SELECT COUNT(*) FROM credit_promises WHERE owner IS NULL) AS promises,
             (SELECT COUNT(*) FROM wechat_identities) AS identities`,
        )
        .get() as { lists: number; promises: number; identities: number };
    const before = counts();
    expect(before.lists).toBeGreaterThan(0);
    expect(before.promises).toBeGreaterThan(0);
    expect(before.identities).toBe(6);
    expect(ensureAccountSeed(app.db)).toBeNull();
    expect(counts()).toEqual(before);
    const codes = app.db.prepare('SELECT credit_code FROM entities LIMIT 50').pluck().all() as string[];
    expect(codes.every(isValidCreditCode)).toBe(true);
  });

  it('seeds a database made before migration 6 when the service starts', async () => {
    const dataDir = await tempDir();
    try {
      const first = await buildApp({ dataDir, seedEntities: 80, seed: 3 });
      const lists = first.db.prepare('SELECT entity_id, list_name FROM red_black_list ORDER BY id').all();
      // As an older database would be: the tables exist (migration 6 ran) but hold nothing.
      first.db.exec(
        `DELETE FROM red_black_list; DELETE FROM promise_fulfilments; DELETE FROM credit_promises;
         DELETE FROM wechat_identities; DELETE FROM users;`,
      );
      await first.close();
      const second = await buildApp({ dataDir, seedEntities: 80, seed: 3 });
      expect(second.db.prepare('SELECT entity_id, list_name FROM red_black_list ORDER BY id').all()).toEqual(lists);
      expect(second.db.prepare('SELECT COUNT(*) FROM wechat_identities').pluck().get()).toBe(6);
      expect(second.db.prepare('SELECT COUNT(*) FROM promise_fulfilments').pluck().get()).toBeGreaterThan(0);
      await second.close();
    } finally {
      await removeDir(dataDir);
    }
  });

  it('dates entries, promises and their checks back from the day the database is created', async () => {
    const dates = (db: FastifyInstance['db']) =>
      db
        .prepare(
          `SELECT (SELECT MAX(included_on) FROM red_black_list) AS listed,
             (SELECT MIN(valid_until) FROM red_black_list) AS firstLapse,
             (SELECT MAX(promised_on) FROM credit_promises) AS promised,
             (SELECT MAX(checked_on) FROM promise_fulfilments) AS checked,
             (SELECT MAX(updated_at) FROM promise_fulfilments) AS updated,
             (SELECT COUNT(*) FROM red_black_list) AS entries,
             (SELECT COUNT(*) FROM promise_fulfilments) AS checks,
             (SELECT created_at FROM users WHERE mobile = '${DEMO_ACCOUNT.mobile}') AS demo`,
        )
        .get() as Record<string, string | number>;
    const built = await Promise.all(
      ['2026-10-31', '2026-10-31', '2028-06-30'].map((seedAsOf) => buildTestApp({ seedEntities: 600, seedAsOf })),
    );
    try {
      const [first, same, later] = built.map((t) => dates(t.app.db));
      expect(same).toEqual(first);
      for (const [day, row] of [
        ['2026-10-31', first!],
        ['2028-06-30', later!],
      ] as const) {
        expect(row.listed! <= day && row.promised! <= day && row.checked! <= day, day).toBe(true);
        expect(String(row.updated).slice(0, 10) <= day).toBe(true);
        expect(row.demo).toBe(`${day} 08:00:00`);
      }
      expect(later!.entries).toBe(first!.entries);
      expect(later!.checks).toBeGreaterThan(0);
      // Started later, the data set is as current then as the first one is now.
      expect(later!.listed! > '2028-01-01' && later!.promised! > '2028-01-01').toBe(true);
      expect(later!.firstLapse! > first!.firstLapse!).toBe(true);
    } finally {
      await Promise.all(built.map((t) => t.close()));
    }
  }, 60_000);

  it('validates CREDIT_SERVICE_JWT_SECRET and PORTAL_URL', () => {
    expect(readSettings({ CREDIT_SERVICE_JWT_SECRET: 'short', DEMO_STANDINS: 'on' }).errors).toEqual([
      'CREDIT_SERVICE_JWT_SECRET: must be at least 32 characters long (got 5)',
    ]);
    expect(readSettings({ PORTAL_URL: 'ftp://x', DEMO_STANDINS: 'on' }).errors).toEqual([
      'PORTAL_URL: must use http or https (got "ftp:")',
    ]);
    expect(
      readSettings({
        CREDIT_SERVICE_JWT_SECRET: 'k'.repeat(32),
        PORTAL_URL: 'https://xy.example/',
        DEMO_STANDINS: 'on',
      }).settings,
    ).toMatchObject({ jwtSecret: 'k'.repeat(32), portalUrl: 'https://xy.example/' });
  });
});
