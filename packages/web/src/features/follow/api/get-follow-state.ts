import type { FollowState } from '@credit-portal/shared';
import { FOLLOW_HEADS } from '@credit-portal/shared/heads/follow';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Whether the logged-in user follows an entity (GET GetFollowState). */
export const getFollowState = (entityId: string): Promise<FollowState> =>
  call(FOLLOW_HEADS.followState, { query: { entityId } });

export const followStateKey = (token: string, entityId: string) =>
  [FOLLOW_HEADS.followState.path, token, entityId] as const;

export function useFollowState(token: string, entityId: string) {
  return useSWR(followStateKey(token, entityId), ([, , id]) => getFollowState(id));
}
