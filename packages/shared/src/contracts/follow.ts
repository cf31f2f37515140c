import { API_PATHS, defineRoute } from '../api.js';
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

const credit = { upstream: 'credit', dialect: 'errorCode' } as const;

/**
 * 信用关注: follow and unfollow an entity, the followed list, the notices made when
 * something is published about a followed entity, the daily mail digest's choice (all bearer,
 * the caller's own only), the digest's signed one-click unfollow and the confirmation of a digest
 * address (no login for these two: the link is the proof).
 */
export const FOLLOW_CONTRACTS = {
  followList: defineRoute({
    ...credit,
    path: API_PATHS.followList,
    methods: ['GET'],
    auth: true,
    data: FollowListSchema,
  }),
  followState: defineRoute({
    ...credit,
    path: API_PATHS.followState,
    methods: ['GET'],
    auth: true,
    query: FollowStateQuerySchema,
    data: FollowStateSchema,
  }),
  follow: defineRoute({
    ...credit,
    path: API_PATHS.follow,
    methods: ['POST'],
    auth: true,
    body: FollowRequestSchema,
    data: FollowStateSchema,
  }),
  unfollow: defineRoute({
    ...credit,
    path: API_PATHS.unfollow,
    methods: ['POST'],
    auth: true,
    body: FollowRequestSchema,
    data: FollowStateSchema,
  }),
  followNotices: defineRoute({
    ...credit,
    path: API_PATHS.followNotices,
    methods: ['GET'],
    auth: true,
    query: FollowNoticeQuerySchema,
    data: FollowNoticePageSchema,
  }),
  followNoticesRead: defineRoute({
    ...credit,
    path: API_PATHS.followNoticesRead,
    methods: ['POST'],
    auth: true,
    body: FollowReadRequestSchema,
    data: FollowReadResultSchema,
  }),
  followSettings: defineRoute({
    ...credit,
    path: API_PATHS.followSettings,
    // May mail a confirmation link.
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
    body: FollowSettingsRequestSchema,
    data: FollowSettingsSchema,
  }),
  followUnfollowByLink: defineRoute({
    ...credit,
    path: API_PATHS.followUnfollowByLink,
    // Checks a signed token, without a login.
    rateLimit: 'strict',
    methods: ['POST'],
    body: FollowLinkRequestSchema,
    data: FollowLinkResultSchema,
  }),
  followConfirmEmail: defineRoute({
    ...credit,
    path: API_PATHS.followConfirmEmail,
    // Checks a signed token, without a login.
    rateLimit: 'strict',
    methods: ['POST'],
    body: FollowConfirmRequestSchema,
    data: FollowConfirmResultSchema,
  }),
};
