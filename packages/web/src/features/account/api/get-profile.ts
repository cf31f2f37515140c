import type { Profile } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The logged-in account (GET /user/profile with the stored JwtToken). */
export const getProfile = (): Promise<Profile> => call(ACCOUNT_HEADS.profile);

/** Keyed by the token, so another login never shows the previous account. */
export const profileKey = (token: string) => [ACCOUNT_HEADS.profile.path, token] as const;

export function useProfile(token: string) {
  return useSWR(profileKey(token), getProfile);
}
