import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SERVICE_MESSAGES,
  SERVICE_REVIEW_LOGIN_PATH,
  SERVICE_REVIEW_LOGOUT_PATH,
  SERVICE_REVIEW_PATH,
  type Application,
  type ApplicationPage,
} from '@credit-portal/shared';
import { readSettings, SECRET_SETTINGS } from '../../../src/env.js';
import type { CreditServiceConfig } from '../../../src/app.js';
import { REVIEW_PAGE_PATH } from '../../../src/review/review-page.js';
import { runReviewCommand, type ReviewerChange } from '../../../src/review/review-cli.js';
import { REVIEWER_LOCK_AFTER } from '../../../src/review/reviewer-auth.js';
import { DEMO_ACCOUNT_B } from '../../../src/demo/seed/index.js';
import { buildTestApp, injectJson, TEST_PASSWORD_HASHING, type TestApp } from '../../helper.js';
import { addReviewer, reviewerToken, totpCode, type TestReviewer } from '../../review/reviewer-helper.js';

/*
 * The centre's reviewers: named accounts made on the console, signing in with password and an
 * authenticator's code (each code once), acting through the endpoint, the page and the command
 * line; no shared review token any more.
 */

let t: TestApp;
let token: string;

const io = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
};

const submitted = async (): Promise<Application> => {
  const { body } = await injectJson<{ Data: ApplicationPage }>(t.app, {
    method: 'GET',
    url: API_PATHS.myApplications,
    headers: { authorization: `Bearer ${token}` },
  });
  return body.Data.list[0]!;
};

const login = (reviewer: TestReviewer, overrides: Partial<{ login: string; password: string; code: string }> = {}) =>
  t.app.inject({
    method: 'POST',
    url: SERVICE_REVIEW_LOGIN_PATH,
    payload: { login: reviewer.login, password: reviewer.password, code: totpCode(reviewer.secret), ...overrides },
  });

const open = (bearer: string) =>
  t.app.inject({ method: 'GET', url: SERVICE_REVIEW_PATH, headers: { authorization: `Bearer ${bearer}` } });

/** A code of the reviewer's secret that is not the current one (nor a neighbour's). */
const wrongCode = (reviewer: TestReviewer): string => totpCode(reviewer.secret, Date.now() - 10 * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  const { body } = await injectJson<{ Data: { JwtToken: string } }>(t.app, {
    method: 'POST',
    url: API_PATHS.login,
    payload: { Mobile: DEMO_ACCOUNT_B.mobile, Password: DEMO_ACCOUNT_B.password },
  });
  token = body.Data.JwtToken;
});
afterAll(async () => {
  await t?.close();
});

describe('the static review token', () => {
  it('is no setting any more, and its header opens nothing', async () => {
    const read = readSettings({ CREDIT_SERVICE_REVIEW_TOKEN: 't'.repeat(16), DEMO_STANDINS: 'on' });
    expect(read.settings).not.toBeNull();
    expect(read.settings).not.toHaveProperty('reviewToken');
    expect(SECRET_SETTINGS).not.toContain('CREDIT_SERVICE_REVIEW_TOKEN');
    // A configuration that still names one builds a service that does not know it.
    const old = await buildTestApp({ reviewToken: 'old-review-token-0123456789' } as Partial<CreditServiceConfig>);
    try {
      for (const method of ['GET', 'POST'] as const) {
        const response = await old.app.inject({
          method,
          url: SERVICE_REVIEW_PATH,
          headers: { 'x-review-token': 'old-review-token-0123456789' },
          ...(method === 'POST' ? { payload: { applyNo: 'XF000', action: 'accept' } } : {}),
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ Msg: SERVICE_MESSAGES.reviewerSessionBad });
      }
      const page = await old.app.inject({
        method: 'POST',
        url: REVIEW_PAGE_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: 'old-review-token-0123456789' }).toString(),
      });
      expect(page.statusCode).toBe(401);
    } finally {
      await old.close();
    }
  });
});

