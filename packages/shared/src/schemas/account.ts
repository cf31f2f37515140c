import { Type, type Static } from 'typebox';
import { EntitySearchResultSchema } from './entity.js';
import { LicenceBlockSchema } from './publicity.js';
import { LoginInfoSchema, LoginRequesterSchema } from './session.js';

/*
 * Accounts, login tickets, the entity details behind login and credit promises (spec §2.1
 * personal centre, §3 login info, §4 login state). The spec leaves these payloads "not shown";
 * they are chosen here and used by the credit-service and the SPA alike.
 */

/** Mainland mobile numbers: 11 digits starting 13–19. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** How many of the four kinds (upper case, lower case, digits, symbols) a password mixes at least (GB/T 22239 level 2 practice). */
export const PASSWORD_MIN_CLASSES = 3;

/** Registration's SMS code: six digits, valid for five minutes, five tries (spec: not shown; chosen). */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** At most one code per number this often, and this many per number a day. */
export const SMS_RESEND_SECONDS = 60;
export const SMS_DAILY_LIMIT = 10;
/** The chat app's authorization code lives at most this long (OAuth 2.0, RFC 6749 §4.1.2: short-lived). */
export const WECHAT_CODE_TTL_SECONDS = 300;

/** Messages of the account rules, shown by the SPA's form checks and answered by the service. */
export const ACCOUNT_MESSAGES = {
  mobileRequired: '请输入手机号码',
  mobileInvalid: '请输入正确的11位手机号码',
  passwordRequired: '请输入密码',
  passwordWeak: `密码至少${PASSWORD_MIN_LENGTH}位，且须包含大写字母、小写字母、数字、符号中的至少三种`,
  passwordTooLong: `密码不能超过${PASSWORD_MAX_LENGTH}位`,
  passwordMismatch: '两次输入的密码不一致',
  mobileTaken: '该手机号码已注册，请直接登录',
  wrongCredentials: '手机号码或密码错误',
  lockedOut: '密码错误次数过多，账号已暂时锁定，请稍后再试',
  ticketNotFound: '二维码不存在，请刷新二维码后重新扫码',
  ticketExpired: '二维码已过期，请在电脑上刷新二维码后重新扫码',
  ticketUsed: '该二维码已被使用，请在电脑上刷新二维码后重新扫码',
  loginTokenInvalid: '登录凭证无效或已过期，请重新登录',
  /** A password reset: every login of the account has ended. */
  passwordResetDone: '密码已重置，请使用新密码登录',
  /** The bound chat-app identity let go. */
  wechatUnbound: '已解除微信绑定',
  /** Unbinding asked of an account without a bound identity, or of a chat-app login. */
  wechatNotBound: '当前账号未绑定微信',
  unbindNeedsMobileLogin: '请使用手机号码和密码登录后再解除微信绑定',
  /** 修改密码: the current password is required, and must be right (a wrong one counts as a failed login). */
  currentPasswordRequired: '请输入当前密码',
  currentPasswordWrong: '当前密码不正确',
  newPasswordRequired: '请输入新密码',
  /** 修改密码 with the password it already has. */
  newPasswordSame: '新密码不能与当前密码相同',
  /** 修改密码 done: this login stays, every other login of the account has ended. */
  passwordChanged: '密码已修改，该账号在其他设备上的登录均已退出',
  /** 修改密码 from a chat-app login bound to no mobile account: there is no password. */
  passwordChangeNeedsMobile: '当前微信身份未绑定手机号码账号，没有可修改的登录密码',
  /** 修改密码 from a login that came by a link (the old site's logintoken). */
  passwordChangeNeedsOwnLogin: '为保障账号安全，请先退出，在本站重新登录后再修改密码',
  /** A reset's code proven for a number no account has. */
  mobileNotRegistered: '该手机号码尚未注册，请先注册',
  /** Binding from a login that came by a link (the old site's logintoken): the link's maker may not be the one binding. */
  bindNeedsOwnLogin: '为保障账号安全，请先退出，在本站重新登录后再进行绑定',
  wechatNotFound: '该微信身份不存在',
  /** A chat-app authorization code that is unknown, used, expired or came back with another state. */
  wechatCodeInvalid: '微信授权已失效或无效，请重新授权',
  wechatCancelled: '您已取消微信授权',
  wechatUnavailable: '微信登录暂未开通',
  smsCodeRequired: '请输入短信验证码',
  smsCodeFormat: `请输入${SMS_CODE_LENGTH}位数字短信验证码`,
  /** A wrong, expired, used or worn-out code: one answer for all, registered number or not. */
  smsCodeInvalid: '短信验证码错误或已失效，请重新获取',
  smsSent: '验证码已发送，请查收短信',
  smsTooFrequent: `获取验证码过于频繁，请${SMS_RESEND_SECONDS}秒后再试`,
  smsDailyLimit: '该手机号码今日获取验证码次数已达上限，请明天再试',
  smsUnavailable: '短信服务暂未开通，暂时无法获取验证码',
  smsSendFailed: '短信发送失败，请稍后再试',
  /** What the SPA says when the gateway answers 5xx for a code (it does not pass an upstream's 5xx text on). */
  smsServiceDown: '短信服务暂未开通或暂时不可用，请稍后再试',
  /** A credit promise for an entity the account may not act for. */
  promiseNotMine: '该主体不是您名下的企业，不能为其填报信用承诺',
  checkDigitHint: '该统一社会信用代码校验位不正确，仍为您查询',
} as const;

