import { API_PATHS, type MyBusiness } from '@credit-portal/shared';
import { buildTestApp, demoLogins, injectJson, loginAs, type Answer, type TestApp } from '../../helper.js';
import { multipart } from './helper.js';

/* What the 信用服务 tests share: the service with both demo accounts logged in, and the portal's calls. */

export type { Answer };

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

  const login = (mobile: string, password: string) => loginAs(service().app, mobile, password);

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
  return { t, ...(await demoLogins(t)) };
}
