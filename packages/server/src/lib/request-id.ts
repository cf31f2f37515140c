import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A UUID (RFC 9562, any version), the one form a client's X-Request-Id is kept in. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The request id: always the gateway's own UUID. A client's X-Request-Id is never the id: it
 * would name log lines and audit records with whatever the client chose (an ID number, say).
 */
export function requestIdOf(): string {
  return randomUUID();
}

/** A client's X-Request-Id when it is a UUID (logged apart, as clientReqId, for tracing); else null. */
export function clientRequestIdOf(request: IncomingMessage): string | null {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && UUID.test(incoming) ? incoming.toLowerCase() : null;
}
