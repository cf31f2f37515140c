import { defineHead } from '../api.js';

/**
 * The H5 personal credit app (spec §2.3, §4, §7). Every call is personal: none is ever
 * cached. The H5 user API speaks { Success, Data, Msg }, the mail sender { successful, msg }, the
 * report service (upstream 'report', REPORT_API_URL) { Data: { Status, Data }, Msg }.
 */
export const H5_HEADS = {
  /** Login page mount: the channel (Platform, default XCX_GW) → the encrypted wrapper. */
  h5Encode: defineHead({
    path: '/api/user/peroncreditencode',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /** A cert token for the face verification ('' → /h5/gtxy, 'grxybg' → /h5/PersonCreditReport). */
  h5CertToken: defineHead({
    path: '/wechat/getgzhcerttoken',
    // Mints a cert token.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /**
   * The verified cert token, the face verification's one-time code and the verifier of the
   * token's challenge → Name, IdCard, Infotoken; once (the cert token is spent). Deviation from
   * the spec's GET ?certToken&type: a POST with a JSON body, so that no code or verifier ever
   * rides in a URL.
   */
  h5CertExchange: defineHead({
    path: '/user/getplainhist',
    // Spends a cert token and a one-time code; mints the Infotoken.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /** A tab's live Infotoken → the same user info, Infotoken unchanged (a reload keeps the login). */
  h5Session: defineHead({
    // Not shown in the spec: chosen.
    path: '/user/h5/session',
    // Answers whether an Infotoken is live.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /**
   * 退出: revokes the Infotoken and every token made from it (report steps, the izgtxytoken it came
   * from). The default rate-limit class: a person must always be able to log out.
   */
  h5Logout: defineHead({
    // Not shown in the spec: chosen.
    path: '/user/h5/logout',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /** Test mode only: name and ID → Data, a JSON string { izgtxytoken }. */
  h5TestLogin: defineHead({
    path: '/user/GetPlainhistTes',
    // Mints a token.
    rateLimit: 'strict',
    testOnly: true,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /** Test mode only: name and ID → user info (the home page's test query parameters). */
  h5TestUserInfo: defineHead({
    path: '/wechat/GetUserInfoTest',
    // Mints a token.
    rateLimit: 'strict',
    testOnly: true,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /**
   * The alternate-channel token (izgtxytoken, sent as Infotoken) → user info. Deviation from the
   * spec's GET ?Infotoken: a POST with a JSON body, so that the token (a live login until it
   * expires) never rides in a URL.
   */
  h5IzLogin: defineHead({
    path: '/user/GetIZLoginUser',
    // Checks a token and mints the Infotoken.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /** The entities linked to the Infotoken's person: Data.Data is a JSON string of H5EntityRecord[]. */
  h5Entities: defineHead({
    path: '/wechat/CommercialSubject',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /**
   * One linked entity's registration and public standing, inside the app: a face-verified person
   * needs no portal login for their own entities. Any other entity is refused (403).
   */
  h5EntityDetail: defineHead({
    // Not shown in the spec: chosen.
    path: '/wechat/CommercialSubjectDetail',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /** Records an entity report request (type G, purpose 个人查询信用) → its number. */
  h5EntityReportRequest: defineHead({
    path: '/user/WeChatPdfGenerator',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /** E-mails the recorded entity report as a PDF; reads successful and msg. */
  h5SendEmail: defineHead({
    path: '/user/MobileSendEmail',
    // Renders and mails a PDF.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'successful',
    timeoutMs: 30_000,
    personal: true,
  }),
  /** newH5 availability: Success, and Data.Status 10 when the person has a personal report. */
  h5ReportAvailability: defineHead({
    path: '/api/user/getgrxyreportdata',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
  /** The RSA public key (hex exponent and modulus) the SPA encrypts name and ID with. */
  h5RsaPublicKey: defineHead({
    // Not shown in the spec: chosen.
    path: '/grxy/handler',
    methods: ['POST'],
    upstream: 'report',
    dialect: 'success',
    personal: true,
  }),
  /** The encrypted availability check: Success = a personal report is available. */
  h5PersonInfo: defineHead({
    // Not shown in the spec: chosen.
    path: '/grxy/getPersonInfo',
    // Checks an identity.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'report',
    dialect: 'success',
    personal: true,
  }),
  /** First encrypted token step → a short-lived token. */
  h5IndividualToken: defineHead({
    // Not shown in the spec: chosen.
    path: '/grxy/getIndividualtoken',
    // Mints a token.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'report',
    dialect: 'success',
    personal: true,
  }),
  /** Second encrypted token step (adds the first token) → the final token of the report page. */
  h5IndividualInfo: defineHead({
    // Not shown in the spec: chosen.
    path: '/grxy/setIndividualInfo',
    // Spends a token and mints the final one.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'report',
    dialect: 'success',
    personal: true,
  }),
  /** The report page of the final token: the personal report PDF, streamed through (`?token=`). */
  h5ReportFile: defineHead({
    // Not shown in the spec: chosen.
    path: '/grxy/report',
    // Spends the final token; renders and signs the PDF.
    rateLimit: 'strict',
    methods: ['GET'],
    upstream: 'report',
    dialect: 'binary',
    prefix: true,
    timeoutMs: 30_000,
    personal: true,
  }),
  /** The personal report's tables (Data.Data, a JSON string of ReportTables) with Data.Status 10. */
  h5ReportData: defineHead({
    path: '/user/GetGRXYReportData',
    methods: ['POST'],
    upstream: 'report',
    dialect: 'status',
    personal: true,
  }),
  /** E-mails the personal report as a PDF; Data.Status 10 when sent. */
  h5ReportPdf: defineHead({
    path: '/user/GetGRXYReportPDF',
    // Renders and mails a PDF.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'report',
    dialect: 'status',
    timeoutMs: 30_000,
    personal: true,
  }),
  /**
   * Who looked at my report (PIPL Art. 44): the tab's Infotoken and a page → the accesses to the
   * person's own personal report (viewed, downloaded, e-mailed), from the audit trail, newest first.
   */
  h5ReportAccess: defineHead({
    // Not shown in the spec: chosen.
    path: '/user/h5/report-access',
    // Each call scans the audit trail's files.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    personal: true,
  }),
};
