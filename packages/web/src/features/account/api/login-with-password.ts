import type { LoginRequest, LoginResult } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import { call } from '@/lib/api-client';

/** Logs in with a mobile number and password (POST /user/login). */
export function loginWithPassword(body: LoginRequest): Promise<LoginResult> {
  return call(ACCOUNT_HEADS.login, { body });
}
