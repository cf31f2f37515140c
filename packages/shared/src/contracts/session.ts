import { defineRoute } from '../api.js';
import { SESSION_HEADS as HEADS } from '../heads/session.js';
import { EmptyQuerySchema } from '../schemas/query.js';
import { LogoutResultSchema, OldSiteCodeSchema } from '../schemas/session.js';

/** The heads of heads/session.ts with their schemas, by the same names. */
export const SESSION_CONTRACTS = {
  logout: defineRoute(HEADS.logout, {
    body: EmptyQuerySchema,
    data: LogoutResultSchema,
  }),
  oldSiteHandoff: defineRoute(HEADS.oldSiteHandoff, {
    body: EmptyQuerySchema,
    data: OldSiteCodeSchema,
  }),
};
