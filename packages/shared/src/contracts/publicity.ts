import { API_PATHS, defineRoute } from '../api.js';
import {
  DetailQuerySchema,
  LicenceDetailSchema,
  NoticePageSchema,
  NoticeQuerySchema,
  PenaltyDetailSchema,
} from '../schemas/publicity.js';

/** The credit data API's licence and penalty publicity (spec §7): the latest notices and one record. */
export const PUBLICITY_CONTRACTS = {
  permitPublicity: defineRoute({
    path: API_PATHS.permitPublicity,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: NoticeQuerySchema,
    data: NoticePageSchema,
  }),
  punishPublicity: defineRoute({
    path: API_PATHS.punishPublicity,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: NoticeQuerySchema,
    data: NoticePageSchema,
  }),
  permitDetail: defineRoute({
    path: API_PATHS.permitDetail,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: DetailQuerySchema,
    data: LicenceDetailSchema,
  }),
  punishDetail: defineRoute({
    path: API_PATHS.punishDetail,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: DetailQuerySchema,
    data: PenaltyDetailSchema,
  }),
};
