import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
/**
 * Fastify's clientErrorHandler (a server option, set in app.ts): a request Node's parser refuses
 * (a 100 KB query, a header block over the limit, a malformed request line) gets the normalized
 * envelope like every other refusal, instead of Fastify's default body.
 */
export declare function clientErrorHandler(this: {
    log: FastifyBaseLogger;
}, err: Error & {
    code?: string;
}, socket: Socket): void;
/** The one error handler and the one not-found answer: the normalized envelope, stable codes. */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
