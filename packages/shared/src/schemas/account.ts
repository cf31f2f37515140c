import { Type, type Static } from 'typebox';
import { EntitySearchResultSchema } from './entity.js';
import { LicenceBlockSchema } from './publicity.js';
import { LoginInfoSchema, LoginRequesterSchema } from './session.js';
import {
  WECHAT_STATE_PATTERN,
  PROMISE_CONTENT_MIN,
  PROMISE_CONTENT_MAX,
  PUBLIC_LIST_KEYS,
} from '../vocabulary/account.js';

/*
 * Accounts, login tickets, the entity details behind login and credit promises (spec §2.1
 * personal centre, §3 login info, §4 login state). The spec leaves these payloads "not shown";
 * they are chosen here and used by the credit-service and the SPA alike.
 */

const Mobile = Type.String({ maxLength: 32 });
const Password = Type.String({ maxLength: 256 });

export const LoginRequestSchema = Type.Object({ Mobile, Password });
export type LoginRequest = Static<typeof LoginRequestSchema>;

/** The six-digit code of registration's SMS (checked by smsCodeProblem, so the message is Chinese). */
const SmsCode = Type.String({ maxLength: 16 });

const CodePasswordFields = {
  Mobile,
  Password,
  /** Checked when sent: must equal Password. */
  ConfirmPassword: Type.Optional(Password),
  /** The code of the SMS sent to Mobile (register/code): proof of owning the number. */
  Code: SmsCode,
};

export const RegisterRequestSchema = Type.Object({
  ...CodePasswordFields,
  /**
   * The version of the 个人信息处理规则 the person read and agreed to (PRIVACY_RULES_VERSION);
   * absent or another version is refused, so no account exists without its consent on record.
   */
  PrivacyVersion: Type.Optional(Type.String({ maxLength: 32 })),
});
export type RegisterRequest = Static<typeof RegisterRequestSchema>;

/** password/reset: a new password for the account of Mobile, proven by the code of its password/reset/code SMS. */
export const PasswordResetRequestSchema = Type.Object(CodePasswordFields);
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

/**
 * consent: whether the logged-in account must agree to the 个人信息处理规则 again before going on —
 * its registration consent in force is not the version in force (or there is none: an account
 * older than the records, or a chat-app login that never registered).
 */
export const ConsentStatusSchema = Type.Object({
  /** The version in force (PRIVACY_RULES_VERSION). */
  Version: Type.String(),
  /** The version this account last agreed to and has not withdrawn; null: none on record. */
  AcceptedVersion: Type.Union([Type.String(), Type.Null()]),
  Required: Type.Boolean(),
});
export type ConsentStatus = Static<typeof ConsentStatusSchema>;

/** consent (POST): the account agrees to this version of the rules (it must be the one in force). */
export const ConsentAcceptRequestSchema = Type.Object({ Version: Type.String({ maxLength: 32 }) });
export type ConsentAcceptRequest = Static<typeof ConsentAcceptRequestSchema>;
