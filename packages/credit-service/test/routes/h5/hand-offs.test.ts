import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, H5_MESSAGES, PRIVACY_RULES_VERSION, type H5UserInfo } from '@credit-portal/shared';
import { createH5Repository } from '../../../src/repositories/h5.js';
import { FACE_VERIFY_PATH } from '../../../src/routes/h5/index.js';
import { DEMO_PERSON } from '../../../src/demo/seed/index.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';
import { codeOf, pkcePair } from './support.js';

/*
 * The H5 app's full-page hand-offs as a browser meets them: the face-verification stand-in goes
 * back to the app replacing its own history entry (its script posts for JSON, then
 * location.replace), and a dead report address opened in a browser explains itself in Chinese
 * with the way back, while an API client keeps the error envelope.
 */

const PORTAL = 'https://xyyz.example.gov.cn/';

interface Success<T> {
  Success: boolean;
  Data: T;
  Msg: string;
}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ seedAsOf: '2026-11-21', h5TestMode: true, portalUrl: PORTAL });
});
afterAll(async () => {
  await testApp?.close();
});

async function certToken(): Promise<string> {
  const cert = await injectJson<Success<string>>(testApp.app, {
    method: 'POST',
    url: API_PATHS.h5CertToken,
    payload: { CodeChallenge: pkcePair().challenge, ConsentVersion: PRIVACY_RULES_VERSION },
  });
  expect(cert.body.Success).toBe(true);
  return cert.body.Data;
}

/** The stand-in's form as its script posts it: urlencoded, asking for JSON. */
const postAsScript = (fields: Record<string, string>) =>
  injectJson<{ location?: string; error?: string; back?: string }>(testApp.app, {
    method: 'POST',
    url: FACE_VERIFY_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('the face-verification stand-in', () => {
  it('runs only its own form script: the inline script’s hash is the one the CSP allows', async () => {
    const token = await certToken();
    const page = await testApp.app.inject({ method: 'GET', url: FACE_VERIFY_PATH, query: { certToken: token } });
    expect(page.statusCode).toBe(200);
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    expect(script).toContain('location.replace');
    const hash = createHash('sha256').update(script!).digest('base64');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'none'");
  });

  it('answers its script in JSON: the refusal to show, then the way back to replace the page with, then a dead link', async () => {
    const token = await certToken();
    const stranger = await postAsScript({
      certToken: token,
      name: '不存在',
      idNumber: '350203199001011234',
      consent: '1',
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toContain(H5_MESSAGES.personNotFound);
    expect(stranger.body.location).toBeUndefined();

    const verified = await postAsScript({
      certToken: token,
      name: DEMO_PERSON.name,
      idNumber: DEMO_PERSON.idNumber,
      consent: '1',
    });
    expect(verified.status).toBe(200);
    const location = verified.body.location!;
    expect(location.startsWith(`${PORTAL}#/h5/gtxy?code=`)).toBe(true);
    expect(codeOf(location)).toMatch(/^[\w-]{43}$/);
    expect(location).not.toContain(token);

    // The link is spent: the script is told so, with the way back to the login.
    const again = await postAsScript({
      certToken: token,
      name: DEMO_PERSON.name,
      idNumber: DEMO_PERSON.idNumber,
      consent: '1',
    });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ error: H5_MESSAGES.certNotVerified, back: `${PORTAL}#/h5/login` });
  });
});

describe('a dead personal report address', () => {
  async function spentToken(): Promise<string> {
    const { body } = await injectJson<Success<H5UserInfo>>(testApp.app, {
      method: 'POST',
      url: API_PATHS.h5TestUserInfo,
      payload: { Name: DEMO_PERSON.name, IdCard: DEMO_PERSON.idNumber },
    });
    const repo = createH5Repository(testApp.app.db, testApp.app.site);
    const personId = repo.personByDocument(DEMO_PERSON.name, DEMO_PERSON.idNumber)!.id;
    const token = repo.issueToken('report_final', personId, 60_000, { parent: body.Data.Infotoken });
    const first = await testApp.app.inject({ method: 'GET', url: API_PATHS.h5ReportFile, query: { token } });
    expect(first.statusCode).toBe(200);
    return token;
  }

  it('opened in a browser, explains itself in Chinese and links back to the report page', async () => {
    const token = await spentToken();
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const query of [{ token }, { token: 'never-issued' }]) {
      const page = await testApp.app.inject({
        method: 'GET',
        url: API_PATHS.h5ReportFile,
        query,
        headers: { accept },
      });
      expect(page.statusCode).toBe(410);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('报告链接已失效');
      expect(page.body).toContain('该报告下载链接已使用或已过期');
      expect(page.body).toContain(`<a class="button" href="${PORTAL}#/h5/PersonCreditReport">返回个人信用报告</a>`);
      expect(page.body).not.toContain('unauthorized');
    }
  });

  it('asked for by an API client, keeps the 401 envelope', async () => {
    const token = await spentToken();
    for (const headers of [{ accept: 'application/json' }, {}, { accept: '*/*' }]) {
      const answer = await injectJson<{ ErrorCode?: unknown; Msg?: string }>(testApp.app, {
        method: 'GET',
        url: API_PATHS.h5ReportFile,
        query: { token },
        headers,
      });
      expect(answer.status).toBe(401);
      expect(answer.raw).toContain(H5_MESSAGES.reportTokenInvalid);
    }
  });
});
