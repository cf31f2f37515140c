import { Type, type Static } from 'typebox';
import { API_PATHS, defineRoute } from '../api.js';
import { EntityBaseInfoSchema, EntityDetailInfoSchema } from '../schemas/account.js';
import {
  H5CertExchangeRequestSchema,
  H5CertTokenQuerySchema,
  H5CertTokenRequestSchema,
  H5EncodeMessageSchema,
  H5EncodeRequestSchema,
  H5EncryptedIdentitySchema,
  H5EntityListSchema,
  H5EntityReportRecordSchema,
  H5EntityReportRequestSchema,
  H5IndividualInfoRequestSchema,
  H5InfotokenRequestSchema,
  H5IzLoginRequestSchema,
  H5LogoutResultSchema,
  H5PersonInfoSchema,
  H5ReportAvailabilitySchema,
  H5ReportDataRequestSchema,
  H5ReportDataSchema,
  H5ReportPdfRequestSchema,
  H5ReportRequestSchema,
  H5RsaKeyQuerySchema,
  H5RsaPublicKeySchema,
  H5SendEmailRequestSchema,
  H5SentReportSchema,
  H5TestLoginQuerySchema,
  H5TestUserInfoRequestSchema,
  H5TokenSchema,
  H5UserInfoSchema,
} from '../schemas/h5.js';
import { EmptyQuerySchema } from '../schemas/query.js';

/** CommercialSubjectDetail: the tab's Infotoken and one of its person's linked entities (H5EntityRecord.BaseId). */
export const H5EntityDetailRequestSchema = Type.Object({
  Infotoken: Type.String({ minLength: 1, maxLength: 128 }),
  EntityId: Type.String({ minLength: 1, maxLength: 32 }),
});
export type H5EntityDetailRequest = Static<typeof H5EntityDetailRequestSchema>;

/**
 * One of the person's own entities as the H5 app shows it: its registration and its public
 * standing, the same two answers the portal's details page has (entbaseinfos, v2/entdetailinfo).
 */
export const H5EntityDetailSchema = Type.Object({
  BaseInfo: EntityBaseInfoSchema,
  DetailInfo: EntityDetailInfoSchema,
});
export type H5EntityDetail = Static<typeof H5EntityDetailSchema>;

/**
 * The H5 personal credit app (spec §2.3, §4, §7). Every call is personal: none is ever
 * cached. The H5 user API speaks { Success, Data, Msg }, the mail sender { successful, msg }, the
 * report service (upstream 'report', REPORT_API_URL) { Data: { Status, Data }, Msg }.
 */
