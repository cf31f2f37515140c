import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAuditRecords, seriesName } from '@credit-portal/node-common';
import {
  API_PATHS,
  H5_MESSAGES,
  PRIVACY_RULES_VERSION,
  buildReportSections,
  maskEmail,
  type H5ReportAccessList,
  type H5UserInfo,
  type ReportTables,
} from '@credit-portal/shared';
import { codeOf, faceVerifyForm, pkcePair } from './support.js';
import { buildH5TestApp, DEMO, h5Requests, reportRequest, type H5TestApp, type Success } from './app-support.js';

/*
 * A resident's rights in the H5 app: the face-verification consent recorded (the rules' version and
 * the time) before the hand-off, and bound to the verified person; and who looked at my report —
 * exactly the person's own views, downloads and mails, never another person's.
 */

let testApp: H5TestApp;
const { post, demoLogin } = h5Requests(() => testApp.app);

beforeAll(async () => {
  testApp = await buildH5TestApp();
});
afterAll(() => testApp?.close());

interface ConsentRow {
  subject: string;
  purpose: string;
  version: string;
  granted_at: string;
  withdrawn_at: string | null;
}
const faceConsents = (): ConsentRow[] =>
  testApp.app.db
    .prepare("SELECT * FROM consents WHERE purpose = 'face_verification' ORDER BY id")
    .all() as ConsentRow[];

/** The records of an event so far (the writer flushed first). */
async function recordsOf(event: string) {
  const { audit } = testApp.app;
  await audit.writer.flushed();
  return readAuditRecords(
    audit.storage,
    [seriesName(audit.writer.service, 'security')],
    '2000-01-01',
    (r) => r.event === event,
  );
}

describe('the face-verification consent', () => {
  it('refuses the hand-off without the consent to the rules in force, in Chinese', async () => {
    const before = faceConsents().length;
    const { challenge } = pkcePair();
    const missing = await post<Success<null>>(API_PATHS.h5CertToken, { CodeChallenge: challenge });
    expect(missing).toMatchObject({
      status: 400,
      body: { Success: false, Data: null, Msg: H5_MESSAGES.faceConsentMissing },
    });
    const outdated = await post<Success<null>>(API_PATHS.h5CertToken, {
      CodeChallenge: challenge,
      ConsentVersion: '2020.01',
    });
    expect(outdated).toMatchObject({ status: 400, body: { Success: false, Msg: H5_MESSAGES.faceConsentOutdated } });
    expect(faceConsents()).toHaveLength(before);
    const refused = await recordsOf('h5.face_consent');
    expect(refused.map((r) => [r.result, r.reason])).toEqual(
      expect.arrayContaining([
        ['failure', 'no_consent'],
        ['failure', 'consent_outdated'],
      ]),
    );
  });

  it('records the consent with the version and the time before the hand-off, then binds it to the verified person', async () => {
    const { verifier, challenge } = pkcePair();
    const asked = Date.now();
    const cert = await post<Success<string>>(`${API_PATHS.h5CertToken}?type=grxybg`, {
      CodeChallenge: challenge,
      ConsentVersion: PRIVACY_RULES_VERSION,
    });
    expect(cert.status).toBe(200);
    const certToken = cert.body.Data;

    // Before the face-verification page is even opened: the consent is on record, its person not yet known.
    const given = faceConsents().at(-1)!;
    expect(given).toMatchObject({ version: PRIVACY_RULES_VERSION, withdrawn_at: null });
    expect(given.subject).toMatch(/^h5-cert:[0-9a-f]{64}$/);
    expect(Date.parse(given.granted_at)).toBeGreaterThanOrEqual(asked - 1000);
    const consented = (await recordsOf('h5.face_consent')).at(-1)!;
    expect(consented).toMatchObject({
      result: 'success',
      details: { purpose: 'face_verification', version: PRIVACY_RULES_VERSION },
    });

    const verified = await faceVerifyForm(testApp.app, { certToken, name: DEMO.Name, idNumber: DEMO.IdCard });
    const code = codeOf(verified.headers.location as string)!;
    const user = await post<Success<H5UserInfo>>(API_PATHS.h5CertExchange, { certToken, code, verifier });
    expect(user.status).toBe(200);

    // Bound to the person as h5:<the audit trail's keyed hash of the ID number>, the time kept.
    const person = testApp.app.audit.person(DEMO.IdCard);
    const bound = faceConsents().at(-1)!;
    expect(bound).toEqual({ ...given, subject: `h5:${person.slice('person:'.length)}` });
    const exchanged = (await recordsOf('h5.cert_exchange')).at(-1)!;
    expect(exchanged).toMatchObject({ subject: person, details: { faceConsent: PRIVACY_RULES_VERSION } });
  });
});

