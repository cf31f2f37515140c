import { Type, type Static } from 'typebox';
import { PageField, PageSchema, pageSizeField } from './query.js';
import { LIST_KEYWORD_MAX, LIST_PAGE_SIZE_MAX } from '../constants.js';

/*
 * 信用服务 (spec §2.1 xyfw): credit repair and credit objection filed by a logged-in
 * user with materials, their applications and timelines, the enterprise credit report and the
 * 专项信用报告 as signed PDFs, the public verification of a report, and the third-party check.
 */

const S = Type.String();
const Paging = { ...PageField, ...pageSizeField(LIST_PAGE_SIZE_MAX) };
/** yyyy-mm-dd. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

/**
 * Materials of a filing: at most this many files, each at most UPLOAD_MAX_FILE_BYTES, of the
 * types UPLOAD_FILE_TYPES recognizes by their first bytes (never by name). The gateway refuses a
 * request body over UPLOAD_MAX_REQUEST_BYTES before it reaches the credit-service, which checks
 * every file and the count itself.
 */
export const UPLOAD_MAX_FILES = 5;
export const UPLOAD_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** The whole multipart body: every file at its largest plus 1 MiB for the fields and part headers. */
export const UPLOAD_MAX_REQUEST_BYTES = UPLOAD_MAX_FILES * UPLOAD_MAX_FILE_BYTES + 1024 * 1024;
/** The multipart field name of the materials (repeat it once per file). */
export const UPLOAD_FILE_FIELD = 'files';
/** Accepted file types, recognized by their magic bytes. */
export const UPLOAD_FILE_TYPES = [
  { type: 'application/pdf', label: 'PDF', extension: 'pdf' },
  { type: 'image/jpeg', label: 'JPG', extension: 'jpg' },
  { type: 'image/png', label: 'PNG', extension: 'png' },
] as const;
/** The accept attribute of the SPA's file inputs (a hint only: the service checks the content). */
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** The service's messages for uploads and filings (normalized envelope `message`). */
export const SERVICE_MESSAGES = {
  notMultipart: '请以 multipart/form-data 方式提交申请材料',
  noFiles: '请上传至少一份申请材料',
  tooManyFiles: `申请材料最多上传${UPLOAD_MAX_FILES}个文件`,
  fileTooLarge: `单个文件不能超过${UPLOAD_MAX_FILE_BYTES / 1024 / 1024}MB`,
  requestTooLarge: '上传内容过大，请压缩或减少文件后重试',
  badFileType: '仅支持上传PDF、JPG、PNG格式的文件（按文件内容识别）',
  emptyFile: '不能上传空文件',
  unknownField: '表单中含有无法识别的字段',
  punishNotFound: '未找到该行政处罚记录',
  notMyBusiness: '该主体不是您名下的企业，不能办理',
  notRepairable: '该行政处罚记录当前不可申请信用修复',
  notObjectionable: '该行政处罚记录当前不可提出异议',
  purposeUnknown: '请选择有效的修复用途',
  applicationNotFound: '未找到该申请，请核对申请编号',
  entityNotFound: '未找到该主体',
  reportPeriodInvalid: '报告期间不正确：开始日期不能晚于结束日期，结束日期不能晚于今天',
  reportPeriodTooLong: '报告期间最长为5年',
  /** One answer for an unknown number and a wrong code, so that numbers cannot be found by trying. */
  reportNotVerified: '报告编号或验证码不正确，请核对后重新输入',
  reportFileAltered: '上传的文件与该报告编号出具的报告不一致，文件可能已被修改',
  reportFileUnknown: '上传的文件不是本中心出具的信用报告，或文件已被修改',
  reportSignatureBad: '报告签名校验未通过，该报告记录不可信，请联系信用中心',
  reportCreditCodeMismatch: '统一社会信用代码与该报告的主体不一致',
  /** One answer for an unknown login, a wrong password, a wrong or used code and a locked account. */
  reviewerLoginBad: '登录名、密码或动态验证码不正确',
  reviewerSessionBad: '审核登录已失效，请重新登录',
  reviewTransitionBad: '该申请当前状态不能执行此操作',
} as const;

