import { REDACTED, maskSensitiveText, maskUrl } from '@credit-portal/shared';

/** The credential headers, redacted wherever a request is logged. */
const REDACT_PATHS = ['authorization', 'cookie', 'jwttoken', 'infotoken', 'certtoken'].flatMap((name) => [
  `req.headers.${name}`,
  `headers.${name}`,
]);

/**
 * pino options of the service, redacting as the gateway does (DESIGN.md: no names, ID numbers,
 * tokens, e-mails or phone numbers in logs): credential headers redacted, sensitive query
 * parameters masked in request URLs, bodies never logged, and a last mask over every written
 * line for whatever still has the shape of personal data or a credential (JWTs in old-site links…).
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: { method?: string; url?: string }) => ({
        method: request.method,
        url: maskUrl(request.url ?? ''),
      }),
    },
    hooks: { streamWrite: maskSensitiveText },
    ...(stream ? { stream } : {}),
  };
}
