import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PATHS, ErrorEnvelopeSchema, GATEWAY_PATHS, NormalizedEnvelope, UPSTREAM_ROUTES, } from '@credit-portal/shared';
/** Where the OpenAPI document and its UI are served. */
export const DOCS_PREFIX = '/docs';
/** The gateway's own documented paths; anything else that is not a contract row (SPA files) is left out. */
const GATEWAY_DOCUMENTED = new Set([
    API_PATHS.visitLog,
    GATEWAY_PATHS.runtimeConfig,
    GATEWAY_PATHS.cachePurge,
    GATEWAY_PATHS.health,
]);
/** The documented answers of one contract row: its data in the normalized envelope, and the refusals. */
function responsesOf(row) {
    const ok = row.data ? NormalizedEnvelope(row.data) : { description: '上游原样返回（二进制）' };
    return {
        200: ok,
        ...(row.dialect === 'binary' ? {} : { 400: ErrorEnvelopeSchema }),
        ...(row.auth ? { 401: ErrorEnvelopeSchema } : {}),
        429: ErrorEnvelopeSchema,
        502: ErrorEnvelopeSchema,
        503: ErrorEnvelopeSchema,
        504: ErrorEnvelopeSchema,
    };
}
/**
 * OpenAPI at /docs (UI) and /docs/json: every route with the schemas it is validated with. The
 * proxy routes come from the shared contract rows, so each row's answer (`data` in the
 * normalized envelope) and refusals are documented from the row itself; a new row appears here
 * without any change to this file, unless it is marked testOnly. Registered before the routes (it collects them as they are added).
 */
export default fp(async (app) => {
    // A binary prefix row is registered by @fastify/http-proxy as `<prefix>/*` (and the bare prefix).
    const rows = new Map(UPSTREAM_ROUTES.flatMap((row) => {
        if (!row.prefix)
            return [[row.path, row]];
        const bare = row.path.replace(/\/+$/, '');
        return [[`${bare}/*`, row]];
    }));
    await app.register(swagger, {
        openapi: {
            info: {
                title: `${app.config.runtime.siteName} 信用门户网关 API`,
                description: '浏览器调用的全部上游路由（统一信封 { ok, code, message, data }）、访问日志接收、运行时配置与缓存清除。' +
                    '/metrics 与 /readyz 详情在管理端口，不在此列。',
                version: '1',
            },
            components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
            tags: [
                { name: 'credit', description: '信用数据接口（上游 CREDIT_API_URL）' },
                { name: 'cms', description: '内容管理接口（上游 CMS_API_URL）' },
                { name: 'report', description: '报告服务接口（上游 REPORT_API_URL）' },
                { name: 'gateway', description: '网关自身的接口' },
            ],
        },
        transform: ({ schema, url, route }) => {
            const row = rows.get(url);
            const base = { ...(schema ?? {}) };
            // Test-mode and demo-only rows are proxied when their mode is on, never documented.
            if (row?.testOnly)
                return { schema: { ...base, hide: true }, url };
            if (!row) {
                if (!GATEWAY_DOCUMENTED.has(url))
                    return { schema: { ...base, hide: true }, url };
                return { schema: { ...base, hide: false, tags: ['gateway'] }, url };
            }
            return {
                schema: {
                    ...base,
                    tags: [row.upstream],
                    summary: `${[route.method].flat().join(', ')} ${row.path}`,
                    ...(row.auth ? { security: [{ bearer: [] }] } : {}),
                    response: responsesOf(row),
                },
                url,
            };
        },
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: false } });
}, { name: 'swagger' });
//# sourceMappingURL=swagger.js.map