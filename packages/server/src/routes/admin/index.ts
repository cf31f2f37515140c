import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UpstreamName } from '@credit-portal/shared';
import { adminRoutes as adminListenerRoutes } from '@credit-portal/node-common';
import type { CircuitState } from '../../lib/circuit-breaker.js';

const UpstreamCheck = Type.Object({
  reachable: Type.Boolean(),
  circuit: Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('half_open')]),
});
const ReadyData = Type.Object({
  /** degraded: serving, but Redis or an upstream is unreachable. */
  status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')]),
  redis: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('not_configured')]),
  upstreams: Type.Record(Type.String(), UpstreamCheck),
});

/** Upstream probes are cached briefly so that frequent readiness checks do not load the upstreams. */
const PROBE_CACHE_MS = 1000;
const PROBE_TIMEOUT_MS = 1000;

export interface AdminRoutesOptions {
  /** The public gateway whose Redis, upstreams and metrics these routes report. */
  gateway: FastifyInstance;
  /** True once the gateway is shutting down. */
  closing: () => boolean;
}

/**
 * The admin listener's routes (ADMIN_HOST:ADMIN_PORT, never behind the public balancer):
 * node-common's /healthz, /readyz and /metrics, /readyz with Redis and every upstream (`degraded`,
 * still HTTP 200, when one is unreachable: the replica keeps serving from cache, and taking it out
 * would not help).
 */
const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, { gateway, closing }) => {
  let probed: { at: number; result: Record<string, { reachable: boolean; circuit: CircuitState }> } | null = null;

  async function probeUpstreams() {
    if (probed && Date.now() - probed.at < PROBE_CACHE_MS) return probed.result;
    const entries = await Promise.all(
      (Object.keys(gateway.upstreams) as UpstreamName[]).map(async (name) => {
        const client = gateway.upstreams[name];
        return [name, { reachable: await client.probe(PROBE_TIMEOUT_MS), circuit: client.breaker.state }] as const;
      }),
    );
    probed = { at: Date.now(), result: Object.fromEntries(entries) };
    return probed.result;
  }

  await app.register(adminListenerRoutes, {
    metrics: gateway.metrics,
    closing,
    ready: {
      data: ReadyData,
      async check() {
        const [redisUp, upstreams] = await Promise.all([
          gateway.redis ? gateway.redis.ping() : Promise.resolve(null),
          probeUpstreams(),
        ]);
        const redis = redisUp === null ? ('not_configured' as const) : redisUp ? ('up' as const) : ('down' as const);
        const healthy =
          redis !== 'down' && Object.values(upstreams).every((u) => u.reachable && u.circuit === 'closed');
        return { status: healthy ? ('ready' as const) : ('degraded' as const), redis, upstreams };
      },
    },
  });
};

export default adminRoutes;
