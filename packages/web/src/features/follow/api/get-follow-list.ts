import type { FollowList } from '@credit-portal/shared';
import { FOLLOW_HEADS } from '@credit-portal/shared/heads/follow';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The entities the logged-in user follows, the limit and the mail choice (GET GetFollowList). */
export const getFollowList = (): Promise<FollowList> => call(FOLLOW_HEADS.followList);

/** Keyed by the login's token: another login never sees this one's list. */
export const followListKey = (token: string) => [FOLLOW_HEADS.followList.path, token] as const;

export function useFollowList(token: string) {
  return useSWR(followListKey(token), getFollowList);
}
