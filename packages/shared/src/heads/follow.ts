import { defineHead } from '../api.js';

const credit = { upstream: 'credit', dialect: 'errorCode' } as const;

/**
 * 信用关注: follow and unfollow an entity, the followed list, the notices made when
 * something is published about a followed entity, the daily mail digest's choice (all bearer,
 * the caller's own only), the digest's signed one-click unfollow and the confirmation of a digest
 * address (no login for these two: the link is the proof). Not in the spec: paths chosen.
 */
export const FOLLOW_HEADS = {
  followList: defineHead({
    ...credit,
    path: '/api/creditfollow/GetFollowList',
    methods: ['GET'],
    auth: true,
  }),
  followState: defineHead({
    ...credit,
    path: '/api/creditfollow/GetFollowState',
    methods: ['GET'],
    auth: true,
  }),
  follow: defineHead({
    ...credit,
    path: '/api/creditfollow/Follow',
    methods: ['POST'],
    auth: true,
  }),
  unfollow: defineHead({
    ...credit,
    path: '/api/creditfollow/Unfollow',
    methods: ['POST'],
    auth: true,
  }),
  followNotices: defineHead({
    ...credit,
    path: '/api/creditfollow/GetFollowNotices',
    methods: ['GET'],
    auth: true,
  }),
  followNoticesRead: defineHead({
    ...credit,
    path: '/api/creditfollow/ReadFollowNotices',
    methods: ['POST'],
    auth: true,
  }),
  followSettings: defineHead({
    ...credit,
    path: '/api/creditfollow/SaveFollowSettings',
    // May mail a confirmation link.
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
  }),
  followUnfollowByLink: defineHead({
    ...credit,
    path: '/api/creditfollow/UnfollowByLink',
    // Checks a signed token, without a login.
    rateLimit: 'strict',
    methods: ['POST'],
  }),
  followConfirmEmail: defineHead({
    ...credit,
    path: '/api/creditfollow/ConfirmDigestEmail',
    // Checks a signed token, without a login.
    rateLimit: 'strict',
    methods: ['POST'],
  }),
  /** Withdraws the consent to 信用关注's mails in one click: mails stop, the address is erased. */
  followWithdrawMail: defineHead({
    ...credit,
    path: '/api/creditfollow/WithdrawMailConsent',
    methods: ['POST'],
    auth: true,
  }),
  followWithdrawMailByLink: defineHead({
    ...credit,
    path: '/api/creditfollow/WithdrawMailConsentByLink',
    // Checks a signed token, without a login.
    rateLimit: 'strict',
    methods: ['POST'],
  }),
};
