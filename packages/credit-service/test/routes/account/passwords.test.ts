import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, API_PATHS, PRIVACY_RULES_VERSION, type LoginResult } from '@credit-portal/shared';
import { listOutbox, OUTBOX_DIR } from '../../../src/app.js';
import {
  hashPassword,
  hashPasswordSync,
  needsRehash,
  SCRYPT_PARAMS,
  verifyPassword,
} from '../../../src/lib/passwords.js';
import { lockoutText } from '../../../src/plugins/auth.js';
import { ACCOUNT_LOCK_ADDRESSES } from '../../../src/repositories/account-lockouts.js';
import { DEMO_ACCOUNT } from '../../../src/demo/seed/index.js';
import { buildTestApp, smsCodeFor, TEST_PASSWORD_HASHING, type TestApp } from '../../helper.js';
import { accountHelpers, expectNotLoggedIn, travel } from './support.js';

/* Passwords: the login with one and its lockouts, a forgotten one reset by SMS, and their hashing. */

let testApp: TestApp;
let app: FastifyInstance;
const { freshMobile, call, register, askCode, loginAs } = accountHelpers(() => testApp);

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

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
      body: { PrivacyVersion: PRIVACY_RULES_VERSION, Mobile: mobile, Password: 'Abc12345', Code: registrationCode },
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
