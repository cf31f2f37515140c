import { CONTRACTS, API_PATHS, type Profile } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The logged-in account (GET /user/profile with the stored JwtToken). */
export const getProfile = (): Promise<Profile> => call(CONTRACTS.profile);

/** Keyed by the token, so another login never shows the previous account. */
export const profileKey = (token: string) => [API_PATHS.profile, token] as const;

export function useProfile(token: string) {
  return useSWR(profileKey(token), getProfile);
}