/** Null when the mobile number is acceptable, else the message to show. */
export function mobileProblem(mobile: string): string | null {
  if (!mobile) return ACCOUNT_MESSAGES.mobileRequired;
  return MOBILE_PATTERN.test(mobile) ? null : ACCOUNT_MESSAGES.mobileInvalid;
}

/** How many kinds of character a password mixes: upper case, lower case, digits, symbols (anything else). */
export function passwordClasses(password: string): number {
  return [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d]/].filter((kind) => kind.test(password)).length;
}

/** Null when the password is acceptable: 8–64 characters mixing at least three kinds, else the message. */
export function passwordProblem(password: string): string | null {
  if (!password) return ACCOUNT_MESSAGES.passwordRequired;
  if (password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  if (password.length < PASSWORD_MIN_LENGTH || passwordClasses(password) < PASSWORD_MIN_CLASSES) {
    return ACCOUNT_MESSAGES.passwordWeak;
  }
  return null;
}

/** Null when an SMS code has the right shape (six digits), else the message. */
export function smsCodeProblem(code: string): string | null {
  if (!code) return ACCOUNT_MESSAGES.smsCodeRequired;
  return SMS_CODE_PATTERN.test(code) ? null : ACCOUNT_MESSAGES.smsCodeFormat;
}

/** Lifetime of a QR login ticket, and how often the desktop asks for its state. */
export const LOGIN_TICKET_TTL_SECONDS = 180;
export const LOGIN_TICKET_POLL_MS = 1500;

const Mobile = Type.String({ maxLength: 32 });
const Password = Type.String({ maxLength: 256 });

export const LoginRequestSchema = Type.Object({ Mobile, Password });
export type LoginRequest = Static<typeof LoginRequestSchema>;

/** The six-digit code of registration's SMS (checked by smsCodeProblem, so the message is Chinese). */
const SmsCode = Type.String({ maxLength: 16 });

export const RegisterRequestSchema = Type.Object({
  Mobile,
  Password,
  /** Checked when sent: must equal Password. */
  ConfirmPassword: Type.Optional(Password),
  /** The code of the SMS sent to Mobile (register/code): proof of owning the number. */
  Code: SmsCode,
});
export type RegisterRequest = Static<typeof RegisterRequestSchema>;

/** password/reset: a new password for the account of Mobile, proven by the code of its password/reset/code SMS. */
export const PasswordResetRequestSchema = RegisterRequestSchema;
export type PasswordResetRequest = Static<typeof PasswordResetRequestSchema>;

/** The password was reset; this many logins of the account were ended. */
export const PasswordResetResultSchema = Type.Object({ SessionsEnded: Type.Integer({ minimum: 0 }) });
export type PasswordResetResult = Static<typeof PasswordResetResultSchema>;

/**
 * password/change: a logged-in account's new password, given its current one (Password). The
 * login that asks stays; every other login of the account ends. Answered with PasswordResetResult.
 */
export const PasswordChangeRequestSchema = Type.Object({
  /** The current password. */
  Password,
  NewPassword: Password,
  /** Checked when sent: must equal NewPassword. */
  ConfirmPassword: Type.Optional(Password),
});
export type PasswordChangeRequest = Static<typeof PasswordChangeRequestSchema>;

/** register/code: send a one-time code to this number. */
export const SmsCodeRequestSchema = Type.Object({ Mobile });
export type SmsCodeRequest = Static<typeof SmsCodeRequestSchema>;

/** The answer to register/code: the same whether or not the number is registered. */
export const SmsCodeSentSchema = Type.Object({
  /** Seconds until the code expires. */
  ExpiresIn: Type.Integer(),
  /** Seconds until another code may be asked for. */
  ResendIn: Type.Integer(),
});
export type SmsCodeSent = Static<typeof SmsCodeSentSchema>;

/** What the SPA keeps as realAuthInfo: how and until when the user is authenticated. */
export const RealAuthInfoSchema = Type.Object({
  LoginType: Type.Union([Type.Literal('User'), Type.Literal('Wechat')]),
  /** ISO 8601. */
  AuthTime: Type.String(),
  /** ISO 8601: the JwtToken's expiry. */
  ExpireTime: Type.String(),
});
export type RealAuthInfo = Static<typeof RealAuthInfoSchema>;

/** Every successful login: the login info of spec §3, the signed JwtToken and realAuthInfo. */
export const LoginResultSchema = Type.Object({
  UserInfo: LoginInfoSchema,
  JwtToken: Type.String(),
  RealAuthInfo: RealAuthInfoSchema,
});
export type LoginResult = Static<typeof LoginResultSchema>;

/** The OAuth 2.0 state the SPA makes: random, URL-safe (the SPA makes 32 hex digits). */
export const WECHAT_STATE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Chat-app (微信) login and binding by OAuth 2.0 authorization code (RFC 6749 §4.1): the chat app
 * sends the browser back with a one-time `code` and the `state` the SPA made; the service
 * exchanges the code (once) for the identity. Never a bare identifier.
 */
export const WechatLoginRequestSchema = Type.Object({
  Code: Type.String({ minLength: 1, maxLength: 128 }),
  State: Type.String({ minLength: 16, maxLength: 128, pattern: WECHAT_STATE_PATTERN.source }),
});
export type WechatLoginRequest = Static<typeof WechatLoginRequestSchema>;

export const LOGIN_TICKET_STATUSES = ['pending', 'scanned', 'confirmed', 'expired', 'used'] as const;
export type LoginTicketStatus = (typeof LOGIN_TICKET_STATUSES)[number];
const TicketStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('scanned'),
  Type.Literal('confirmed'),
  Type.Literal('expired'),
  Type.Literal('used'),
]);

