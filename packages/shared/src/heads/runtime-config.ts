import { GATEWAY_PATHS, defineGatewayHead } from '../api.js';

/**
 * The gateway's own GET /runtime-config (site name, contact details, external addresses), which
 * the SPA loads once per page load. Not an upstream call, so not in CONTRACTS: the gateway answers
 * it itself.
 */
export const RUNTIME_CONFIG_HEADS = {
  runtimeConfig: defineGatewayHead({
    path: GATEWAY_PATHS.runtimeConfig,
    methods: ['GET'],
  }),
};
