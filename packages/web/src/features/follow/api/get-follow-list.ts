import { API_PATHS, type FollowList } from '@credit-portal/shared';
import { FOLLOW_CONTRACTS } from '@credit-portal/shared/contracts/follow';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The entities the logged-in user follows, the limit and the mail choice (GET GetFollowList). */
export const getFollowList = (): Promise<FollowList> => call(FOLLOW_CONTRACTS.followList);

/** Keyed by the login's token: another login never sees this one's list. */
export const followListKey = (token: string) => [API_PATHS.followList, token] as const;

export function useFollowList(token: string) {
  return useSWR(followListKey(token), getFollowList);
}
