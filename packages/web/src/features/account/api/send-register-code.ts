import { CONTRACTS, type SmsCodeRequest, type SmsCodeSent } from '@credit-portal/shared';
import { call } from '@/lib/api-client';

/** Asks for registration's one-time SMS code (POST /user/register/code): the same answer, registered number or not. */
export function sendRegisterCode(body: SmsCodeRequest): Promise<SmsCodeSent> {
  return call(CONTRACTS.registerCode, { body });
}
