import type { ConsentStatus } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Whether the logged-in account must agree to the rules in force again (GET /user/consent). */
export const getConsentStatus = (): Promise<ConsentStatus> => call(ACCOUNT_HEADS.consentStatus);

/** Keyed by the token, so another login is asked for itself. */
export const consentStatusKey = (token: string) => [ACCOUNT_HEADS.consentStatus.path, token] as const;

export function useConsentStatus(token: string) {
  return useSWR(consentStatusKey(token), getConsentStatus, { revalidateOnFocus: false });
}

/** The logged-in account agrees to this version of the rules (POST /user/consent/accept). */
export const acceptConsent = (version: string): Promise<ConsentStatus> =>
  call(ACCOUNT_HEADS.consentAccept, { body: { Version: version } });
