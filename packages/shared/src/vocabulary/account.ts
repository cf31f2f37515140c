/*
 * Accounts and login (schemas/account.ts): the mobile, password and SMS-code rules with their
 * Chinese messages and checks, QR ticket timing, the chat-app state, credit promise kinds and text,
 * the public list keys. Plain data, no TypeBox: the SPA's pages import these without building the
 * schemas.
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

/** The OAuth 2.0 state the SPA makes: random, URL-safe (the SPA makes 32 hex digits). */
export const WECHAT_STATE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export const LOGIN_TICKET_STATUSES = ['pending', 'scanned', 'confirmed', 'expired', 'used'] as const;
export type LoginTicketStatus = (typeof LOGIN_TICKET_STATUSES)[number];

/** Kinds of credit promise (信用承诺) under the national guidance on promise systems. */
export const PROMISE_TYPES = ['审批替代型', '容缺受理型', '行业自律型', '信用修复型', '主动型'] as const;
export type PromiseType = (typeof PROMISE_TYPES)[number];
export const PROMISE_STATUSES = ['已公示', '待审核'] as const;
export const PROMISE_CONTENT_MIN = 10;
export const PROMISE_CONTENT_MAX = 2000;
/** The standard text of a voluntary (主动型) promise: the seed's, and the form's starting text at xygs/xycnzyzc. */
export const VOLUNTARY_PROMISE_TEXT =
  '本单位郑重承诺：遵守法律法规，依法诚信经营，提供的产品和服务质量合格，不发布虚假广告，按时足额缴纳税款，积极履行社会责任。';

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
