import { Type, type Static } from 'typebox';
import {
  H5_CODE_CHALLENGE_PATTERN,
  H5_REPORT_ACCESS_MAX_ROWS,
  H5_REPORT_ACCESS_PAGE_SIZE,
  H5_VERIFIER_PATTERN,
} from '../vocabulary/h5.js';

/** H5 user info from the token exchange (spec §3). */
export const H5UserInfoSchema = Type.Object({
  Name: Type.String(),
  IdCard: Type.String(),
  Infotoken: Type.String(),
});
export type H5UserInfo = Static<typeof H5UserInfoSchema>;

/** H5 entity record (spec §3). */
export const H5EntityRecordSchema = Type.Object({
  RecordId: Type.String(),
  BaseId: Type.String(),
  EntName: Type.String(),
  EntStatus: Type.String(),
  SCCode: Type.String(),
  Position: Type.String(),
  EstDate: Type.String(),
  EntCategory: Type.String(),
  CertNo: Type.String(),
});
export type H5EntityRecord = Static<typeof H5EntityRecordSchema>;

/** H5 personal-report request payload (spec §3). */
export const H5ReportRequestSchema = Type.Object({
  Infotoken: Type.String({ minLength: 1, maxLength: 128 }),
  UserName: Type.String({ maxLength: 50 }),
  IdentityCard: Type.String({ maxLength: 32 }),
  VersionCode: Type.Literal('C'),
  ReportNumber: Type.String({ maxLength: 64 }),
  printPlatform: Type.Optional(Type.String({ maxLength: 32 })),
  printStyle: Type.Optional(Type.Literal('1')),
  useType: Type.Optional(Type.String({ maxLength: 32 })),
  otherUseType: Type.Optional(Type.String({ maxLength: 200 })),
  Email: Type.Optional(Type.String({ maxLength: 254 })),
});
export type H5ReportRequest = Static<typeof H5ReportRequestSchema>;

const Cell = Type.Union([Type.String(), Type.Number(), Type.Null()]);
/** A row of a report table: column name → value. */
export const ReportRowSchema = Type.Record(Type.String(), Cell);
export type ReportRow = Static<typeof ReportRowSchema>;

/** One table of the personal report. */
export const ReportTableSchema = Type.Object({
  TableName: Type.String(),
  Rows: Type.Array(ReportRowSchema),
});
export type ReportTable = Static<typeof ReportTableSchema>;

/** A config-table row (spec §3). */
export const ReportConfigRowSchema = Type.Object({
  SourceTableENName: Type.String(),
  VersionCode: Type.String(),
  SortName: Type.String(),
  SourceTableName: Type.String(),
  /** 'I' section, 'II' sub-section, 'III' item. */
  SortGrade: Type.String(),
  /** '1' none, '2' table. */
  DisplayMode: Type.String(),
});
export type ReportConfigRow = Static<typeof ReportConfigRowSchema>;

/** The report tables: [config, report-number, ...data tables] (Data.Data is this as a JSON string). */
export const ReportTablesSchema = Type.Object({ Tables: Type.Array(ReportTableSchema) });
export type ReportTables = Static<typeof ReportTablesSchema>;

/* ------------------------------------------------------------------------------------------------
 * The H5 calls (spec §7 "H5 calls" and "Credit-report calls"): requests and answers. Paths are in
 * API_PATHS (h5*), contract rows in contracts/h5.ts. Dialects: the H5 user API answers
 * { Success, Data, Msg }; the mail sender { successful, msg, data }; the report service
 * { Data: { Status, Data }, Msg } with Status 10 meaning ready / sent.
 * ---------------------------------------------------------------------------------------------- */

const TOKEN = Type.String({ minLength: 1, maxLength: 128 });
const NAME = Type.String({ minLength: 1, maxLength: 50 });
const ID_CARD = Type.String({ minLength: 1, maxLength: 32 });
/** A value encrypted with the RSA public key by jsencrypt (PKCS#1 v1.5, base64). */
const CIPHER = Type.String({ minLength: 1, maxLength: 1024 });

