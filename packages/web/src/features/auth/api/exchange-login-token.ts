import { API_PATHS, type LoginResult } from '@credit-portal/shared';
import { request } from '@/lib/api-client';

/** Exchanges the old site's one-time logintoken for a login (POST /user/logintoken/exchange). */
export function exchangeLoginToken(loginToken: string): Promise<LoginResult> {
  return request<LoginResult>(API_PATHS.loginTokenExchange, { method: 'POST', body: { LoginToken: loginToken } });
}
