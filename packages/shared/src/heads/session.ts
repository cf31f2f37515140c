import { defineHead } from '../api.js';
import { USER_CALL } from './account.js';

/** Login sessions: logout and the one-time code of the old site's personal centre (paths not shown in the spec: chosen). */
export const SESSION_HEADS = {
  /**
   * Ends the session of the token it carries; without a live one it still succeeds (LoginToken
   * null). The default rate-limit class: leaving must never be refused.
   */
  logout: defineHead({
    path: '/user/logout',
    ...USER_CALL,
    methods: ['POST'],
    auth: true,
  }),
  oldSiteHandoff: defineHead({
    path: '/user/oldsite/handoff',
    ...USER_CALL,
    // Mints a one-time code (a database row each).
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
  }),
};
