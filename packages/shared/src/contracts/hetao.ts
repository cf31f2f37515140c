import { API_PATHS, defineRoute } from '../api.js';
import {
  HetaoCheckSchema,
  HetaoEntityQuerySchema,
  HetaoLabelsSchema,
  HetaoListQuerySchema,
  HetaoPageSchema,
} from '../schemas/hetao.js';

/** 信用河套: the Hetao cooperation zone's enterprise credit list (public). */
export const HETAO_CONTRACTS = {
  hetaoList: defineRoute({
    path: API_PATHS.hetaoList,
    // The list searches.
    rateLimit: 'strict',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: HetaoListQuerySchema,
    data: HetaoPageSchema,
  }),
  hetaoCheck: defineRoute({
    path: API_PATHS.hetaoCheck,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: HetaoEntityQuerySchema,
    data: HetaoCheckSchema,
  }),
  hetaoLabels: defineRoute({
    path: API_PATHS.hetaoLabels,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: HetaoEntityQuerySchema,
    data: HetaoLabelsSchema,
  }),
};
