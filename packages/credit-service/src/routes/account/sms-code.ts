import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS } from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { ServiceUnavailableError, TooManyRequestsError } from '../../lib/errors.js';
import type { SmsCodeRepository, SmsPurpose } from '../../repositories/account-sms-codes.js';
import type { SmsSender } from '../../sms/sender.js';

/** The SMS of a one-time code: the site's name and the code in its text. */
export type CodeText = (siteName: string, code: string) => string;

/**
 * Sends a one-time code to a number (registration's, a password reset's, 注销账号's) within the
 * repository's limits (one a minute, ten a day per number and purpose): the answer of the code
 * rows. Neither the number nor the code goes to the log: only what failed.
 */
export async function sendSmsCode(
  request: FastifyRequest,
  sender: { sms: SmsSender | null; siteName: string },
  mobile: string,
  codes: SmsCodeRepository,
  purpose: SmsPurpose,
  text: CodeText,
) {
  const { sms, siteName } = sender;
  if (!sms) throw new ServiceUnavailableError(ACCOUNT_MESSAGES.smsUnavailable);
  const result = codes.issue(mobile, Date.now());
  if (!result.issued) {
    throw new TooManyRequestsError(
      result.refusal === 'too_frequent' ? ACCOUNT_MESSAGES.smsTooFrequent : ACCOUNT_MESSAGES.smsDailyLimit,
    );
  }
  try {
    await sms.send({
      mobile,
      text: text(siteName, result.code),
      purpose,
      code: result.code,
      expiresInSeconds: SMS_CODE_TTL_SECONDS,
    });
  } catch (error) {
    request.log.warn({ sender: sms.kind, reason: (error as Error).message }, 'SMS not sent');
    throw new ServiceUnavailableError(ACCOUNT_MESSAGES.smsSendFailed);
  }
  return errorCodeOk({ ExpiresIn: SMS_CODE_TTL_SECONDS, ResendIn: SMS_RESEND_SECONDS }, ACCOUNT_MESSAGES.smsSent);
}
