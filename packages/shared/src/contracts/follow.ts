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
  FollowWithdrawResultSchema,
} from '../schemas/follow.js';
import { EmptyQuerySchema } from '../schemas/query.js';

/** The heads of heads/follow.ts with their schemas, by the same names. */
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
  followWithdrawMail: defineRoute(HEADS.followWithdrawMail, {
    body: EmptyQuerySchema,
    data: FollowWithdrawResultSchema,
  }),
  followWithdrawMailByLink: defineRoute(HEADS.followWithdrawMailByLink, {
    body: FollowLinkRequestSchema,
    data: FollowWithdrawResultSchema,
  }),
};