describe('a reviewer made by the command line', () => {
  it('prints the password once and the TOTP secret with its otpauth:// URI, and is listed', () => {
    const { out, err, io: cli } = io();
    expect(runReviewCommand(t.app.db, ['reviewer', 'add', 'Bad Login', '--name', '王审核'], cli)).toBe(1);
    expect(runReviewCommand(t.app.db, ['reviewer', 'add', 'wang.f'], cli)).toBe(1);
    const reviewer = addReviewer(t.app.db, 'wang.f', '王芳');
    expect(reviewer.password).toMatch(/^[\w-]{24}$/);
    expect(reviewer.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(runReviewCommand(t.app.db, ['reviewer', 'add', 'wang.f', '--name', '另一人'], cli)).toBe(1);
    expect(err.at(-1)).toContain('已存在');
    expect(runReviewCommand(t.app.db, ['reviewer', 'list'], cli)).toBe(0);
    expect(out.join('\n')).toMatch(new RegExp(`${reviewer.ref}\\twang\\.f\\t王芳\\t启用`));
    // The stored row holds a scrypt hash, never the password.
    const row = t.app.db.prepare('SELECT password_hash FROM reviewers WHERE login = ?').pluck().get('wang.f');
    expect(row).toMatch(/^scrypt\$/);
    expect(String(row)).not.toContain(reviewer.password);
  });

  it('reports each change to a reviewer account for its audit record, and none for a refused or listing command', () => {
    const changes: ReviewerChange[] = [];
    const run = (...args: string[]) =>
      runReviewCommand(t.app.db, ['reviewer', ...args], io().io, undefined, {
        passwordParams: TEST_PASSWORD_HASHING,
        onReviewerChange: (change) => changes.push(change),
      });
    expect(run('add', 'qian.yu', '--name', '钱雨')).toBe(0);
    const ref = changes[0]?.subject;
    expect(ref).toMatch(/^reviewer:\d+$/);
    expect(run('add', 'qian.yu', '--name', '钱雨')).toBe(1);
    expect(run('list')).toBe(0);
    expect(run('reset-totp', 'qian.yu')).toBe(0);
    expect(run('reset-password', 'qian.yu')).toBe(0);
    expect(run('disable', 'qian.yu')).toBe(0);
    expect(run('disable', 'qian.yu')).toBe(1);
    expect(changes).toEqual([
      { subject: ref, change: 'add' },
      { subject: ref, change: 'reset_totp' },
      { subject: ref, change: 'reset_password' },
      { subject: ref, change: 'disable' },
    ]);
  });

  it('signs in with password and the current code, acts with the session, and signs out', async () => {
    const reviewer = addReviewer(t.app.db, 'li.ming', '李明');
    const response = await login(reviewer);
    expect(response.statusCode).toBe(200);
    const session = response.json<{ Data: { token: string; expiresAt: string; login: string; name: string } }>().Data;
    expect(session).toMatchObject({ login: 'li.ming', name: '李明' });
    expect(session.token).toMatch(/^[\w-]{43}$/);
    // Eight hours at most.
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(8 * 3600_000);
    // Only its hash is stored.
    expect(JSON.stringify(t.app.db.prepare('SELECT * FROM reviewer_sessions').all())).not.toContain(session.token);

    const application = await submitted();
    const listed = await open(session.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ Data: Application[] }>().Data.map((a) => a.ApplyNo)).toContain(application.ApplyNo);
    const accepted = await t.app.inject({
      method: 'POST',
      url: SERVICE_REVIEW_PATH,
      headers: { authorization: `Bearer ${session.token}` },
      payload: { applyNo: application.ApplyNo, action: 'accept' },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await submitted()).Status).toBe('accepted');

    const out = await t.app.inject({
      method: 'POST',
      url: SERVICE_REVIEW_LOGOUT_PATH,
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await open(session.token)).statusCode).toBe(401);
    expect((await open('x'.repeat(43))).statusCode).toBe(401);
  });

  it('refuses a wrong password, a wrong code, a used code and an unknown login with one answer', async () => {
    const reviewer = addReviewer(t.app.db, 'zhao.lei', '赵磊');
    const refusals = [
      await login(reviewer, { password: `${reviewer.password}x` }),
      await login(reviewer, { code: wrongCode(reviewer) }),
      await login(reviewer, { code: 'abcdef' }),
      await login(reviewer, { login: 'nobody.here' }),
    ];
    const first = await login(reviewer);
    expect(first.statusCode).toBe(200);
    // The same code again (the same time step): a second login cannot have it.
    refusals.push(await login(reviewer));
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ ErrorCode: 401, Data: null, Msg: SERVICE_MESSAGES.reviewerLoginBad });
    }
    expect(new Set(refusals.map((r) => r.body)).size).toBe(1);
  });

  it('locks the account after repeated failures, even for the right password and code', async () => {
    const reviewer = addReviewer(t.app.db, 'sun.li', '孙丽');
    for (let i = 0; i < REVIEWER_LOCK_AFTER; i += 1) {
      expect((await login(reviewer, { password: 'wrong-password' })).statusCode).toBe(401);
    }
    const locked = await login(reviewer);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toMatchObject({ Msg: SERVICE_MESSAGES.reviewerLoginBad });
    const { out, io: cli } = io();
    runReviewCommand(t.app.db, ['reviewer', 'list'], cli);
    expect(out.find((l) => l.includes('\tsun.li\t'))).toContain('锁定至');
    // A new password from the console lifts the lock.
    const reset = io();
    expect(runReviewCommand(t.app.db, ['reviewer', 'reset-password', 'sun.li'], reset.io)).toBe(0);
    const password = /^password: (\S+)$/m.exec(reset.out.join('\n'))![1]!;
    expect(password).not.toBe(reviewer.password);
    expect((await login(reviewer, { password })).statusCode).toBe(200);
  });

  it('once disabled, cannot sign in and its sessions end', async () => {
    const reviewer = addReviewer(t.app.db, 'qian.wei', '钱伟');
    const bearer = await reviewerToken(t.app, reviewer);
    expect((await open(bearer)).statusCode).toBe(200);
    const { io: cli } = io();
    expect(runReviewCommand(t.app.db, ['reviewer', 'disable', 'qian.wei'], cli)).toBe(0);
    expect((await open(bearer)).statusCode).toBe(401);
    const refused = await login(reviewer, { code: totpCode(reviewer.secret, Date.now() + 30_000) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ Msg: SERVICE_MESSAGES.reviewerLoginBad });
    // …nor act on the console.
    const application = await submitted();
    expect(runReviewCommand(t.app.db, [application.ApplyNo, 'review', '--reviewer', 'qian.wei'], cli)).toBe(1);
  });

  it('with a new TOTP secret, the old one’s codes stop working and so do its sessions', async () => {
    const reviewer = addReviewer(t.app.db, 'zhou.qi', '周琪');
    const bearer = await reviewerToken(t.app, reviewer);
    const { out, io: cli } = io();
    expect(runReviewCommand(t.app.db, ['reviewer', 'reset-totp', 'zhou.qi'], cli)).toBe(0);
    const secret = /^totp secret: ([A-Z2-7]+)$/m.exec(out.join('\n'))![1]!;
    expect(out.join('\n')).toContain(`otpauth://totp/`);
    expect((await open(bearer)).statusCode).toBe(401);
    expect((await login(reviewer, { code: totpCode(reviewer.secret, Date.now() + 30_000) })).statusCode).toBe(401);
    expect((await login({ ...reviewer, secret })).statusCode).toBe(200);
  });
});