const CertType = Type.Union([Type.Literal(''), Type.Literal('grxybg')]);

/**
 * POST /api/user/peroncreditencode on the login page's mount: the channel the person came from.
 * ComIp is a client placeholder; the service records the address the gateway saw.
 */
export const H5EncodeRequestSchema = Type.Object({
  Platform: Type.String({ minLength: 1, maxLength: 32 }),
  Remark: Type.Optional(Type.String({ maxLength: 200 })),
  ComIp: Type.Optional(Type.String({ maxLength: 64 })),
});
export type H5EncodeRequest = Static<typeof H5EncodeRequestSchema>;
/** Its answer's Data: the encrypted wrapper (opaque), passed on with the cert-token request. */
export const H5EncodeMessageSchema = Type.String();

/** ?type= of the cert-token request: '' for the entity app, 'grxybg' for the personal report. */
export const H5CertTokenQuerySchema = Type.Object({ type: Type.Optional(CertType) });
export type H5CertTokenQuery = Static<typeof H5CertTokenQuerySchema>;

/**
 * Body of the cert-token request. ReturnUrl is where the face-verification page sends the person
 * back (the SPA's own address: the portal's origin; loopback addresses only in demo mode).
 * CodeChallenge binds the token to the browser that asks for it: base64url(SHA-256(verifier)),
 * the verifier staying in that browser until the exchange.
 */
export const H5CertTokenRequestSchema = Type.Object({
  EncodeMsg: Type.Optional(Type.String({ maxLength: 2048 })),
  ReturnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  CodeChallenge: Type.String({ pattern: H5_CODE_CHALLENGE_PATTERN }),
  /**
   * The version of the 个人信息处理规则 (PRIVACY_RULES_VERSION) whose face-verification notice the
   * person agreed to on the login page; without it (or with an older one) no token is handed out.
   * Optional in the schema so that its absence gets the service's own message, not a schema error.
   */
  ConsentVersion: Type.Optional(Type.String({ maxLength: 32 })),
});
export type H5CertTokenRequest = Static<typeof H5CertTokenRequestSchema>;
/** Data of the cert-token answer: the cert token itself. */
export const H5TokenSchema = Type.String();

/**
 * POST /user/getplainhist: the cert token, the one-time code the face verification sent the
 * person back with, and the verifier of the token's challenge → user info, once. The spec has a
 * GET with ?certToken&type; this product takes a JSON body instead so that no code or verifier
 * ever rides in a URL (request lines are logged, kept in histories and proxies).
 */
export const H5CertExchangeRequestSchema = Type.Object({
  certToken: TOKEN,
  code: Type.String({ minLength: 1, maxLength: 128 }),
  verifier: Type.String({ pattern: H5_VERIFIER_PATTERN }),
  type: Type.Optional(CertType),
});
export type H5CertExchangeRequest = Static<typeof H5CertExchangeRequestSchema>;

/** POST /user/h5/logout answer: whether the Infotoken was still live (it is revoked either way). */
export const H5LogoutResultSchema = Type.Object({ Revoked: Type.Boolean() });
export type H5LogoutResult = Static<typeof H5LogoutResultSchema>;

/**
 * POST /user/GetIZLoginUser: an alternate-channel token (izgtxytoken), sent as Infotoken → user
 * info. The spec has a GET with ?Infotoken; this product takes a JSON body instead so that the
 * token, a live login until it expires (every exchange makes a new Infotoken from it), never
 * rides in a URL (request lines are logged, kept in histories and proxies).
 */
export const H5IzLoginRequestSchema = Type.Object({ Infotoken: TOKEN });
export type H5IzLoginRequest = Static<typeof H5IzLoginRequestSchema>;

