import { defineHead } from '../api.js';

/**
 * Upstream deadline of the calls that check or set a password: scrypt at OWASP's figure (N=2^17,
 * ~0.5 s of a core, more on a busy machine, twice on a login that re-hashes an older hash).
 */
const PASSWORD_TIMEOUT_MS = 20_000;

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
    // Sends an SMS (the service adds its own per-number limits).
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    personal: true,
  }),
  register: defineHead({
    path: '/user/register',
    // Checks the SMS code; hashes a password.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    timeoutMs: PASSWORD_TIMEOUT_MS,
    personal: true,
  }),
  passwordResetCode: defineHead({
    path: '/user/password/reset/code',
    // Sends an SMS (the service adds its own per-number limits).
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    personal: true,
  }),
  passwordReset: defineHead({
    path: '/user/password/reset',
    // Checks the SMS code; hashes a password.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    timeoutMs: PASSWORD_TIMEOUT_MS,
    personal: true,
  }),
  /** 修改密码: the current password and a new one, from a login; every other login of the account ends. */
  passwordChange: defineHead({
    path: '/user/password/change',
    // Checks the current password (counted as a login's failures) and hashes the new one.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
    timeoutMs: PASSWORD_TIMEOUT_MS,
    personal: true,
  }),
  login: defineHead({
    path: '/user/login',
    // Checks a password.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    timeoutMs: PASSWORD_TIMEOUT_MS,
    personal: true,
  }),
  /** Chat-app login: the authorization code the chat app sent the browser back with, and the SPA's state. */
  wechatLogin: defineHead({
    path: '/user/wechat/login',
    // Spends an authorization code and mints a login.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    personal: true,
  }),
  loginTicketCreate: defineHead({
    path: '/user/loginticket/create',
    // Mints a ticket and its poll token.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    personal: true,
  }),
  /** The desktop polls it every 1.5 s for up to 3 minutes: the default rate-limit class. */
  loginTicketStatus: defineHead({
    path: '/user/loginticket/status',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    personal: true,
  }),
  loginTicketScan: defineHead({
    path: '/user/loginticket/scan',
    // Checks a ticket.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    personal: true,
  }),
  /** The phone's login confirms the ticket: its own token, passed by the caller. */
  loginTicketConfirm: defineHead({
    path: '/user/loginticket/confirm',
    // Checks a ticket and mints the desktop’s login.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    personal: true,
  }),
  loginTokenExchange: defineHead({
    path: '/user/logintoken/exchange',
    // Spends a hand-off token and mints a login.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    personal: true,
  }),
  profile: defineHead({
    path: '/user/profile',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
    personal: true,
  }),
  bindMobile: defineHead({
    path: '/user/bind/mobile',
    // Checks a password.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
    timeoutMs: PASSWORD_TIMEOUT_MS,
    personal: true,
  }),
  bindWechat: defineHead({
    path: '/user/bind/wechat',
    // Spends an authorization code.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
    personal: true,
  }),
  unbindWechat: defineHead({
    path: '/user/bind/wechat/remove',
    // Checks the account’s password.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
    timeoutMs: PASSWORD_TIMEOUT_MS,
    personal: true,
  }),
  /** The user's own credit promises. */
  myPromises: defineHead({
    path: '/user/entpromise',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
    personal: true,
  }),
  /** Files a credit promise (same path, POST). */
  createPromise: defineHead({
    path: '/user/entpromise',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
    personal: true,
  }),
};
