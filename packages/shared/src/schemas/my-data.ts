import { Type, type Static } from 'typebox';

/*
 * 我的数据 (PIPL Art. 45): everything the portal holds about the caller's account, and 注销账号
 * (PIPL Art. 47, 15). Not in the spec: chosen here. Times are as stored: yyyy-mm-dd hh:mm:ss
 * (Beijing time) for records of the service, ISO 8601 for login sessions and audit records.
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** One live login of the account. */
export const MySessionSchema = Type.Object({
  /** A reference of the session (not its id, which its tokens carry): what 结束 names. */
  Id: Type.String(),
  LoginType: Type.Union([Type.Literal('User'), Type.Literal('Wechat')]),
  /** Made by a link (the old site's hand-off) or a QR login confirmed from one. */
  ViaLink: Type.Boolean(),
  /** The login this request came with. */
  Current: Type.Boolean(),
  CreatedAt: Type.String(),
  LastSeenAt: Type.String(),
  ExpiresAt: Type.String(),
});
export type MySession = Static<typeof MySessionSchema>;

/** A repair or objection filing of the account, with its materials' file names (never their contents). */
export const MyFilingSchema = Type.Object({
  ApplyNo: Type.String(),
  Kind: Type.Union([Type.Literal('repair'), Type.Literal('objection')]),
  EntName: Type.String(),
  Status: Type.String(),
  ContactName: Type.String(),
  ContactPhone: Type.String(),
  Description: Type.String(),
  SubmittedAt: Type.String(),
  UpdatedAt: Type.String(),
  Materials: Type.Array(Type.String()),
  /** The 信用修复承诺书's signer, when the filing carries one. */
  PromiseSigner: Nullable(Type.String()),
});
export type MyFiling = Static<typeof MyFilingSchema>;

/** A credit promise the account filed. */
export const MyPromiseSchema = Type.Object({
  EntName: Type.String(),
  PromiseType: Type.String(),
  Promiser: Type.String(),
  ContactMobile: Type.String(),
  PromisedOn: Type.String(),
  Status: Type.String(),
});
export type MyPromise = Static<typeof MyPromiseSchema>;

/** An entity linked to the account (账号关联企业). */
export const MyEntitySchema = Type.Object({ EntName: Type.String(), CreditCode: Type.String(), Role: Type.String() });

/** A followed entity (信用关注). */
export const MyFollowSchema = Type.Object({
  EntName: Type.String(),
  CreditCode: Type.String(),
  FollowedAt: Type.String(),
});

/** 信用关注's mail settings; null when never saved. */
export const MyMailSettingsSchema = Nullable(
  Type.Object({
    Email: Type.String(),
    EmailConfirmed: Type.Boolean(),
    EmailDigest: Type.Boolean(),
    RepairableNotice: Type.Boolean(),
    UpdatedAt: Type.String(),
  }),
);

/** A report the account had issued (专项信用报告). */
export const MyReportSchema = Type.Object({
  ReportNo: Type.String(),
  ReportType: Type.String(),
  EntName: Type.String(),
  GeneratedAt: Type.String(),
});

/** A consent to the 个人信息处理规则 (ConsentRecord of vocabulary/privacy.ts). */
export const MyConsentSchema = Type.Object({
  purpose: Type.Union([
    Type.Literal('registration'),
    Type.Literal('wechat_binding'),
    Type.Literal('digest_mail'),
    Type.Literal('face_verification'),
  ]),
  version: Type.String(),
  grantedAt: Type.String(),
  withdrawnAt: Nullable(Type.String()),
});

/** An audit record that concerns the account: no address, no request id, no reference of anyone else. */
export const MyAuditRecordSchema = Type.Object({
  Time: Type.String(),
  Event: Type.String(),
  Result: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
  Reason: Nullable(Type.String()),
  /** self, centre (a reviewer or the service) or other. */
  Actor: Type.Union([Type.Literal('self'), Type.Literal('centre'), Type.Literal('other')]),
  /** The record's subject when it is not a person: application:<no>, report:<no>, entity:<id>; '' otherwise. */
  Object: Type.String(),
});
export type MyAuditRecord = Static<typeof MyAuditRecordSchema>;

/** GET /user/mydata: the copy of everything held about the account. */
export const MyDataSchema = Type.Object({
  /** ISO 8601: when the copy was made. */
  GeneratedAt: Type.String(),
  Profile: Type.Object({
    /** The whole number: the copy is the person's own (the page masks it on screen). */
    Mobile: Type.String(),
    RegisteredAt: Type.String(),
  }),
  /** The bound chat-app identity's nickname; null when none is bound. */
  Wechat: Nullable(Type.Object({ Nickname: Type.String() })),
  Sessions: Type.Array(MySessionSchema),
  Filings: Type.Array(MyFilingSchema),
  Promises: Type.Array(MyPromiseSchema),
  Entities: Type.Array(MyEntitySchema),
  Follows: Type.Array(MyFollowSchema),
  MailSettings: MyMailSettingsSchema,
  Reports: Type.Array(MyReportSchema),
  Consents: Type.Array(MyConsentSchema),
  Audit: Type.Object({
    Records: Type.Array(MyAuditRecordSchema),
    /** yyyy-mm-dd: the first day read. */
    Since: Type.String(),
    /** More records matched than the copy holds (the newest are kept). */
    Truncated: Type.Boolean(),
  }),
});
export type MyData = Static<typeof MyDataSchema>;

/** POST /user/sessions/end: the session to end (MySession.Id). */
export const SessionEndRequestSchema = Type.Object({ Id: Type.String({ maxLength: 64 }) });
export const SessionEndResultSchema = Type.Object({ Ended: Type.Boolean() });

/** POST /user/close: the password, the SMS code sent to the account's number, and the confirmation. */
export const CloseAccountRequestSchema = Type.Object({
  Password: Type.String({ maxLength: 256 }),
  Code: Type.String({ maxLength: 16 }),
  Confirm: Type.Boolean(),
});
export type CloseAccountRequest = Static<typeof CloseAccountRequestSchema>;

/** The answer of a closing: how many logins ended. */
export const CloseAccountResultSchema = Type.Object({ SessionsEnded: Type.Integer() });
export type CloseAccountResult = Static<typeof CloseAccountResultSchema>;
