import { Type, type Static } from 'typebox';
import { LIST_KEYWORD_MAX } from '../constants.js';
import { PageField, PageSchema, pageSizeField } from './query.js';
import type {
  ABNORMAL_BUSINESS_FIELD_LABELS,
  MAJOR_TAX_VIOLATION_FIELD_LABELS,
  ARREARS_FUNDS_FIELD_LABELS,
  NONTAX_FIELD_LABELS,
  BANKRUPTCY_FIELD_LABELS,
} from '../vocabulary/disclosure.js';
import type { LabelsName, Proof } from './labelled.js';

/*
 * The public disclosure lists of the information-disclosure section (spec §2.1, §7):
 * abnormal business publicity (经营异常名录), major tax violation publicity (重大税收违法失信主体),
 * wage arrears publicity (拖欠农民工工资失信联合惩戒对象), unpaid non-tax revenue (非税收入欠缴, behind
 * login) and personal bankruptcy (个人破产信息公示). Lists are paged on the server and answer
 * `{ list, totalCount }`; abnormal, tax and wage rows carry every field of their record (no detail
 * call), non-tax and bankruptcy rows are summaries with a detail call. ID numbers are always
 * masked (first 6 + ****** + last 4); natural persons on these public lists are named in full.
 */

const S = Type.String();

/** Optional 1-based page number and page size (1..50, default 10). */
const paging = { ...PageField, ...pageSizeField(50) };
/** A search keyword (≤ LIST_KEYWORD_MAX, like every disclosure list): trimmed and normalized by the service; empty lists everything. */
const keyword = Type.Optional(Type.String({ maxLength: LIST_KEYWORD_MAX }));

const SubjectTypeSchema = Type.Union([
  Type.Literal('法人及非法人组织'),
  Type.Literal('个体工商户'),
  Type.Literal('自然人'),
]);

/** GET AbnormalBusinessPublicity, MajorTaxViolationPublicity, ArrearsFundsPayPublicity: `entName` matches the name, the credit code or the document number. */
export const EntNameQuerySchema = Type.Object({ entName: keyword, ...paging });
export type EntNameQuery = Static<typeof EntNameQuerySchema>;

/** GET nontaxrevenupublicity (bearer): `entNameOrSCCode` matches the name or the credit code. */
export const NontaxRevenueQuerySchema = Type.Object({ entNameOrSCCode: keyword, ...paging });
export type NontaxRevenueQuery = Static<typeof NontaxRevenueQuerySchema>;

/** GET BankruptcyPublicity: `name` matches the debtor's name or the case number. */
export const BankruptcyQuerySchema = Type.Object({ name: keyword, ...paging });
export type BankruptcyQuery = Static<typeof BankruptcyQuerySchema>;

/** GET NontaxDetail and BankruptcyDetail: the record id a list row carries. */
export const DisclosureDetailQuerySchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type DisclosureDetailQuery = Static<typeof DisclosureDetailQuerySchema>;

/** 经营异常名录: one listing (market entities only), every field. */
export const AbnormalBusinessRowSchema = Type.Object({
  id: S,
  SubjectType: SubjectTypeSchema,
  EntName: S,
  CreditCode: S,
  LegalRep: S,
  Reason: S,
  DocNo: S,
  DecisionOrg: S,
  ListedOn: S,
  SourceUnit: S,
  UpdateTime: S,
});
export type AbnormalBusinessRow = Static<typeof AbnormalBusinessRowSchema>;
export const AbnormalBusinessPageSchema = PageSchema(AbnormalBusinessRowSchema);
export type AbnormalBusinessPage = Static<typeof AbnormalBusinessPageSchema>;

/** 重大税收违法失信主体: one case, every field. IdNumber is the (masked) ID of the legal representative or of the person. */
export const MajorTaxViolationRowSchema = Type.Object({
  id: S,
  SubjectType: SubjectTypeSchema,
  EntName: S,
  CreditCode: S,
  LegalRep: S,
  IdNumber: S,
  Address: S,
  CaseNature: S,
  Facts: S,
  Punishment: S,
  DecisionOrg: S,
  ListedOn: S,
  SourceUnit: S,
  UpdateTime: S,
});
export type MajorTaxViolationRow = Static<typeof MajorTaxViolationRowSchema>;
export const MajorTaxViolationPageSchema = PageSchema(MajorTaxViolationRowSchema);
export type MajorTaxViolationPage = Static<typeof MajorTaxViolationPageSchema>;

