import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  H5_DAILY_MAIL_LIMIT,
  H5_FACE_VERIFY_MAX_FAILURES,
  H5_MESSAGES,
  type H5EntityRecord,
  type H5UserInfo,
  PRIVACY_RULES_VERSION,
} from '@credit-portal/shared';
import { DEMO_PERSON } from '../../../src/demo/seed/index.js';
import { FACE_VERIFY_PATH } from '../../../src/routes/h5/index.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';
import { browserEncryptor, codeOf, faceVerifyForm, pkcePair } from './support.js';

/*
 * H5 face verification bound to its browser: each attack is a test.
 * A cert token is bound to the browser that asked for it (its verifier) and comes back as a
 * one-time code, exchanged once; the stand-in allows few tries and prints no ID number; return
 * addresses are the portal's (loopback in demo mode only); the final report token works once;
 * report e-mails are limited per person and day; 退出 revokes the login and what came from it.
 */

const PORTAL = 'https://xyyz.example.gov.cn/';
const DEMO = { Name: DEMO_PERSON.name, IdCard: DEMO_PERSON.idNumber };

interface Success<T> {
  Success: boolean;
  Data: T;
  Msg: string;
}

let service: TestApp;

beforeAll(async () => {
  service = await buildTestApp({ h5TestMode: true, portalUrl: PORTAL });
});
afterAll(() => service?.close());

const post = <T>(url: string, payload: unknown, app = service.app) =>
  injectJson<T>(app, { method: 'POST', url, payload: payload as Record<string, unknown> });

/** Browser A asks for a cert token with its challenge; returns the token and A's verifier. */
async function startLogin(app = service.app, body: Record<string, string> = {}) {
  const { verifier, challenge } = pkcePair();
  const cert = await post<Success<string>>(
    API_PATHS.h5CertToken,
    { CodeChallenge: challenge, ConsentVersion: PRIVACY_RULES_VERSION, ...body },
    app,
  );
  expect(cert.status).toBe(200);
  return { certToken: cert.body.Data, verifier };
}

/** Whoever opens the link passes the stand-in as the demo person; returns the code of the way back. */
async function verifyAsDemo(certToken: string): Promise<string> {
  const verified = await faceVerifyForm(service.app, { certToken, name: DEMO.Name, idNumber: DEMO.IdCard });
  expect(verified.statusCode).toBe(303);
  return codeOf(verified.headers.location as string)!;
}

const exchange = (body: Record<string, string>) =>
  post<Success<H5UserInfo | null>>(API_PATHS.h5CertExchange, { type: '', ...body });

const REFUSED = { status: 401, body: { Success: false, Data: null, Msg: H5_MESSAGES.certNotVerified } };

