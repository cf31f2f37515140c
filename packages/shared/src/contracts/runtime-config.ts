import { defineContract } from '../api.js';
import { RUNTIME_CONFIG_HEADS as HEADS } from '../heads/runtime-config.js';
import { RuntimeConfigSchema } from '../schemas/runtime-config.js';

/**
 * The gateway's own GET /runtime-config (site name, contact details, external addresses), which
 * the SPA loads once per page load. Not an upstream call, so not in CONTRACTS: the gateway answers
 * it itself.
 */
export const RUNTIME_CONFIG_CONTRACTS = {
  runtimeConfig: defineContract(HEADS.runtimeConfig, {
    data: RuntimeConfigSchema,
  }),
};
