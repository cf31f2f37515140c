import { CONTRACTS, type LoginResult } from '@credit-portal/shared';
import { call } from '@/lib/api-client';

/** Exchanges the old site's one-time logintoken for a login (POST /user/logintoken/exchange). */
export function exchangeLoginToken(loginToken: string): Promise<LoginResult> {
  return call(CONTRACTS.loginTokenExchange, { body: { LoginToken: loginToken } });
}
