import type { PasswordResetRequest, PasswordResetResult, SmsCodeRequest, SmsCodeSent } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import { call } from '@/lib/api-client';

/** Asks for a password reset's one-time SMS code (POST /user/password/reset/code): the same answer, registered number or not. */
export function sendResetCode(body: SmsCodeRequest): Promise<SmsCodeSent> {
  return call(ACCOUNT_HEADS.passwordResetCode, { body });
}

/** Sets a new password, proven by that code; every login of the account ends (POST /user/password/reset). */
export function resetPassword(body: PasswordResetRequest): Promise<PasswordResetResult> {
  return call(ACCOUNT_HEADS.passwordReset, { body });
}
