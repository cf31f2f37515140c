import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import JSEncryptModule from 'jsencrypt';
import {
  API_PATHS,
  H5_MESSAGES,
  buildReportSections,
  type H5EntityRecord,
  type H5RsaPublicKey,
  type H5UserInfo,
  type ReportTables,
} from '@credit-portal/shared';
import { buildApp as buildCreditService, DEMO_PERSON, FACE_VERIFY_PATH } from '@credit-portal/credit-service';
import { ENVELOPE_KEYS, LogCapture, startGateway, testConfig, type RunningGateway } from './support/gateway.js';

/*
 * The H5 app through the gateway (issue 12): the legacy dialects ({ Success, Data, Msg },
 * { successful, msg }, { Data: { Status }, Msg }) normalized, never cached; the face-verification
 * hand-off and the test login exchanged for user info; the entity list; another person's ID
 * number and an expired Infotoken refused; the RSA round trip with the browser's jsencrypt up to
 * the report file; and no personal data in the gateway's logs.
 */

const DEMO = { Name: DEMO_PERSON.name, IdCard: DEMO_PERSON.idNumber };

type Encryptor = { getKey(): { setPublic(n: string, e: string): void }; encrypt(text: string): string | false };
const JSEncrypt = ((JSEncryptModule as unknown as { default?: unknown }).default ??
  JSEncryptModule) as new () => Encryptor;

