/**
 * Keeps personal data out of the gateway's logs. Three layers: pino redact paths for the
 * credential headers (here), and the shared URL masker and last pass over every written line
 * (`maskUrl`, `maskSensitiveText` in @credit-portal/shared, used by the credit-service too).
 */

/** pino redact paths: the credentials that arrive as headers. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.jwttoken',
  'req.headers.infotoken',
  'req.headers.certtoken',
  'headers.authorization',
  'headers.cookie',
  'headers.jwttoken',
  'headers.infotoken',
  'headers.certtoken',
];
