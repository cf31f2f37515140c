import type { EnvReader } from '@credit-portal/node-common';

/** Where the admin listener (/metrics, detailed /readyz, /healthz) listens; port 0: it does not. */
export interface AdminSettings {
  host: string;
  port: number;
}

/** CREDIT_SERVICE_ADMIN_PORT's default: the gateway's ADMIN_PORT (9464) plus one, so both fit on one machine. */
export const DEFAULT_ADMIN_PORT = 9465;

/** CREDIT_SERVICE_ADMIN_HOST's default: loopback, so that nothing but this machine scrapes it. */
export const DEFAULT_ADMIN_HOST = '127.0.0.1';

/** CREDIT_SERVICE_PORT's default (env.ts), which the admin port must not take. */
const DEFAULT_SERVICE_PORT = 8090;

/**
 * The admin listener's settings: CREDIT_SERVICE_ADMIN_PORT (0–65535, 0 = off) and
 * CREDIT_SERVICE_ADMIN_HOST. Problems go to `read` with the other variables' (env.ts).
 */
export function readAdminSettings(read: EnvReader): AdminSettings {
  const settings = {
    host: read.string('CREDIT_SERVICE_ADMIN_HOST', DEFAULT_ADMIN_HOST, 255),
    port: read.int('CREDIT_SERVICE_ADMIN_PORT', DEFAULT_ADMIN_PORT, 0, 65535),
  };
  // Read raw: a bad CREDIT_SERVICE_PORT is env.ts's to report, once.
  const servicePort = Number(read.raw('CREDIT_SERVICE_PORT') ?? DEFAULT_SERVICE_PORT);
  if (settings.port !== 0 && settings.port === servicePort) {
    read.problem('CREDIT_SERVICE_ADMIN_PORT', `must differ from CREDIT_SERVICE_PORT (${servicePort})`);
  }
  return settings;
}