/** A person of the seed other than the demo person who has a report, logged in by test mode. */
async function otherPersonWithReport(): Promise<H5UserInfo> {
  const people = testApp.app.db
    .prepare('SELECT name, id_number AS idNumber FROM h5_persons WHERE is_demo = 0 ORDER BY id')
    .all() as Array<{ name: string; idNumber: string }>;
  for (const person of people) {
    const login = await post<Success<H5UserInfo>>(API_PATHS.h5TestUserInfo, {
      Name: person.name,
      IdCard: person.idNumber,
    });
    const view = await post<{ Data: { Status: number } }>(API_PATHS.h5ReportData, reportRequest(login.body.Data));
    if (view.body.Data.Status === 10) return login.body.Data;
  }
  throw new Error('the seed has no other person with a report');
}

const accessList = (user: H5UserInfo, Page?: number) =>
  testApp.app.inject({
    method: 'POST',
    url: API_PATHS.h5ReportAccess,
    payload: { Infotoken: user.Infotoken, ...(Page ? { Page } : {}) },
  });

describe('who looked at my report', () => {
  it('lists exactly the person’s own views and mails, newest first, with the masked address; never another’s', async () => {
    const a = await demoLogin();
    const empty = JSON.parse((await accessList(a)).body) as Success<H5ReportAccessList>;
    const seenBefore = empty.Data.Total;

    const view = await post<{ Data: { Data: string } }>(API_PATHS.h5ReportData, reportRequest(a));
    const { reportNumber } = buildReportSections(JSON.parse(view.body.Data.Data) as ReportTables);
    const mailed = await post<{ Data: { Status: number } }>(
      API_PATHS.h5ReportPdf,
      reportRequest(a, { Email: 'lin.xiaoyun@example.cn' }),
    );
    expect(mailed.body.Data.Status).toBe(10);
    // Person B looks at B's own report: none of it reaches A's list, and none of A's reaches B's.
    const b = await otherPersonWithReport();

    const answer = await accessList(a);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toMatch(/no-store/);
    const list = (JSON.parse(answer.body) as Success<H5ReportAccessList>).Data;
    expect(list.Total).toBe(seenBefore + 2);
    expect(list.Items.slice(0, 2)).toMatchObject([
      { Channel: 'email', MaskedEmail: maskEmail('lin.xiaoyun@example.cn') },
      { Channel: 'view', MaskedEmail: null },
    ]);
    expect(list.Items[1]!.ReportNumber).toBe(reportNumber);
    expect(answer.body).not.toContain('lin.xiaoyun@');
    expect(list.Items.map((i) => i.Time)).toEqual([...list.Items.map((i) => i.Time)].sort().reverse());

    const theirs = (JSON.parse((await accessList(b)).body) as Success<H5ReportAccessList>).Data;
    expect(theirs.Items.map((i) => i.Channel)).toEqual(['view']);
    expect(theirs.Items[0]!.ReportNumber).not.toBe(list.Items[1]!.ReportNumber);
  });

  it('shows no address for mails recorded before the masked address was kept, and pages', async () => {
    const a = await demoLogin();
    const { audit } = testApp.app;
    const ref = audit.person(DEMO.IdCard);
    await audit.record({
      event: 'h5.report_email',
      result: 'success',
      reason: null,
      actor: ref,
      subject: ref,
      ip: null,
      requestId: null,
      details: { reportNumber: 'GRXY20260101000001' },
    });
    const first = (JSON.parse((await accessList(a)).body) as Success<H5ReportAccessList>).Data;
    expect(first.Items[0]).toMatchObject({ Channel: 'email', MaskedEmail: null, ReportNumber: 'GRXY20260101000001' });
    for (let i = 0; i < first.PageSize; i += 1) await post(API_PATHS.h5ReportData, reportRequest(a));
    const second = (JSON.parse((await accessList(a, 2)).body) as Success<H5ReportAccessList>).Data;
    expect(second.Page).toBe(2);
    expect(second.Items[0]).toMatchObject({ Channel: 'email', ReportNumber: 'GRXY20260101000001' });
  });

  it('needs a live H5 session and refuses bad input with the envelope', async () => {
    const none = await post<Success<null>>(API_PATHS.h5ReportAccess, { Infotoken: 'not-a-token' });
    expect(none).toMatchObject({ status: 401, body: { Success: false, Msg: H5_MESSAGES.loginExpired } });
    const a = await demoLogin();
    const bad = await post<Success<null>>(API_PATHS.h5ReportAccess, { Infotoken: a.Infotoken, Page: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.Success).toBe(false);
  });
});
