/*
 * Keeps personal data out of the service's request log lines: query strings carry names, ID
 * numbers and tokens on some routes (the H5 exchanges, the face-verification page, old-site
 * links), so a logged URL keeps its parameter names and drops every value. Bodies are never
 * logged. Routes that carry credentials in the path log at warn only besides.
 */

/** A URL fit for a log line: `/user/getplainhist?certToken=…&type=…`. */
export function urlForLog(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=…`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

/** pino serializers for Fastify's request lines. */
export const LOG_SERIALIZERS = {
  req: (request: { method?: string; url?: string }) => ({ method: request.method, url: urlForLog(request.url ?? '') }),
};

/** The logger option with the serializers added (false stays false). */
export function withLogRedaction(logger: boolean | object | undefined): boolean | object {
  if (!logger) return false;
  const options = logger === true ? {} : (logger as { serializers?: object });
  return { ...options, serializers: { ...LOG_SERIALIZERS, ...options.serializers } };
}
