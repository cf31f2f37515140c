import { Type } from 'typebox';
import { API_PATHS, defineRoute } from '../api.js';
import { MESSAGES } from '../constants.js';
import { EntitySearchQuerySchema, EntitySearchResultSchema } from '../schemas/entity.js';
import {
  DetailQuerySchema,
  LicenceDetailSchema,
  NoticePageSchema,
  NoticeQuerySchema,
  PenaltyDetailSchema,
} from '../schemas/publicity.js';

/** The credit data API's public calls (spec §7): entity search and the licence and penalty publicity. */
export const PUBLICITY_CONTRACTS = {
  entitySearch: defineRoute({
    path: API_PATHS.entitySearch,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: EntitySearchQuerySchema,
    data: Type.Array(EntitySearchResultSchema),
    emptyFieldMessages: { EntNameOrCreditCode: MESSAGES.emptySearch },
  }),
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
