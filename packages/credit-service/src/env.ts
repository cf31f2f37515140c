import { EnvReader, LOG_LEVELS, type EnvSource, type LogLevel } from '@credit-portal/shared';
import { DEFAULT_SEED, DEFAULT_SEED_ENTITIES, MAX_SEED_ENTITIES } from './seed/generate.js';

/** The process settings server.ts reads from the environment. */
export interface ServerSettings {
  host: string;
  port: number;
  dataDir: string;
  logLevel: LogLevel;
  seed: number;
  seedEntities: number;
  controls: boolean;
  oldSiteUrl: string | undefined;
  jwtSecret: string | undefined;
  portalUrl: string;
}

const HTTP = { protocols: ['http:', 'https:'], keepTrailingSlash: true };

/**
 * Reads and validates the settings. Returns them, or one message per bad variable so that a
 * misconfigured start says everything that is wrong at once.
 */
export function readSettings(
  env: EnvSource,
): { settings: ServerSettings; errors: [] } | { settings: null; errors: string[] } {
  const read = new EnvReader(env);
  // Read in this order so that the problems are listed in it.
  const port = read.int('CREDIT_SERVICE_PORT', 8090, 0, 65535);
  const seedEntities = read.int('SEED_ENTITIES', DEFAULT_SEED_ENTITIES, 1, MAX_SEED_ENTITIES);
  const seed = read.int('CREDIT_SERVICE_SEED', DEFAULT_SEED, 0, 0xffffffff);
  const gatewayPort = read.int('GATEWAY_PORT', 8080, 1, 65535);
  const settings: ServerSettings = {
    host: read.raw('CREDIT_SERVICE_HOST') ?? '127.0.0.1',
    port,
    dataDir: read.raw('DATA_DIR') ?? './data',
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    seed,
    seedEntities,
    controls: read.bool('CREDIT_SERVICE_CONTROLS', false),
    oldSiteUrl: read.optionalUrl('OLD_SITE_URL', HTTP) ?? undefined,
    jwtSecret: read.optionalString('CREDIT_SERVICE_JWT_SECRET', 32, Infinity) ?? undefined,
    // By default the gateway of this deployment: same machine, its GATEWAY_PORT.
    portalUrl: read.optionalUrl('PORTAL_URL', HTTP) ?? `http://localhost:${gatewayPort}/`,
  };
  const errors = [...read.problems];
  return errors.length > 0 ? { settings: null, errors } : { settings, errors: [] };
}
