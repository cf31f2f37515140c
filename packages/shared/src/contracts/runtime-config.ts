import { GATEWAY_PATHS, defineContract } from '../api.js';
import { RuntimeConfigSchema } from '../schemas/runtime-config.js';

/**
 * The gateway's own GET /runtime-config (site name, contact details, external addresses), which
 * the SPA loads once per page load. Not an upstream call, so not in CONTRACTS: the gateway answers
 * it itself.
 */
export const RUNTIME_CONFIG_CONTRACTS = {
  runtimeConfig: defineContract({
    path: GATEWAY_PATHS.runtimeConfig,
    methods: ['GET'],
    data: RuntimeConfigSchema,
  }),
};
