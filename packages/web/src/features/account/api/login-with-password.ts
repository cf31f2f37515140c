import { CONTRACTS, type LoginRequest, type LoginResult } from '@credit-portal/shared';
import { call } from '@/lib/api-client';

/** Logs in with a mobile number and password (POST /user/login). */
export function loginWithPassword(body: LoginRequest): Promise<LoginResult> {
  return call(CONTRACTS.login, { body });
}