/** GET /user/GetPlainhistTes (test mode only): name and ID → Data, a JSON string `{"izgtxytoken":"…"}`. */
export const H5TestLoginQuerySchema = Type.Object({ Name: NAME, IdCard: ID_CARD, type: Type.Optional(CertType) });
export type H5TestLoginQuery = Static<typeof H5TestLoginQuerySchema>;
/** The JSON inside the test login's Data. */
export const H5TestLoginTokenSchema = Type.Object({ izgtxytoken: Type.String() });
export type H5TestLoginToken = Static<typeof H5TestLoginTokenSchema>;

/** POST /wechat/GetUserInfoTest (test mode only): name and ID → user info directly. */
export const H5TestUserInfoRequestSchema = Type.Object({ Name: NAME, IdCard: ID_CARD });
export type H5TestUserInfoRequest = Static<typeof H5TestUserInfoRequestSchema>;

/** Body of the calls that carry only the Infotoken (the entity list). */
export const H5InfotokenRequestSchema = Type.Object({ Infotoken: TOKEN });
export type H5InfotokenRequest = Static<typeof H5InfotokenRequestSchema>;
/** POST /wechat/CommercialSubject answer: Data.Data is a JSON string of H5EntityRecord[]. */
export const H5EntityListSchema = Type.Object({ Data: Type.String() });
export type H5EntityList = Static<typeof H5EntityListSchema>;
/** The list inside H5EntityList.Data (the SPA checks it with this schema; bad data shows nothing). */
export const H5EntityRecordsSchema = Type.Array(H5EntityRecordSchema);

/** ?action= of the RSA public-key call. */
export const H5RsaKeyQuerySchema = Type.Object({ action: Type.Literal('GetRSAPublicKey') });
export type H5RsaKeyQuery = Static<typeof H5RsaKeyQuerySchema>;
/** The RSA public key in hex (jsencrypt: `new JSEncrypt().getKey().setPublic(modulus, exponent)`). */
export const H5RsaPublicKeySchema = Type.Object({
  PublicKeyExponent: Type.String(),
  PublicKeyModulus: Type.String(),
});
export type H5RsaPublicKey = Static<typeof H5RsaPublicKeySchema>;

/**
 * The encrypted identity of the personal-report steps: name, ID number and the current time in
 * milliseconds (as a decimal string), each encrypted on its own with the RSA public key. The
 * Infotoken says whose session it is; the decrypted identity must be its person.
 */
export const H5EncryptedIdentitySchema = Type.Object({
  Infotoken: TOKEN,
  name: CIPHER,
  idCard: CIPHER,
  timestamp: CIPHER,
});
export type H5EncryptedIdentity = Static<typeof H5EncryptedIdentitySchema>;
/** getPersonInfo (the encrypted availability check): Success says whether a personal report is available. */
export const H5PersonInfoSchema = Type.Object({ HasReport: Type.Boolean() });
export type H5PersonInfo = Static<typeof H5PersonInfoSchema>;
/** setIndividualInfo: the identity again plus the first token → the final token (Data). */
export const H5IndividualInfoRequestSchema = Type.Object({ ...H5EncryptedIdentitySchema.properties, token: TOKEN });
export type H5IndividualInfoRequest = Static<typeof H5IndividualInfoRequestSchema>;
/** GET of the personal report file (PDF) with the final token: the "external report page". */
export const H5ReportFileQuerySchema = Type.Object({ token: TOKEN });
export type H5ReportFileQuery = Static<typeof H5ReportFileQuerySchema>;

/** POST /user/WeChatPdfGenerator: records an entity report request (type G, purpose 个人查询信用). */
export const H5EntityReportRequestSchema = Type.Object({
  BaseID: Type.String({ minLength: 1, maxLength: 64 }),
  VersionCode: Type.Literal('G'),
  Infotoken: TOKEN,
  CertNo: Type.String({ maxLength: 64 }),
  InquiryMode: Type.String({ minLength: 1, maxLength: 32 }),
});
export type H5EntityReportRequest = Static<typeof H5EntityReportRequestSchema>;
/** Its Data: the request's number. */
export const H5EntityReportRecordSchema = Type.Object({ RequestId: Type.String() });
export type H5EntityReportRecord = Static<typeof H5EntityReportRecordSchema>;

