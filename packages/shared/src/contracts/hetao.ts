import { defineRoute } from '../api.js';
import { HETAO_HEADS as HEADS } from '../heads/hetao.js';
import {
  HetaoCheckSchema,
  HetaoEntityQuerySchema,
  HetaoLabelsSchema,
  HetaoListQuerySchema,
  HetaoPageSchema,
} from '../schemas/hetao.js';

/** The heads of heads/hetao.ts with their schemas, by the same names. */
export const HETAO_CONTRACTS = {
  hetaoList: defineRoute(HEADS.hetaoList, {
    query: HetaoListQuerySchema,
    data: HetaoPageSchema,
  }),
  hetaoCheck: defineRoute(HEADS.hetaoCheck, {
    query: HetaoEntityQuerySchema,
    data: HetaoCheckSchema,
  }),
  hetaoLabels: defineRoute(HEADS.hetaoLabels, {
    query: HetaoEntityQuerySchema,
    data: HetaoLabelsSchema,
  }),
};
