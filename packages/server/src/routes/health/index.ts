import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GATEWAY_PATHS, NormalizedEnvelope, SUCCESS_CODE, type UpstreamName } from '@credit-portal/shared';
import type { CircuitState } from '../../lib/circuit-breaker.js';

const HealthSchema = NormalizedEnvelope(Type.Object({ status: Type.Literal('ok'), uptimeSeconds: Type.Number() }));

const UpstreamCheck = Type.Object({
  reachable: Type.Boolean(),
  circuit: Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('half_open')]),
});
const ReadySchema = NormalizedEnvelope(
  Type.Object({
    /** degraded: serving, but Redis or an upstream is unreachable. */
    status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')]),
    redis: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('not_configured')]),
    upstreams: Type.Record(Type.String(), UpstreamCheck),
  }),
);

/** Upstream probes are cached briefly so that frequent readiness checks do not load the upstreams. */
const PROBE_CACHE_MS = 1000;
const PROBE_TIMEOUT_MS = 1000;

/**
 * /healthz: the process is alive. /readyz: Redis and the upstreams; 'degraded' (still HTTP 200,
 * the replica keeps serving from cache and buffer) when one of them is unreachable. While the
 * gateway shuts down every request, this one included, answers 503.
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const noLimit = { rateLimit: false } as const;
  let probed: { at: number; result: Record<string, { reachable: boolean; circuit: CircuitState }> } | null = null;

  async function probeUpstreams() {
    if (probed && Date.now() - probed.at < PROBE_CACHE_MS) return probed.result;
    const entries = await Promise.all(
      (Object.keys(app.upstreams) as UpstreamName[]).map(async (name) => {
        const client = app.upstreams[name];
        return [name, { reachable: await client.probe(PROBE_TIMEOUT_MS), circuit: client.breaker.state }] as const;
      }),
    );
    probed = { at: Date.now(), result: Object.fromEntries(entries) };
    return probed.result;
  }

  app.get(
    GATEWAY_PATHS.health,
    { config: noLimit, schema: { response: { 200: HealthSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        ok: true,
        code: SUCCESS_CODE,
        message: 'ok',
        data: { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) },
      };
    },
  );

  app.get(
    GATEWAY_PATHS.ready,
    { config: noLimit, schema: { response: { 200: ReadySchema } } },
    async (_request, reply) => {
      const [redisUp, upstreams] = await Promise.all([
        app.redis ? app.redis.ping() : Promise.resolve(null),
        probeUpstreams(),
      ]);
      const redis = redisUp === null ? ('not_configured' as const) : redisUp ? ('up' as const) : ('down' as const);
      const healthy = redis !== 'down' && Object.values(upstreams).every((u) => u.reachable && u.circuit === 'closed');
      reply.header('cache-control', 'no-store');
      return {
        ok: true,
        code: SUCCESS_CODE,
        message: healthy ? 'ready' : 'degraded',
        data: { status: healthy ? ('ready' as const) : ('degraded' as const), redis, upstreams },
      };
    },
  );
};

export default healthRoutes;
