import {
  ERROR_CODES,
  ERROR_MESSAGES,
  GATEWAY_PATHS,
  MESSAGES,
  STORAGE_KEYS,
  type RuntimeConfig,
} from '@credit-portal/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES, request } from '@/lib/api-client';
import { storeLogin } from '@/lib/login-session';
import { failure, fakeGateway } from './fake-gateway';
import { loginResult } from './fixtures';
import { TEST_RUNTIME_CONFIG } from './test-providers';

/*
 * The one API client, with `fetch` stubbed at its edge (test/fake-gateway.ts): the normalized
 * envelope becomes data or a typed ApiError with a Chinese message, a network failure too, and
 * the not-logged-in rule of spec §7 is applied in this one place. The gateway's side of the
 * envelope is tested against buildApp in packages/server/test/contract.test.ts.
 */

afterEach(() => {
  vi.unstubAllGlobals();
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