/** A new QR login ticket: Ticket goes into the QR code, PollToken stays with the desktop page. */
export const LoginTicketSchema = Type.Object({
  Ticket: Type.String(),
  PollToken: Type.String(),
  Status: TicketStatus,
  /** ISO 8601. */
  ExpiresAt: Type.String(),
});
export type LoginTicket = Static<typeof LoginTicketSchema>;

const TicketId = Type.String({ minLength: 1, maxLength: 128 });

export const LoginTicketPollSchema = Type.Object({ Ticket: TicketId, PollToken: Type.String({ maxLength: 128 }) });
export type LoginTicketPoll = Static<typeof LoginTicketPollSchema>;

/** Body of the phone's scan and confirm calls. */
export const LoginTicketRequestSchema = Type.Object({ Ticket: TicketId });
export type LoginTicketRequest = Static<typeof LoginTicketRequestSchema>;

/** A ticket's state; Login is set once, on the first poll after the phone confirmed. */
export const LoginTicketStateSchema = Type.Object({
  Status: TicketStatus,
  ExpiresAt: Type.String(),
  Login: Type.Union([LoginResultSchema, Type.Null()]),
  /** The scan answer only: which browser asks to log in, so the phone's user knows what they confirm. */
  Requester: Type.Optional(LoginRequesterSchema),
});
export type LoginTicketState = Static<typeof LoginTicketStateSchema>;