describe('review command line', () => {
  it('lists open applications and records a step in a reviewer’s name', async () => {
    const { out, err, io: cli } = io();
    addReviewer(t.app.db, 'wu.gang', '吴刚');
    const application = await submitted();
    expect(application.Status).toBe('accepted');
    expect(runReviewCommand(t.app.db, ['list'], cli)).toBe(0);
    expect(out.join('\n')).toContain(application.ApplyNo);
    // Who decides must be named, and be a reviewer.
    expect(runReviewCommand(t.app.db, [application.ApplyNo, 'review'], cli)).toBe(1);
    expect(err.at(-1)).toContain('--reviewer');
    expect(runReviewCommand(t.app.db, [application.ApplyNo, 'review', '--reviewer', 'nobody'], cli)).toBe(1);
    const as = ['--reviewer', 'wu.gang'];
    expect(runReviewCommand(t.app.db, [application.ApplyNo, 'complete', ...as], cli)).toBe(1);
    expect(err.at(-1)).toContain('不能办结');
    expect(
      runReviewCommand(t.app.db, [application.ApplyNo.toLowerCase(), 'review', '--unit', '云州市信用办', ...as], cli),
    ).toBe(0);
    expect(out.at(-1)).toContain('审核中（云州市信用办');
    expect(runReviewCommand(t.app.db, ['XF000', 'accept', ...as], cli)).toBe(1);
    expect(runReviewCommand(t.app.db, ['nonsense'], cli)).toBe(1);
    const after = await submitted();
    expect(after.Steps.map((s) => [s.Label, s.HandlingUnit]).at(-1)).toEqual(['审核中', '云州市信用办']);
  });
});

