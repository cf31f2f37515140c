import { CONTRACTS, type LoginResult, type RegisterRequest } from '@credit-portal/shared';
import { call } from '@/lib/api-client';

/** Registers a mobile account, proven by its SMS code, and logs it in (POST /user/register). */
export function registerAccount(body: RegisterRequest): Promise<LoginResult> {
  return call(CONTRACTS.register, { body });
}