// ---------------------------------------------------------------------------------------------
// Penalty search, purposes, ownership
// ---------------------------------------------------------------------------------------------

/** GET GetEntPunishInfoList: penalties in publicity by entity name, credit code or document number. */
export const RepairPunishQuerySchema = Type.Object({
  entNameOrPunishDocNo: Type.String({ minLength: 1, maxLength: LIST_KEYWORD_MAX }),
  ...Paging,
});
export type RepairPunishQuery = Static<typeof RepairPunishQuerySchema>;

/** A penalty a repair or an objection can be filed against; `id` is the penalty's id. */
export const RepairPunishRowSchema = Type.Object({
  id: S,
  EntityId: S,
  CF_WSH: S,
  CF_XDR_MC: S,
  CF_XDR_SHXYM: S,
  CF_CFLB: S,
  CF_WFXW: S,
  CF_JDRQ: S,
  CF_CFJG: S,
  /** Publicity deadline. */
  CF_GSJZQ: S,
  /** 一般 | 严重. */
  Severity: S,
  /** 正常 | 信用修复中 | 异议处理中. */
  CF_ZT: S,
  /** The first day a repair may be filed: the shortest publicity (一般 3 months, 严重 1 year) has passed. */
  RepairableFrom: S,
  Repairable: Type.Boolean(),
  Objectionable: Type.Boolean(),
  /** Why it cannot be repaired or objected to now; '' when it can. */
  Note: S,
});
export type RepairPunishRow = Static<typeof RepairPunishRowSchema>;

export const RepairPunishPageSchema = PageSchema(RepairPunishRowSchema);
export type RepairPunishPage = Static<typeof RepairPunishPageSchema>;

/** GetCreditRepairPurposeList: what the repaired record is needed for. */
export const RepairPurposeSchema = Type.Object({ id: S, name: S, description: S });
export type RepairPurpose = Static<typeof RepairPurposeSchema>;
export const RepairPurposeListSchema = Type.Array(RepairPurposeSchema);

/** GET JudgeWhetherMyBusiness: an entity id (the entity search's ID) or a credit code. */
export const JudgeBusinessQuerySchema = Type.Object({
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  creditCode: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
});
export type JudgeBusinessQuery = Static<typeof JudgeBusinessQuerySchema>;

export const JudgeBusinessSchema = Type.Object({
  isMine: Type.Boolean(),
  EntityId: S,
  EntName: S,
  CreditCode: S,
});
export type JudgeBusiness = Static<typeof JudgeBusinessSchema>;

/** GET MyBusinessList: the entities linked to the logged-in user. */
export const MyBusinessSchema = Type.Object({
  EntityId: S,
  EntName: S,
  CreditCode: S,
  EntType: S,
  Status: S,
  /** How the user is linked (法定代表人, 经办人 …). */
  Role: S,
});
export type MyBusiness = Static<typeof MyBusinessSchema>;
export const MyBusinessListSchema = Type.Array(MyBusinessSchema);

// ---------------------------------------------------------------------------------------------
// Filings and applications
// ---------------------------------------------------------------------------------------------

/** Kinds of application. */
export const APPLICATION_KINDS = ['repair', 'objection'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];
export const APPLICATION_KIND_LABELS: Readonly<Record<ApplicationKind, string>> = {
  repair: '信用修复',
  objection: '信用异议',
};

/** The steps of an application's timeline, in order; approved and rejected exclude each other. */
export const APPLICATION_STEPS = ['submitted', 'accepted', 'reviewing', 'approved', 'rejected', 'completed'] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];
export const APPLICATION_STEP_LABELS: Readonly<Record<ApplicationStep, string>> = {
  submitted: '已提交',
  accepted: '已受理',
  reviewing: '审核中',
  approved: '审核通过',
  rejected: '审核不通过',
  completed: '已办结',
};