/** POST /user/MobileSendEmail: e-mails the entity's credit report (the recorded request's) as a PDF. */
export const H5SendEmailRequestSchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  entID: Type.String({ minLength: 1, maxLength: 64 }),
  entName: Type.String({ maxLength: 200 }),
  userID: Type.String({ maxLength: 50 }),
  versionCode: Type.Literal('G'),
  Infotoken: TOKEN,
});
export type H5SendEmailRequest = Static<typeof H5SendEmailRequestSchema>;
/** Its data: the number of the report that was sent. */
export const H5SentReportSchema = Type.Object({ ReportNumber: Type.String() });
export type H5SentReport = Static<typeof H5SentReportSchema>;

/** POST /api/user/getgrxyreportdata (newH5 availability): Status 10 when a personal report is available. */
export const H5ReportAvailabilitySchema = Type.Object({ Status: Type.Number(), ReportNumber: Type.String() });
export type H5ReportAvailability = Static<typeof H5ReportAvailabilitySchema>;

/** POST {report service}/user/GetGRXYReportData. ReportNumber empty: a new report is numbered. */
export const H5ReportDataRequestSchema = Type.Object({
  Infotoken: TOKEN,
  UserName: Type.String({ maxLength: 50 }),
  IdentityCard: Type.String({ maxLength: 32 }),
  VersionCode: Type.Literal('C'),
  ReportNumber: Type.String({ maxLength: 64 }),
});
export type H5ReportDataRequest = Static<typeof H5ReportDataRequestSchema>;
/** The report service's Data: Status (10 = ready / sent) and, for the data call, the tables as a JSON string (ReportTables). */
export const H5ReportDataSchema = Type.Object({ Status: Type.Number(), Data: Type.Optional(Type.String()) });
export type H5ReportData = Static<typeof H5ReportDataSchema>;
/** POST {report service}/user/GetGRXYReportPDF: the same plus the address the PDF goes to. */
export const H5ReportPdfRequestSchema = Type.Object({
  ...H5ReportDataRequestSchema.properties,
  Email: Type.String({ maxLength: 254 }),
});
export type H5ReportPdfRequest = Static<typeof H5ReportPdfRequestSchema>;

/** Who looked at my report: the tab's Infotoken and a page of the list (1 when missing). */
export const H5ReportAccessRequestSchema = Type.Object({
  Infotoken: TOKEN,
  Page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: Math.ceil(H5_REPORT_ACCESS_MAX_ROWS / H5_REPORT_ACCESS_PAGE_SIZE) }),
  ),
});
export type H5ReportAccessRequest = Static<typeof H5ReportAccessRequestSchema>;
/** One access to the person's report: when, how, the report's number, and for a mail its masked address. */
// The channels of H5_REPORT_ACCESS_CHANNELS.
export const H5ReportAccessItemSchema = Type.Object({
  Time: Type.String(),
  Channel: Type.Union([Type.Literal('view'), Type.Literal('download'), Type.Literal('email')]),
  ReportNumber: Type.Union([Type.String(), Type.Null()]),
  /** A mail's address, masked (a***@example.cn); null when the record holds none (mails before it was kept). */
  MaskedEmail: Type.Union([Type.String(), Type.Null()]),
});
export type H5ReportAccessItem = Static<typeof H5ReportAccessItemSchema>;
/** A page of the access list, newest first; Total counts the rows read (at most H5_REPORT_ACCESS_MAX_ROWS). */
export const H5ReportAccessListSchema = Type.Object({
  Items: Type.Array(H5ReportAccessItemSchema),
  Total: Type.Integer(),
  Page: Type.Integer(),
  PageSize: Type.Integer(),
  /** The days of the trail read (H5_REPORT_ACCESS_DAYS): older accesses are not shown. */
  Days: Type.Integer(),
  /** More than H5_REPORT_ACCESS_MAX_ROWS were found: the oldest are not shown. */
  Capped: Type.Boolean(),
});
export type H5ReportAccessList = Static<typeof H5ReportAccessListSchema>;
