import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import JSEncryptModule from 'jsencrypt';
import {
  API_PATHS,
  ERROR_CODES,
  H5_CODE_PARAM,
  H5_DAILY_MAIL_LIMIT,
  H5_MESSAGES,
  buildReportSections,
  type H5EntityRecord,
  type H5RsaPublicKey,
  type H5UserInfo,
  type ReportTables,
  PRIVACY_RULES_VERSION,
} from '@credit-portal/shared';
import { buildApp as buildCreditService, FACE_VERIFY_PATH } from '@credit-portal/credit-service';
import { DEMO_PERSON } from '@credit-portal/credit-service/seed';
import {
  ENVELOPE_KEYS,
  LogCapture,
  startGateway,
  testConfig,
  type RunningGateway,
  upstreamEnv,
} from '../../support/gateway.js';

/*
 * The H5 app through the gateway: the legacy dialects ({ Success, Data, Msg },
 * { successful, msg }, { Data: { Status }, Msg }) normalized, never cached; the face-verification
 * hand-off bound to the browser that asked (code + verifier, once), the tab's session and
 * 退出, and the test login exchanged for user info (the izgtxytoken in a POST body: a GET with it in
 * the URL is refused before any upstream call); the entity list; another person's ID
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
        ...upstreamEnv(upstreamUrl),
        LOG_LEVEL: 'info',
        H5_TEST_MODE: 'true',
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
    const user = await request(gateway.url).post(API_PATHS.h5IzLogin).send({ Infotoken: izgtxytoken }).expect(200);
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

  /** A browser's secret verifier and its S256 challenge, as the SPA makes them. */
  function pkcePair() {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  }

  /** The stand-in face verification (a full-page hand-off, not through the gateway): the way back. */
  async function faceVerify(certToken: string): Promise<string> {
    const verified = await fetch(`${upstreamUrl}${FACE_VERIFY_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ certToken, name: DEMO.Name, idNumber: DEMO.IdCard, consent: '1' }).toString(),
    });
    expect(verified.status).toBe(303);
    return verified.headers.get('location')!;
  }

  it('exchanges a face-verified cert token for user info once, in the browser that asked for it', async () => {
    const encoded = await request(gateway.url).post(API_PATHS.h5Encode).send({ Platform: 'XCX_GW' }).expect(200);
    expectEnvelope(encoded);
    const { verifier, challenge } = pkcePair();
    const cert = await request(gateway.url)
      .post(API_PATHS.h5CertToken)
      .query({ type: '' })
      .send({
        EncodeMsg: encoded.body.data,
        ReturnUrl: `${gateway.url}/#/h5/gtxy`,
        CodeChallenge: challenge,
        ConsentVersion: PRIVACY_RULES_VERSION,
      })
      .expect(200);
    expectEnvelope(cert);
    const certToken = cert.body.data as string;
    const exchange = (body: Record<string, string>) =>
      request(gateway.url)
        .post(API_PATHS.h5CertExchange)
        .send({ certToken, type: '', ...body });

    const location = await faceVerify(certToken);
    const back = new URL(location);
    expect(`${back.origin}${back.pathname}${back.hash.split('?')[0]}`).toBe(`${gateway.url}/#/h5/gtxy`);
    expect(location).not.toContain(certToken);
    const code = new URLSearchParams(back.hash.split('?')[1]).get(H5_CODE_PARAM)!;
    expect(code).toMatch(/^[\w-]{43}$/);

    // The spec's GET with the token alone is no route any more.
    await request(gateway.url).get(API_PATHS.h5CertExchange).query({ certToken }).expect(404);
    const user = await exchange({ code, verifier }).expect(200);
    expectEnvelope(user);
    expect(user.body).toMatchObject({ ok: true, code: 200, data: DEMO });
    const again = await exchange({ code, verifier }).expect(401);
    expectEnvelope(again);
    expect(again.body).toMatchObject({ ok: false, message: H5_MESSAGES.certNotVerified, data: null });
    expect(again.body.code).not.toBe('not_logged_in');

    // The tab's reload: the same person and Infotoken; then 退出, after which it is refused.
    const infotoken = (user.body.data as H5UserInfo).Infotoken;
    const session = await request(gateway.url).post(API_PATHS.h5Session).send({ Infotoken: infotoken }).expect(200);
    expectEnvelope(session);
    expect(session.body.data).toEqual(user.body.data);
    const out = await request(gateway.url).post(API_PATHS.h5Logout).send({ Infotoken: infotoken }).expect(200);
    expectEnvelope(out);
    expect(out.body).toMatchObject({ ok: true, data: { Revoked: true } });
    const gone = await request(gateway.url).post(API_PATHS.h5Session).send({ Infotoken: infotoken }).expect(401);
    expect(gone.body).toMatchObject({ ok: false, message: H5_MESSAGES.loginExpired });
  });

  it('refuses the exchange to a browser without the verifier, and a cert token without a challenge', async () => {
    const { challenge } = pkcePair();
    const cert = await request(gateway.url)
      .post(API_PATHS.h5CertToken)
      .send({ ReturnUrl: `${gateway.url}/#/h5/gtxy`, CodeChallenge: challenge, ConsentVersion: PRIVACY_RULES_VERSION })
      .expect(200);
    const certToken = cert.body.data as string;
    const location = await faceVerify(certToken);
    const code = new URLSearchParams(new URL(location).hash.split('?')[1]).get(H5_CODE_PARAM)!;
    const stranger = await request(gateway.url)
      .post(API_PATHS.h5CertExchange)
      .send({ certToken, code, verifier: pkcePair().verifier })
      .expect(401);
    expect(stranger.body).toMatchObject({ ok: false, message: H5_MESSAGES.certNotVerified });
    // Refused by the gateway's own validation, before any upstream call.
    const bare = await request(gateway.url).post(API_PATHS.h5CertExchange).send({ certToken, code }).expect(400);
    expectEnvelope(bare);
    await request(gateway.url)
      .post(API_PATHS.h5CertToken)
      .send({ ReturnUrl: `${gateway.url}/` })
      .expect(400);
  });

  it('takes the izgtxytoken in a POST body only: a GET with ?Infotoken= is refused and reaches no upstream', async () => {
    const login = await request(gateway.url).get(API_PATHS.h5TestLogin).query(DEMO).expect(200);
    const { izgtxytoken } = JSON.parse(login.body.data as string) as { izgtxytoken: string };
    // Every request line the upstream receives, as it receives it.
    const seen: string[] = [];
    const record = (incoming: IncomingMessage) => seen.push(`${incoming.method} ${incoming.url}`);
    upstream.server.on('request', record);
    const logged = logs.lines.length;
    try {
      // The spec's GET, the token copied out of an access log: the gateway's own 404, no upstream call.
      const replayed = await request(gateway.url)
        .get(API_PATHS.h5IzLogin)
        .query({ Infotoken: izgtxytoken })
        .expect(404);
      expect(replayed.body).toMatchObject({ ok: false, code: ERROR_CODES.notFound, data: null });
      await request(gateway.url).head(API_PATHS.h5IzLogin).query({ Infotoken: izgtxytoken }).expect(404);
      // A POST with the token in its query string, not in its body: refused by the contract, no upstream call.
      const inQuery = await request(gateway.url)
        .post(API_PATHS.h5IzLogin)
        .query({ Infotoken: izgtxytoken })
        .send({})
        .expect(400);
      expectEnvelope(inQuery);
      expect(seen.filter((line) => line.includes(API_PATHS.h5IzLogin))).toEqual([]);

      // The same token in the body: logged in, and the upstream's request line carries no token.
      const user = await request(gateway.url).post(API_PATHS.h5IzLogin).send({ Infotoken: izgtxytoken }).expect(200);
      expectEnvelope(user);
      expect(user.body).toMatchObject({ ok: true, code: 200, data: DEMO });
      expect(seen.filter((line) => line.includes(API_PATHS.h5IzLogin))).toEqual([`POST ${API_PATHS.h5IzLogin}`]);
    } finally {
      upstream.server.off('request', record);
    }
    for (const line of seen) expect(line).not.toContain(izgtxytoken);
    expect(logs.lines.slice(logged).join('\n')).not.toContain(izgtxytoken);
    const row = gateway.app.config.routes.find((route) => route.path === API_PATHS.h5IzLogin);
    expect(row).toMatchObject({ methods: ['POST'], rateLimit: 'strict', cache: null });
  });

  it('has no test-login route without H5_TEST_MODE, even in front of an upstream that would answer it', async () => {
    const plain = await startGateway(testConfig({ ...upstreamEnv(upstreamUrl) }));
    const seen: string[] = [];
    const record = (incoming: IncomingMessage) => seen.push(`${incoming.method} ${incoming.url}`);
    upstream.server.on('request', record);
    try {
      // A bare name and ID number turned into a session, were the upstream's own flag on (it is here).
      const login = await request(plain.url).get(API_PATHS.h5TestLogin).query(DEMO).expect(404);
      expect(login.body).toMatchObject({ ok: false, code: ERROR_CODES.notFound, data: null });
      await request(plain.url).post(API_PATHS.h5TestUserInfo).send(DEMO).expect(404);
      expect(seen).toEqual([]);
    } finally {
      upstream.server.off('request', record);
      await plain.close();
    }
  });

  it('sends the upstream only the query parameters a call’s contract names: a token added to the address stays out of its log', async () => {
    const login = await request(gateway.url).get(API_PATHS.h5TestLogin).query(DEMO).expect(200);
    const { izgtxytoken } = JSON.parse(login.body.data as string) as { izgtxytoken: string };
    const user = await request(gateway.url).post(API_PATHS.h5IzLogin).send({ Infotoken: izgtxytoken }).expect(200);
    const infotoken = (user.body.data as { Infotoken: string }).Infotoken;
    const seen: string[] = [];
    const record = (incoming: IncomingMessage) => seen.push(`${incoming.method} ${incoming.url}`);
    upstream.server.on('request', record);
    try {
      // A body call (no query in its contract) with the token in the address too, and a made-up parameter.
      await request(gateway.url)
        .post(API_PATHS.h5Entities)
        .query({ Infotoken: infotoken, x: '1' })
        .send({ Infotoken: infotoken })
        .expect(200);
    } finally {
      upstream.server.off('request', record);
    }
    expect(seen).toEqual([`POST ${API_PATHS.h5Entities}`]);
  });

  it('never caches an H5 route', () => {
    const h5 = gateway.app.config.routes.filter((route) => /^\/(?:user|wechat|grxy|api\/user)\//i.test(route.path));
    expect(h5.map((route) => route.path)).toEqual(
      expect.arrayContaining([API_PATHS.h5CertExchange, API_PATHS.h5Session, API_PATHS.h5Logout]),
    );
    for (const route of h5) expect(route.cache, route.path).toBeNull();
    const strict = (path: string) => gateway.app.config.routes.find((route) => route.path === path)?.rateLimit;
    expect([strict(API_PATHS.h5CertExchange), strict(API_PATHS.h5Session)]).toEqual(['strict', 'strict']);
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
    // The final token opens one report, once (a binary route's refusal is the gateway's own 401 envelope).
    const replay = await request(gateway.url).get(API_PATHS.h5ReportFile).query({ token: final.body.data }).expect(401);
    expect(replay.body).toMatchObject({ ok: false, data: null });

    const forged = await request(gateway.url)
      .post(API_PATHS.h5PersonInfo)
      .send({ ...identity(), idCard: encrypt('11010519491231002X') })
      .expect(403);
    expect(forged.body).toMatchObject({ ok: false, message: H5_MESSAGES.identityRefused });
  });

  it('passes the daily limit of report e-mails on as a refusal with its message', async () => {
    // A person of this test's own: the other tests mail for the demo person.
    const other = upstream.db
      .prepare(
        "SELECT name AS Name, id_number AS IdCard FROM h5_persons WHERE is_demo = 0 AND residence = '本地户籍' LIMIT 1",
      )
      .get() as { Name: string; IdCard: string };
    const login = await request(gateway.url).post(API_PATHS.h5TestUserInfo).send(other).expect(200);
    const user = login.body.data as H5UserInfo;
    const mail = () =>
      request(gateway.url)
        .post(API_PATHS.h5ReportPdf)
        .send(reportBody(user, { Email: 'someone@example.com' }));
    for (let i = 0; i < H5_DAILY_MAIL_LIMIT; i += 1) expect((await mail()).body).toMatchObject({ ok: true, code: 10 });
    const refused = await mail().expect(429);
    expectEnvelope(refused);
    expect(refused.body).toMatchObject({ ok: false, message: H5_MESSAGES.mailLimit, data: null });
  });

  it('keeps names, ID numbers, e-mail addresses and tokens out of its logs', async () => {
    const user = await testLogin();
    const verifier = pkcePair().verifier;
    await request(gateway.url)
      .post(API_PATHS.h5CertExchange)
      .send({ certToken: user.Infotoken, code: 'one-time-code-value', verifier });
    await request(gateway.url)
      .post(API_PATHS.h5ReportPdf)
      .send(reportBody(user, { Email: 'secret.person@example.com' }));
    const text = logs.text;
    expect(logs.lines.filter((line) => line.includes('"msg":"request completed"')).length).toBeGreaterThan(10);
    expect(text).toContain(API_PATHS.h5IzLogin);
    for (const secret of [
      DEMO.Name,
      DEMO.IdCard,
      user.Infotoken,
      verifier,
      'one-time-code-value',
      'secret.person',
      'lin.xiaoyun',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
