import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Value } from 'typebox/value';
import {
  API_PATHS,
  ERROR_MESSAGES,
  H5_MESSAGES,
  H5EntityRecordsSchema,
  type H5EntityRecord,
  type H5UserInfo,
  PRIVACY_RULES_VERSION,
} from '@credit-portal/shared';
import { DEFAULT_H5_TOKEN_TTL_SECONDS } from '../../../src/routes/h5/index.js';
import { buildTestApp, injectJson } from '../../helper.js';
import { codeOf, pkcePair } from './support.js';
import {
  AS_OF,
  buildH5TestApp,
  DEMO,
  h5Requests,
  reportRequest,
  travel,
  type H5TestApp,
  type Success,
} from './app-support.js';

/*
 * The H5 app's logins in the credit-service: the hand-offs (face verification, the test login),
 * then the session they give: linked entities, only-your-own-data, token expiry.
 */

let testApp: H5TestApp;
const { post, get, demoLogin } = h5Requests(() => testApp.app);

beforeAll(async () => {
  testApp = await buildH5TestApp();
});
afterAll(() => testApp?.close());
afterEach(() => {
  vi.useRealTimers();
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
      payload: { EncodeMsg: encoded.body.Data, CodeChallenge: challenge, ConsentVersion: PRIVACY_RULES_VERSION },
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
        payload: { CodeChallenge: challenge, ConsentVersion: PRIVACY_RULES_VERSION, ...body },
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
    const lines = testApp.logLines.length;

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
    expect(testApp.logLines.slice(lines).join('\n')).not.toContain(izgtxytoken);

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
