import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, type Application } from '@credit-portal/shared';
import { DEMO_ACCOUNT_B } from '../../src/demo/seed/index.js';
import { REVIEW_PAGE_PATH } from '../../src/review/review-page.js';
import { buildTestApp, injectJson, type TestApp } from '../helper.js';
import { addReviewer, totpCode, type TestReviewer } from '../review/reviewer-helper.js';
import { AS_OF, auditTools, KEY } from './support.js';

/*
 * The audit trail of the centre's reviewers: each login and decision in the reviewer's name, the
 * application's history on the review page, and the review form's input kept out of the trail in
 * clear when no session sent it.
 */

let t: TestApp;
let auditDir: string;
const { written, one, login } = auditTools(() => t);

beforeAll(async () => {
  t = await buildTestApp({ seedAsOf: AS_OF, audit: { key: KEY } });
  auditDir = path.join(t.dataDir, 'audit');
});
afterAll(() => t?.close());

describe('reviewer logins, review decisions and the review page', () => {
  const reviewerLogin = (reviewer: TestReviewer, overrides: Record<string, string> = {}) =>
    injectJson<{ Data: { token: string } }>(t.app, {
      method: 'POST',
      url: '/api/creditservice/review/login',
      payload: { login: reviewer.login, password: reviewer.password, code: totpCode(reviewer.secret), ...overrides },
    });

  it('records each login: success and failures by the reviewer’s reference, an unknown login by a keyed hash', async () => {
    const reviewer = addReviewer(t.app.db, 'audit.login', '审计登录');
    expect(await one('reviewer.login', () => reviewerLogin(reviewer, { password: 'wrong-password' }))).toMatchObject({
      result: 'failure',
      reason: 'bad_password',
      actor: 'anonymous',
      subject: reviewer.ref,
      details: { channel: 'api' },
    });
    expect(await one('reviewer.login', () => reviewerLogin(reviewer, { code: '000000' }))).toMatchObject({
      result: 'failure',
      reason: expect.stringMatching(/^bad_code$|^replayed_code$/),
      subject: reviewer.ref,
    });
    expect(await one('reviewer.login', () => reviewerLogin(reviewer, { login: 'who.is.this' }))).toMatchObject({
      result: 'failure',
      reason: 'unknown_reviewer',
      actor: 'anonymous',
      subject: expect.stringMatching(/^input:[\w-]{22}$/),
    });
    expect(await one('reviewer.login', () => reviewerLogin(reviewer))).toMatchObject({
      result: 'success',
      actor: reviewer.ref,
      subject: reviewer.ref,
    });
    expect(await one('reviewer.login', () => reviewerLogin(reviewer))).toMatchObject({
      result: 'failure',
      reason: 'replayed_code',
    });
  });

  it('records each decision in the reviewer’s name and shows the application’s audit history on the review page', async () => {
    const token = await login(DEMO_ACCOUNT_B);
    const { body } = await injectJson<{ Data: { list: Application[] } }>(t.app, {
      method: 'GET',
      url: API_PATHS.myApplications,
      headers: { authorization: `Bearer ${token}` },
    });
    const application = body.Data.list.find((a) => a.Status === 'submitted')!;
    const apiReviewer = addReviewer(t.app.db, 'audit.api', '接口审核员');
    const session = (await reviewerLogin(apiReviewer)).body.Data.token;
    const decide = (action: string, bearer = session) =>
      injectJson(t.app, {
        method: 'POST',
        url: '/api/creditservice/review',
        headers: { authorization: `Bearer ${bearer}` },
        payload: { applyNo: application.ApplyNo, action },
      });
    const accepted = await one('application.review', () => decide('accept'));
    expect(accepted).toMatchObject({
      result: 'success',
      actor: apiReviewer.ref,
      subject: `application:${application.ApplyNo}`,
      details: { action: 'accept', channel: 'api', status: 'accepted' },
    });
    expect(await one('application.review', () => decide('complete'))).toMatchObject({
      result: 'failure',
      reason: 'conflict',
      actor: apiReviewer.ref,
    });
    expect(await one('application.review', () => decide('review', 'not-a-session'))).toMatchObject({
      result: 'failure',
      reason: 'unauthorized',
      actor: 'anonymous',
    });

    // The page: signed in by its form (its own record), then a decision with the session cookie.
    const pageReviewer = addReviewer(t.app.db, 'audit.page', '页面审核员');
    const form = (fields: Record<string, string>, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: REVIEW_PAGE_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        payload: new URLSearchParams(fields).toString(),
      });
    const signed = await one('reviewer.login', () =>
      form({
        op: 'login',
        login: pageReviewer.login,
        password: pageReviewer.password,
        code: totpCode(pageReviewer.secret),
      }),
    );
    expect(signed).toMatchObject({ result: 'success', actor: pageReviewer.ref, details: { channel: 'page' } });
    const cookie = String(
      (
        await form({
          op: 'login',
          login: pageReviewer.login,
          password: pageReviewer.password,
          code: totpCode(pageReviewer.secret, Date.now() + 30_000),
        })
      ).headers['set-cookie'],
    ).split(';')[0]!;
    const listed = await t.app.inject({ method: 'GET', url: REVIEW_PAGE_PATH, headers: { cookie } });
    const csrf = /name="csrf" value="([^"]+)"/.exec(listed.body)![1]!;
    const page = await written(() => form({ csrf, applyNo: application.ApplyNo, action: 'review' }, cookie));
    expect(page.fresh).toMatchObject([
      {
        event: 'application.review',
        actor: pageReviewer.ref,
        details: { action: 'review', channel: 'page' },
      },
    ]);
    const html = page.result.body;
    const row = html.slice(html.indexOf(application.ApplyNo));
    expect(row).toMatch(/审计记录（\d+）/);
    expect(row).toContain('审核操作（accept）');
    expect(row).toContain('审核操作（review）');
    // Each decision shows who took it: the reviewer's name beside its reference.
    expect(row).toContain(`接口审核员（${apiReviewer.ref}）`);
    expect(row).toContain(`页面审核员（${pageReviewer.ref}）`);
  });
});

describe('the review form without a session', () => {
  it('keeps what it names out of the trail in clear: an ID number as applyNo becomes a keyed hash', async () => {
    const idNumber = '350203198806150240';
    const refused = await written(() =>
      t.app.inject({
        method: 'POST',
        url: REVIEW_PAGE_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          csrf: 'not-a-form-token',
          applyNo: idNumber,
          action: '110101199003077777',
        }).toString(),
      }),
    );
    expect(refused.result.statusCode).toBe(401);
    expect(refused.fresh).toMatchObject([
      {
        event: 'application.review',
        result: 'failure',
        reason: 'unauthorized',
        actor: 'anonymous',
        subject: expect.stringMatching(/^input:[\w-]{22}$/),
        details: { action: 'unknown', channel: 'page' },
      },
    ]);
    const text = (
      await Promise.all((await fs.readdir(auditDir)).map((n) => fs.readFile(path.join(auditDir, n), 'utf8')))
    ).join('\n');
    expect(text).not.toContain(idNumber);
    expect(text).not.toContain('110101199003077777');
  });
});
