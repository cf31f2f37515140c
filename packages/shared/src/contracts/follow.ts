import { defineRoute } from '../api.js';
import { FOLLOW_HEADS as HEADS } from '../heads/follow.js';
import {
  FollowConfirmRequestSchema,
  FollowConfirmResultSchema,
  FollowLinkRequestSchema,
  FollowLinkResultSchema,
  FollowListSchema,
  FollowNoticePageSchema,
  FollowNoticeQuerySchema,
  FollowReadRequestSchema,
  FollowReadResultSchema,
  FollowRequestSchema,
  FollowSettingsRequestSchema,
  FollowSettingsSchema,
  FollowStateQuerySchema,
  FollowStateSchema,
} from '../schemas/follow.js';

/**
 * 信用关注: follow and unfollow an entity, the followed list, the notices made when
 * something is published about a followed entity, the daily mail digest's choice (all bearer,
 * the caller's own only), the digest's signed one-click unfollow and the confirmation of a digest
 * address (no login for these two: the link is the proof).
 */
export const FOLLOW_CONTRACTS = {
  followList: defineRoute(HEADS.followList, {
    data: FollowListSchema,
  }),
  followState: defineRoute(HEADS.followState, {
    query: FollowStateQuerySchema,
    data: FollowStateSchema,
  }),
  follow: defineRoute(HEADS.follow, {
    body: FollowRequestSchema,
    data: FollowStateSchema,
  }),
  unfollow: defineRoute(HEADS.unfollow, {
    body: FollowRequestSchema,
    data: FollowStateSchema,
  }),
  followNotices: defineRoute(HEADS.followNotices, {
    query: FollowNoticeQuerySchema,
    data: FollowNoticePageSchema,
  }),
  followNoticesRead: defineRoute(HEADS.followNoticesRead, {
    body: FollowReadRequestSchema,
    data: FollowReadResultSchema,
  }),
  followSettings: defineRoute(HEADS.followSettings, {
    body: FollowSettingsRequestSchema,
    data: FollowSettingsSchema,
  }),
  followUnfollowByLink: defineRoute(HEADS.followUnfollowByLink, {
    body: FollowLinkRequestSchema,
    data: FollowLinkResultSchema,
  }),
  followConfirmEmail: defineRoute(HEADS.followConfirmEmail, {
    body: FollowConfirmRequestSchema,
    data: FollowConfirmResultSchema,
  }),
};
