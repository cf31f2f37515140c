import { Type, type Static } from 'typebox';
import { PageField, PageSchema, pageSizeField } from './query.js';
import { LIST_PAGE_SIZE_MAX } from '../constants.js';
import { FOLLOW_READ_MAX, FOLLOW_LINK_TOKEN_MAX, FOLLOW_NOTICE_KINDS } from '../vocabulary/follow.js';

/*
 * 信用关注: a logged-in user follows up to FOLLOW_LIMIT entities; when something is
 * published about one (a licence, a penalty, its repair or objection outcome, a red/black list
 * entry, an abnormal-operation listing, a change of status) the centre's system makes one notice
 * per follower, shown in 个人中心, and — for those who opt in — mails at most one digest a day
 * with a signed one-click unfollow link per entity.
 */

/** An entity id as the other entity calls take it (digits). */
const EntityId = Type.String({ pattern: '^[1-9][0-9]{0,11}$' });
/** yyyy-mm-dd hh:mm:ss, local time of the service. */
const Time = Type.String();

/** GetFollowState: whether the caller follows one entity. */
export const FollowStateQuerySchema = Type.Object({ entityId: EntityId });
export type FollowStateQuery = Static<typeof FollowStateQuerySchema>;

/** Follow / Unfollow: one entity. */
export const FollowRequestSchema = Type.Object({ entityId: EntityId });
export type FollowRequest = Static<typeof FollowRequestSchema>;

/** Whether the caller follows the entity, how many they follow and the limit. */
export const FollowStateSchema = Type.Object({
  EntityId: Type.String(),
  Following: Type.Boolean(),
  Count: Type.Integer({ minimum: 0 }),
  Limit: Type.Integer({ minimum: 1 }),
});
export type FollowState = Static<typeof FollowStateSchema>;

/**
 * The caller's mail choice: a daily digest to this address, or none. A digest goes only to an
 * address whose owner confirmed it by the link mailed to it (EmailConfirmed): typing someone
 * else's address subscribes nobody.
 */
export const FollowSettingsSchema = Type.Object({
  EmailDigest: Type.Boolean(),
  Email: Type.String(),
  EmailConfirmed: Type.Boolean(),
  /**
   * A followed entity's penalty reaching the end of its shortest publicity (可申请信用修复) makes a
   * notice, and a mail to a confirmed address, for this follower too (off by default). The
   * accounts linked to the entity get it always.
   */
  RepairableNotice: Type.Boolean(),
});
export type FollowSettings = Static<typeof FollowSettingsSchema>;

/**
 * SaveFollowSettings: turn the digest on (with an address) or off. Turning it on with an address
 * not yet confirmed mails a confirmation link to it (again, when saved again: the resend).
 */
export const FollowSettingsRequestSchema = Type.Object({
  EmailDigest: Type.Boolean(),
  Email: Type.Optional(Type.String({ maxLength: 254 })),
  /** The 可申请信用修复 notice for followed entities; absent: unchanged. */
  RepairableNotice: Type.Optional(Type.Boolean()),
});
export type FollowSettingsRequest = Static<typeof FollowSettingsRequestSchema>;

/** One followed entity. */
export const FollowedEntitySchema = Type.Object({
  EntityId: Type.String(),
  EntName: Type.String(),
  CreditCode: Type.String(),
  Status: Type.String(),
  FollowedAt: Time,
  /** Unread notices about it. */
  Unread: Type.Integer({ minimum: 0 }),
});
export type FollowedEntity = Static<typeof FollowedEntitySchema>;

/** GetFollowList: every followed entity (newest first; at most FOLLOW_LIMIT), the limit and the mail choice. */
export const FollowListSchema = Type.Object({
  list: Type.Array(FollowedEntitySchema),
  totalCount: Type.Integer({ minimum: 0 }),
  Limit: Type.Integer({ minimum: 1 }),
  Settings: FollowSettingsSchema,
});
export type FollowList = Static<typeof FollowListSchema>;

/** GetFollowNotices: a page of the caller's notices, newest first. */
export const FollowNoticeQuerySchema = Type.Object({
  ...PageField,
  ...pageSizeField(LIST_PAGE_SIZE_MAX),
});
export type FollowNoticeQuery = Static<typeof FollowNoticeQuerySchema>;

/** One notice: what was published about which followed entity, and whether it was read. */
export const FollowNoticeSchema = Type.Object({
  id: Type.String(),
  EntityId: Type.String(),
  EntName: Type.String(),
  Kind: Type.Enum(FOLLOW_NOTICE_KINDS),
  Title: Type.String(),
  Detail: Type.String(),
  /** The publication's own day (decision, listing or change), yyyy-mm-dd. */
  PublishedOn: Type.String(),
  /** When the notice was made. */
  CreatedAt: Time,
  Read: Type.Boolean(),
  /** The public record it names, when it has a details page: its id there (licence, penalty). */
  RecordId: Type.Union([Type.String(), Type.Null()]),
  /** 可申请信用修复: the penalty's document number (the link to its repair filing carries it); else null. */
  DocNo: Type.Union([Type.String(), Type.Null()]),
});
export type FollowNotice = Static<typeof FollowNoticeSchema>;

export const FollowNoticePageSchema = Type.Interface([PageSchema(FollowNoticeSchema)], {
  Unread: Type.Integer({ minimum: 0 }),
});
export type FollowNoticePage = Static<typeof FollowNoticePageSchema>;

/** ReadFollowNotices: these notices (ids), or all of the caller's. */
export const FollowReadRequestSchema = Type.Object({
  ids: Type.Optional(Type.Array(Type.String({ pattern: '^[1-9][0-9]{0,15}$' }), { maxItems: FOLLOW_READ_MAX })),
  all: Type.Optional(Type.Boolean()),
});
export type FollowReadRequest = Static<typeof FollowReadRequestSchema>;

/** How many notices are still unread after the call. */
export const FollowReadResultSchema = Type.Object({ Unread: Type.Integer({ minimum: 0 }) });
export type FollowReadResult = Static<typeof FollowReadResultSchema>;

/** UnfollowByLink: the token of a digest mail's signed link (no login). */
export const FollowLinkRequestSchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: FOLLOW_LINK_TOKEN_MAX, pattern: '^[A-Za-z0-9_.-]+$' }),
});
export type FollowLinkRequest = Static<typeof FollowLinkRequestSchema>;

/** The entity the link named, and whether this call ended the follow (false: it had already ended). */
export const FollowLinkResultSchema = Type.Object({
  EntName: Type.String(),
  Unfollowed: Type.Boolean(),
});
export type FollowLinkResult = Static<typeof FollowLinkResultSchema>;

/** ConfirmDigestEmail: the confirmation mail's token (32 random bytes, base64url), no login. */
export const FollowConfirmRequestSchema = Type.Object({
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
});
export type FollowConfirmRequest = Static<typeof FollowConfirmRequestSchema>;

/** The address now confirmed, masked (x***@domain): the one who opened the link knows which. */
export const FollowConfirmResultSchema = Type.Object({
  Email: Type.String(),
});
export type FollowConfirmResult = Static<typeof FollowConfirmResultSchema>;

/** WithdrawMailConsent (login) and WithdrawMailConsentByLink (a mail's signed link, no login). */
export const FollowWithdrawResultSchema = Type.Object({
  /** True when this call withdrew the consent; false: there was none in force (the link was used). */
  Withdrawn: Type.Boolean(),
});
export type FollowWithdrawResult = Static<typeof FollowWithdrawResultSchema>;
