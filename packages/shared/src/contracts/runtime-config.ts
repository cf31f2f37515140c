import { defineContract } from '../api.js';
import { RUNTIME_CONFIG_HEADS as HEADS } from '../heads/runtime-config.js';
import { RuntimeConfigSchema } from '../schemas/runtime-config.js';

/** The heads of heads/runtime-config.ts with their schemas, by the same names. */
export const RUNTIME_CONFIG_CONTRACTS = {
  runtimeConfig: defineContract(HEADS.runtimeConfig, {
    data: RuntimeConfigSchema,
  }),
};
