/*
 * The addresses of the server-rendered pages, below the plugins and routes that serve them: the
 * rate limits (plugins/rate-limits.ts) name them without importing a route.
 */

/** The old site's pages (login, personal centre hand-off, logout) live under this prefix. */
export const OLD_SITE_PREFIX = '/oldsite';

/** The centre's review page of 信用服务 applications (its reviewers sign in with password and TOTP code). */
export const REVIEW_PAGE_PATH = '/oldsite/CreditServiceReview.aspx';

/** The face-verification stand-in of the H5 login (demo mode only). */
export const FACE_VERIFY_PATH = '/faceverify';

/** The chat app's OAuth 2.0 authorization stand-in (demo mode only). */
export const WECHAT_AUTHORIZE_PATH = '/oauth/wechat/authorize';

/** The local outbox of mails and demo SMS (demo mode only, never on a public bind). */
export const OUTBOX_PATH = '/outbox';
