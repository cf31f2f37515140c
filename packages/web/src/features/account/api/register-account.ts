import type { LoginResult, RegisterRequest } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import { call } from '@/lib/api-client';

/** Registers a mobile account, proven by its SMS code, and logs it in (POST /user/register). */
export function registerAccount(body: RegisterRequest): Promise<LoginResult> {
  return call(ACCOUNT_HEADS.register, { body });
}
