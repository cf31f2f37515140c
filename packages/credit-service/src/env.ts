import { DEFAULT_SEED, DEFAULT_SEED_ENTITIES, MAX_SEED_ENTITIES } from './seed/generate.js';

/** The process settings server.ts reads from the environment. */
export interface ServerSettings {
  host: string;
  port: number;
  dataDir: string;
  logLevel: string;
  seed: number;
  seedEntities: number;
  controls: boolean;
  oldSiteUrl: string | undefined;
  jwtSecret: string | undefined;
  portalUrl: string | undefined;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const FLAGS: Readonly<Record<string, boolean>> = {
  on: true,
  true: true,
  '1': true,
  off: false,
  false: false,
  '0': false,
};

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads and validates the settings. Returns them, or one message per bad variable so that a
 * misconfigured start says everything that is wrong at once.
 */
export function readSettings(
  env: Env,
): { settings: ServerSettings; errors: [] } | { settings: null; errors: string[] } {
  const errors: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      errors.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return n;
  };

  const port = integer('CREDIT_SERVICE_PORT', 8090, 0, 65535);
  const seedEntities = integer('SEED_ENTITIES', DEFAULT_SEED_ENTITIES, 1, MAX_SEED_ENTITIES);
  const seed = integer('CREDIT_SERVICE_SEED', DEFAULT_SEED, 0, 0xffffffff);

  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    errors.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);

  const controlsRaw = value('CREDIT_SERVICE_CONTROLS') ?? 'off';
  const controls = FLAGS[controlsRaw.toLowerCase()];
  if (controls === undefined) {
    errors.push(`CREDIT_SERVICE_CONTROLS must be one of on, off, true, false, 1, 0, got "${controlsRaw}"`);
  }

  const oldSiteUrl = value('OLD_SITE_URL');
  if (oldSiteUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(oldSiteUrl)) {
    errors.push(`OLD_SITE_URL must be an http(s) URL, got "${oldSiteUrl}"`);
  }

  const jwtSecret = value('CREDIT_SERVICE_JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    errors.push(`CREDIT_SERVICE_JWT_SECRET must be at least 32 characters long, got ${jwtSecret.length}`);
  }

  const portalUrl = value('PORTAL_URL');
  if (portalUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(portalUrl)) {
    errors.push(`PORTAL_URL must be an http(s) URL, got "${portalUrl}"`);
  }

  if (errors.length > 0) return { settings: null, errors };
  return {
    settings: {
      host: value('CREDIT_SERVICE_HOST') ?? '127.0.0.1',
      port,
      dataDir: value('DATA_DIR') ?? './data',
      logLevel,
      seed,
      seedEntities,
      controls: controls ?? false,
      oldSiteUrl,
      jwtSecret,
      portalUrl,
    },
    errors: [],
  };
}
