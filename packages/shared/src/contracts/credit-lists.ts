import { defineRoute } from '../api.js';
import { CREDIT_LIST_HEADS as HEADS } from '../heads/credit-lists.js';
import { CreditPromiseSchema } from '../schemas/account.js';
import {
  ListDetailQuerySchema,
  PromiseFulfilmentDetailSchema,
  PromiseFulfilmentPageSchema,
  PromiseFulfilmentQuerySchema,
  PromiseListQuerySchema,
  PromisePageSchema,
  RedBlackDetailSchema,
  RedBlackPageSchema,
  RedBlackQuerySchema,
  PermitExportQuerySchema,
  PermitSearchPageSchema,
  PermitSearchQuerySchema,
  PunishExportQuerySchema,
  PunishSearchPageSchema,
  PunishSearchQuerySchema,
} from '../schemas/credit-lists.js';

/** The heads of heads/credit-lists.ts with their schemas, by the same names. */
export const CREDIT_LIST_CONTRACTS = {
  permitSearch: defineRoute(HEADS.permitSearch, {
    query: PermitSearchQuerySchema,
    data: PermitSearchPageSchema,
  }),
  punishSearch: defineRoute(HEADS.punishSearch, {
    query: PunishSearchQuerySchema,
    data: PunishSearchPageSchema,
  }),
  permitExport: defineRoute(HEADS.permitExport, { query: PermitExportQuerySchema }),
  punishExport: defineRoute(HEADS.punishExport, { query: PunishExportQuerySchema }),
  redBlackList: defineRoute(HEADS.redBlackList, {
    body: RedBlackQuerySchema,
    data: RedBlackPageSchema,
  }),
  redBlackDetail: defineRoute(HEADS.redBlackDetail, {
    query: ListDetailQuerySchema,
    data: RedBlackDetailSchema,
  }),
  promiseList: defineRoute(HEADS.promiseList, {
    query: PromiseListQuerySchema,
    data: PromisePageSchema,
  }),
  promiseDetail: defineRoute(HEADS.promiseDetail, {
    query: ListDetailQuerySchema,
    data: CreditPromiseSchema,
  }),
  promiseFulfilmentList: defineRoute(HEADS.promiseFulfilmentList, {
    query: PromiseFulfilmentQuerySchema,
    data: PromiseFulfilmentPageSchema,
  }),
  promiseFulfilmentDetail: defineRoute(HEADS.promiseFulfilmentDetail, {
    query: ListDetailQuerySchema,
    data: PromiseFulfilmentDetailSchema,
  }),
};
