import { API_PATHS, type FollowState } from '@credit-portal/shared';
import { FOLLOW_CONTRACTS } from '@credit-portal/shared/contracts/follow';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Whether the logged-in user follows an entity (GET GetFollowState). */
export const getFollowState = (entityId: string): Promise<FollowState> =>
  call(FOLLOW_CONTRACTS.followState, { query: { entityId } });

export const followStateKey = (token: string, entityId: string) => [API_PATHS.followState, token, entityId] as const;

export function useFollowState(token: string, entityId: string) {
  return useSWR(followStateKey(token, entityId), ([, , id]) => getFollowState(id));
}
