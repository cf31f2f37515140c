import { defineHead } from '../api.js';

/** A call of the account service (/user/): the credit data API's envelope, a person's answers. */
export const USER_CALL = { upstream: 'credit', dialect: 'errorCode', personal: true } as const;

/**
 * Upstream deadline of the calls that check or set a password: scrypt at OWASP's figure (N=2^17,
 * ~0.5 s of a core, more on a busy machine, twice on a login that re-hashes an older hash).
 */
export const PASSWORD_TIMEOUT_MS = 20_000;

/**
 * Accounts, logins, QR login tickets, entity details (login) and credit promises (spec §2.1, §3,
 * §4). The spec shows none of the /user/ paths: chosen.
 */
export const ACCOUNT_HEADS = {
  entityBaseInfo: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/entbaseinfos',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
  }),
  entityDetailInfo: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/v2/entdetailinfo',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
  }),
  /** Registration's first step: a one-time SMS code to the number. */
  registerCode: defineHead({
    path: '/user/register/code',
    ...USER_CALL,
    // Sends an SMS (the service adds its own per-number limits).
    rateLimit: 'strict',
    methods: ['POST'],
  }),
  register: defineHead({
    path: '/user/register',
    ...USER_CALL,
    // Checks the SMS code; hashes a password.
    rateLimit: 'strict',
    methods: ['POST'],
    timeoutMs: PASSWORD_TIMEOUT_MS,
  }),
  passwordResetCode: defineHead({
    path: '/user/password/reset/code',
    ...USER_CALL,
    // Sends an SMS (the service adds its own per-number limits).
    rateLimit: 'strict',
    methods: ['POST'],
  }),
  passwordReset: defineHead({
    path: '/user/password/reset',
    ...USER_CALL,
    // Checks the SMS code; hashes a password.
    rateLimit: 'strict',
    methods: ['POST'],
    timeoutMs: PASSWORD_TIMEOUT_MS,
  }),
  /** 修改密码: the current password and a new one, from a login; every other login of the account ends. */
  passwordChange: defineHead({
    path: '/user/password/change',
    ...USER_CALL,
    // Checks the current password (counted as a login's failures) and hashes the new one.
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
    timeoutMs: PASSWORD_TIMEOUT_MS,
  }),
  login: defineHead({
    path: '/user/login',
    ...USER_CALL,
    // Checks a password.
    rateLimit: 'strict',
    methods: ['POST'],
    timeoutMs: PASSWORD_TIMEOUT_MS,
  }),
  /** Chat-app login: the authorization code the chat app sent the browser back with, and the SPA's state. */
  wechatLogin: defineHead({
    path: '/user/wechat/login',
    ...USER_CALL,
    // Spends an authorization code and mints a login.
    rateLimit: 'strict',
    methods: ['POST'],
  }),
  loginTicketCreate: defineHead({
    path: '/user/loginticket/create',
    ...USER_CALL,
    // Mints a ticket and its poll token.
    rateLimit: 'strict',
    methods: ['POST'],
  }),
  /** The desktop polls it every 1.5 s for up to 3 minutes: the default rate-limit class. */
  loginTicketStatus: defineHead({
    path: '/user/loginticket/status',
    ...USER_CALL,
    methods: ['POST'],
  }),
  loginTicketScan: defineHead({
    path: '/user/loginticket/scan',
    ...USER_CALL,
    // Checks a ticket.
    rateLimit: 'strict',
    methods: ['POST'],
  }),
  /** The phone's login confirms the ticket: its own token, passed by the caller. */
  loginTicketConfirm: defineHead({
    path: '/user/loginticket/confirm',
    ...USER_CALL,
    // Checks a ticket and mints the desktop’s login.
    rateLimit: 'strict',
    methods: ['POST'],
  }),
  loginTokenExchange: defineHead({
    path: '/user/logintoken/exchange',
    ...USER_CALL,
    // Spends a hand-off token and mints a login.
    rateLimit: 'strict',
    methods: ['POST'],
  }),
  profile: defineHead({
    path: '/user/profile',
    ...USER_CALL,
    methods: ['GET'],
    auth: true,
  }),
  bindMobile: defineHead({
    path: '/user/bind/mobile',
    ...USER_CALL,
    // Checks a password.
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
    timeoutMs: PASSWORD_TIMEOUT_MS,
  }),
  bindWechat: defineHead({
    path: '/user/bind/wechat',
    ...USER_CALL,
    // Spends an authorization code.
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
  }),
  unbindWechat: defineHead({
    path: '/user/bind/wechat/remove',
    ...USER_CALL,
    // Checks the account’s password.
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
    timeoutMs: PASSWORD_TIMEOUT_MS,
  }),
  /** The user's own credit promises. */
  myPromises: defineHead({
    path: '/user/entpromise',
    ...USER_CALL,
    methods: ['GET'],
    auth: true,
  }),
  /** Files a credit promise (same path, POST). */
  createPromise: defineHead({
    path: '/user/entpromise',
    ...USER_CALL,
    methods: ['POST'],
    auth: true,
  }),
  /** The logged-in account's consent to the 个人信息处理规则 in force: asked again when the version changed. */
  consentStatus: defineHead({
    path: '/user/consent',
    ...USER_CALL,
    methods: ['GET'],
    auth: true,
  }),
  consentAccept: defineHead({
    path: '/user/consent/accept',
    ...USER_CALL,
    methods: ['POST'],
    auth: true,
  }),
};
