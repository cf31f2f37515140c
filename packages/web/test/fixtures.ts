import { STORAGE_KEYS, type LoginResult } from '@credit-portal/shared';

/**
 * A login as the gateway answers it (typed by the shared LoginResult schema). The token is no
 * readable JWT, so the SPA treats it as valid until the server says otherwise.
 */
export function loginResult(mobile = '13912345678'): LoginResult {
  return {
    UserInfo: { User: { Mobile: mobile, JwtToken: `token-of-${mobile}` } },
    JwtToken: `token-of-${mobile}`,
    RealAuthInfo: { LoginType: 'User', AuthTime: '2026-03-01T08:00:00Z', ExpireTime: '2026-03-01T10:00:00Z' },
  };
}

/** The bearer header a call made with `loginResult(mobile)` carries. */
export const bearerOf = (mobile = '13912345678'): string => `Bearer token-of-${mobile}`;

export { STORAGE_KEYS };
