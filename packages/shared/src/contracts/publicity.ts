import { defineRoute } from '../api.js';
import { PUBLICITY_HEADS as HEADS } from '../heads/publicity.js';
import {
  DetailQuerySchema,
  LicenceDetailSchema,
  NoticePageSchema,
  NoticeQuerySchema,
  PenaltyDetailSchema,
} from '../schemas/publicity.js';

/** The credit data API's licence and penalty publicity (spec §7): the latest notices and one record. */
export const PUBLICITY_CONTRACTS = {
  permitPublicity: defineRoute(HEADS.permitPublicity, {
    query: NoticeQuerySchema,
    data: NoticePageSchema,
  }),
  punishPublicity: defineRoute(HEADS.punishPublicity, {
    query: NoticeQuerySchema,
    data: NoticePageSchema,
  }),
  permitDetail: defineRoute(HEADS.permitDetail, {
    query: DetailQuerySchema,
    data: LicenceDetailSchema,
  }),
  punishDetail: defineRoute(HEADS.punishDetail, {
    query: DetailQuerySchema,
    data: PenaltyDetailSchema,
  }),
};
