import { defineHead } from '../api.js';

const credit = { upstream: 'credit', dialect: 'errorCode' } as const;

/**
 * 信用服务: credit repair and objection (bearer; filings are multipart), the user's
 * entities and applications, the two reports (PDF answers) and their verification.
 */
export const SERVICES_HEADS = {
  repairPunishSearch: defineHead({
    ...credit,
    path: '/api/creditrepair/GetEntPunishInfoList',
    // A search: unbounded in variety.
    rateLimit: 'strict',
    methods: ['GET'],
  }),
  repairPurposes: defineHead({
    ...credit,
    path: '/api/creditrepair/GetCreditRepairPurposeList',
    methods: ['GET'],
  }),
  repairUpload: defineHead({
    ...credit,
    path: '/api/creditrepair/UploadCreditRepair',
    methods: ['POST'],
    auth: true,
    timeoutMs: 60_000,
  }),
  repairFlow: defineHead({
    ...credit,
    path: '/api/creditrepair/GetCreditRepairFlow',
    methods: ['GET'],
    auth: true,
  }),
  judgeMyBusiness: defineHead({
    ...credit,
    path: '/api/user/JudgeWhetherMyBusiness',
    methods: ['GET'],
    auth: true,
    personal: true,
  }),
  myBusinessList: defineHead({
    ...credit,
    // Not shown in the spec: chosen.
    path: '/api/user/MyBusinessList',
    methods: ['GET'],
    auth: true,
    personal: true,
  }),
  objectionFlow: defineHead({
    ...credit,
    path: '/api/creditobjection/GetCreditObjectFlow',
    methods: ['GET'],
    auth: true,
  }),
  objectionUpload: defineHead({
    ...credit,
    path: '/api/creditobjection/UploadCreditObjection',
    methods: ['POST'],
    auth: true,
    timeoutMs: 60_000,
  }),
  objectionResult: defineHead({
    ...credit,
    // Not shown in the spec: chosen.
    path: '/api/creditobjection/GetCreditObjectResult',
    methods: ['GET'],
    auth: true,
  }),
  myApplications: defineHead({
    ...credit,
    // Not shown in the spec: chosen.
    path: '/api/creditservice/MyApplications',
    methods: ['GET'],
    auth: true,
  }),
  enterpriseReport: defineHead({
    ...credit,
    // Not shown in the spec: chosen.
    path: '/api/creditreport/GenerateEnterpriseReport',
    // Renders and signs a PDF.
    rateLimit: 'strict',
    methods: ['POST'],
    fileAnswer: true,
    timeoutMs: 30_000,
  }),
  specialReport: defineHead({
    ...credit,
    // Not shown in the spec: chosen.
    path: '/api/creditreport/GenerateSpecialReport',
    // Renders and signs a PDF.
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
    fileAnswer: true,
    timeoutMs: 30_000,
  }),
  reportVerify: defineHead({
    ...credit,
    // Not shown in the spec: chosen.
    path: '/api/creditreport/VerifyReport',
    // Checks a report number and code.
    rateLimit: 'strict',
    methods: ['GET'],
  }),
  reportStatus: defineHead({
    ...credit,
    // Not shown in the spec: chosen.
    path: '/api/creditreport/ReportStatus',
    // Checks a report number and code; never cached: the answer is whether the record changed.
    rateLimit: 'strict',
    methods: ['GET'],
  }),
  reportVerifyFile: defineHead({
    ...credit,
    // Not shown in the spec: chosen.
    path: '/api/creditreport/VerifyReportFile',
    // Checks a report number and code, and an uploaded PDF.
    rateLimit: 'strict',
    methods: ['POST'],
    timeoutMs: 30_000,
  }),
  thirdPartyCheck: defineHead({
    ...credit,
    // Not shown in the spec: chosen.
    path: '/api/creditreport/ThirdPartyCheck',
    // Checks a report number and code.
    rateLimit: 'strict',
    methods: ['GET'],
  }),
  // A report's PDF alone, checked by its SM2 signature; the published keys.
  reportVerifySignature: defineHead({
    ...credit,
    // Not shown in the spec: chosen.
    path: '/api/creditreport/VerifyReportSignature',
    // Checks an uploaded PDF’s signature.
    rateLimit: 'strict',
    methods: ['POST'],
    timeoutMs: 30_000,
  }),
  reportSigningKeys: defineHead({
    ...credit,
    path: '/.well-known/credit-report-keys.json',
    methods: ['GET'],
    cache: { tags: ['report-keys'], ttlSeconds: 300 },
  }),
  reportSigningKeyPem: defineHead({
    upstream: 'credit',
    dialect: 'binary',
    prefix: true,
    path: '/.well-known/credit-report-keys/',
    methods: ['GET'],
  }),
};
