import type { FollowState } from '@credit-portal/shared';
import { FOLLOW_CONTRACTS } from '@credit-portal/shared/contracts/follow';
import { call } from '@/lib/api-client';

/** Follows an entity (POST Follow); refused with 信用关注's limit message past FOLLOW_LIMIT. */
export const followEntity = (entityId: string): Promise<FollowState> =>
  call(FOLLOW_CONTRACTS.follow, { body: { entityId } });

/** Stops following an entity (POST Unfollow); the same answer when it was not followed. */
export const unfollowEntity = (entityId: string): Promise<FollowState> =>
  call(FOLLOW_CONTRACTS.unfollow, { body: { entityId } });
