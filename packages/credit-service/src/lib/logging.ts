import { loggerOptions, type LogDestination, type RedactedLoggerOptions } from '@credit-portal/node-common';

/** The service's logger setting (buildApp's `logger`): off, on at info, or a level and a destination. */
export type LoggerSetting = boolean | { level?: string; stream?: LogDestination };

/**
 * Fastify's `logger` option for a setting: off, or pino with the redaction both services share
 * (`loggerOptions` of @credit-portal/shared: credential headers redacted, sensitive query
 * parameters masked in request URLs, bodies never logged, a last mask over every written line).
 * The one way the service logs, in the process (server.ts) and in tests alike.
 */
export function loggerOptionsFor(setting: LoggerSetting | undefined): RedactedLoggerOptions | false {
  if (!setting) return false;
  const { level = 'info', stream } = setting === true ? {} : setting;
  return loggerOptions(level, stream);
}
