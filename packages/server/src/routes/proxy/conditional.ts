import type { FastifyReply, FastifyRequest } from 'fastify';
import { isNotModified } from '@credit-portal/shared';
import type { CacheStatus } from '../../cache/response-cache.js';

/**
 * Answers 304 Not Modified when a conditional request (If-None-Match, If-Modified-Since) matches
 * the validators an answer carries (the upstream's ETag and Last-Modified, kept in its cache
 * entry): the shared rule of the open-data API. True when answered; false, and nothing sent,
 * for an answer without validators or a request they do not match.
 */
export function conditionalAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Readonly<Record<string, string>>,
  status: CacheStatus,
): boolean {
  const { etag, 'last-modified': lastModified } = headers;
  if (etag === undefined || lastModified === undefined) return false;
  if (!isNotModified(request.headers, { etag, lastModified: new Date(lastModified) })) return false;
  reply
    .code(304)
    .headers({ etag, 'last-modified': lastModified, 'cache-control': 'no-cache', 'x-cache': status })
    .send();
  return true;
}