/** 拖欠农民工工资失信联合惩戒对象: one listing, every field; ArrearsAmount in 万元. */
export const ArrearsFundsRowSchema = Type.Object({
  id: S,
  SubjectType: SubjectTypeSchema,
  EntName: S,
  CreditCode: S,
  LegalRep: S,
  IdNumber: S,
  Facts: S,
  ArrearsAmount: S,
  Workers: Type.Integer({ minimum: 1 }),
  DocNo: S,
  DecisionOrg: S,
  ListedOn: S,
  ValidUntil: S,
  SourceUnit: S,
  UpdateTime: S,
});
export type ArrearsFundsRow = Static<typeof ArrearsFundsRowSchema>;
export const ArrearsFundsPageSchema = PageSchema(ArrearsFundsRowSchema);
export type ArrearsFundsPage = Static<typeof ArrearsFundsPageSchema>;

/** 非税收入欠缴, list row; Amount in 元. CreditCode is '' for natural persons. */
export const NontaxRevenueRowSchema = Type.Object({
  id: S,
  SubjectType: SubjectTypeSchema,
  EntName: S,
  CreditCode: S,
  ItemName: S,
  Amount: S,
  CollectingOrg: S,
  PayableBy: S,
  UpdateTime: S,
});
export type NontaxRevenueRow = Static<typeof NontaxRevenueRowSchema>;
export const NontaxRevenuePageSchema = PageSchema(NontaxRevenueRowSchema);
export type NontaxRevenuePage = Static<typeof NontaxRevenuePageSchema>;

/** 非税收入欠缴, detail (NontaxDetails); Amount and LateFee in 元. */
export const NontaxDetailSchema = Type.Object({
  ...NontaxRevenueRowSchema.properties,
  LegalRep: S,
  IdNumber: S,
  Basis: S,
  LateFee: S,
  NoticeDocNo: S,
  NoticedOn: S,
  Status: S,
  SourceUnit: S,
});
export type NontaxDetail = Static<typeof NontaxDetailSchema>;

/** 个人破产信息公示, list row. The debtor is named in full; the ID number is masked. */
export const BankruptcyRowSchema = Type.Object({
  id: S,
  CaseNo: S,
  DebtorName: S,
  IdNumber: S,
  CaseType: S,
  Court: S,
  AcceptedOn: S,
  Status: S,
  UpdateTime: S,
});
export type BankruptcyRow = Static<typeof BankruptcyRowSchema>;
export const BankruptcyPageSchema = PageSchema(BankruptcyRowSchema);
export type BankruptcyPage = Static<typeof BankruptcyPageSchema>;

/** 个人破产信息公示, detail (bankruptcyDetails); Liabilities in 万元. */
export const BankruptcyDetailSchema = Type.Object({
  ...BankruptcyRowSchema.properties,
  Administrator: S,
  AdministratorPhone: S,
  AppointedOn: S,
  ClaimDeadline: S,
  CreditorMeetingOn: S,
  Liabilities: S,
  Announcement: S,
  SourceUnit: S,
});
export type BankruptcyDetail = Static<typeof BankruptcyDetailSchema>;

/** The field labels (vocabulary/) name exactly the fields of their rows. */
export type AbnormalBusinessFieldLabelsNamed = Proof<
  LabelsName<typeof ABNORMAL_BUSINESS_FIELD_LABELS, Exclude<keyof AbnormalBusinessRow, 'id'>>
>;
export type MajorTaxViolationFieldLabelsNamed = Proof<
  LabelsName<typeof MAJOR_TAX_VIOLATION_FIELD_LABELS, Exclude<keyof MajorTaxViolationRow, 'id'>>
>;
export type ArrearsFundsFieldLabelsNamed = Proof<
  LabelsName<typeof ARREARS_FUNDS_FIELD_LABELS, Exclude<keyof ArrearsFundsRow, 'id'>>
>;
export type NontaxFieldLabelsNamed = Proof<LabelsName<typeof NONTAX_FIELD_LABELS, Exclude<keyof NontaxDetail, 'id'>>>;
export type BankruptcyFieldLabelsNamed = Proof<
  LabelsName<typeof BANKRUPTCY_FIELD_LABELS, Exclude<keyof BankruptcyDetail, 'id'>>
>;
