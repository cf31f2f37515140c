import { Type } from 'typebox';
import { ERROR_CODES, ErrorEnvelopeSchema, GATEWAY_PATHS, NormalizedEnvelope, SUCCESS_CODE, errorEnvelope, } from '@credit-portal/shared';
import { HealthSchema, healthAnswer } from '../health/index.js';
const UpstreamCheck = Type.Object({
    reachable: Type.Boolean(),
    circuit: Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('half_open')]),
});
const ReadySchema = NormalizedEnvelope(Type.Object({
    /** degraded: serving, but Redis or an upstream is unreachable. */
    status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')]),
    redis: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('not_configured')]),
    upstreams: Type.Record(Type.String(), UpstreamCheck),
}));
/** Upstream probes are cached briefly so that frequent readiness checks do not load the upstreams. */
const PROBE_CACHE_MS = 1000;
const PROBE_TIMEOUT_MS = 1000;
/**
 * The admin listener's routes (ADMIN_HOST:ADMIN_PORT, never behind the public balancer):
 * /healthz, /readyz with Redis and every upstream (`degraded`, still HTTP 200, when one is
 * unreachable: the replica keeps serving from cache, and taking it out would not help; 503 while
 * shutting down) and /metrics for Prometheus.
 */
const adminRoutes = async (app, { gateway, closing }) => {
    let probed = null;
    async function probeUpstreams() {
        if (probed && Date.now() - probed.at < PROBE_CACHE_MS)
            return probed.result;
        const entries = await Promise.all(Object.keys(gateway.upstreams).map(async (name) => {
            const client = gateway.upstreams[name];
            return [name, { reachable: await client.probe(PROBE_TIMEOUT_MS), circuit: client.breaker.state }];
        }));
        probed = { at: Date.now(), result: Object.fromEntries(entries) };
        return probed.result;
    }
    app.get(GATEWAY_PATHS.health, { schema: { response: { 200: HealthSchema } } }, async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return healthAnswer();
    });
    app.get(GATEWAY_PATHS.ready, { schema: { response: { 200: ReadySchema, 503: ErrorEnvelopeSchema } } }, async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        if (closing())
            return reply.code(503).send(errorEnvelope(ERROR_CODES.upstreamUnavailable, '服务正在重启，请稍后再试'));
        const [redisUp, upstreams] = await Promise.all([
            gateway.redis ? gateway.redis.ping() : Promise.resolve(null),
            probeUpstreams(),
        ]);
        const redis = redisUp === null ? 'not_configured' : redisUp ? 'up' : 'down';
        const healthy = redis !== 'down' && Object.values(upstreams).every((u) => u.reachable && u.circuit === 'closed');
        return {
            ok: true,
            code: SUCCESS_CODE,
            message: healthy ? 'ready' : 'degraded',
            data: { status: healthy ? 'ready' : 'degraded', redis, upstreams },
        };
    });
    app.get(GATEWAY_PATHS.metrics, async (_request, reply) => {
        const text = await gateway.metrics.scrape();
        return reply.type(gateway.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    });
    app.setNotFoundHandler((_request, reply) => reply.code(404).header('cache-control', 'no-store').send(errorEnvelope(ERROR_CODES.notFound)));
};
export default adminRoutes;
//# sourceMappingURL=index.js.map