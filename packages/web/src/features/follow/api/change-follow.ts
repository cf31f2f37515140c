import type { FollowState } from '@credit-portal/shared';
import { FOLLOW_HEADS } from '@credit-portal/shared/heads/follow';
import { useSWRConfig } from 'swr';
import { call } from '@/lib/api-client';

/** Follows an entity (POST Follow); refused with 信用关注's limit message past FOLLOW_LIMIT. */
export const followEntity = (entityId: string): Promise<FollowState> =>
  call(FOLLOW_HEADS.follow, { body: { entityId } });

/** Stops following an entity (POST Unfollow); the same answer when it was not followed. */
export const unfollowEntity = (entityId: string): Promise<FollowState> =>
  call(FOLLOW_HEADS.unfollow, { body: { entityId } });

/** Every cached follow list and follow state. */
const isFollowKey = (key: unknown): boolean =>
  Array.isArray(key) && (key[0] === FOLLOW_HEADS.followList.path || key[0] === FOLLOW_HEADS.followState.path);

/**
 * Drops every cached follow list and state of this app and reloads them (the app's own SWR
 * cache): a change made on one page — details, a mailed link's page — is seen on 个人中心 and back.
 */
export function useFollowsChanged(): () => void {
  const { mutate } = useSWRConfig();
  return () => void mutate(isFollowKey, undefined, { revalidate: true });
}

/** Follow and unfollow, every cached follow list and state reloaded after. */
export function useFollowChange() {
  const followsChanged = useFollowsChanged();
  const changed = (state: FollowState): FollowState => {
    followsChanged();
    return state;
  };
  return {
    follow: async (entityId: string) => changed(await followEntity(entityId)),
    unfollow: async (entityId: string) => changed(await unfollowEntity(entityId)),
  };
}
