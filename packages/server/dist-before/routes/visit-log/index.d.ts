import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/**
 * POST /visitstatics/EncodeMsgs: the browser's visit logs, `{ message }` as JSON or as the
 * text/plain body of navigator.sendBeacon. Valid records are enriched and queued and the answer
 * is 202 only once they are; invalid ones are listed by index. Smaller body limit and its own
 * per-IP rate limit.
 */
declare const visitLogRoutes: FastifyPluginAsyncTypebox;
export default visitLogRoutes;
