import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { API_PATHS, type H5RsaPublicKey, type H5UserInfo } from '@credit-portal/shared';
import { DEMO_PERSON } from '../../../src/demo/seed/index.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';
import { startSmtp, type TestSmtp } from './support.js';

/*
 * The service as the H5 back-end tests use it (test mode, the portal's address, a real SMTP
 * server, every log line kept) and the requests of the H5 app.
 */

export const AS_OF = '2026-11-21';
export const DEMO = { Name: DEMO_PERSON.name, IdCard: DEMO_PERSON.idNumber };

export interface Success<T> {
  Success: boolean;
  Data: T;
  Msg: string;
}

export interface H5TestApp extends TestApp {
  /** Receives the service's mail. */
  smtp: TestSmtp;
  /** Every line the service logged (level info). */
  logLines: string[];
}

/** A service of its own for a test file; close() stops its SMTP server too. */
export async function buildH5TestApp(): Promise<H5TestApp> {
  const smtp = await startSmtp();
  const logLines: string[] = [];
  const testApp = await buildTestApp({
    seedAsOf: AS_OF,
    h5TestMode: true,
    smtpUrl: smtp.url,
    portalUrl: 'https://xyyz.example.gov.cn/',
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
  return {
    ...testApp,
    smtp,
    logLines,
    async close() {
      await testApp.close();
      await smtp.close();
    },
  };
}

/** Moves the clock (Date only) by `ms` from now; the file's afterEach puts real timers back. */
export function travel(ms: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

/** The H5 app's requests to a file's service (asked for at each call: a file builds it in beforeAll). */
export function h5Requests(service: () => FastifyInstance) {
  const post = <T>(url: string, payload: unknown) =>
    injectJson<T>(service(), { method: 'POST', url, payload: payload as Record<string, unknown> });
  const get = <T>(url: string, query: Record<string, string>) =>
    injectJson<T>(service(), { method: 'GET', url, query });

  async function demoLogin(): Promise<H5UserInfo> {
    const { status, body } = await post<Success<H5UserInfo>>(API_PATHS.h5TestUserInfo, DEMO);
    expect(status).toBe(200);
    return body.Data;
  }

  /** The service's RSA public key, asked for as the SPA asks (hex modulus and exponent). */
  const rsaPublicKey = async (app: FastifyInstance = service()): Promise<H5RsaPublicKey> =>
    (
      await injectJson<Success<H5RsaPublicKey>>(app, {
        method: 'POST',
        url: API_PATHS.h5RsaPublicKey,
        query: { action: 'GetRSAPublicKey' },
        payload: {},
      })
    ).body.Data;

  return { post, get, demoLogin, rsaPublicKey };
}

export const reportRequest = (user: H5UserInfo, over: Record<string, string> = {}) => ({
  Infotoken: user.Infotoken,
  UserName: user.Name,
  IdentityCard: user.IdCard,
  VersionCode: 'C',
  ReportNumber: '',
  ...over,
});
