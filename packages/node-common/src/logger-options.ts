import { REDACTED, maskSensitiveText, maskUrl } from '@credit-portal/shared';

/*
 * The pino options of both services, as a plain object they hand to Fastify (nothing here
 * imports pino): the masks themselves are @credit-portal/shared's (log-redaction.ts), which the
 * SPA shares for the addresses it reports.
 */

/** The credential headers, redacted (pino redact paths) wherever a request or its headers are logged. */
export const LOG_REDACT_PATHS: readonly string[] = [
  'authorization',
  'cookie',
  'jwttoken',
  'infotoken',
  'certtoken',
].flatMap((name) => [`req.headers.${name}`, `headers.${name}`]);

/** pino serializers: a request is logged as its method and masked URL (maskUrl), never its headers or body. */
export const LOG_SERIALIZERS = {
  req: (request: { method?: string; url?: string }): { method?: string; url: string } => ({
    method: request.method,
    url: maskUrl(request.url ?? ''),
  }),
};

/** Where log lines go instead of stdout (tests capture them). */
export interface LogDestination {
  write(line: string): void;
}

/** pino options as a plain object: what both services pass to Fastify as `logger`. */
export interface RedactedLoggerOptions {
  level: string;
  redact: { paths: string[]; censor: string };
  serializers: typeof LOG_SERIALIZERS;
  hooks: { streamWrite: (line: string) => string };
  stream?: LogDestination;
}

/**
 * The logger options of both services (DESIGN.md: no names, ID numbers, tokens, e-mails or phone
 * numbers in logs): credential headers redacted, sensitive query parameters masked in request
 * URLs, bodies never logged, and a last mask over every written line for whatever still has the
 * shape of personal data or a credential. Written to `stream` when given, else stdout.
 */
export function loggerOptions(level: string, stream?: LogDestination): RedactedLoggerOptions {
  return {
    level,
    redact: { paths: [...LOG_REDACT_PATHS], censor: REDACTED },
    serializers: LOG_SERIALIZERS,
    hooks: { streamWrite: maskSensitiveText },
    ...(stream ? { stream } : {}),
  };
}
