import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Value } from 'typebox/value';
import {
  API_PATHS,
  ERROR_MESSAGES,
  H5_DOCUMENT_TYPES,
  H5_MESSAGES,
  H5EntityRecordsSchema,
  buildReportSections,
  maskName,
  type H5EntityRecord,
  type H5RsaPublicKey,
  type H5UserInfo,
  type ReportTables,
} from '@credit-portal/shared';
import { DEMO_PERSON } from '../src/seed/index.js';
import { DEFAULT_H5_TOKEN_TTL_SECONDS } from '../src/routes/h5/index.js';
import { buildApp } from '../src/app.js';
import { buildTestApp, injectJson, removeDir, tempDir, type TestApp } from './helper.js';
import { browserEncryptor, codeOf, pdfAttachment, pkcePair, startSmtp, type TestSmtp } from './h5-support.js';
import { compact, pdfText } from './services-pdf-text.js';

/*
 * The H5 app's back end in the credit-service: seed, the login hand-offs, the test
 * login, linked entities, only-your-own-data, token expiry, the RSA round trip with the browser's
 * library, the personal report tables, file and mail, the entity report by mail through a real
 * SMTP server, the outbox, and logs free of personal data.
 */

const AS_OF = '2026-11-21';
const DEMO = { Name: DEMO_PERSON.name, IdCard: DEMO_PERSON.idNumber };

interface Success<T> {
  Success: boolean;
  Data: T;
  Msg: string;
}

