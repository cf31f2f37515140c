import { defineRoute } from '../api.js';
import { SERVICES_HEADS as HEADS } from '../heads/services.js';
import {
  ApplicationPageSchema,
  ApplicationQuerySchema,
  ApplicationSchema,
  JudgeBusinessQuerySchema,
  JudgeBusinessSchema,
  MyApplicationsQuerySchema,
  MyBusinessListSchema,
  ObjectionFilingFieldsSchema,
  RepairFilingFieldsSchema,
  RepairPunishPageSchema,
  RepairPunishQuerySchema,
  RepairPurposeListSchema,
  ReportRequestSchema,
  ReportSignatureCheckSchema,
  ReportStatusOutcomeSchema,
  ReportSigningKeysSchema,
  ReportVerifyOutcomeSchema,
  ReportVerifyFileFieldsSchema,
  ReportVerifyQuerySchema,
  ReportVerifySignatureFieldsSchema,
  SpecialReportRequestSchema,
  ThirdPartyCheckQuerySchema,
  ThirdPartyReportSchema,
} from '../schemas/services.js';
import { SPECIAL_REPORT_AREA_MESSAGES } from '../vocabulary/services.js';

/** The heads of heads/services.ts with their schemas, by the same names. */
export const SERVICES_CONTRACTS = {
  repairPunishSearch: defineRoute(HEADS.repairPunishSearch, {
    query: RepairPunishQuerySchema,
    data: RepairPunishPageSchema,
    emptyFieldMessages: { entNameOrPunishDocNo: '请输入企业名称或行政处罚决定书文号' },
  }),
  repairPurposes: defineRoute(HEADS.repairPurposes, {
    data: RepairPurposeListSchema,
  }),
  repairUpload: defineRoute(HEADS.repairUpload, {
    multipartFields: RepairFilingFieldsSchema,
    data: ApplicationSchema,
  }),
  repairFlow: defineRoute(HEADS.repairFlow, {
    query: ApplicationQuerySchema,
    data: ApplicationSchema,
    emptyFieldMessages: { applyNo: '请输入申请编号' },
  }),
  judgeMyBusiness: defineRoute(HEADS.judgeMyBusiness, {
    query: JudgeBusinessQuerySchema,
    data: JudgeBusinessSchema,
  }),
  myBusinessList: defineRoute(HEADS.myBusinessList, {
    data: MyBusinessListSchema,
  }),
  objectionFlow: defineRoute(HEADS.objectionFlow, {
    query: ApplicationQuerySchema,
    data: ApplicationSchema,
    emptyFieldMessages: { applyNo: '请输入申请编号' },
  }),
  objectionUpload: defineRoute(HEADS.objectionUpload, {
    multipartFields: ObjectionFilingFieldsSchema,
    data: ApplicationSchema,
  }),
  objectionResult: defineRoute(HEADS.objectionResult, {
    query: ApplicationQuerySchema,
    data: ApplicationSchema,
    emptyFieldMessages: { applyNo: '请输入申请编号' },
  }),
  myApplications: defineRoute(HEADS.myApplications, {
    query: MyApplicationsQuerySchema,
    data: ApplicationPageSchema,
  }),
  enterpriseReport: defineRoute(HEADS.enterpriseReport, {
    body: ReportRequestSchema,
  }),
  specialReport: defineRoute(HEADS.specialReport, {
    body: SpecialReportRequestSchema,
    emptyFieldMessages: { areas: SPECIAL_REPORT_AREA_MESSAGES.none },
  }),
  reportVerify: defineRoute(HEADS.reportVerify, {
    query: ReportVerifyQuerySchema,
    data: ReportVerifyOutcomeSchema,
    emptyFieldMessages: { reportNo: '请输入报告编号', code: '请输入验证码' },
  }),
  reportStatus: defineRoute(HEADS.reportStatus, {
    query: ReportVerifyQuerySchema,
    data: ReportStatusOutcomeSchema,
    emptyFieldMessages: { reportNo: '请输入报告编号', code: '请输入验证码' },
  }),
  reportVerifyFile: defineRoute(HEADS.reportVerifyFile, {
    multipartFields: ReportVerifyFileFieldsSchema,
    data: ReportVerifyOutcomeSchema,
  }),
  thirdPartyCheck: defineRoute(HEADS.thirdPartyCheck, {
    query: ThirdPartyCheckQuerySchema,
    data: ThirdPartyReportSchema,
    emptyFieldMessages: { creditCode: '请输入统一社会信用代码', reportNo: '请输入报告编号', code: '请输入验证码' },
  }),
  reportVerifySignature: defineRoute(HEADS.reportVerifySignature, {
    multipartFields: ReportVerifySignatureFieldsSchema,
    data: ReportSignatureCheckSchema,
  }),
  reportSigningKeys: defineRoute(HEADS.reportSigningKeys, {
    data: ReportSigningKeysSchema,
  }),
  reportSigningKeyPem: defineRoute(HEADS.reportSigningKeyPem),
};
