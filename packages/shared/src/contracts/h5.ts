import { Type, type Static } from 'typebox';
import { defineRoute } from '../api.js';
import { H5_HEADS as HEADS } from '../heads/h5.js';
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
  H5ReportAccessListSchema,
  H5ReportAccessRequestSchema,
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

/** The heads of heads/h5.ts with their schemas, by the same names. */
export const H5_CONTRACTS = {
  h5Encode: defineRoute(HEADS.h5Encode, {
    body: H5EncodeRequestSchema,
    data: H5EncodeMessageSchema,
  }),
  h5CertToken: defineRoute(HEADS.h5CertToken, {
    query: H5CertTokenQuerySchema,
    body: H5CertTokenRequestSchema,
    data: H5TokenSchema,
  }),
  h5CertExchange: defineRoute(HEADS.h5CertExchange, {
    body: H5CertExchangeRequestSchema,
    data: H5UserInfoSchema,
  }),
  h5Session: defineRoute(HEADS.h5Session, {
    body: H5InfotokenRequestSchema,
    data: H5UserInfoSchema,
  }),
  h5Logout: defineRoute(HEADS.h5Logout, {
    body: H5InfotokenRequestSchema,
    data: H5LogoutResultSchema,
  }),
  h5TestLogin: defineRoute(HEADS.h5TestLogin, {
    query: H5TestLoginQuerySchema,
    data: H5TokenSchema,
  }),
  h5TestUserInfo: defineRoute(HEADS.h5TestUserInfo, {
    body: H5TestUserInfoRequestSchema,
    data: H5UserInfoSchema,
  }),
  h5IzLogin: defineRoute(HEADS.h5IzLogin, {
    body: H5IzLoginRequestSchema,
    data: H5UserInfoSchema,
  }),
  h5Entities: defineRoute(HEADS.h5Entities, {
    body: H5InfotokenRequestSchema,
    data: H5EntityListSchema,
  }),
  h5EntityDetail: defineRoute(HEADS.h5EntityDetail, {
    body: H5EntityDetailRequestSchema,
    data: H5EntityDetailSchema,
  }),
  h5EntityReportRequest: defineRoute(HEADS.h5EntityReportRequest, {
    body: H5EntityReportRequestSchema,
    data: H5EntityReportRecordSchema,
  }),
  h5SendEmail: defineRoute(HEADS.h5SendEmail, {
    body: H5SendEmailRequestSchema,
    data: H5SentReportSchema,
  }),
  h5ReportAvailability: defineRoute(HEADS.h5ReportAvailability, {
    body: H5ReportRequestSchema,
    data: H5ReportAvailabilitySchema,
  }),
  h5RsaPublicKey: defineRoute(HEADS.h5RsaPublicKey, {
    query: H5RsaKeyQuerySchema,
    body: EmptyQuerySchema,
    data: H5RsaPublicKeySchema,
  }),
  h5PersonInfo: defineRoute(HEADS.h5PersonInfo, {
    body: H5EncryptedIdentitySchema,
    data: H5PersonInfoSchema,
  }),
  h5IndividualToken: defineRoute(HEADS.h5IndividualToken, {
    body: H5EncryptedIdentitySchema,
    data: H5TokenSchema,
  }),
  h5IndividualInfo: defineRoute(HEADS.h5IndividualInfo, {
    body: H5IndividualInfoRequestSchema,
    data: H5TokenSchema,
  }),
  h5ReportFile: defineRoute(HEADS.h5ReportFile),
  h5ReportData: defineRoute(HEADS.h5ReportData, {
    body: H5ReportDataRequestSchema,
    data: H5ReportDataSchema,
  }),
  h5ReportPdf: defineRoute(HEADS.h5ReportPdf, {
    body: H5ReportPdfRequestSchema,
    data: H5ReportDataSchema,
  }),
  h5ReportAccess: defineRoute(HEADS.h5ReportAccess, {
    body: H5ReportAccessRequestSchema,
    data: H5ReportAccessListSchema,
  }),
};
