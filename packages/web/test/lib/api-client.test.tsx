import {
  ERROR_CODES,
  ERROR_MESSAGES,
  GATEWAY_PATHS,
  MESSAGES,
  STORAGE_KEYS,
  type RuntimeConfig,
} from '@credit-portal/shared';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES, request, wireRequest } from '@/lib/api-client';
import { OPENING_REQUEST_GLOBAL } from '@/lib/opening-request';
import { storeLogin } from '@/lib/login-session';
import { failure, fakeGateway } from '../fake-gateway';
import { loginResult } from '../fixtures';
import { TEST_RUNTIME_CONFIG, TestProviders } from '../test-providers';

/*
 * The one API client, with `fetch` stubbed at its edge (test/fake-gateway.ts): the normalized
 * envelope becomes data or a typed ApiError with a Chinese message, a network failure too, and
 * the not-logged-in rule of spec §7 is applied in this one place. The gateway's side of the
 * envelope is tested against buildApp in packages/server/test/routes/proxy/contract.test.ts.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, OPENING_REQUEST_GLOBAL);
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the API client', () => {
  it('unwraps the normalized envelope into its data', async () => {
    const gateway = fakeGateway({ ...TEST_RUNTIME_CONFIG, contactPhone: '0851-8888 6666' });
    const config = await request<RuntimeConfig>(GATEWAY_PATHS.runtimeConfig);
    expect(config.siteName).not.toBe('');
    expect(config.contactPhone).toBe('0851-8888 6666');
    expect(gateway.calls(GATEWAY_PATHS.runtimeConfig)).toHaveLength(1);
  });

  it('throws an ApiError with the envelope code, a Chinese message and the status', async () => {
    // The gateway's answer to a path it does not proxy (fake-gateway: no handler).
    fakeGateway();
    const error = await request('/Cms/no-such-path', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ERROR_CODES.notFound, status: 404 });
    expect((error as ApiError).message).toBe(ERROR_MESSAGES.not_found);
    expect((error as ApiError).message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('turns a network failure into an ApiError with a Chinese message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    const error = await request(GATEWAY_PATHS.runtimeConfig).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: CLIENT_ERROR_CODES.network,
      status: 0,
      message: '网络连接失败，请检查网络后重试',
    });
  });

  it('applies the not-logged-in rule: tells the user, forgets realAuthInfo, goes to the tips page', async () => {
    storeLogin(loginResult());
    // The app around the client, whose message holder tells the user (lib/feedback.ts).
    render(<TestProviders>{null}</TestProviders>);
    fakeGateway().onPath('/api/dmenterprise/redblackinfo', () => failure(401, ERROR_CODES.notLoggedIn));
    const error = await request('/api/dmenterprise/redblackinfo', { method: 'POST', body: {}, auth: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: ERROR_CODES.notLoggedIn, status: 401, message: MESSAGES.notRealNameLoggedIn });
    expect(window.localStorage.getItem(STORAGE_KEYS.realAuthInfo)).toBeNull();
    expect(window.location.hash).toBe('#/xyfw/wwfwgb/tipspage');
    await waitFor(() => expect(document.body).toHaveTextContent(MESSAGES.notRealNameLoggedIn));
  });
});

describe('the opening request (a pre-rendered page’s frame.js started it)', () => {
  const answer = (data: unknown) =>
    new Response(JSON.stringify({ ok: true, code: 0, message: '', data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  /** What frame.js leaves for the app: the request as sent and its answer. */
  const holdOpening = (path: string, body: unknown, data: unknown) => {
    Object.assign(window, {
      [OPENING_REQUEST_GLOBAL]: {
        ...wireRequest(path, { method: 'POST', body }),
        response: Promise.resolve(answer(data)),
      },
    });
  };

  it('answers the same request from it, once; the next one goes to the network', async () => {
    const fetch = vi.fn(() => Promise.resolve(answer('from the network')));
    vi.stubGlobal('fetch', fetch);
    holdOpening('/Cms/mrlbAll', { categoryIds: [1, 2], pageSize: 7 }, 'from the frame');
    const query = { categoryIds: [1, 2], pageSize: 7 };
    expect(await request('/Cms/mrlbAll', { method: 'POST', body: query })).toBe('from the frame');
    expect(fetch).not.toHaveBeenCalled();
    expect(await request('/Cms/mrlbAll', { method: 'POST', body: query })).toBe('from the network');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is not another request’s answer, nor the answer to a request with a user’s token', async () => {
    const fetch = vi.fn(() => Promise.resolve(answer('from the network')));
    vi.stubGlobal('fetch', fetch);
    holdOpening('/Cms/mrlbAll', { pageSize: 7 }, 'from the frame');
    expect(await request('/Cms/mrlbAll', { method: 'POST', body: { pageSize: 8 } })).toBe('from the network');
    expect(await request('/Cms/mrlbAll', { method: 'GET' })).toBe('from the network');
    expect(await request('/Cms/mrlbAll', { method: 'POST', body: { pageSize: 7 }, token: 'jwt' })).toBe(
      'from the network',
    );
    expect(fetch).toHaveBeenCalledTimes(3);
    // Still there for the request it is.
    expect(await request('/Cms/mrlbAll', { method: 'POST', body: { pageSize: 7 } })).toBe('from the frame');
  });

  it('turns its network failure into the app’s own network error', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    Object.assign(window, {
      [OPENING_REQUEST_GLOBAL]: { ...wireRequest('/Cms/mrlbAll', { method: 'POST', body: {} }), response: failed },
    });
    const error = await request('/Cms/mrlbAll', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.network });
  });
});