describe('the H5 app through the gateway', () => {
  let dataDir: string;
  let upstream: FastifyInstance;
  let upstreamUrl: string;
  let gateway: RunningGateway;
  const logs = new LogCapture();

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gateway-test-h5-'));
    upstream = await buildCreditService({ dataDir, seed: 7, seedEntities: 300, h5TestMode: true, demo: true });
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const address = upstream.server.address();
    upstreamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    gateway = await startGateway(
      testConfig({
        CREDIT_API_URL: upstreamUrl,
        CMS_API_URL: upstreamUrl,
        REPORT_API_URL: upstreamUrl,
        LOG_LEVEL: 'info',
      }),
      logs,
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Every H5 answer: the normalized envelope, never cached. */
  function expectEnvelope(response: request.Response) {
    expect(Object.keys(response.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(response.headers['x-cache']).toBe('BYPASS');
    expect(response.headers['cache-control']).toBe('no-store');
  }

  async function testLogin(): Promise<H5UserInfo> {
    const login = await request(gateway.url)
      .get(API_PATHS.h5TestLogin)
      .query({ ...DEMO, type: '' })
      .expect(200);
    expectEnvelope(login);
    expect(login.body).toMatchObject({ ok: true, code: 200 });
    const { izgtxytoken } = JSON.parse(login.body.data as string) as { izgtxytoken: string };
    const user = await request(gateway.url).get(API_PATHS.h5IzLogin).query({ Infotoken: izgtxytoken }).expect(200);
    expectEnvelope(user);
    expect(user.body.data).toMatchObject(DEMO);
    return user.body.data as H5UserInfo;
  }

  const reportBody = (user: H5UserInfo, over: Record<string, string> = {}) => ({
    Infotoken: user.Infotoken,
    UserName: user.Name,
    IdentityCard: user.IdCard,
    VersionCode: 'C',
    ReportNumber: '',
    ...over,
  });

  it('exchanges a face-verified cert token for user info', async () => {
    const encoded = await request(gateway.url).post(API_PATHS.h5Encode).send({ Platform: 'XCX_GW' }).expect(200);
    expectEnvelope(encoded);
    const cert = await request(gateway.url)
      .post(API_PATHS.h5CertToken)
      .query({ type: '' })
      .send({ EncodeMsg: encoded.body.data, ReturnUrl: `${gateway.url}/#/h5/gtxy` })
      .expect(200);
    expectEnvelope(cert);
    const certToken = cert.body.data as string;
    const early = await request(gateway.url).get(API_PATHS.h5CertExchange).query({ certToken }).expect(401);
    expect(early.body).toMatchObject({ ok: false, message: H5_MESSAGES.certNotVerified, data: null });
    expect(early.body.code).not.toBe('not_logged_in');

    // The person passes the stand-in face verification (a full-page hand-off, not through the gateway).
    const verified = await fetch(`${upstreamUrl}${FACE_VERIFY_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ certToken, name: DEMO.Name, idNumber: DEMO.IdCard, consent: '1' }).toString(),
    });
    expect(verified.status).toBe(303);
    expect(verified.headers.get('location')).toBe(
      `${gateway.url}/#/h5/gtxy?certToken=${encodeURIComponent(certToken)}`,
    );

    const user = await request(gateway.url).get(API_PATHS.h5CertExchange).query({ certToken }).expect(200);
    expectEnvelope(user);
    expect(user.body).toMatchObject({ ok: true, code: 200, data: DEMO });
  });

  it('lists the linked entities as Data.Data, a JSON string', async () => {
    const user = await testLogin();
    const answer = await request(gateway.url)
      .post(API_PATHS.h5Entities)
      .send({ Infotoken: user.Infotoken })
      .expect(200);
    expectEnvelope(answer);
    const entities = JSON.parse(answer.body.data.Data as string) as H5EntityRecord[];
    expect(entities.length).toBeGreaterThan(2);
    expect(Object.keys(entities[0]!).sort()).toEqual(
      ['BaseId', 'CertNo', 'EntCategory', 'EntName', 'EntStatus', 'EstDate', 'Position', 'RecordId', 'SCCode'].sort(),
    );
  });

  it("refuses another person's ID number, and an expired Infotoken", async () => {
    const user = await testLogin();
    const other = await request(gateway.url)
      .post(API_PATHS.h5ReportData)
      .send(reportBody(user, { IdentityCard: '11010519491231002X' }))
      .expect(403);
    expectEnvelope(other);
    expect(other.body).toMatchObject({ ok: false, message: H5_MESSAGES.notOwnData, data: null });

    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 31 * 60_000);
    const expired = await request(gateway.url)
      .post(API_PATHS.h5Entities)
      .send({ Infotoken: user.Infotoken })
      .expect(401);
    expectEnvelope(expired);
    expect(expired.body).toMatchObject({ ok: false, message: H5_MESSAGES.loginExpired, data: null });
  });

  it('normalizes the report service: tables with Status 10, the PDF mail, and its validation', async () => {
    const user = await testLogin();
    const data = await request(gateway.url).post(API_PATHS.h5ReportData).send(reportBody(user)).expect(200);
    expectEnvelope(data);
    expect(data.body).toMatchObject({ ok: true, code: 10 });
    const built = buildReportSections(JSON.parse(data.body.data.Data as string) as ReportTables);
    expect(built.sections).toHaveLength(6);
    expect(built.reportNumber).toMatch(/^GRXY/);

    const invalid = await request(gateway.url)
      .post(API_PATHS.h5ReportPdf)
      .send(reportBody(user, { ReportNumber: built.reportNumber, Email: 'lin@example' }))
      .expect(400);
    expect(invalid.body).toMatchObject({ ok: false, message: H5_MESSAGES.reportEmailInvalid });
    const sent = await request(gateway.url)
      .post(API_PATHS.h5ReportPdf)
      .send(reportBody(user, { ReportNumber: built.reportNumber, Email: 'lin.xiaoyun@example.com' }))
      .expect(200);
    expectEnvelope(sent);
    expect(sent.body).toMatchObject({ ok: true, code: 10, message: H5_MESSAGES.reportMailSent });

    const available = await request(gateway.url)
      .post(API_PATHS.h5ReportAvailability)
      .send({ ...reportBody(user), printStyle: '1' })
      .expect(200);
    expect(available.body).toMatchObject({ ok: true, code: 200, data: { Status: 10 } });
  });

  it('records an entity report request and mails it (the successful dialect)', async () => {
    const user = await testLogin();
    const list = await request(gateway.url).post(API_PATHS.h5Entities).send({ Infotoken: user.Infotoken });
    const entity = (JSON.parse(list.body.data.Data as string) as H5EntityRecord[])[0]!;
    const recorded = await request(gateway.url)
      .post(API_PATHS.h5EntityReportRequest)
      .send({
        BaseID: entity.BaseId,
        VersionCode: 'G',
        Infotoken: user.Infotoken,
        CertNo: entity.CertNo,
        InquiryMode: '个人查询信用',
      })
      .expect(200);
    expectEnvelope(recorded);
    const sent = await request(gateway.url)
      .post(API_PATHS.h5SendEmail)
      .send({
        email: 'lin.xiaoyun@example.com',
        entID: entity.BaseId,
        entName: entity.EntName,
        userID: user.Name,
        versionCode: 'G',
        Infotoken: user.Infotoken,
      })
      .expect(200);
    expectEnvelope(sent);
    expect(sent.body).toMatchObject({ ok: true, code: 200, message: H5_MESSAGES.entityMailSent });
    expect(sent.body.data.ReportNumber).toMatch(/\d{6}$/);
  });

  it('round-trips name and ID encrypted by jsencrypt to the report file, which streams through', async () => {
    const user = await testLogin();
    const key = await request(gateway.url)
      .post(API_PATHS.h5RsaPublicKey)
      .query({ action: 'GetRSAPublicKey' })
      .send({})
      .expect(200);
    expectEnvelope(key);
    const publicKey = key.body.data as H5RsaPublicKey;
    const encryptor = new JSEncrypt();
    encryptor.getKey().setPublic(publicKey.PublicKeyModulus, publicKey.PublicKeyExponent);
    const encrypt = (text: string) => encryptor.encrypt(text) as string;
    const identity = () => ({
      Infotoken: user.Infotoken,
      name: encrypt(user.Name),
      idCard: encrypt(user.IdCard),
      timestamp: encrypt(String(Date.now())),
    });
    const check = await request(gateway.url).post(API_PATHS.h5PersonInfo).send(identity()).expect(200);
    expect(check.body).toMatchObject({ ok: true, data: { HasReport: true } });
    const step = await request(gateway.url).post(API_PATHS.h5IndividualToken).send(identity()).expect(200);
    const final = await request(gateway.url)
      .post(API_PATHS.h5IndividualInfo)
      .send({ ...identity(), token: step.body.data })
      .expect(200);
    expectEnvelope(final);
    const file = await request(gateway.url)
      .get(API_PATHS.h5ReportFile)
      .query({ token: final.body.data })
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-cache']).toBe('BYPASS');
    expect((file.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const forged = await request(gateway.url)
      .post(API_PATHS.h5PersonInfo)
      .send({ ...identity(), idCard: encrypt('11010519491231002X') })
      .expect(403);
    expect(forged.body).toMatchObject({ ok: false, message: H5_MESSAGES.notOwnData });
  });

  it('keeps names, ID numbers, e-mail addresses and tokens out of its logs', async () => {
    const user = await testLogin();
    await request(gateway.url).get(API_PATHS.h5CertExchange).query({ certToken: user.Infotoken });
    await request(gateway.url)
      .post(API_PATHS.h5ReportPdf)
      .send(reportBody(user, { Email: 'secret.person@example.com' }));
    const text = logs.text;
    expect(logs.lines.filter((line) => line.includes('"msg":"request completed"')).length).toBeGreaterThan(10);
    expect(text).toContain(API_PATHS.h5IzLogin);
    for (const secret of [DEMO.Name, DEMO.IdCard, user.Infotoken, 'secret.person', 'lin.xiaoyun']) {
      expect(text).not.toContain(secret);
    }
  });
});
