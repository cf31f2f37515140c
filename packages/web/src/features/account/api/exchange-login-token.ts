import type { LoginResult } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import { call } from '@/lib/api-client';

/** Exchanges the old site's one-time logintoken for a login (POST /user/logintoken/exchange). */
export function exchangeLoginToken(loginToken: string): Promise<LoginResult> {
  return call(ACCOUNT_HEADS.loginTokenExchange, { body: { LoginToken: loginToken } });
}
