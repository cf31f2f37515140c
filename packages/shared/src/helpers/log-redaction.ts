/**
 * Keeps personal data out of log lines (DESIGN.md: names, ID numbers, tokens, e-mails and phone
 * numbers are never logged), for both services: a URL masker that hides sensitive query
 * parameters and a mask for whatever still has the shape of personal data or a credential. The
 * SPA drops the same query parameters from the addresses it reports; the services' pino options
 * that apply both are @credit-portal/node-common's (logger-options.ts).
 */

import { USER_TOKEN_FIELDS } from '../api.js';

export const REDACTED = '[REDACTED]';

/** Field and parameter names whose values are personal data or credentials (compared lower-cased). */
export const SENSITIVE_FIELDS: ReadonlySet<string> = new Set([
  // The user tokens (shared with the cache's never-cache rule).
  ...USER_TOKEN_FIELDS,
  'cookie',
  'set-cookie',
  'token',
  'password',
  'name',
  'username',
  // The H5 mail call names the person as userID.
  'userid',
  'realname',
  'idcard',
  'identitycard',
  'idnumber',
  'certno',
  'email',
  'mail',
  'mobile',
  'phone',
  'tel',
  'telephone',
  // An issued report: its number and verification code unlock the whole report (VerifyReport,
  // ThirdPartyCheck, the H5 report calls), and the QR link carries both as no and code.
  'reportno',
  'reportnumber',
  // The secret that binds a face verification to the browser that started it.
  'verifier',
]);

/**
 * Query parameters masked in logged URLs only: in a JSON log line these names are the logger's
 * own (an error's code, a plugin's name), so they are not masked there. `code` and `state` are
 * the verification code of a report and an OAuth authorization's code and state; `no` is a
 * report number in the verification link.
 */
export const SENSITIVE_QUERY_PARAMETERS: ReadonlySet<string> = new Set([...SENSITIVE_FIELDS, 'code', 'state', 'no']);

const ID_NUMBER_18 =
  /(?<![0-9A-Za-z])[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![0-9A-Za-z])/g;
const ID_NUMBER_15 = /(?<![0-9A-Za-z])[1-9]\d{7}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}(?![0-9A-Za-z])/g;
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const MOBILE = /(?<![0-9])(?:\+?86[- ]?)?1[3-9]\d{9}(?![0-9])/g;
const BEARER = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
// In JSON log lines a bare "name" or "code" is usually an error's or a plugin's, so they are masked in URLs only.
const URL_ONLY_FIELDS: ReadonlySet<string> = new Set(['name', 'code']);
const JSON_FIELDS = [...SENSITIVE_FIELDS].filter((field) => !URL_ONLY_FIELDS.has(field));
const SENSITIVE_JSON_FIELD = new RegExp(`("(?:${JSON_FIELDS.join('|')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');

/** Masks everything in a text that has the shape of personal data or a credential. */
export function maskSensitiveText(text: string): string {
  return text
    .replace(SENSITIVE_JSON_FIELD, `$1"${REDACTED}"`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(EMAIL, REDACTED)
    .replace(ID_NUMBER_18, REDACTED)
    .replace(ID_NUMBER_15, REDACTED)
    .replace(MOBILE, REDACTED);
}

/** A request URL fit for a log line: sensitive query parameters (SENSITIVE_QUERY_PARAMETERS) masked, then the shape-based masks. */
export function maskUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return maskSensitiveText(url);
  const path = url.slice(0, at);
  const pairs = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = safeDecode(eq < 0 ? pair : pair.slice(0, eq));
      if (SENSITIVE_QUERY_PARAMETERS.has(key.toLowerCase())) return `${key}=${REDACTED}`;
      return eq < 0 ? key : `${key}=${safeDecode(pair.slice(eq + 1))}`;
    });
  return maskSensitiveText(`${path}?${pairs.join('&')}`);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
