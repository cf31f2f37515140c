import { Type, type Static } from 'typebox';
import { LicenceListRowSchema, PenaltyListRowSchema } from './publicity.js';

/** Query of GET /cms/siteinfo (spec §7): the district page's three query values. */
export const SiteInfoQuerySchema = Type.Object({
  recordId: Type.String({ minLength: 1, maxLength: 32 }),
  categoryId: Type.Optional(Type.String({ maxLength: 32 })),
  cmsBaseId: Type.Optional(Type.String({ maxLength: 32 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});
export type SiteInfoQuery = Static<typeof SiteInfoQuerySchema>;

/** The `data` of /cms/siteinfo: the district's name and its overview rows. */
export const SiteInfoSchema = Type.Object({
  recordId: Type.String(),
  siteName: Type.String(),
  /** 'full' shows the four boxes; 'placeholder' is the header-and-boxes page of spec §1. */
  layout: Type.Union([Type.Literal('full'), Type.Literal('placeholder')]),
  categoryId: Type.String(),
  cmsBaseId: Type.String(),
  xkInfo: Type.Array(LicenceListRowSchema),
  cfInfo: Type.Array(PenaltyListRowSchema),
});
export type SiteInfo = Static<typeof SiteInfoSchema>;

/** A district site as the portal lists it. */
export const DistrictSummarySchema = Type.Object({
  recordId: Type.String(),
  categoryId: Type.String(),
  cmsBaseId: Type.String(),
  siteName: Type.String(),
});
export type DistrictSummary = Static<typeof DistrictSummarySchema>;
