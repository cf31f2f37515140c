/** Where the OpenAPI document and its UI are served. */
export declare const DOCS_PREFIX = "/docs";
/**
 * OpenAPI at /docs (UI) and /docs/json: every route with the schemas it is validated with. The
 * proxy routes come from the shared contract rows, so each row's answer (`data` in the
 * normalized envelope) and refusals are documented from the row itself; a new row appears here
 * without any change to this file, unless it is marked testOnly. Registered before the routes (it collects them as they are added).
 */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