describe('a cert token is bound to the browser that asked for it', () => {
  it('refuses the creator without the code: a link sent to someone else yields nothing', async () => {
    // The attacker makes the token in browser A and sends the victim the face-verification link.
    const { certToken, verifier } = await startLogin();
    await verifyAsDemo(certToken);
    // A has the token and its verifier, but the code went to the victim's browser.
    expect(await exchange({ certToken, verifier, code: 'x'.repeat(43) })).toMatchObject(REFUSED);
    // The spec's GET with the token alone is gone.
    const get = await service.app.inject({ method: 'GET', url: API_PATHS.h5CertExchange, query: { certToken } });
    expect(get.statusCode).toBe(404);
  });

  it('refuses the browser that verified without the creator’s verifier, and a wrong verifier ends the token', async () => {
    const { certToken, verifier } = await startLogin();
    const code = await verifyAsDemo(certToken);
    // Browser B has the code (its address bar) and the token (the link), but not A's verifier.
    expect(await exchange({ certToken, code, verifier: pkcePair().verifier })).toMatchObject(REFUSED);
    // The token was spent by that attempt: even the right pair is refused now.
    expect(await exchange({ certToken, code, verifier })).toMatchObject(REFUSED);
  });

  it('exchanges token + code + verifier exactly once, also when two exchanges race', async () => {
    const first = await startLogin();
    const firstCode = await verifyAsDemo(first.certToken);
    const user = await exchange({ ...first, code: firstCode });
    expect(user).toMatchObject({
      status: 200,
      body: { Success: true, Data: { Name: DEMO.Name, IdCard: DEMO.IdCard } },
    });
    expect(await exchange({ ...first, code: firstCode })).toMatchObject(REFUSED);

    const second = await startLogin();
    const code = await verifyAsDemo(second.certToken);
    const answers = await Promise.all([exchange({ ...second, code }), exchange({ ...second, code })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('needs a challenge to issue a token, and sends the person back with a code, never the token', async () => {
    const missing = await post<Success<null>>(API_PATHS.h5CertToken, {});
    expect(missing.status).toBe(400);
    const { certToken } = await startLogin();
    const verified = await faceVerifyForm(service.app, { certToken, name: DEMO.Name, idNumber: DEMO.IdCard });
    const location = verified.headers.location as string;
    expect(location.startsWith(`${PORTAL}#/h5/gtxy?code=`)).toBe(true);
    expect(location).not.toContain(certToken);
    // Verified once: a second verification (someone else's browser, the same link) is refused.
    const again = await faceVerifyForm(service.app, { certToken, name: DEMO.Name, idNumber: DEMO.IdCard });
    expect(again.statusCode).toBe(410);
  });

  it('lets the code expire five minutes after the verification', async () => {
    const { certToken, verifier } = await startLogin();
    const code = await verifyAsDemo(certToken);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(now + 5 * 60_000 + 1_000);
      expect(await exchange({ certToken, code, verifier })).toMatchObject(REFUSED);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps codes, verifiers and tokens hashed in the database', async () => {
    const { certToken, verifier } = await startLogin();
    const code = await verifyAsDemo(certToken);
    const dump = JSON.stringify(service.app.db.prepare('SELECT * FROM h5_tokens').all());
    for (const secret of [certToken, verifier, code]) expect(dump).not.toContain(secret);
  });
});

describe('the face-verification stand-in', () => {
  it('ends a link after five failed tries', async () => {
    const { certToken, verifier } = await startLogin();
    const wrong = { certToken, name: DEMO.Name, idNumber: '350203198806150000' };
    for (let left = H5_FACE_VERIFY_MAX_FAILURES - 1; left > 0; left -= 1) {
      const answer = await faceVerifyForm(service.app, wrong);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(`还可尝试 ${left} 次`);
    }
    const last = await faceVerifyForm(service.app, wrong);
    expect(last.statusCode).toBe(410);
    expect(last.body).toContain(H5_MESSAGES.linkExpired);
    expect(last.body).toContain(H5_MESSAGES.tooManyFailures);
    // Dead: the right person is refused, the page is gone, nothing can be exchanged.
    const right = await faceVerifyForm(service.app, { certToken, name: DEMO.Name, idNumber: DEMO.IdCard });
    expect(right.statusCode).toBe(410);
    expect(right.headers.location).toBeUndefined();
    const page = await service.app.inject({ method: 'GET', url: FACE_VERIFY_PATH, query: { certToken } });
    expect(page.statusCode).toBe(410);
    expect(await exchange({ certToken, verifier, code: 'x'.repeat(43) })).toMatchObject(REFUSED);
  });

  it('says it is a demo and prints no ID number', async () => {
    const { certToken } = await startLogin();
    const page = await service.app.inject({ method: 'GET', url: FACE_VERIFY_PATH, query: { certToken } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('演示环境');
    expect(page.body).not.toContain(DEMO.IdCard);
    expect(page.body).not.toContain(DEMO.IdCard.slice(-6));
  });
});

describe('return addresses', () => {
  const refused = { status: 400, body: { Success: false, Msg: H5_MESSAGES.returnUrlRefused } };
  const ask = (app: TestApp['app'], ReturnUrl: string) =>
    post<Success<string | null>>(
      API_PATHS.h5CertToken,
      { CodeChallenge: pkcePair().challenge, ConsentVersion: PRIVACY_RULES_VERSION, ReturnUrl },
      app,
    );

  it('are the portal only on a public bind (no demo mode): no loopback address on any port', async () => {
    const live = await buildTestApp({ demo: false, portalUrl: PORTAL });
    try {
      expect((await ask(live.app, `${PORTAL}#/h5/gtxy`)).status).toBe(200);
      for (const url of [
        'http://localhost:31337/steal',
        'http://127.1/',
        'http://0x7f000001/',
        'http://[::1]:9/x',
        'http://127.0.0.1:8080/#/h5/gtxy',
        'http://xyyz.example.gov.cn/#/h5/gtxy',
        'https://xyyz.example.gov.cn:8443/#/h5/gtxy',
        // The portal, but not the flow's own page.
        PORTAL,
        `${PORTAL}#/grzx/userlogin`,
        `${PORTAL}#/h5/PersonCreditReport`,
        `${PORTAL}#/h5/gtxy?next=%2Fgrzx`,
        // The portal's origin and page, but another path of it: a stranger's page behind a
        // double slash, an uploaded file, a query.
        `${new URL(PORTAL).origin}//evil.example/#/h5/gtxy`,
        `${new URL(PORTAL).origin}/uploads/page.html#/h5/gtxy`,
        `${PORTAL}?from=mail#/h5/gtxy`,
      ]) {
        expect(await ask(live.app, url), url).toMatchObject(refused);
      }
    } finally {
      await live.close();
    }
  });

  it('in demo mode add the loopback host by its parsed name, never a look-alike', async () => {
    for (const url of [
      'http://localhost:31337/#/h5/gtxy',
      'http://127.0.0.1:5173/#/h5/gtxy',
      'http://[::1]:9/#/h5/gtxy',
    ]) {
      expect((await ask(service.app, url)).status, url).toBe(200);
    }
    for (const url of [
      'http://evil.example/',
      'http://127.1.evil.example/',
      'http://localhost.evil.example/',
      'http://localhost@evil.example/',
      'http://user:pw@localhost/',
      'ftp://localhost/',
      'http://[::1]:9/x#/h5/gtxy',
      'http://localhost:5173//evil.example/#/h5/gtxy',
    ]) {
      expect(await ask(service.app, url), url).toMatchObject(refused);
    }
  });
});

describe('the tab session and 退出', () => {
  async function testLogin(): Promise<{ user: H5UserInfo; izgtxytoken: string }> {
    const login = await injectJson<Success<string>>(service.app, {
      method: 'GET',
      url: API_PATHS.h5TestLogin,
      query: DEMO,
    });
    const { izgtxytoken } = JSON.parse(login.body.Data) as { izgtxytoken: string };
    const user = await post<Success<H5UserInfo>>(API_PATHS.h5IzLogin, { Infotoken: izgtxytoken });
    return { user: user.body.Data, izgtxytoken };
  }

  it('answers a reload with the same user info and the same Infotoken', async () => {
    const { certToken, verifier } = await startLogin();
    const code = await verifyAsDemo(certToken);
    const user = (await exchange({ certToken, verifier, code })).body.Data!;
    const session = await post<Success<H5UserInfo>>(API_PATHS.h5Session, { Infotoken: user.Infotoken });
    expect(session).toMatchObject({ status: 200, body: { Success: true, Data: user } });
    const unknown = await post<Success<null>>(API_PATHS.h5Session, { Infotoken: 'no-such-token' });
    expect(unknown).toMatchObject({ status: 401, body: { Msg: H5_MESSAGES.loginExpired } });
  });

  it('revokes the Infotoken, the report tokens made from it and the izgtxytoken it came from', async () => {
    const { user, izgtxytoken } = await testLogin();
    const key = await post<Success<{ PublicKeyModulus: string; PublicKeyExponent: string }>>(
      `${API_PATHS.h5RsaPublicKey}?action=GetRSAPublicKey`,
      {},
    );
    const encrypt = browserEncryptor(key.body.Data);
    const identity = () => ({
      Infotoken: user.Infotoken,
      name: encrypt(user.Name),
      idCard: encrypt(user.IdCard),
      timestamp: encrypt(String(Date.now())),
    });
    const step = await post<Success<string>>(API_PATHS.h5IndividualToken, identity());
    const final = await post<Success<string>>(API_PATHS.h5IndividualInfo, { ...identity(), token: step.body.Data });
    expect(final.body.Success).toBe(true);

    const out = await post<Success<{ Revoked: boolean }>>(API_PATHS.h5Logout, { Infotoken: user.Infotoken });
    expect(out).toMatchObject({ status: 200, body: { Success: true, Data: { Revoked: true } } });

    const expired = { status: 401, body: { Msg: H5_MESSAGES.loginExpired } };
    expect(await post(API_PATHS.h5Entities, { Infotoken: user.Infotoken })).toMatchObject(expired);
    expect(await post(API_PATHS.h5Session, { Infotoken: user.Infotoken })).toMatchObject(expired);
    expect(await post(API_PATHS.h5IzLogin, { Infotoken: izgtxytoken })).toMatchObject(expired);
    const file = await service.app.inject({
      method: 'GET',
      url: API_PATHS.h5ReportFile,
      query: { token: final.body.Data },
    });
    expect(file.statusCode).toBe(401);
    // Again: nothing left to revoke, the same friendly answer.
    const twice = await post<Success<{ Revoked: boolean }>>(API_PATHS.h5Logout, { Infotoken: user.Infotoken });
    expect(twice).toMatchObject({ status: 200, body: { Success: true, Data: { Revoked: false } } });
  });

  it('leaves another login of the same person alone', async () => {
    const first = await testLogin();
    const second = await testLogin();
    await post(API_PATHS.h5Logout, { Infotoken: first.user.Infotoken });
    expect((await post(API_PATHS.h5Entities, { Infotoken: second.user.Infotoken })).status).toBe(200);
  });
});

describe('the final report token', () => {
  it('opens one report once; the second fetch numbers nothing new', async () => {
    const user = (await post<Success<H5UserInfo>>(API_PATHS.h5TestUserInfo, DEMO)).body.Data;
    const key = await post<Success<{ PublicKeyModulus: string; PublicKeyExponent: string }>>(
      `${API_PATHS.h5RsaPublicKey}?action=GetRSAPublicKey`,
      {},
    );
    const encrypt = browserEncryptor(key.body.Data);
    const identity = () => ({
      Infotoken: user.Infotoken,
      name: encrypt(user.Name),
      idCard: encrypt(user.IdCard),
      timestamp: encrypt(String(Date.now())),
    });
    const step = await post<Success<string>>(API_PATHS.h5IndividualToken, identity());
    const final = await post<Success<string>>(API_PATHS.h5IndividualInfo, { ...identity(), token: step.body.Data });
    // The first token leads to one final token only.
    const again = await post<Success<null>>(API_PATHS.h5IndividualInfo, { ...identity(), token: step.body.Data });
    expect(again).toMatchObject({ status: 401, body: { Msg: H5_MESSAGES.reportTokenInvalid } });

    const reports = service.app.db.prepare('SELECT COUNT(*) FROM h5_reports').pluck();
    const before = reports.get() as number;
    const fetchFile = () =>
      service.app.inject({ method: 'GET', url: API_PATHS.h5ReportFile, query: { token: final.body.Data } });
    const first = await fetchFile();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(reports.get()).toBe(before + 1);
    const second = await fetchFile();
    expect(second.statusCode).toBe(401);
    expect(JSON.parse(second.body)).toMatchObject({ Msg: H5_MESSAGES.reportTokenInvalid });
    expect(reports.get()).toBe(before + 1);
  });
});

describe('report e-mails', () => {
  it(`are at most ${H5_DAILY_MAIL_LIMIT} a day per person, personal and entity reports together`, async () => {
    // A person of its own: the other tests mail for the demo person.
    const person = service.app.db
      .prepare(
        `SELECT name, id_number AS idNumber FROM h5_persons WHERE is_demo = 0 AND residence = '本地户籍'
           AND id IN (SELECT person_id FROM h5_person_entities) ORDER BY id LIMIT 1`,
      )
      .get() as { name: string; idNumber: string };
    const user = (
      await post<Success<H5UserInfo>>(API_PATHS.h5TestUserInfo, { Name: person.name, IdCard: person.idNumber })
    ).body.Data;
    const personal = () =>
      post<{ Data: { Status: number } | null; Msg: string }>(API_PATHS.h5ReportPdf, {
        Infotoken: user.Infotoken,
        UserName: user.Name,
        IdentityCard: user.IdCard,
        VersionCode: 'C',
        ReportNumber: '',
        Email: 'someone@example.com',
      });
    const list = await post<Success<{ Data: string }>>(API_PATHS.h5Entities, { Infotoken: user.Infotoken });
    const entity = (JSON.parse(list.body.Data.Data) as H5EntityRecord[])[0]!;
    await post(API_PATHS.h5EntityReportRequest, {
      BaseID: entity.BaseId,
      VersionCode: 'G',
      Infotoken: user.Infotoken,
      CertNo: entity.CertNo,
      InquiryMode: '个人查询信用',
    });
    const entityMail = () =>
      post<{ successful: boolean; msg: string }>(API_PATHS.h5SendEmail, {
        email: 'someone@example.com',
        entID: entity.BaseId,
        entName: entity.EntName,
        userID: user.Name,
        versionCode: 'G',
        Infotoken: user.Infotoken,
      });

    for (let i = 0; i < 3; i += 1) expect((await personal()).body).toMatchObject({ Data: { Status: 10 } });
    for (let i = 0; i < H5_DAILY_MAIL_LIMIT - 3; i += 1) expect((await entityMail()).body.successful).toBe(true);
    expect(await personal()).toMatchObject({ status: 429, body: { Data: null, Msg: H5_MESSAGES.mailLimit } });
    expect(await entityMail()).toMatchObject({ status: 429, body: { successful: false, msg: H5_MESSAGES.mailLimit } });
    const counted = service.app.db.prepare('SELECT COUNT(*) FROM h5_report_mails').pluck().get();
    expect(counted).toBe(H5_DAILY_MAIL_LIMIT);
  });
});
