import type { SmsCodeRequest, SmsCodeSent } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import { call } from '@/lib/api-client';

/** Asks for registration's one-time SMS code (POST /user/register/code): the same answer, registered number or not. */
export function sendRegisterCode(body: SmsCodeRequest): Promise<SmsCodeSent> {
  return call(ACCOUNT_HEADS.registerCode, { body });
}
