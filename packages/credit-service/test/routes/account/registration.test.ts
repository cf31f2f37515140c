import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  PRIVACY_RULES_VERSION,
  type LoginResult,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  SMS_DAILY_LIMIT,
  SMS_RESEND_SECONDS,
} from '@credit-portal/shared';
import { createSmsSender } from '../../../src/sms/sender.js';
import { buildTestApp, smsCodeFor, TEST_PASSWORD_HASHING, type TestApp } from '../../helper.js';
import { accountHelpers, travel } from './support.js';

/* Registering a mobile account: the form's rules, the SMS code and its limits, the SMS senders. */

let testApp: TestApp;
let app: FastifyInstance;
const { freshMobile, call, register, askCode } = accountHelpers(() => testApp);

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());
// A test below sets the clock itself, not only through travel().
afterEach(() => {
  vi.useRealTimers();
});

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
      body: {
        PrivacyVersion: PRIVACY_RULES_VERSION,
        Mobile: mobile,
        Password: 'Abc12345',
        Code: sent === '000000' ? '000001' : '000000',
      },
    });
    expect(guessed.status).toBe(400);
    expect(guessed.body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);
    expect(app.db.prepare('SELECT COUNT(*) FROM users WHERE mobile = ?').pluck().get(mobile)).toBe(0);
    // A code sent to another number proves nothing about this one.
    const other = freshMobile();
    await askCode(other);
    const borrowed = await call('POST', API_PATHS.register, {
      body: {
        PrivacyVersion: PRIVACY_RULES_VERSION,
        Mobile: mobile,
        Password: 'Abc12345',
        Code: await smsCodeFor(testApp.dataDir, other),
      },
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
          body: {
            PrivacyVersion: PRIVACY_RULES_VERSION,
            Mobile,
            Password: 'Other1234x',
            ConfirmPassword: 'Other1234x',
            Code,
          },
        });
      const [a, b] = [await attempt(taken), await attempt(fresh)];
      expect(a, Code).toEqual(b);
      expect(a.status, Code).toBe(400);
    }

    // Proven: the owner of the number may learn that it is registered.
    const proven = await call('POST', API_PATHS.register, {
      body: {
        PrivacyVersion: PRIVACY_RULES_VERSION,
        Mobile: taken,
        Password: 'Other1234x',
        Code: await smsCodeFor(testApp.dataDir, taken),
      },
    });
    expect(proven.status).toBe(409);
    expect(proven.body.Msg).toBe(ACCOUNT_MESSAGES.mobileTaken);
  });

  it('takes a code once, for five minutes, and at most five tries', async () => {
    // Once: the same code does not register a second time.
    const once = freshMobile();
    await register(once);
    const code = await smsCodeFor(testApp.dataDir, once);
    const again = await call('POST', API_PATHS.register, {
      body: { PrivacyVersion: PRIVACY_RULES_VERSION, Mobile: once, Password: 'Abc12345', Code: code },
    });
    expect(again.body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);

    // Five wrong tries spend it: the right code is refused after them.
    const tried = freshMobile();
    await askCode(tried);
    const right = await smsCodeFor(testApp.dataDir, tried);
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i++) {
      const answer = await call('POST', API_PATHS.register, {
        body: { PrivacyVersion: PRIVACY_RULES_VERSION, Mobile: tried, Password: 'Abc12345', Code: wrong },
      });
      expect(answer.body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);
    }
    const late = await call('POST', API_PATHS.register, {
      body: { PrivacyVersion: PRIVACY_RULES_VERSION, Mobile: tried, Password: 'Abc12345', Code: right },
    });
    expect(late.status).toBe(400);
    expect(late.body.Msg).toBe(ACCOUNT_MESSAGES.smsCodeInvalid);

    // Five minutes: an older code is refused.
    const slow = freshMobile();
    await askCode(slow);
    const slowCode = await smsCodeFor(testApp.dataDir, slow);
    travel(SMS_CODE_TTL_SECONDS * 1000 + 1000);
    const expired = await call('POST', API_PATHS.register, {
      body: { PrivacyVersion: PRIVACY_RULES_VERSION, Mobile: slow, Password: 'Abc12345', Code: slowCode },
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
        PrivacyVersion: PRIVACY_RULES_VERSION,
        Mobile: ' １３７ ０００１ ２３４５ ',
        Password: 'Abc12345',
        Code: await smsCodeFor(testApp.dataDir, '13700012345'),
      },
    });
    expect(status).toBe(200);
    expect(body.Data!.UserInfo).toMatchObject({ User: { Mobile: '13700012345' } });
  });
});
