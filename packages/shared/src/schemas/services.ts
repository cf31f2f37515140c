import { Type, type Static } from 'typebox';
import { PageField, PageSchema, pageSizeField } from './query.js';
import { LIST_KEYWORD_MAX, LIST_PAGE_SIZE_MAX } from '../constants.js';
import {
  APPLICATION_KINDS,
  APPLICATION_STEPS,
  REVIEW_ACTIONS,
  OBJECTION_TYPES,
  REPORT_CHANGE_KINDS,
  REPORT_STATES,
  REPORT_STATUS_BASES,
  REPORT_TYPES,
  SIGNED_REPORT_KINDS,
} from '../vocabulary/services.js';

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
    /** The 信用修复承诺书 signed: the signer's typed name, the box ticked ('true'), the text's version (REPAIR_PROMISE). */
    promiseSigner: Type.String({ minLength: 1, maxLength: 30 }),
    promiseAccepted: Type.Literal('true'),
    promiseVersion: Type.String({ minLength: 1, maxLength: 20 }),
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

/** The 信用修复承诺书 a repair was filed with: its version, the text's SHA-256 (hex), the signer, when. */
export const ApplicationPromiseSchema = Type.Object({
  Version: S,
  TextSha256: S,
  Signer: S,
  /** yyyy-mm-dd hh:mm:ss. */
  SignedAt: S,
});
export type ApplicationPromise = Static<typeof ApplicationPromiseSchema>;

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
  /** Repair: the signed promise (null for one filed before the promise was asked for); objection: null. */
  Promise: Type.Union([ApplicationPromiseSchema, Type.Null()]),
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

/**
 * POST GenerateEnterpriseReport (public) and GenerateSpecialReport (bearer, the user's own
 * entity): the entity and the period, yyyy-mm-dd, at most REPORT_PERIOD_MAX_YEARS long and
 * ending at the latest today. The answer is the PDF itself (application/pdf, attachment).
 */
const ReportEntityId = Type.String({ minLength: 1, maxLength: 32 });
export const ReportRequestSchema = Type.Object(
  { entityId: ReportEntityId, periodFrom: Day, periodTo: Day },
  { additionalProperties: false },
);
export type ReportRequest = Static<typeof ReportRequestSchema>;

/**
 * POST GenerateSpecialReport: the report request and the areas it covers, by name
 * (SPECIAL_REPORT_AREAS). Required: a request without them (a page loaded before they were asked
 * for) is refused with SPECIAL_REPORT_AREA_MESSAGES.none rather than issued for areas nobody chose.
 * Known names, at least one, none twice: checked by the service (specialAreasRefusal), whose
 * messages name the area at fault.
 */
// The fields named again, not spread from ReportRequestSchema: a spread is a read the bundler
// must keep, and with it this schema on every page that imports the module (e2e/chunks.e2e.ts).
export const SpecialReportRequestSchema = Type.Object(
  {
    entityId: ReportEntityId,
    periodFrom: Day,
    periodTo: Day,
    areas: Type.Array(Type.String({ maxLength: 20 }), { maxItems: 20 }),
  },
  { additionalProperties: false },
);
export type SpecialReportRequest = Static<typeof SpecialReportRequestSchema>;

/** The findings of a report, counted (the digest the verification shows). */
export const ReportFindingsSchema = Type.Object({
  licences: Type.Integer({ minimum: 0 }),
  /**
   * The penalties the report lists: in publicity (the enterprise report and the 专项信用报告 issued
   * before areas were chosen), or every penalty of the chosen areas' departments in the period,
   * 轻微 and past publicity included (a 专项信用报告 with areas; docs/SPECIAL-REPORT.md).
   */
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

/** One kind of change since a report was issued, on one day: what and when, never what it says. */
export const ReportChangeSchema = Type.Object({
  Kind: Type.Enum(REPORT_CHANGE_KINDS),
  /** REPORT_CHANGE_LABELS, or for a public list 列入/移出 and the list's name (e.g. 列入经营异常名录). */
  KindLabel: S,
  /** yyyy-mm-dd: decided, repaired, ended, listed or removed; null when the record is gone and its day unknown. */
  Date: Type.Union([Day, Type.Null()]),
  /** How many records changed so on that day. */
  Count: Type.Integer({ minimum: 1 }),
});
export type ReportChange = Static<typeof ReportChangeSchema>;

/** Whether a verified report is still current. */
export const ReportStatusSchema = Type.Object({
  ReportNo: S,
  ReportTypeLabel: S,
  EntName: S,
  /** yyyy-mm-dd hh:mm:ss (Beijing time). */
  GeneratedAt: S,
  State: Type.Enum(REPORT_STATES),
  /** 有效 / 已有更新 / 无法确定. */
  StateLabel: S,
  /** coverage: the records covered at issue compared with today's; dates: a report issued before coverage was kept. */
  Basis: Type.Enum(REPORT_STATUS_BASES),
  /** What the state means, in a sentence (REPORT_STATUS_NOTES). */
  Note: S,
  /** When the status was found: yyyy-mm-dd hh:mm:ss (Beijing time). */
  CheckedAt: S,
  /** Oldest first; [] when current. */
  Changes: Type.Array(ReportChangeSchema),
});
export type ReportStatus = Static<typeof ReportStatusSchema>;

/**
 * The answer of ReportStatus (number + code): like VerifyReport's, a number or code that does not
 * match is an ordinary answer (Verified false, one message for both).
 */
export const ReportStatusOutcomeSchema = Type.Object({
  Verified: Type.Boolean(),
  Message: S,
  Status: Type.Union([ReportStatusSchema, Type.Null()]),
});
export type ReportStatusOutcome = Static<typeof ReportStatusOutcomeSchema>;

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
