import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGES, MY_DATA_MESSAGES, PRIVACY_RULES_VERSION, type MyData } from '@credit-portal/shared';
import { AUDIT_KEY_SECRET } from '../../../src/audit/anchor-store.js';
import { buildTestApp, type TestApp } from '../../helper.js';
import { call, copyOf, person, type Person } from './support.js';

/*
 * 我的数据 (GET /user/mydata, POST /user/mydata/pdf, POST /user/sessions/end): the copy holds the
 * account's own records and nothing of another account's (the IDOR attack: B's filings, follows,
 * mail address, sessions and audit records never appear in A's copy, and A cannot end B's login).
 */

let t: TestApp;
let a: Person;
let b: Person;

beforeAll(async () => {
  t = await buildTestApp();
  a = await person(t);
  b = await person(t);
});
afterAll(() => t.close());

describe('我的数据', () => {
  it('holds the account’s profile, filings with their materials’ names, follows, mail settings, consents, logins and audit records', async () => {
    const { status, body } = await copyOf(t, a.token);
    expect(status).toBe(200);
    const copy = body.Data!;
    expect(copy.Profile.Mobile).toBe(a.mobile);
    expect(copy.Wechat).toBeNull();
    expect(copy.Filings).toEqual([
      expect.objectContaining({
        ApplyNo: a.applyNo,
        Kind: 'repair',
        EntName: a.entityName,
        ContactName: '张三',
        Materials: ['整改报告.pdf'],
      }),
    ]);
    expect(copy.Follows.map((f) => f.EntName)).toEqual([a.entityName]);
    expect(copy.Entities.map((e) => e.EntName)).toEqual([a.entityName]);
    expect(copy.MailSettings).toMatchObject({ Email: a.email, EmailDigest: true, EmailConfirmed: true });
    expect(copy.Consents).toEqual([
      expect.objectContaining({ purpose: 'registration', version: PRIVACY_RULES_VERSION, withdrawnAt: null }),
    ]);
    expect(copy.Sessions).toHaveLength(2);
    expect(copy.Sessions.filter((s) => s.Current)).toHaveLength(1);
    const events = copy.Audit.Records.map((r) => `${r.Event}:${r.Actor}`);
    expect(events).toEqual(
      expect.arrayContaining(['account.register:self', 'account.login:self', 'application.filed:self']),
    );
  });

  it('holds nothing of another account’s, and never the audit key', async () => {
    const text = JSON.stringify((await copyOf(t, a.token)).body.Data);
    for (const foreign of [b.mobile, b.applyNo, b.entityName, b.email, `account:${b.id}`]) {
      expect(text).not.toContain(foreign);
    }
    const key = t.app.db.prepare('SELECT value FROM service_secrets WHERE name = ?').pluck().get(AUDIT_KEY_SECRET);
    expect(text).not.toContain(String(key));
    const bSessions = (await copyOf(t, b.token)).body.Data!.Sessions.map((s) => s.Id);
    const aSessions = JSON.parse(text) as MyData;
    expect(aSessions.Sessions.map((s) => s.Id).some((id) => bSessions.includes(id))).toBe(false);
    // Only the account's own audit references, and every record either its own act or the centre's.
    expect(aSessions.Audit.Records.every((r) => r.Actor !== 'other')).toBe(true);
  });

  it('ends another login of the account, and refuses to find another account’s', async () => {
    const bOther = (await copyOf(t, b.token)).body.Data!.Sessions.find((s) => !s.Current)!;
    const refused = await call(t, API_PATHS.sessionEnd, a.token, { Id: bOther.Id });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ Data: null, Msg: MY_DATA_MESSAGES.sessionNotFound });
    expect((await copyOf(t, b.other)).status).toBe(200);

    const mine = (await copyOf(t, a.token)).body.Data!.Sessions.find((s) => !s.Current)!;
    const ended = await call(t, API_PATHS.sessionEnd, a.token, { Id: mine.Id });
    expect(ended.status).toBe(200);
    expect(ended.body.Data).toEqual({ Ended: true });
    expect((await copyOf(t, a.other)).status).toBe(401);
    const after = (await copyOf(t, a.token)).body.Data!;
    expect(after.Sessions.map((s) => s.Current)).toEqual([true]);
    expect(after.Audit.Records.map((r) => r.Event)).toContain('account.session_end');
  });

  it('is a PDF too, behind login, never cached', async () => {
    const pdf = await t.app.inject({
      method: 'POST',
      url: API_PATHS.myDataPdf,
      headers: { authorization: `Bearer ${a.token}` },
      payload: {},
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment;/);
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const anonymous = await t.app.inject({ method: 'POST', url: API_PATHS.myDataPdf, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const copy = await copyOf(t, undefined);
    expect(copy.status).toBe(401);
    expect(copy.body.Msg).toBe(MESSAGES.notLoggedInUpstream);
  });

  it('answers a malformed request with the envelope', async () => {
    const bad = await call(t, API_PATHS.sessionEnd, a.token, {});
    expect(bad.status).toBe(400);
    expect(bad.body.Data).toBeNull();
  });
});
