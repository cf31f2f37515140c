import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, type Application, type ApplicationPage } from '@credit-portal/shared';
import { readSettings } from '../src/env.js';
import { REVIEW_PAGE_PATH } from '../src/review/review-page.js';
import { runReviewCommand } from '../src/review/review-cli.js';
import { DEMO_ACCOUNT_B } from '../src/seed/index.js';
import { buildTestApp, injectJson, type TestApp } from './helper.js';

/* The reviewer's command line and old-site page: each moves an application on, and the owner sees it. */

const TOKEN = 'review-page-token-0123456789';
let t: TestApp;
let token: string;

const submitted = async (): Promise<Application> => {
  const { body } = await injectJson<{ Data: ApplicationPage }>(t.app, {
    method: 'GET',
    url: API_PATHS.myApplications,
    headers: { authorization: `Bearer ${token}` },
  });
  return body.Data.list[0]!;
};

beforeAll(async () => {
  t = await buildTestApp({ reviewToken: TOKEN });
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

describe('review command line', () => {
  it('lists open applications and records a step', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const application = await submitted();
    expect(application.Status).toBe('submitted');
    expect(runReviewCommand(t.app.db, ['list'], io)).toBe(0);
    expect(out.join('\n')).toContain(application.ApplyNo);
    expect(runReviewCommand(t.app.db, [application.ApplyNo, 'approve'], io)).toBe(1);
    expect(err.at(-1)).toContain('不能审核通过');
    expect(
      runReviewCommand(t.app.db, [application.ApplyNo.toLowerCase(), 'accept', '--unit', '云州市信用办'], io),
    ).toBe(0);
    expect(out.at(-1)).toContain('已受理（云州市信用办');
    expect(runReviewCommand(t.app.db, ['XF000', 'accept'], io)).toBe(1);
    expect(runReviewCommand(t.app.db, ['nonsense'], io)).toBe(1);
    const after = await submitted();
    expect(after.Steps.map((s) => [s.Label, s.HandlingUnit])).toEqual([
      ['已提交', '申请人（网上提交）'],
      ['已受理', '云州市信用办'],
    ]);
  });
});

describe('review page on the old site', () => {
  const post = (form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: REVIEW_PAGE_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('asks for the token, then moves an application on', async () => {
    const login = await t.app.inject({ method: 'GET', url: REVIEW_PAGE_PATH });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.body).toContain('<label for="token">审核口令</label>');
    const wrong = await post({ token: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('审核口令不正确');
    const application = await submitted();
    const listed = await post({ token: TOKEN });
    expect(listed.body).toContain(application.ApplyNo);
    const acted = await post({ token: TOKEN, applyNo: application.ApplyNo, action: 'review' });
    expect(acted.statusCode).toBe(200);
    expect(acted.body).toContain(`${application.ApplyNo}：审核中`);
    const refused = await post({ token: TOKEN, applyNo: application.ApplyNo, action: 'complete' });
    expect(refused.statusCode).toBe(409);
    const decided = await post({ token: TOKEN, applyNo: application.ApplyNo, action: 'reject', comment: '材料不全' });
    expect(decided.statusCode).toBe(200);
    const after = await submitted();
    expect(after.Status).toBe('rejected');
    expect(after.Result).toBe('材料不全');
  });

  it('is off without a review token', async () => {
    const off = await buildTestApp();
    try {
      expect((await off.app.inject({ method: 'GET', url: REVIEW_PAGE_PATH })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/api/creditservice/review' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('settings', () => {
  it('reads the report signing key and the review token, refusing short ones', () => {
    const good = readSettings({
      REPORT_SIGNING_KEY: 'k'.repeat(32),
      CREDIT_SERVICE_REVIEW_TOKEN: 't'.repeat(16),
      DEMO_STANDINS: 'on',
    });
    expect(good.settings).toMatchObject({ reportSigningKey: 'k'.repeat(32), reviewToken: 't'.repeat(16) });
    const unset = readSettings({ DEMO_STANDINS: 'on' });
    expect(unset.settings).toMatchObject({ reportSigningKey: undefined, reviewToken: undefined });
    const bad = readSettings({
      REPORT_SIGNING_KEY: 'short',
      CREDIT_SERVICE_REVIEW_TOKEN: 'short',
      DEMO_STANDINS: 'on',
    });
    expect(bad.settings).toBeNull();
    expect(bad.errors.join('\n')).toMatch(/REPORT_SIGNING_KEY[\s\S]*CREDIT_SERVICE_REVIEW_TOKEN/);
  });
});
