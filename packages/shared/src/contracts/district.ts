import { Type } from 'typebox';
import { defineRoute } from '../api.js';
import { DISTRICT_HEADS as HEADS } from '../heads/district.js';
import { ContentListItemSchema, ContentListQuerySchema } from '../schemas/content.js';
import { DistrictSummarySchema, SiteInfoQuerySchema, SiteInfoSchema } from '../schemas/district.js';
import {
  DetailQuerySchema,
  DistrictPublicityQuerySchema,
  LicenceDetailSchema,
  LicencePageSchema,
  PenaltyDetailSchema,
  PenaltyPageSchema,
} from '../schemas/publicity.js';

/** The heads of heads/district.ts with their schemas, by the same names. */
export const DISTRICT_CONTRACTS = {
  siteInfo: defineRoute(HEADS.siteInfo, {
    query: SiteInfoQuerySchema,
    data: SiteInfoSchema,
  }),
  districtList: defineRoute(HEADS.districtList, {
    data: Type.Array(DistrictSummarySchema),
  }),
  districtContentList: defineRoute(HEADS.districtContentList, {
    query: ContentListQuerySchema,
    data: Type.Array(ContentListItemSchema),
  }),
  districtLicenceList: defineRoute(HEADS.districtLicenceList, {
    query: DistrictPublicityQuerySchema,
    data: LicencePageSchema,
  }),
  districtPenaltyList: defineRoute(HEADS.districtPenaltyList, {
    query: DistrictPublicityQuerySchema,
    data: PenaltyPageSchema,
  }),
  districtLicenceDetail: defineRoute(HEADS.districtLicenceDetail, {
    query: DetailQuerySchema,
    data: LicenceDetailSchema,
  }),
  districtPenaltyDetail: defineRoute(HEADS.districtPenaltyDetail, {
    query: DetailQuerySchema,
    data: PenaltyDetailSchema,
  }),
};
