import { API_PATHS, defineRoute } from '../api.js';
import { LendingOverviewSchema } from '../schemas/lending.js';
import { EmptyQuerySchema } from '../schemas/query.js';

/** The lending page (信易贷): platform figures, partner banks, products. */
export const LENDING_CONTRACTS = {
  lendingOverview: defineRoute({
    path: API_PATHS.lendingOverview,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: EmptyQuerySchema,
    data: LendingOverviewSchema,
  }),
};
