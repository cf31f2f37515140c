/*
 * Conditional requests of the open-data API (RFC 9110 §13): one rule for the credit-service and
 * the gateway. If-None-Match wins over If-Modified-Since; ETags compare weakly (a W/ prefix is
 * ignored), as GET allows; dates compare in whole seconds, as HTTP dates carry them.
 */

/** The validators of an answer: its ETag (quoted) and when its data was made. */
export interface Validators {
  etag: string;
  lastModified: Date;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(',') : value;

/** True when a GET with these request headers is answered 304 Not Modified for these validators. */
export function isNotModified(headers: Headers, validators: Validators): boolean {
  const ifNoneMatch = single(headers['if-none-match']);
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(validators.etag.replace(/^W\//, ''));
  }
  const ifModifiedSince = single(headers['if-modified-since']);
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since)) return false;
  return Math.floor(validators.lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/** The response headers carrying the validators. */
export const validatorHeaders = (validators: Validators): Record<string, string> => ({
  etag: validators.etag,
  'last-modified': validators.lastModified.toUTCString(),
});
