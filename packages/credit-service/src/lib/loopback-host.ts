import type { FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '@credit-portal/shared';
import { NotFoundError } from './errors.js';

/** A Host header naming this machine's loopback: localhost, 127.x.x.x or [::1], with any port. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * onRequest hook of the developer's own page (the outbox), which only a loopback bind serves: a
 * request must also name the loopback in its Host header. A web page in the developer's browser
 * could otherwise reach it by DNS rebinding (its own name, re-pointed at 127.0.0.1) and read the
 * mailed reports and SMS codes. Anything else: the 404 of an unknown address.
 */
export async function loopbackHostOnly(request: FastifyRequest): Promise<void> {
  if (!LOOPBACK_HOST.test(request.headers.host ?? '')) throw new NotFoundError(ERROR_MESSAGES.not_found);
}
