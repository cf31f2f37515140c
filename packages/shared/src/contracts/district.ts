import { Type } from 'typebox';
import { API_PATHS, defineRoute } from '../api.js';
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

/** The district credit sites (spec §2.2, §7): siteinfo, the site list, their articles and publicity. */
export const DISTRICT_CONTRACTS = {
  siteInfo: defineRoute({
    path: API_PATHS.siteInfo,
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'msg',
    query: SiteInfoQuerySchema,
    data: SiteInfoSchema,
  }),
  districtList: defineRoute({
    path: API_PATHS.districtList,
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'msg',
    data: Type.Array(DistrictSummarySchema),
  }),
  districtContentList: defineRoute({
    path: API_PATHS.districtContentList,
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'msg',
    query: ContentListQuerySchema,
    data: Type.Array(ContentListItemSchema),
  }),
  districtLicenceList: defineRoute({
    path: API_PATHS.districtLicenceList,
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'msg',
    query: DistrictPublicityQuerySchema,
    data: LicencePageSchema,
  }),
  districtPenaltyList: defineRoute({
    path: API_PATHS.districtPenaltyList,
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'msg',
    query: DistrictPublicityQuerySchema,
    data: PenaltyPageSchema,
  }),
  districtLicenceDetail: defineRoute({
    path: API_PATHS.districtLicenceDetail,
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'errorCode',
    query: DetailQuerySchema,
    data: LicenceDetailSchema,
  }),
  districtPenaltyDetail: defineRoute({
    path: API_PATHS.districtPenaltyDetail,
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'errorCode',
    query: DetailQuerySchema,
    data: PenaltyDetailSchema,
  }),
};