/** /newszxy: the old site's one-time logintoken, exchanged for a login. */
export const LoginTokenExchangeSchema = Type.Object({ LoginToken: Type.String({ minLength: 1, maxLength: 256 }) });
export type LoginTokenExchange = Static<typeof LoginTokenExchangeSchema>;

/** The logged-in account, as the personal centre shows it. */
export const ProfileSchema = Type.Object({
  LoginType: Type.Union([Type.Literal('User'), Type.Literal('Wechat')]),
  /** The account's mobile number, or the one bound to the chat-app identity; '' when none. */
  Mobile: Type.String(),
  /** The chat-app nickname, or the one bound to the mobile account; '' when none. */
  Nickname: Type.String(),
  /** yyyy-mm-dd hh:mm:ss of the mobile account; '' for an unbound chat-app identity. */
  RegisteredAt: Type.String(),
  /** ISO 8601 expiry of the token this request carried. */
  TokenExpiresAt: Type.String(),
});
export type Profile = Static<typeof ProfileSchema>;

export const BindMobileRequestSchema = LoginRequestSchema;
export type BindMobileRequest = LoginRequest;
export const BindWechatRequestSchema = WechatLoginRequestSchema;
export type BindWechatRequest = WechatLoginRequest;
/** Letting the bound chat-app identity go: the account's password again. */
export const UnbindWechatRequestSchema = Type.Object({ Password });
export type UnbindWechatRequest = Static<typeof UnbindWechatRequestSchema>;

/** Kinds of credit promise (信用承诺) under the national guidance on promise systems. */
export const PROMISE_TYPES = ['审批替代型', '容缺受理型', '行业自律型', '信用修复型', '主动型'] as const;
export type PromiseType = (typeof PROMISE_TYPES)[number];
export const PROMISE_STATUSES = ['已公示', '待审核'] as const;
export const PROMISE_CONTENT_MIN = 10;
export const PROMISE_CONTENT_MAX = 2000;
/** The standard text of a voluntary (主动型) promise: the seed's, and the form's starting text at xygs/xycnzyzc. */
export const VOLUNTARY_PROMISE_TEXT =
  '本单位郑重承诺：遵守法律法规，依法诚信经营，提供的产品和服务质量合格，不发布虚假广告，按时足额缴纳税款，积极履行社会责任。';

export const CreditPromiseSchema = Type.Object({
  ID: Type.String(),
  EntName: Type.String(),
  CreditCode: Type.String(),
  PromiseType: Type.String(),
  Content: Type.String(),
  Promiser: Type.String(),
  /** yyyy-mm-dd. */
  PromiseDate: Type.String(),
  Status: Type.Union([Type.Literal('已公示'), Type.Literal('待审核')]),
  /** Who receives and publishes the promise. */
  SourceUnit: Type.String(),
  /** yyyy-mm-dd hh:mm:ss. */
  UpdateTime: Type.String(),
});
export type CreditPromise = Static<typeof CreditPromiseSchema>;

export const CreatePromiseRequestSchema = Type.Object({
  CreditCode: Type.String({ minLength: 1, maxLength: 32 }),
  PromiseType: Type.Union([
    Type.Literal('审批替代型'),
    Type.Literal('容缺受理型'),
    Type.Literal('行业自律型'),
    Type.Literal('信用修复型'),
    Type.Literal('主动型'),
  ]),
  Content: Type.String({ minLength: PROMISE_CONTENT_MIN, maxLength: PROMISE_CONTENT_MAX }),
  Promiser: Type.String({ minLength: 2, maxLength: 30 }),
  ContactMobile: Type.String({ maxLength: 32 }),
});
export type CreatePromiseRequest = Static<typeof CreatePromiseRequestSchema>;

/** Query of the entity details calls: the search result's ID. */
export const EntityIdQuerySchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 32 }) });
export type EntityIdQuery = Static<typeof EntityIdQuerySchema>;

