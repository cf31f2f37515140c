import { API_PATHS, type MyBusiness } from '@credit-portal/shared';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../../../src/demo/seed/index.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';
import { multipart } from './helper.js';

/* What the 信用服务 tests share: the service with both demo accounts logged in, and the portal's calls. */

export interface Answer<T> {
  ErrorCode: number;
  Data: T | null;
  Msg: string;
}

/** The helpers of a test file, on its service (asked for at each call: a file builds it in beforeAll). */
export function servicesTools(service: () => TestApp) {
  async function call<T>(
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string; body?: object; query?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return injectJson<Answer<T>>(service().app, { method, url, headers, payload: options.body, query: options.query });
  }

  async function login(mobile: string, password: string): Promise<string> {
    const { body } = await call<{ JwtToken: string }>('POST', API_PATHS.login, {
      body: { Mobile: mobile, Password: password },
    });
    return body.Data!.JwtToken;
  }

  async function upload<T>(
    url: string,
    token: string | undefined,
    fields: Record<string, string>,
    files: Parameters<typeof multipart>[1],
  ) {
    const { payload, headers } = multipart(fields, files);
    if (token) headers.authorization = `Bearer ${token}`;
    return injectJson<Answer<T>>(service().app, { method: 'POST', url, headers, payload });
  }

  async function mine(token: string): Promise<MyBusiness[]> {
    return (await call<MyBusiness[]>('GET', API_PATHS.myBusinessList, { token })).body.Data!;
  }

  return { call, login, upload, mine };
}

/**
 * A service of its own for a test file (its reports pointing to http://portal.test/), with user A
 * and user B (the demo accounts) logged in.
 */
export async function startServicesTest(): Promise<{ t: TestApp; tokenA: string; tokenB: string }> {
  const t = await buildTestApp({ portalUrl: 'http://portal.test/' });
  const { login } = servicesTools(() => t);
  const tokenA = await login(DEMO_ACCOUNT.mobile, DEMO_ACCOUNT.password);
  const tokenB = await login(DEMO_ACCOUNT_B.mobile, DEMO_ACCOUNT_B.password);
  return { t, tokenA, tokenB };
}