describe('review page on the old site', () => {
  const form = (fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: REVIEW_PAGE_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      payload: new URLSearchParams(fields).toString(),
    });
  const csrfIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;

  it('signs a reviewer in with password and code, into an HttpOnly, SameSite=Strict cookie of the page', async () => {
    const reviewer = addReviewer(t.app.db, 'page.reviewer', '页面审核员');
    const blank = await t.app.inject({ method: 'GET', url: REVIEW_PAGE_PATH });
    expect(blank.statusCode).toBe(200);
    expect(blank.headers['cache-control']).toBe('no-store');
    expect(blank.body).toContain('<label for="login">登录名</label>');
    expect(blank.body).toContain('<label for="password">密码</label>');
    expect(blank.body).toContain('autocomplete="one-time-code"');
    expect(blank.body).not.toContain('审核口令');

    const wrong = await form({ op: 'login', login: reviewer.login, password: 'nope', code: totpCode(reviewer.secret) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(SERVICE_MESSAGES.reviewerLoginBad);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const signed = await form({
      op: 'login',
      login: reviewer.login,
      password: reviewer.password,
      code: totpCode(reviewer.secret),
    });
    expect(signed.statusCode).toBe(303);
    expect(signed.headers.location).toBe(REVIEW_PAGE_PATH);
    const setCookie = String(signed.headers['set-cookie']);
    expect(setCookie).toMatch(/^review_session=[\w-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain(`Path=${REVIEW_PAGE_PATH}`);
    const cookie = setCookie.split(';')[0]!;

    const application = await submitted();
    const listed = await t.app.inject({ method: 'GET', url: REVIEW_PAGE_PATH, headers: { cookie } });
    expect(listed.body).toContain('审核员：页面审核员（page.reviewer）');
    expect(listed.body).toContain(application.ApplyNo);
    const csrf = csrfIn(listed.body);

    // Without the page's form token, or from another site, nothing is decided.
    expect((await form({ applyNo: application.ApplyNo, action: 'reject' }, cookie)).statusCode).toBe(401);
    const crossSite = await form({ csrf, applyNo: application.ApplyNo, action: 'reject' }, cookie, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    // Nor without the cookie.
    expect((await form({ csrf, applyNo: application.ApplyNo, action: 'reject' })).statusCode).toBe(401);
    expect((await submitted()).Status).toBe('reviewing');

    const refused = await form({ csrf, applyNo: application.ApplyNo, action: 'complete' }, cookie);
    expect(refused.statusCode).toBe(409);
    const decided = await form({ csrf, applyNo: application.ApplyNo, action: 'reject', comment: '材料不全' }, cookie, {
      'sec-fetch-site': 'same-origin',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.body).toContain(`${application.ApplyNo}：审核不通过`);
    const after = await submitted();
    expect(after.Status).toBe('rejected');
    expect(after.Result).toBe('材料不全');

    const out = await form({ op: 'logout', csrf }, cookie);
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^review_session=;.*Max-Age=0/);
    const ended = await t.app.inject({ method: 'GET', url: REVIEW_PAGE_PATH, headers: { cookie } });
    expect(ended.body).toContain('<label for="login">登录名</label>');
  });
});