let testApp: TestApp;
let smtp: TestSmtp;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  testApp = await buildTestApp({
    seedAsOf: AS_OF,
    h5TestMode: true,
    smtpUrl: smtp.url,
    portalUrl: 'https://xyyz.example.gov.cn/',
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
});
afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock (Date only) by `ms` from now. */
function travel(ms: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

const post = <T>(url: string, payload: unknown) =>
  injectJson<T>(testApp.app, { method: 'POST', url, payload: payload as Record<string, unknown> });
const get = <T>(url: string, query: Record<string, string>) =>
  injectJson<T>(testApp.app, { method: 'GET', url, query });

async function demoLogin(): Promise<H5UserInfo> {
  const { status, body } = await post<Success<H5UserInfo>>(API_PATHS.h5TestUserInfo, DEMO);
  expect(status).toBe(200);
  return body.Data;
}

/** The service's RSA public key, asked for as the SPA asks (hex modulus and exponent). */
const rsaPublicKey = async (app: TestApp['app'] = testApp.app): Promise<H5RsaPublicKey> =>
  (
    await injectJson<Success<H5RsaPublicKey>>(app, {
      method: 'POST',
      url: API_PATHS.h5RsaPublicKey,
      query: { action: 'GetRSAPublicKey' },
      payload: {},
    })
  ).body.Data;

const reportRequest = (user: H5UserInfo, over: Record<string, string> = {}) => ({
  Infotoken: user.Infotoken,
  UserName: user.Name,
  IdentityCard: user.IdCard,
  VersionCode: 'C',
  ReportNumber: '',
  ...over,
});

describe('the H5 seed', () => {
  it('holds persons with every accepted document, the demo person with entities, and report rows in six domains', () => {
    const { db } = testApp.app;
    const types = db.prepare('SELECT DISTINCT id_type FROM h5_persons').pluck().all();
    expect([...types].sort()).toEqual([...H5_DOCUMENT_TYPES].sort());
    const demo = db.prepare('SELECT id FROM h5_persons WHERE is_demo = 1').pluck().get() as number;
    expect(db.prepare('SELECT COUNT(*) FROM h5_person_entities WHERE person_id = ?').pluck().get(demo)).toBeGreaterThan(
      2,
    );
    const tables = db.prepare('SELECT DISTINCT table_name FROM h5_report_rows WHERE person_id = ?').pluck().all(demo);
    expect(tables).toEqual(
      expect.arrayContaining(['Household', 'SocialInsurance', 'Degree', 'TaxPayment', 'AdminPenalty', 'Honour']),
    );
    const residences = db.prepare('SELECT DISTINCT residence FROM h5_persons').pluck().all();
    expect([...residences].sort()).toEqual(['外地', '本地居住证', '本地户籍']);
  });

  it('is deterministic for a seed and day', async () => {
    const other = await buildTestApp({ seedAsOf: AS_OF });
    try {
      const dump = (app: TestApp) =>
        app.app.db
          .prepare(
            `SELECT p.name, p.id_number, r.table_name, r.row_no, r.data FROM h5_report_rows r
             JOIN h5_persons p ON p.id = r.person_id ORDER BY p.id, r.table_name, r.row_no`,
          )
          .all();
      expect(dump(other)).toEqual(dump(testApp));
    } finally {
      await other.close();
    }
  });
});

describe('login hand-offs', () => {
  it('issues a cert token bound to a challenge, verifies it on the face-verification page and exchanges it once', async () => {
    const encoded = await post<Success<string>>(API_PATHS.h5Encode, {
      Platform: 'XCX_GW',
      Remark: '',
      ComIp: '0.0.0.0',
    });
    expect(encoded.body).toMatchObject({ Success: true });
    const channel = testApp.app.db.prepare('SELECT platform FROM h5_channel_visits ORDER BY id DESC LIMIT 1').pluck();
    expect(channel.get()).toBe('XCX_GW');
    const { verifier, challenge } = pkcePair();
    const cert = await injectJson<Success<string>>(testApp.app, {
      method: 'POST',
      url: `${API_PATHS.h5CertToken}?type=grxybg`,
      payload: { EncodeMsg: encoded.body.Data, CodeChallenge: challenge },
    });
    expect(cert.body.Success).toBe(true);
    const certToken = cert.body.Data;

    const page = await testApp.app.inject({ method: 'GET', url: '/faceverify', query: { certToken } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<label for="idNumber">证件号码</label>');
    expect(page.body).toContain('不采集、不保存任何人脸信息');
    expect(page.headers['content-security-policy']).toContain("form-action 'self' https://xyyz.example.gov.cn");

    const form = (fields: Record<string, string>) =>
      testApp.app.inject({
        method: 'POST',
        url: '/faceverify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const stranger = await form({ certToken, name: '不存在', idNumber: '350203199001011234', consent: '1' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain(H5_MESSAGES.personNotFound);
    const noConsent = await form({ certToken, name: DEMO.Name, idNumber: DEMO.IdCard });
    expect(noConsent.statusCode).toBe(400);
    const verified = await form({ certToken, name: DEMO.Name, idNumber: DEMO.IdCard, consent: '1' });
    expect(verified.statusCode).toBe(303);
    const location = verified.headers.location as string;
    const back = new URL(location);
    expect(`${back.origin}${back.pathname}`).toBe('https://xyyz.example.gov.cn/');
    // The way back carries a fresh one-time code, never the cert token.
    expect(back.hash).toMatch(/^#\/h5\/PersonCreditReport\?code=[\w-]{43}$/);
    expect(location).not.toContain(certToken);
    const code = codeOf(location)!;

    const exchange = (body: Record<string, string>) => post<Success<H5UserInfo | null>>(API_PATHS.h5CertExchange, body);
    const user = await exchange({ certToken, code, verifier, type: 'grxybg' });
    expect(user.body).toMatchObject({ Success: true, Data: { Name: DEMO.Name, IdCard: DEMO.IdCard } });
    expect(user.body.Data!.Infotoken).toMatch(/^[\w-]{43}$/);
    // Once only: the cert token is spent.
    expect(await exchange({ certToken, code, verifier })).toMatchObject({
      status: 401,
      body: { Success: false, Data: null, Msg: H5_MESSAGES.certNotVerified },
    });
    // Someone else cannot take over a verified token.
    const other = testApp.app.db.prepare('SELECT name, id_number FROM h5_persons WHERE is_demo = 0 LIMIT 1').get() as {
      name: string;
      id_number: string;
    };
    const hijack = await form({ certToken, name: other.name, idNumber: other.id_number, consent: '1' });
    expect(hijack.statusCode).toBe(410);
  });

  it('sends people back to the portal, or (demo mode) a loopback address, and refuses a forged channel wrapper', async () => {
    const { challenge } = pkcePair();
    const ask = (body: Record<string, string>) =>
      injectJson<Success<string | null>>(testApp.app, {
        method: 'POST',
        url: API_PATHS.h5CertToken,
        payload: { CodeChallenge: challenge, ...body },
      });
    expect((await ask({ ReturnUrl: 'http://localhost:5173/#/h5/gtxy' })).status).toBe(200);
    expect((await ask({ ReturnUrl: 'https://xyyz.example.gov.cn/#/h5/gtxy' })).status).toBe(200);
    for (const ReturnUrl of ['https://evil.example/#/h5/gtxy', 'javascript:alert(1)', 'not a url']) {
      expect(await ask({ ReturnUrl })).toMatchObject({
        status: 400,
        body: { Success: false, Msg: H5_MESSAGES.returnUrlRefused },
      });
    }
    const forged = await ask({ EncodeMsg: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(forged).toMatchObject({ status: 400, body: { Success: false } });
    const page = await testApp.app.inject({ method: 'GET', url: '/faceverify', query: { certToken: 'unknown' } });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('返回重新登录');
  });

  it('exchanges the test login token (izgtxytoken) for user info; a wrong pair is refused', async () => {
    const login = await get<Success<string>>(API_PATHS.h5TestLogin, { ...DEMO, type: '' });
    expect(login.body.Success).toBe(true);
    const { izgtxytoken } = JSON.parse(login.body.Data) as { izgtxytoken: string };
    const user = await post<Success<H5UserInfo>>(API_PATHS.h5IzLogin, { Infotoken: izgtxytoken });
    expect(user.body).toMatchObject({ Success: true, Data: { Name: DEMO.Name, IdCard: DEMO.IdCard } });
    const wrong = await get<Success<null>>(API_PATHS.h5TestLogin, { Name: '林晓雲', IdCard: DEMO.IdCard });
    expect(wrong).toMatchObject({ status: 404, body: { Success: false, Msg: H5_MESSAGES.personNotFound } });
    const blank = await post<Success<null>>(API_PATHS.h5TestUserInfo, { Name: ' ', IdCard: DEMO.IdCard });
    expect(blank).toMatchObject({ status: 400, body: { Msg: H5_MESSAGES.testLoginEmpty } });
    const unknown = await post<Success<null>>(API_PATHS.h5IzLogin, { Infotoken: 'no-such-token' });
    expect(unknown).toMatchObject({ status: 401, body: { Msg: H5_MESSAGES.loginExpired } });
  });

  it("takes the izgtxytoken in a POST body only: the spec's GET with ?Infotoken= logs nobody in", async () => {
    const login = await get<Success<string>>(API_PATHS.h5TestLogin, DEMO);
    const { izgtxytoken } = JSON.parse(login.body.Data) as { izgtxytoken: string };
    const infotokens = testApp.app.db.prepare("SELECT COUNT(*) FROM h5_tokens WHERE kind = 'info'").pluck();
    const before = infotokens.get();
    const lines = logLines.length;

    // A token copied out of an access log and replayed in the URL: no route, in the envelope.
    const replayed = await get<Success<null>>(API_PATHS.h5IzLogin, { Infotoken: izgtxytoken });
    expect(replayed).toEqual({
      status: 404,
      body: { Success: false, Data: null, Msg: ERROR_MESSAGES.not_found },
      raw: expect.any(String),
    });
    // Nor does a POST read it from its query string: the body is the only place it is taken from.
    const inQuery = await injectJson<Success<null>>(testApp.app, {
      method: 'POST',
      url: `${API_PATHS.h5IzLogin}?Infotoken=${encodeURIComponent(izgtxytoken)}`,
      payload: {},
    });
    expect(inQuery).toMatchObject({ status: 400, body: { Success: false, Data: null } });
    expect(infotokens.get()).toBe(before);
    expect(logLines.slice(lines).join('\n')).not.toContain(izgtxytoken);

    // The same token in the body: the same user info as before.
    const user = await post<Success<H5UserInfo>>(API_PATHS.h5IzLogin, { Infotoken: izgtxytoken });
    expect(user).toMatchObject({
      status: 200,
      body: { Success: true, Data: { Name: DEMO.Name, IdCard: DEMO.IdCard } },
    });
    expect(user.body.Data.Infotoken).toMatch(/^[\w-]{43}$/);
    expect(infotokens.get()).toBe((before as number) + 1);
  });

  it('refuses the test login when test mode is off', async () => {
    const off = await buildTestApp({ seedAsOf: AS_OF });
    try {
      const login = await injectJson(off.app, { method: 'GET', url: API_PATHS.h5TestLogin, query: DEMO });
      expect(login).toMatchObject({ status: 403, body: { Success: false, Msg: H5_MESSAGES.testModeOff } });
      const info = await injectJson(off.app, { method: 'POST', url: API_PATHS.h5TestUserInfo, payload: DEMO });
      expect(info).toMatchObject({ status: 403, body: { Msg: H5_MESSAGES.testModeOff } });
    } finally {
      await off.close();
    }
  });
});

describe('the session', () => {
  it('lists the linked entities as a JSON string of entity records', async () => {
    const user = await demoLogin();
    const { body } = await post<Success<{ Data: string }>>(API_PATHS.h5Entities, { Infotoken: user.Infotoken });
    const list = JSON.parse(body.Data.Data) as H5EntityRecord[];
    expect(Value.Check(H5EntityRecordsSchema, list)).toBe(true);
    expect(list.length).toBeGreaterThan(2);
    expect(list[0]!.Position).toBe('法定代表人');
    expect(new Set(list.map((e) => e.EntStatus)).size).toBeGreaterThan(1);
  });

  it("refuses another person's ID number or name", async () => {
    const user = await demoLogin();
    const other = testApp.app.db.prepare('SELECT name, id_number FROM h5_persons WHERE is_demo = 0 LIMIT 1').get() as {
      name: string;
      id_number: string;
    };
    for (const [url, over] of [
      [API_PATHS.h5ReportData, { IdentityCard: other.id_number }],
      [API_PATHS.h5ReportData, { UserName: other.name }],
      [API_PATHS.h5ReportAvailability, { IdentityCard: other.id_number, printStyle: '1' }],
      [API_PATHS.h5ReportPdf, { IdentityCard: other.id_number, Email: 'lin@example.com' }],
    ] as const) {
      const answer = await post<{ Msg: string }>(url, reportRequest(user, over));
      expect(answer.status, url).toBe(403);
      expect(answer.body.Msg).toBe(H5_MESSAGES.notOwnData);
    }
  });

  it('lets an Infotoken expire', async () => {
    const user = await demoLogin();
    travel(DEFAULT_H5_TOKEN_TTL_SECONDS * 1000 - 5_000);
    expect((await post(API_PATHS.h5Entities, { Infotoken: user.Infotoken })).status).toBe(200);
    travel(10_000);
    const late = await post<Success<null>>(API_PATHS.h5Entities, { Infotoken: user.Infotoken });
    expect(late).toMatchObject({ status: 401, body: { Success: false, Data: null, Msg: H5_MESSAGES.loginExpired } });
    const report = await post<{ Data: null; Msg: string }>(API_PATHS.h5ReportData, reportRequest(user));
    expect(report).toMatchObject({ status: 401, body: { Data: null, Msg: H5_MESSAGES.loginExpired } });
  });
});

describe('the personal report', () => {
  it('answers availability, tables with a stable report number, and refuses an unknown number', async () => {
    const user = await demoLogin();
    const available = await post<Success<{ Status: number }>>(API_PATHS.h5ReportAvailability, {
      ...reportRequest(user),
      printPlatform: 'XCX_GW',
      printStyle: '1',
      useType: '1',
      otherUseType: '',
    });
    expect(available.body).toMatchObject({ Success: true, Data: { Status: 10 } });
    const first = await post<{ Data: { Status: number; Data: string } }>(API_PATHS.h5ReportData, reportRequest(user));
    expect(first.body.Data.Status).toBe(10);
    const tables = JSON.parse(first.body.Data.Data) as ReportTables;
    const built = buildReportSections(tables);
    expect(built.reportNumber).toMatch(/^GRXY\d{14}$/);
    expect(built.sections.map((s) => s.title)).toEqual([
      '公安信息',
      '社会保险信息',
      '教育信息',
      '税务信息',
      '行政信息',
      '司法信息',
    ]);
    expect(built.sections.find((s) => s.title === '司法信息')!.empty).toBe(true);
    const again = await post<{ Data: { Data: string } }>(
      API_PATHS.h5ReportData,
      reportRequest(user, { ReportNumber: built.reportNumber }),
    );
    expect(buildReportSections(JSON.parse(again.body.Data.Data) as ReportTables).reportNumber).toBe(built.reportNumber);
    const unknown = await post(API_PATHS.h5ReportData, reportRequest(user, { ReportNumber: 'GRXY20200101000001' }));
    expect(unknown.status).toBe(404);
  });

  it('has no report for a person who is not eligible', async () => {
    const outsider = testApp.app.db
      .prepare("SELECT name, id_number FROM h5_persons WHERE residence = '外地'")
      .get() as {
      name: string;
      id_number: string;
    };
    const { body } = await post<Success<H5UserInfo>>(API_PATHS.h5TestUserInfo, {
      Name: outsider.name,
      IdCard: outsider.id_number,
    });
    const availability = await post<Success<{ Status: number }>>(
      API_PATHS.h5ReportAvailability,
      reportRequest(body.Data),
    );
    expect(availability.body).toMatchObject({ Success: true, Data: { Status: 20 }, Msg: H5_MESSAGES.noInformation });
    const data = await post(API_PATHS.h5ReportData, reportRequest(body.Data));
    expect(data.body).toEqual({ Data: { Status: 20 }, Msg: H5_MESSAGES.noReport });
  });

  it('round-trips name and ID encrypted by jsencrypt to the report file (PDF with the number and the masked name)', async () => {
    const user = await demoLogin();
    const key = await rsaPublicKey();
    expect(key.PublicKeyExponent).toBe('010001');
    expect(key.PublicKeyModulus).toMatch(/^[0-9a-f]{512}$/);
    const encrypt = browserEncryptor(key);
    const identity = (name = user.Name, id = user.IdCard, time = Date.now()) => ({
      Infotoken: user.Infotoken,
      name: encrypt(name),
      idCard: encrypt(id),
      timestamp: encrypt(String(time)),
    });

    const check = await post<Success<{ HasReport: boolean }>>(API_PATHS.h5PersonInfo, identity());
    expect(check.body).toMatchObject({ Success: true, Data: { HasReport: true } });
    const step = await post<Success<string>>(API_PATHS.h5IndividualToken, identity());
    expect(step.body.Success).toBe(true);
    const final = await post<Success<string>>(API_PATHS.h5IndividualInfo, { ...identity(), token: step.body.Data });
    expect(final.body.Success).toBe(true);

    const file = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.h5ReportFile,
      query: { token: final.body.Data },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = compact(await pdfText(file.rawPayload));
    const number = /GRXY\d{14}/.exec(text)?.[0];
    expect(number).toBeDefined();
    expect(text).toContain(`报告编号：${number}`);
    expect(text).toContain(maskName(DEMO.Name));
    expect(text).toContain('350203******0240');
    expect(text).not.toContain(DEMO.Name);
    expect(text).not.toContain(DEMO.IdCard);

    // Another person's identity, a forged block, an old timestamp and a reused first token are refused.
    const someone = testApp.app.db
      .prepare("SELECT name, id_number FROM h5_persons WHERE id_type = '普通护照'")
      .get() as {
      name: string;
      id_number: string;
    };
    const refused = { status: 403, body: { Success: false, Data: null, Msg: H5_MESSAGES.identityRefused } };
    const other = await post<Success<null>>(API_PATHS.h5IndividualToken, identity(someone.name, someone.id_number));
    expect(other).toMatchObject(refused);
    const forged = await post<Success<null>>(API_PATHS.h5PersonInfo, {
      ...identity(),
      name: Buffer.from('x'.repeat(256)).toString('base64'),
    });
    expect(forged).toMatchObject(refused);
    const stale = await post<Success<null>>(
      API_PATHS.h5PersonInfo,
      identity(user.Name, user.IdCard, Date.now() - 3_600_000),
    );
    expect(stale).toMatchObject(refused);
    const wrongToken = await post<Success<null>>(API_PATHS.h5IndividualInfo, { ...identity(), token: final.body.Data });
    expect(wrongToken).toMatchObject({ status: 401, body: { Msg: H5_MESSAGES.reportTokenInvalid } });
    const noFile = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.h5ReportFile,
      query: { token: step.body.Data },
    });
    expect(noFile.statusCode).toBe(401);
  });

  it('answers every altered identity block byte for byte alike: no padding oracle', async () => {
    const user = await demoLogin();
    const key = await rsaPublicKey();
    const publicKey = createPublicKey({
      key: {
        kty: 'RSA',
        n: Buffer.from(key.PublicKeyModulus, 'hex').toString('base64url'),
        e: Buffer.from(key.PublicKeyExponent, 'hex').toString('base64url'),
      },
      format: 'jwk',
    });
    const size = key.PublicKeyModulus.length / 2;
    // An encoded block as an attacker multiplying a captured one would produce it: the padding's
    // two marker bytes, non-zero filler, the separator, and what follows.
    const block = (marker: number, message: Buffer) => {
      const filler = Buffer.alloc(size - 3 - message.length, 0x5a);
      const em = Buffer.concat([Buffer.from([0, marker]), filler, Buffer.from([0]), message]);
      return publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, em).toString('base64');
    };
    const encrypt = browserEncryptor(key);
    const identity = (name: string) => ({
      Infotoken: user.Infotoken,
      name,
      idCard: encrypt(user.IdCard),
      timestamp: encrypt(String(Date.now())),
    });
    const answers = [];
    for (const name of [
      block(3, Buffer.from('林晓云')), // bad padding
      block(2, randomBytes(40)), // good padding, random text
      block(2, Buffer.from('王')), // good padding, a name, not the session's
      block(2, Buffer.from([0xff, 0xfe])), // good padding, not UTF-8
    ]) {
      const answer = await testApp.app.inject({ method: 'POST', url: API_PATHS.h5PersonInfo, payload: identity(name) });
      answers.push({ status: answer.statusCode, body: answer.body });
    }
    expect(answers[0]).toEqual({
      status: 403,
      body: JSON.stringify({ Success: false, Data: null, Msg: H5_MESSAGES.identityRefused }),
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // The same block with the user's own name, well padded, is the control: it is accepted.
    const own = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.h5PersonInfo,
      payload: identity(block(2, Buffer.from(user.Name))),
    });
    expect(own.statusCode).toBe(200);
  });

  it('keeps its RSA key pair across restarts', async () => {
    const dir = await tempDir();
    const keyOf = async (app: TestApp['app']) => (await rsaPublicKey(app)).PublicKeyModulus;
    try {
      const first = await buildApp({ dataDir: dir, seed: 7, seedEntities: 50 });
      const modulus = await keyOf(first);
      await first.close();
      const second = await buildApp({ dataDir: dir, seed: 7, seedEntities: 50 });
      expect(await keyOf(second)).toBe(modulus);
      await second.close();
    } finally {
      await removeDir(dir);
    }
  });

  it('e-mails the report PDF through SMTP, after checking the address', async () => {
    const user = await demoLogin();
    const empty = await post(API_PATHS.h5ReportPdf, reportRequest(user, { Email: ' ' }));
    expect(empty).toMatchObject({ status: 400, body: { Data: null, Msg: H5_MESSAGES.reportEmailEmpty } });
    const bad = await post(API_PATHS.h5ReportPdf, reportRequest(user, { Email: 'lin@example' }));
    expect(bad).toMatchObject({ status: 400, body: { Msg: H5_MESSAGES.reportEmailInvalid } });
    const before = smtp.mails.length;
    const sent = await post(API_PATHS.h5ReportPdf, reportRequest(user, { Email: 'lin.xiaoyun@example.com' }));
    expect(sent).toMatchObject({ status: 200, body: { Data: { Status: 10 }, Msg: H5_MESSAGES.reportMailSent } });
    expect(smtp.mails).toHaveLength(before + 1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['lin.xiaoyun@example.com']);
    const attachment = pdfAttachment(mail.raw)!;
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(compact(await pdfText(attachment.content))).toContain(maskName(DEMO.Name));
  });
});

describe('the entity report by e-mail', () => {
  it('records the request, then mails the entity report PDF through SMTP', async () => {
    const user = await demoLogin();
    const { body } = await post<Success<{ Data: string }>>(API_PATHS.h5Entities, { Infotoken: user.Infotoken });
    const entity = (JSON.parse(body.Data.Data) as H5EntityRecord[])[0]!;
    const mailRequest = {
      email: 'lin.xiaoyun@example.com',
      entID: entity.BaseId,
      entName: entity.EntName,
      userID: user.Name,
      versionCode: 'G',
      Infotoken: user.Infotoken,
    };
    const early = await post<{ successful: boolean; msg: string }>(API_PATHS.h5SendEmail, mailRequest);
    expect(early).toMatchObject({ status: 400, body: { successful: false, msg: H5_MESSAGES.requestMissing } });

    const request = {
      BaseID: entity.BaseId,
      VersionCode: 'G',
      Infotoken: user.Infotoken,
      CertNo: entity.CertNo,
      InquiryMode: '个人查询信用',
    };
    const notMine = await post(API_PATHS.h5EntityReportRequest, { ...request, BaseID: '999999' });
    expect(notMine).toMatchObject({ status: 403, body: { Msg: H5_MESSAGES.entityNotLinked } });
    expect((await post(API_PATHS.h5EntityReportRequest, { ...request, CertNo: '91350200MA2YJ1XR9G' })).status).toBe(
      400,
    );
    expect((await post(API_PATHS.h5EntityReportRequest, { ...request, InquiryMode: '其他' })).status).toBe(400);
    const recorded = await post<Success<{ RequestId: string }>>(API_PATHS.h5EntityReportRequest, request);
    expect(recorded.body.Success).toBe(true);
    const row = testApp.app.db
      .prepare(
        'SELECT entity_id, version_code, cert_no, inquiry_mode, infotoken_hash FROM h5_entity_report_requests WHERE request_id = ?',
      )
      .get(recorded.body.Data.RequestId) as Record<string, unknown>;
    expect(row).toMatchObject({
      entity_id: Number(entity.BaseId),
      version_code: 'G',
      cert_no: entity.CertNo,
      inquiry_mode: '个人查询信用',
    });
    expect(row.infotoken_hash).not.toBe(user.Infotoken);

    const empty = await post(API_PATHS.h5SendEmail, { ...mailRequest, email: ' ' });
    expect(empty).toMatchObject({ status: 400, body: { successful: false, msg: H5_MESSAGES.entityEmailEmpty } });
    const before = smtp.mails.length;
    const sent = await post<{ successful: boolean; msg: string; data: { ReportNumber: string } }>(
      API_PATHS.h5SendEmail,
      mailRequest,
    );
    expect(sent.body).toMatchObject({ successful: true, msg: H5_MESSAGES.entityMailSent });
    expect(smtp.mails).toHaveLength(before + 1);
    const attachment = pdfAttachment(smtp.mails.at(-1)!.raw)!;
    // The portal's enterprise credit report of that entity (names wrap inside table cells: match the code).
    const text = compact(await pdfText(attachment.content));
    expect(text).toContain('企业信用报告');
    expect(text).toContain(entity.SCCode);
    expect(text).toContain(`报告编号：${sent.body.data.ReportNumber}`);
  });

  it('says the mail failed when the SMTP server refuses it', async () => {
    // A refusing server rather than a closed port: a freed port may be another test's by then.
    const down = await startSmtp({ refuse: true });
    const broken = await buildTestApp({ seedAsOf: AS_OF, h5TestMode: true, smtpUrl: down.url });
    try {
      const login = await injectJson<Success<H5UserInfo>>(broken.app, {
        method: 'POST',
        url: API_PATHS.h5TestUserInfo,
        payload: DEMO,
      });
      const user = login.body.Data;
      const answer = await injectJson(broken.app, {
        method: 'POST',
        url: API_PATHS.h5ReportPdf,
        payload: reportRequest(user, { Email: 'lin@example.com' }),
      });
      expect(answer).toMatchObject({ status: 200, body: { Data: { Status: 0 }, Msg: H5_MESSAGES.reportMailFailed } });
      expect(down.mails).toHaveLength(0);
    } finally {
      await broken.close();
      await down.close();
    }
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('writes the mail and its PDF under DATA_DIR/outbox and lists it on /outbox', async () => {
    const local = await buildTestApp({ seedAsOf: AS_OF, h5TestMode: true });
    try {
      const login = await injectJson<Success<H5UserInfo>>(local.app, {
        method: 'POST',
        url: API_PATHS.h5TestUserInfo,
        payload: DEMO,
      });
      const sent = await injectJson(local.app, {
        method: 'POST',
        url: API_PATHS.h5ReportPdf,
        payload: reportRequest(login.body.Data, { Email: 'lin@example.com' }),
      });
      expect(sent.body).toMatchObject({ Data: { Status: 10 } });
      const files = await fs.readdir(path.join(local.dataDir, 'outbox'));
      expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
      const page = await local.app.inject({ method: 'GET', url: '/outbox' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('lin@example.com');
      expect(page.body).toContain('个人公共信用报告');
      const pdfName = files.find((f) => f.endsWith('.pdf'))!;
      const pdf = await local.app.inject({ method: 'GET', url: `/outbox/${pdfName}` });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await local.app.inject({ method: 'GET', url: '/outbox/..%2Fcredit.sqlite' })).statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });
});

describe('logs', () => {
  it('write request URLs with their sensitive parameters masked', async () => {
    await testApp.app.inject({ method: 'GET', url: `/no-such-page?IdCard=${DEMO.IdCard}&type=1` });
    expect(logLines.some((line) => line.includes('/no-such-page?IdCard=[REDACTED]&type=1'))).toBe(true);
  });

  it('never show names, ID numbers, e-mail addresses or tokens', async () => {
    const user = await demoLogin();
    await get(API_PATHS.h5TestLogin, DEMO);
    await post(API_PATHS.h5IzLogin, { Infotoken: user.Infotoken });
    await post(
      API_PATHS.h5ReportPdf,
      reportRequest(user, { Email: 'secret.person@example.com', IdentityCard: '110105194912310029' }),
    );
    const text = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of [
      DEMO.Name,
      DEMO.IdCard,
      'secret.person',
      '110105194912310029',
      user.Infotoken,
      'lin.xiaoyun',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
