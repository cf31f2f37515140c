import { Type, type Static } from 'typebox';

/*
 * The gateways' follow of the public-changes outbox: a long poll on the credit-service (never a
 * route of the gateway's table, so never reachable through the portal) answering the changes
 * after the last seq a gateway applied, each with the cache tags it makes stale.
 */

/** The credit-service's internal path of the follow. */
export const PUBLIC_CHANGES_FOLLOW_PATH = '/internal/public-changes';

/** Changes per answer at most, and the longest a call waits for one. */
export const PUBLIC_CHANGES_FOLLOW_LIMITS = { maxLimit: 500, defaultLimit: 200, maxWaitMs: 30_000 } as const;

export const PublicChangesFollowQuerySchema = Type.Object(
  {
    /** The last seq applied; absent: only the head is answered (a follower with nothing to resume from). */
    after: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PUBLIC_CHANGES_FOLLOW_LIMITS.maxLimit })),
    /** How long to hold the call while there is no change after `after` (0: answer at once). */
    waitMs: Type.Optional(Type.Integer({ minimum: 0, maximum: PUBLIC_CHANGES_FOLLOW_LIMITS.maxWaitMs })),
  },
  { additionalProperties: false },
);
export type PublicChangesFollowQuery = Static<typeof PublicChangesFollowQuerySchema>;

export const PublicChangeEventSchema = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  eventId: Type.String(),
  dataset: Type.String(),
  recordId: Type.String(),
  entityId: Type.Union([Type.String(), Type.Null()]),
  kind: Type.Union([Type.Literal('added'), Type.Literal('updated'), Type.Literal('withdrawn')]),
  reason: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.String()),
  occurredAt: Type.String(),
});
export type PublicChangeEvent = Static<typeof PublicChangeEventSchema>;

export const PublicChangesFollowPageSchema = Type.Object({
  /** The newest seq of the outbox (0 when empty). */
  head: Type.Integer({ minimum: 0 }),
  /** The changes after `after`, oldest first. */
  changes: Type.Array(PublicChangeEventSchema),
});
export type PublicChangesFollowPage = Static<typeof PublicChangesFollowPageSchema>;
