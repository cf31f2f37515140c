import { Type } from 'typebox';
import { API_PATHS, defineRoute } from '../api.js';
import {
  ACCOUNT_MESSAGES,
  BindMobileRequestSchema,
  BindWechatRequestSchema,
  CreatePromiseRequestSchema,
  CreditPromiseSchema,
  EntityBaseInfoSchema,
  EntityDetailInfoSchema,
  EntityIdQuerySchema,
  LoginRequestSchema,
  LoginResultSchema,
  LoginTicketPollSchema,
  LoginTicketRequestSchema,
  LoginTicketSchema,
  LoginTicketStateSchema,
  LoginTokenExchangeSchema,
  PasswordChangeRequestSchema,
  PasswordResetRequestSchema,
  PasswordResetResultSchema,
  ProfileSchema,
  RegisterRequestSchema,
  SmsCodeRequestSchema,
  SmsCodeSentSchema,
  UnbindWechatRequestSchema,
  WechatLoginRequestSchema,
} from '../schemas/account.js';
import { EmptyQuerySchema } from '../schemas/query.js';

const CREDENTIAL_MESSAGES = { Mobile: ACCOUNT_MESSAGES.mobileRequired, Password: ACCOUNT_MESSAGES.passwordRequired };

/** Accounts, logins, QR login tickets, entity details (login) and credit promises (spec §2.1, §3, §4). */
export const ACCOUNT_CONTRACTS = {
  entityBaseInfo: defineRoute({
    path: API_PATHS.entityBaseInfo,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: EntityIdQuerySchema,
    data: EntityBaseInfoSchema,
    auth: true,
  }),
  entityDetailInfo: defineRoute({
    path: API_PATHS.entityDetailInfo,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: EntityIdQuerySchema,
    data: EntityDetailInfoSchema,
    auth: true,
  }),
  /** Registration's first step: a one-time SMS code to the number. */
  registerCode: defineRoute({
    path: API_PATHS.registerCode,
    // Sends an SMS (the service adds its own per-number limits).
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: SmsCodeRequestSchema,
    data: SmsCodeSentSchema,
    emptyFieldMessages: { Mobile: ACCOUNT_MESSAGES.mobileRequired },
  }),
  register: defineRoute({
    path: API_PATHS.register,
    // Checks the SMS code; hashes a password.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: RegisterRequestSchema,
    data: LoginResultSchema,
    emptyFieldMessages: { ...CREDENTIAL_MESSAGES, Code: ACCOUNT_MESSAGES.smsCodeRequired },
  }),
  passwordResetCode: defineRoute({
    path: API_PATHS.passwordResetCode,
    // Sends an SMS (the service adds its own per-number limits).
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: SmsCodeRequestSchema,
    data: SmsCodeSentSchema,
    emptyFieldMessages: { Mobile: ACCOUNT_MESSAGES.mobileRequired },
  }),
  passwordReset: defineRoute({
    path: API_PATHS.passwordReset,
    // Checks the SMS code; hashes a password.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: PasswordResetRequestSchema,
    data: PasswordResetResultSchema,
    emptyFieldMessages: { ...CREDENTIAL_MESSAGES, Code: ACCOUNT_MESSAGES.smsCodeRequired },
  }),
  /** 修改密码: the current password and a new one, from a login; every other login of the account ends. */
  passwordChange: defineRoute({
    path: API_PATHS.passwordChange,
    // Checks the current password (counted as a login's failures) and hashes the new one.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: PasswordChangeRequestSchema,
    data: PasswordResetResultSchema,
    emptyFieldMessages: {
      Password: ACCOUNT_MESSAGES.currentPasswordRequired,
      NewPassword: ACCOUNT_MESSAGES.newPasswordRequired,
    },
    auth: true,
  }),
  login: defineRoute({
    path: API_PATHS.login,
    // Checks a password.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: LoginRequestSchema,
    data: LoginResultSchema,
    emptyFieldMessages: CREDENTIAL_MESSAGES,
  }),
  /** Chat-app login: the authorization code the chat app sent the browser back with, and the SPA's state. */
  wechatLogin: defineRoute({
    path: API_PATHS.wechatLogin,
    // Spends an authorization code and mints a login.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: WechatLoginRequestSchema,
    data: LoginResultSchema,
  }),
  loginTicketCreate: defineRoute({
    path: API_PATHS.loginTicketCreate,
    // Mints a ticket and its poll token.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: EmptyQuerySchema,
    data: LoginTicketSchema,
  }),
  /** The desktop polls it every 1.5 s for up to 3 minutes: the default rate-limit class. */
  loginTicketStatus: defineRoute({
    path: API_PATHS.loginTicketStatus,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: LoginTicketPollSchema,
    data: LoginTicketStateSchema,
  }),
  loginTicketScan: defineRoute({
    path: API_PATHS.loginTicketScan,
    // Checks a ticket.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: LoginTicketRequestSchema,
    data: LoginTicketStateSchema,
  }),
  /** The phone's login confirms the ticket: its own token, passed by the caller. */
  loginTicketConfirm: defineRoute({
    path: API_PATHS.loginTicketConfirm,
    // Checks a ticket and mints the desktop’s login.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: LoginTicketRequestSchema,
    data: LoginTicketStateSchema,
  }),
  loginTokenExchange: defineRoute({
    path: API_PATHS.loginTokenExchange,
    // Spends a hand-off token and mints a login.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: LoginTokenExchangeSchema,
    data: LoginResultSchema,
  }),
  profile: defineRoute({
    path: API_PATHS.profile,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    data: ProfileSchema,
    auth: true,
  }),
  bindMobile: defineRoute({
    path: API_PATHS.bindMobile,
    // Checks a password.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: BindMobileRequestSchema,
    data: ProfileSchema,
    emptyFieldMessages: CREDENTIAL_MESSAGES,
    auth: true,
  }),
  bindWechat: defineRoute({
    path: API_PATHS.bindWechat,
    // Spends an authorization code.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: BindWechatRequestSchema,
    data: ProfileSchema,
    auth: true,
  }),
  unbindWechat: defineRoute({
    path: API_PATHS.unbindWechat,
    // Checks the account’s password.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: UnbindWechatRequestSchema,
    data: ProfileSchema,
    auth: true,
    emptyFieldMessages: { Password: ACCOUNT_MESSAGES.passwordRequired },
  }),
  /** The user's own credit promises. */
  myPromises: defineRoute({
    path: API_PATHS.myPromises,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    data: Type.Array(CreditPromiseSchema),
    auth: true,
  }),
  /** Files a credit promise (same path, POST). */
  createPromise: defineRoute({
    path: API_PATHS.myPromises,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: CreatePromiseRequestSchema,
    data: CreditPromiseSchema,
    emptyFieldMessages: {
      CreditCode: '请输入统一社会信用代码',
      Promiser: '请输入承诺人姓名（至少2个字）',
      Content: '请填写承诺内容（至少10个字）',
    },
    auth: true,
  }),
};
