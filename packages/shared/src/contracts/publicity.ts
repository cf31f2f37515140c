import { defineRoute } from '../api.js';
import { PUBLICITY_HEADS as HEADS } from '../heads/publicity.js';
import {
  DetailQuerySchema,
  LicenceDetailSchema,
  NoticePageSchema,
  NoticeQuerySchema,
  PenaltyDetailSchema,
} from '../schemas/publicity.js';

/** The heads of heads/publicity.ts with their schemas, by the same names. */
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
