import { API_PATHS, defineRoute } from '../api.js';
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
  ReportSigningKeysSchema,
  ReportVerifyOutcomeSchema,
  ReportVerifyFileFieldsSchema,
  ReportVerifyQuerySchema,
  ReportVerifySignatureFieldsSchema,
  ThirdPartyCheckQuerySchema,
  ThirdPartyReportSchema,
} from '../schemas/services.js';

const credit = { upstream: 'credit', dialect: 'errorCode' } as const;

/**
 * 信用服务: credit repair and objection (bearer; filings are multipart), the user's
 * entities and applications, the two reports (PDF answers) and their verification.
 */
export const SERVICES_CONTRACTS = {
  repairPunishSearch: defineRoute({
    ...credit,
    path: API_PATHS.repairPunishSearch,
    // A search: unbounded in variety.
    rateLimit: 'strict',
    methods: ['GET'],
    query: RepairPunishQuerySchema,
    data: RepairPunishPageSchema,
    emptyFieldMessages: { entNameOrPunishDocNo: '请输入企业名称或行政处罚决定书文号' },
  }),
  repairPurposes: defineRoute({
    ...credit,
    path: API_PATHS.repairPurposes,
    methods: ['GET'],
    data: RepairPurposeListSchema,
  }),
  repairUpload: defineRoute({
    ...credit,
    path: API_PATHS.repairUpload,
    methods: ['POST'],
    auth: true,
    multipartFields: RepairFilingFieldsSchema,
    data: ApplicationSchema,
  }),
  repairFlow: defineRoute({
    ...credit,
    path: API_PATHS.repairFlow,
    methods: ['GET'],
    auth: true,
    query: ApplicationQuerySchema,
    data: ApplicationSchema,
    emptyFieldMessages: { applyNo: '请输入申请编号' },
  }),
  judgeMyBusiness: defineRoute({
    ...credit,
    path: API_PATHS.judgeMyBusiness,
    methods: ['GET'],
    auth: true,
    query: JudgeBusinessQuerySchema,
    data: JudgeBusinessSchema,
  }),
  myBusinessList: defineRoute({
    ...credit,
    path: API_PATHS.myBusinessList,
    methods: ['GET'],
    auth: true,
    data: MyBusinessListSchema,
  }),
  objectionFlow: defineRoute({
    ...credit,
    path: API_PATHS.objectionFlow,
    methods: ['GET'],
    auth: true,
    query: ApplicationQuerySchema,
    data: ApplicationSchema,
    emptyFieldMessages: { applyNo: '请输入申请编号' },
  }),
  objectionUpload: defineRoute({
    ...credit,
    path: API_PATHS.objectionUpload,
    methods: ['POST'],
    auth: true,
    multipartFields: ObjectionFilingFieldsSchema,
    data: ApplicationSchema,
  }),
  objectionResult: defineRoute({
    ...credit,
    path: API_PATHS.objectionResult,
    methods: ['GET'],
    auth: true,
    query: ApplicationQuerySchema,
    data: ApplicationSchema,
    emptyFieldMessages: { applyNo: '请输入申请编号' },
  }),
  myApplications: defineRoute({
    ...credit,
    path: API_PATHS.myApplications,
    methods: ['GET'],
    auth: true,
    query: MyApplicationsQuerySchema,
    data: ApplicationPageSchema,
  }),
  enterpriseReport: defineRoute({
    ...credit,
    path: API_PATHS.enterpriseReport,
    // Renders and signs a PDF.
    rateLimit: 'strict',
    methods: ['POST'],
    body: ReportRequestSchema,
    fileAnswer: true,
  }),
  specialReport: defineRoute({
    ...credit,
    path: API_PATHS.specialReport,
    // Renders and signs a PDF.
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
    body: ReportRequestSchema,
    fileAnswer: true,
  }),
  reportVerify: defineRoute({
    ...credit,
    path: API_PATHS.reportVerify,
    // Checks a report number and code.
    rateLimit: 'strict',
    methods: ['GET'],
    query: ReportVerifyQuerySchema,
    data: ReportVerifyOutcomeSchema,
    emptyFieldMessages: { reportNo: '请输入报告编号', code: '请输入验证码' },
  }),
  reportVerifyFile: defineRoute({
    ...credit,
    path: API_PATHS.reportVerifyFile,
    // Checks a report number and code, and an uploaded PDF.
    rateLimit: 'strict',
    methods: ['POST'],
    multipartFields: ReportVerifyFileFieldsSchema,
    data: ReportVerifyOutcomeSchema,
  }),
  thirdPartyCheck: defineRoute({
    ...credit,
    path: API_PATHS.thirdPartyCheck,
    // Checks a report number and code.
    rateLimit: 'strict',
    methods: ['GET'],
    query: ThirdPartyCheckQuerySchema,
    data: ThirdPartyReportSchema,
    emptyFieldMessages: { creditCode: '请输入统一社会信用代码', reportNo: '请输入报告编号', code: '请输入验证码' },
  }),
  // A report's PDF alone, checked by its SM2 signature; the published keys.
  reportVerifySignature: defineRoute({
    ...credit,
    path: API_PATHS.reportVerifySignature,
    // Checks an uploaded PDF’s signature.
    rateLimit: 'strict',
    methods: ['POST'],
    multipartFields: ReportVerifySignatureFieldsSchema,
    data: ReportSignatureCheckSchema,
  }),
  reportSigningKeys: defineRoute({
    ...credit,
    path: API_PATHS.reportSigningKeys,
    methods: ['GET'],
    data: ReportSigningKeysSchema,
  }),
  reportSigningKeyPem: defineRoute({
    upstream: 'credit',
    dialect: 'binary',
    prefix: true,
    path: API_PATHS.reportSigningKeyPemPrefix,
    methods: ['GET'],
  }),
};