/** What a reviewer can do next from each state (the review endpoint, page and CLI). */
export const REVIEW_ACTIONS = ['accept', 'review', 'approve', 'reject', 'complete'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const REVIEW_ACTION_LABELS: Readonly<Record<ReviewAction, string>> = {
  accept: '受理',
  review: '开始审核',
  approve: '审核通过',
  reject: '审核不通过',
  complete: '办结',
};

/** The objection grounds of UploadCreditObjection. */
export const OBJECTION_TYPES = [
  '信息内容有误',
  '信息主体有误',
  '超过公示期限仍在公示',
  '已完成信用修复仍在公示',
  '其他',
] as const;
export type ObjectionType = (typeof OBJECTION_TYPES)[number];

const ContactName = Type.String({ minLength: 1, maxLength: 30 });
/** A mainland mobile number or a landline with area code. */
const ContactPhone = Type.String({ pattern: '^(1[3-9]\\d{9}|0\\d{2,3}-?\\d{7,8})$' });
const Description = Type.String({ minLength: 5, maxLength: 1000 });

/**
 * The text fields of UploadCreditRepair (multipart/form-data, bearer), besides the materials in
 * UPLOAD_FILE_FIELD. The SPA validates with it before sending; the service validates again.
 */
export const RepairFilingFieldsSchema = Type.Object(
  {
    punishId: Type.String({ minLength: 1, maxLength: 32 }),
    purposeId: Type.String({ minLength: 1, maxLength: 32 }),
    contactName: ContactName,
    contactPhone: ContactPhone,
    /** What the entity has done to correct the conduct (已履行行政处罚决定、整改情况). */
    description: Description,
  },
  { additionalProperties: false },
);
export type RepairFilingFields = Static<typeof RepairFilingFieldsSchema>;

/** The text fields of UploadCreditObjection (multipart/form-data, bearer). */
export const ObjectionFilingFieldsSchema = Type.Object(
  {
    punishId: Type.String({ minLength: 1, maxLength: 32 }),
    objectionType: Type.Enum(OBJECTION_TYPES),
    contactName: ContactName,
    contactPhone: ContactPhone,
    /** What is wrong with the record and what it should say. */
    description: Description,
  },
  { additionalProperties: false },
);
export type ObjectionFilingFields = Static<typeof ObjectionFilingFieldsSchema>;

/** Field labels and empty-field messages of the filing forms. */
export const FILING_FIELD_LABELS = {
  punishId: '行政处罚记录',
  purposeId: '修复用途',
  objectionType: '异议类型',
  contactName: '联系人',
  contactPhone: '联系电话',
  description: '情况说明',
  files: '申请材料',
} as const;

/** One step of an application's timeline. */
export const ApplicationStepSchema = Type.Object({
  Step: Type.Enum(APPLICATION_STEPS),
  Label: S,
  /** yyyy-mm-dd hh:mm:ss. */
  Time: S,
  HandlingUnit: S,
  Comment: S,
});
export type ApplicationStepRow = Static<typeof ApplicationStepSchema>;

/** One uploaded material (the file itself stays in the service). */
export const ApplicationMaterialSchema = Type.Object({
  FileName: S,
  /** application/pdf | image/jpeg | image/png, from the file's content. */
  MimeType: S,
  Size: Type.Integer({ minimum: 0 }),
});

/** An application as its owner sees it, with its timeline, oldest step first. */
export const ApplicationSchema = Type.Object({
  ApplyNo: S,
  Kind: Type.Enum(APPLICATION_KINDS),
  KindLabel: S,
  /** The latest step (APPLICATION_STEPS) and its label. */
  Status: Type.Enum(APPLICATION_STEPS),
  StatusLabel: S,
  EntityId: S,
  EntName: S,
  CreditCode: S,
  PunishId: S,
  CF_WSH: S,
  /** Repair: the purpose's name; objection: the objection type. */
  Purpose: S,
  ContactName: S,
  /** Masked: first 3 + **** + last 4. */
  ContactPhone: S,
  Description: S,
  SubmittedAt: S,
  UpdatedAt: S,
  /** The decision's text once approved or rejected; '' before. */
  Result: S,
  Materials: Type.Array(ApplicationMaterialSchema),
  Steps: Type.Array(ApplicationStepSchema),
});
export type Application = Static<typeof ApplicationSchema>;

/** GetCreditRepairFlow, GetCreditObjectFlow, GetCreditObjectResult: one application by number. */
export const ApplicationQuerySchema = Type.Object({ applyNo: Type.String({ minLength: 1, maxLength: 40 }) });
export type ApplicationQuery = Static<typeof ApplicationQuerySchema>;

/** GET MyApplications: the user's applications, newest first, optionally of one kind. */
export const MyApplicationsQuerySchema = Type.Object({
  kind: Type.Optional(Type.Enum(APPLICATION_KINDS)),
  ...Paging,
});
export type MyApplicationsQuery = Static<typeof MyApplicationsQuerySchema>;

export const ApplicationPageSchema = PageSchema(ApplicationSchema);
export type ApplicationPage = Static<typeof ApplicationPageSchema>;

/**
 * The centre's review endpoint on the credit-service (not proxied by the public gateway): GET
 * lists the applications not yet completed, POST ReviewRequest moves one on. Both need a
 * reviewer's session, `Authorization: Bearer <token>` from POST SERVICE_REVIEW_LOGIN_PATH (login
 * name, password and the authenticator's current code); SERVICE_REVIEW_LOGOUT_PATH ends it.
 */
export const SERVICE_REVIEW_PATH = '/api/creditservice/review';
export const SERVICE_REVIEW_LOGIN_PATH = `${SERVICE_REVIEW_PATH}/login`;
export const SERVICE_REVIEW_LOGOUT_PATH = `${SERVICE_REVIEW_PATH}/logout`;

/** A reviewer's login: the account's name, its password and the six-digit TOTP code (RFC 6238). */
export const ReviewerLoginRequestSchema = Type.Object(
  {
    login: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    code: Type.String({ minLength: 1, maxLength: 10 }),
  },
  { additionalProperties: false },
);
export type ReviewerLoginRequest = Static<typeof ReviewerLoginRequestSchema>;

/** A reviewer's session: the bearer token (shown once), when it ends at the latest, who it is. */
export const ReviewerSessionSchema = Type.Object({
  token: Type.String(),
  /** ISO 8601: the absolute end; unused for REVIEWER_SESSION_IDLE_SECONDS it ends sooner. */
  expiresAt: Type.String(),
  login: Type.String(),
  name: Type.String(),
});
export type ReviewerSession = Static<typeof ReviewerSessionSchema>;

/** The review endpoint's body (credit-service only, POST SERVICE_REVIEW_PATH with a reviewer's session). */
export const ReviewRequestSchema = Type.Object(
  {
    applyNo: Type.String({ minLength: 1, maxLength: 40 }),
    action: Type.Enum(REVIEW_ACTIONS),
    comment: Type.Optional(Type.String({ maxLength: 500 })),
    handlingUnit: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  },
  { additionalProperties: false },
);
export type ReviewRequest = Static<typeof ReviewRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------

/** Longest report period: 5 years (the user picks the period). */
export const REPORT_PERIOD_MAX_YEARS = 5;

export const REPORT_TYPES = ['enterprise', 'special'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Readonly<Record<ReportType, string>> = {
  enterprise: '企业信用报告',
  special: '专项信用报告（代替有无违法违规记录证明）',
};

/**
 * POST GenerateEnterpriseReport (public) and GenerateSpecialReport (bearer, the user's own
 * entity): the entity and the period, yyyy-mm-dd, at most REPORT_PERIOD_MAX_YEARS long and
 * ending at the latest today. The answer is the PDF itself (application/pdf, attachment).
 */
export const ReportRequestSchema = Type.Object(
  {
    entityId: Type.String({ minLength: 1, maxLength: 32 }),
    periodFrom: Day,
    periodTo: Day,
  },
  { additionalProperties: false },
);
export type ReportRequest = Static<typeof ReportRequestSchema>;

/** The findings of a report, counted (the digest the verification shows). */
export const ReportFindingsSchema = Type.Object({
  licences: Type.Integer({ minimum: 0 }),
  penalties: Type.Integer({ minimum: 0 }),
  repairedPenalties: Type.Integer({ minimum: 0 }),
  redLists: Type.Integer({ minimum: 0 }),
  blackLists: Type.Integer({ minimum: 0 }),
  promises: Type.Integer({ minimum: 0 }),
});
export type ReportFindings = Static<typeof ReportFindingsSchema>;

/** What a verified report said. */
export const ReportVerificationSchema = Type.Object({
  ReportNo: S,
  ReportType: Type.Enum(REPORT_TYPES),
  ReportTypeLabel: S,
  EntName: S,
  CreditCode: S,
  PeriodFrom: S,
  PeriodTo: S,
  /** yyyy-mm-dd hh:mm:ss. */
  GeneratedAt: S,
  Findings: ReportFindingsSchema,
  /** The findings in words, one line each (e.g. 报告期内行政处罚 2 条，其中已修复 1 条). */
  Summary: Type.Array(S),
  /** SHA-256 (hex) of the report's canonical content. */
  ContentDigest: S,
  /** SHA-256 (hex) of the PDF as issued. */
  PdfSha256: S,
  /**
   * How the record was signed: SM2-with-SM3 with the centre's key, or HMAC-SHA256 for
   * the reports issued before.
   */
  SignatureAlgorithm: S,
  /** The SM2 key's id (SM3 of its SubjectPublicKeyInfo, hex); null for an HMAC record. */
  KeyId: Type.Union([S, Type.Null()]),
  /** True when the file uploaded with VerifyReportFile is byte for byte the PDF issued. */
  FileChecked: Type.Boolean(),
});
export type ReportVerification = Static<typeof ReportVerificationSchema>;

/**
 * The answer of VerifyReport and VerifyReportFile: a check that did not pass — a mistyped number
 * or code, a file that is not the one issued — is an ordinary result (200, Verified false, the
 * reason in Message), not an HTTP error: a resident who mistypes a digit sees the reason and no
 * failed request. Only bad input (400) and a record whose own signature is
 * broken (409: the centre's data is in question) remain errors.
 */
export const ReportVerifyOutcomeSchema = Type.Object({
  Verified: Type.Boolean(),
  /** Why the check did not pass (SERVICE_MESSAGES); empty when it did. */
  Message: S,
  /** What the report said; null when the check did not pass. */
  Report: Type.Union([ReportVerificationSchema, Type.Null()]),
});
export type ReportVerifyOutcome = Static<typeof ReportVerifyOutcomeSchema>;

/** GET VerifyReport: the number and verification code printed on the report (or its QR code's link). */
export const ReportVerifyQuerySchema = Type.Object({
  reportNo: Type.String({ minLength: 1, maxLength: 40 }),
  code: Type.String({ minLength: 1, maxLength: 20 }),
});
export type ReportVerifyQuery = Static<typeof ReportVerifyQuerySchema>;

/**
 * The text fields of VerifyReportFile (multipart/form-data): the number and code, with the PDF
 * in UPLOAD_FILE_FIELD (one file). The file must be byte for byte the PDF issued (SHA-256).
 */
export const ReportVerifyFileFieldsSchema = Type.Object(
  {
    reportNo: Type.String({ minLength: 1, maxLength: 40 }),
    code: Type.String({ minLength: 1, maxLength: 20 }),
  },
  { additionalProperties: false },
);
export type ReportVerifyFileFields = Static<typeof ReportVerifyFileFieldsSchema>;

/** The text fields of VerifyReportSignature (multipart/form-data): none; the PDF in UPLOAD_FILE_FIELD. */
export const ReportVerifySignatureFieldsSchema = Type.Object({}, { additionalProperties: false });

/** GET ThirdPartyCheck (/public/xyhc): the entity's credit code plus the report's number and code. */
export const ThirdPartyCheckQuerySchema = Type.Object({
  creditCode: Type.String({ minLength: 1, maxLength: 32 }),
  reportNo: Type.String({ minLength: 1, maxLength: 40 }),
  code: Type.String({ minLength: 1, maxLength: 20 }),
});
export type ThirdPartyCheckQuery = Static<typeof ThirdPartyCheckQuerySchema>;

/** One titled table of a report's content. */
export const ReportContentSectionSchema = Type.Object({
  title: S,
  columns: Type.Array(S),
  rows: Type.Array(Type.Array(S)),
  /** Shown when there are no rows. */
  emptyText: S,
});
export type ReportContentSection = Static<typeof ReportContentSectionSchema>;

/** The third-party view: the verification and the report's content as issued. */
export const ThirdPartyReportSchema = Type.Object({
  Verification: ReportVerificationSchema,
  BasicInfo: Type.Array(Type.Object({ label: S, value: S })),
  Sections: Type.Array(ReportContentSectionSchema),
});
export type ThirdPartyReport = Static<typeof ThirdPartyReportSchema>;

/** The three kinds of signed report: the two of 信用服务 and the H5 personal report. */
export const SIGNED_REPORT_KINDS = ['enterprise', 'special', 'personal'] as const;

/**
 * VerifyReportSignature: a report's PDF checked by its embedded SM2/SM3 signature alone
 * — which key signed it and when — and, for an enterprise report or 专项信用报告, its record.
 */
export const ReportSignatureCheckSchema = Type.Object({
  ReportNo: S,
  ReportKind: Type.Enum(SIGNED_REPORT_KINDS),
  ReportKindLabel: S,
  /** SM2-with-SM3. */
  Algorithm: S,
  /** The signing key's id: SM3 of its SubjectPublicKeyInfo DER, hex (the fingerprint in the footer). */
  KeyId: S,
  /** The key is the one signing now (else it was rotated out, and still verifies what it signed). */
  KeyCurrent: Type.Boolean(),
  /** yyyy-mm-dd hh:mm:ss. */
  KeyValidFrom: S,
  KeyValidTo: Type.Union([S, Type.Null()]),
  /** When it was signed (yyyy-mm-dd hh:mm:ss), as the signed metadata says. */
  SignedAt: S,
  /** The signed bytes: the file's first SignedLength bytes. */
  SignedLength: Type.Integer({ minimum: 1 }),
  /** The record of an enterprise report or 专项信用报告; null for a personal report (its file is its content). */
  Verification: Type.Union([ReportVerificationSchema, Type.Null()]),
});
export type ReportSignatureCheck = Static<typeof ReportSignatureCheckSchema>;

/** One published report-signing key. */
export const ReportSigningKeySchema = Type.Object({
  keyId: S,
  algorithm: S,
  /** The SubjectPublicKeyInfo as PEM (what openssl pkey -pubout writes). */
  publicKeyPem: S,
  /** The same key as a file: /.well-known/credit-report-keys/{keyId}.pem. */
  pemPath: S,
  /** ISO 8601. */
  validFrom: S,
  /** ISO 8601; null for the current key. */
  validTo: Type.Union([S, Type.Null()]),
  current: Type.Boolean(),
});
export type ReportSigningKey = Static<typeof ReportSigningKeySchema>;

/** /.well-known/credit-report-keys.json: every key that has ever signed a report, newest first. */
export const ReportSigningKeysSchema = Type.Object({
  /** The issuer whose keys these are. */
  issuer: S,
  /** The distinguishing id of every signature (GB/T 32918 default). */
  distinguishingId: S,
  keys: Type.Array(ReportSigningKeySchema),
});
export type ReportSigningKeys = Static<typeof ReportSigningKeysSchema>;

/** The SPA's verification page and the QR code's link: /#/xyfw/verify?no=…&code=… on the portal. */
export const REPORT_VERIFY_ROUTE = 'xyfw/verify';
export const reportVerifyUrl = (portalUrl: string, reportNo: string, code: string): string =>
  `${portalUrl.replace(/\/*$/, '/')}#/${REPORT_VERIFY_ROUTE}?no=${encodeURIComponent(reportNo)}&code=${encodeURIComponent(code)}`;