/** entbaseinfos: the registration information of an entity. */
export const EntityBaseInfoSchema = Type.Interface([EntitySearchResultSchema], {
  LegalRep: Type.String(),
  Address: Type.String(),
  /** District of registration, e.g. 云州市东湖区. */
  District: Type.String(),
  /** Registration authority. */
  RegAuthority: Type.String(),
});
export type EntityBaseInfo = Static<typeof EntityBaseInfoSchema>;

/** A penalty still within its publicity period, as the details page lists it. */
export const EntityPenaltySchema = Type.Object({
  id: Type.String(),
  CF_WSH: Type.String(),
  CF_CFLB: Type.String(),
  CF_WFXW: Type.String(),
  CF_NR: Type.String(),
  CF_JDRQ: Type.String(),
  CF_CFJG: Type.String(),
  CF_GSJZQ: Type.String(),
  CF_ZT: Type.String(),
});
export type EntityPenalty = Static<typeof EntityPenaltySchema>;

/** One red-list (守信激励) or black-list (失信惩戒) entry in force. */
export const RedBlackEntrySchema = Type.Object({
  ListType: Type.Union([Type.Literal('red'), Type.Literal('black')]),
  ListName: Type.String(),
  Reason: Type.String(),
  Authority: Type.String(),
  /** yyyy-mm-dd. */
  IncludedOn: Type.String(),
  /** yyyy-mm-dd. */
  ValidUntil: Type.String(),
});
export type RedBlackEntry = Static<typeof RedBlackEntrySchema>;

/** The public lists an entity's standing is searched on, beside licences, penalties, red/black lists and promises. */
export const PUBLIC_LIST_KEYS = [
  'abnormal',
  'majorTax',
  'wageArrears',
  'nontax',
  'bankruptcy',
  'promiseKept',
  'hetao',
] as const;
export type PublicListKey = (typeof PUBLIC_LIST_KEYS)[number];

/** One record of an entity on a public list, in the words every list shares. */
export const PublicListEntrySchema = Type.Object({
  /** The record's id on its list (its detail page, where the list has one). */
  id: Type.String(),
  /** What the record says: the reason for listing, the case, the item owed, the labels. */
  Matter: Type.String(),
  /** Document or case number; '' when the list publishes none. */
  DocNo: Type.String(),
  /** Who decided (决定机关, court, collecting or checking unit). */
  Authority: Type.String(),
  /** The day the record starts (listed, accepted, payable, checked, joined): yyyy-mm-dd. */
  ListedOn: Type.String(),
  /** The day it ends, yyyy-mm-dd; '' when the list sets none. */
  ValidUntil: Type.String(),
  /** Its state: 列入中, 已期满移出, 欠缴中, a bankruptcy case's stage, 已履行, … */
  State: Type.String(),
  /** True while the record counts against (or, on a positive list, for) the entity. */
  InForce: Type.Boolean(),
});
export type PublicListEntry = Static<typeof PublicListEntrySchema>;

/** One public list searched for an entity: what it is, who publishes it, and the entity's records on it. */
export const PublicListStandingSchema = Type.Object({
  Key: Type.Enum(PUBLIC_LIST_KEYS),
  /** The list's name as the portal publishes it, e.g. 经营异常名录. */
  Label: Type.String(),
  /** 发布单位: who publishes the list. */
  Source: Type.String(),
  /** True for a list of dishonesty (经营异常, 重大税收违法, …), false for a list of good standing. */
  Adverse: Type.Boolean(),
  /** The entity's records, newest first; [] when it is not on the list. */
  Entries: Type.Array(PublicListEntrySchema),
});
export type PublicListStanding = Static<typeof PublicListStandingSchema>;

/** v2/entdetailinfo: everything on the details page beyond the registration information. */
export const EntityDetailInfoSchema = Type.Object({
  Licences: Type.Array(LicenceBlockSchema),
  Penalties: Type.Array(EntityPenaltySchema),
  RedBlack: Type.Array(RedBlackEntrySchema),
  Promises: Type.Array(CreditPromiseSchema),
  /**
   * Every other public list the portal holds, each searched for the entity (with no entries when
   * it is not on it) — the same answer the enterprise report and the 专项信用报告 print.
   */
  PublicLists: Type.Array(PublicListStandingSchema),
});
export type EntityDetailInfo = Static<typeof EntityDetailInfoSchema>;
