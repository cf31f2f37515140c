import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  H5_MESSAGES,
  buildReportSections,
  maskName,
  type H5UserInfo,
  type ReportTables,
} from '@credit-portal/shared';
import { buildApp } from '../../../src/app.js';
import { removeDir, tempDir, type TestApp } from '../../helper.js';
import { browserEncryptor, pdfAttachment } from './support.js';
import { buildH5TestApp, DEMO, h5Requests, reportRequest, type H5TestApp, type Success } from './app-support.js';
import { compact, pdfText } from '../services/pdf-text.js';

/*
 * The H5 app's personal report in the credit-service: availability and tables, the RSA round trip
 * with the browser's library to the report file, the key pair kept, and the report by mail.
 */

let testApp: H5TestApp;
const { post, demoLogin, rsaPublicKey } = h5Requests(() => testApp.app);

beforeAll(async () => {
  testApp = await buildH5TestApp();
});
afterAll(() => testApp?.close());

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
    const before = testApp.smtp.mails.length;
    const sent = await post(API_PATHS.h5ReportPdf, reportRequest(user, { Email: 'lin.xiaoyun@example.com' }));
    expect(sent).toMatchObject({ status: 200, body: { Data: { Status: 10 }, Msg: H5_MESSAGES.reportMailSent } });
    expect(testApp.smtp.mails).toHaveLength(before + 1);
    const mail = testApp.smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['lin.xiaoyun@example.com']);
    const attachment = pdfAttachment(mail.raw)!;
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(compact(await pdfText(attachment.content))).toContain(maskName(DEMO.Name));
  });
});
