import { API_PATHS, defineRoute } from '../api.js';
import { EmptyQuerySchema } from '../schemas/query.js';
import { LogoutResultSchema, OldSiteCodeSchema } from '../schemas/session.js';

/** Login sessions: logout and the one-time code of the old site's personal centre. */
export const SESSION_CONTRACTS = {
  /**
   * Ends the session of the token it carries; without a live one it still succeeds (LoginToken
   * null). The default rate-limit class: leaving must never be refused.
   */
  logout: defineRoute({
    path: API_PATHS.logout,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: EmptyQuerySchema,
    data: LogoutResultSchema,
    auth: true,
  }),
  oldSiteHandoff: defineRoute({
    path: API_PATHS.oldSiteHandoff,
    // Mints a one-time code (a database row each).
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: EmptyQuerySchema,
    data: OldSiteCodeSchema,
    auth: true,
  }),
};