export const H5_CONTRACTS = {
  /** Login page mount: the channel (Platform, default XCX_GW) → the encrypted wrapper. */
  h5Encode: defineRoute({
    path: API_PATHS.h5Encode,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    body: H5EncodeRequestSchema,
    data: H5EncodeMessageSchema,
  }),
  /** A cert token for the face verification ('' → /h5/gtxy, 'grxybg' → /h5/PersonCreditReport). */
  h5CertToken: defineRoute({
    path: API_PATHS.h5CertToken,
    // Mints a cert token.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    query: H5CertTokenQuerySchema,
    body: H5CertTokenRequestSchema,
    data: H5TokenSchema,
  }),
  /**
   * The verified cert token, the face verification's one-time code and the verifier of the
   * token's challenge → Name, IdCard, Infotoken; once (the cert token is spent). Deviation from
   * the spec's GET ?certToken&type: a POST with a JSON body, so that no code or verifier ever
   * rides in a URL.
   */
  h5CertExchange: defineRoute({
    path: API_PATHS.h5CertExchange,
    // Spends a cert token and a one-time code; mints the Infotoken.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    body: H5CertExchangeRequestSchema,
    data: H5UserInfoSchema,
  }),
  /** A tab's live Infotoken → the same user info, Infotoken unchanged (a reload keeps the login). */
  h5Session: defineRoute({
    path: API_PATHS.h5Session,
    // Answers whether an Infotoken is live.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    body: H5InfotokenRequestSchema,
    data: H5UserInfoSchema,
  }),
  /**
   * 退出: revokes the Infotoken and every token made from it (report steps, the izgtxytoken it came
   * from). The default rate-limit class: a person must always be able to log out.
   */
  h5Logout: defineRoute({
    path: API_PATHS.h5Logout,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    body: H5InfotokenRequestSchema,
    data: H5LogoutResultSchema,
  }),
  /** Test mode only: name and ID → Data, a JSON string { izgtxytoken }. */
  h5TestLogin: defineRoute({
    path: API_PATHS.h5TestLogin,
    // Mints a token.
    rateLimit: 'strict',
    testOnly: true,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'success',
    query: H5TestLoginQuerySchema,
    data: H5TokenSchema,
  }),
  /** Test mode only: name and ID → user info (the home page's test query parameters). */
  h5TestUserInfo: defineRoute({
    path: API_PATHS.h5TestUserInfo,
    // Mints a token.
    rateLimit: 'strict',
    testOnly: true,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    body: H5TestUserInfoRequestSchema,
    data: H5UserInfoSchema,
  }),
  /**
   * The alternate-channel token (izgtxytoken, sent as Infotoken) → user info. Deviation from the
   * spec's GET ?Infotoken: a POST with a JSON body, so that the token (a live login until it
   * expires) never rides in a URL.
   */
  h5IzLogin: defineRoute({
    path: API_PATHS.h5IzLogin,
    // Checks a token and mints the Infotoken.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    body: H5IzLoginRequestSchema,
    data: H5UserInfoSchema,
  }),
  /** The entities linked to the Infotoken's person: Data.Data is a JSON string of H5EntityRecord[]. */
  h5Entities: defineRoute({
    path: API_PATHS.h5Entities,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    body: H5InfotokenRequestSchema,
    data: H5EntityListSchema,
  }),
  /**
   * One linked entity's registration and public standing, inside the app: a face-verified person
   * needs no portal login for their own entities. Any other entity is refused (403).
   */
  h5EntityDetail: defineRoute({
    path: API_PATHS.h5EntityDetail,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    body: H5EntityDetailRequestSchema,
    data: H5EntityDetailSchema,
  }),
  /** Records an entity report request (type G, purpose 个人查询信用) → its number. */
  h5EntityReportRequest: defineRoute({
    path: API_PATHS.h5EntityReportRequest,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    body: H5EntityReportRequestSchema,
    data: H5EntityReportRecordSchema,
  }),
  /** E-mails the recorded entity report as a PDF; reads successful and msg. */
  h5SendEmail: defineRoute({
    path: API_PATHS.h5SendEmail,
    // Renders and mails a PDF.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'successful',
    body: H5SendEmailRequestSchema,
    data: H5SentReportSchema,
  }),
  /** newH5 availability: Success, and Data.Status 10 when the person has a personal report. */
  h5ReportAvailability: defineRoute({
    path: API_PATHS.h5ReportAvailability,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'success',
    body: H5ReportRequestSchema,
    data: H5ReportAvailabilitySchema,
  }),
  /** The RSA public key (hex exponent and modulus) the SPA encrypts name and ID with. */
  h5RsaPublicKey: defineRoute({
    path: API_PATHS.h5RsaPublicKey,
    methods: ['POST'],
    upstream: 'report',
    dialect: 'success',
    query: H5RsaKeyQuerySchema,
    body: EmptyQuerySchema,
    data: H5RsaPublicKeySchema,
  }),
  /** The encrypted availability check: Success = a personal report is available. */
  h5PersonInfo: defineRoute({
    path: API_PATHS.h5PersonInfo,
    // Checks an identity.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'report',
    dialect: 'success',
    body: H5EncryptedIdentitySchema,
    data: H5PersonInfoSchema,
  }),
  /** First encrypted token step → a short-lived token. */
  h5IndividualToken: defineRoute({
    path: API_PATHS.h5IndividualToken,
    // Mints a token.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'report',
    dialect: 'success',
    body: H5EncryptedIdentitySchema,
    data: H5TokenSchema,
  }),
  /** Second encrypted token step (adds the first token) → the final token of the report page. */
  h5IndividualInfo: defineRoute({
    path: API_PATHS.h5IndividualInfo,
    // Spends a token and mints the final one.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'report',
    dialect: 'success',
    body: H5IndividualInfoRequestSchema,
    data: H5TokenSchema,
  }),
  /** The report page of the final token: the personal report PDF, streamed through (`?token=`). */
  h5ReportFile: defineRoute({
    path: API_PATHS.h5ReportFile,
    // Spends the final token; renders and signs the PDF.
    rateLimit: 'strict',
    methods: ['GET'],
    upstream: 'report',
    dialect: 'binary',
    prefix: true,
  }),
  /** The personal report's tables (Data.Data, a JSON string of ReportTables) with Data.Status 10. */
  h5ReportData: defineRoute({
    path: API_PATHS.h5ReportData,
    methods: ['POST'],
    upstream: 'report',
    dialect: 'status',
    body: H5ReportDataRequestSchema,
    data: H5ReportDataSchema,
  }),
  /** E-mails the personal report as a PDF; Data.Status 10 when sent. */
  h5ReportPdf: defineRoute({
    path: API_PATHS.h5ReportPdf,
    // Renders and mails a PDF.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'report',
    dialect: 'status',
    body: H5ReportPdfRequestSchema,
    data: H5ReportDataSchema,
  }),
};
