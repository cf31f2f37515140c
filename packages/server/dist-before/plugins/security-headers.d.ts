export { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../lib/security-headers.js';
/** Sets the precomputed security headers on every answer of the public listener (refusals and 404s too). */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
