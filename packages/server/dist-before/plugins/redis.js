import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { RedisConnection } from '../lib/redis-connection.js';
/**
 * Connects to Redis in the background: the gateway starts and serves while Redis is down
 * (degraded), and picks it up whenever it comes. With Sentinel, start-up first asks the
 * Sentinels for the master and fails with a clear message when none answers or none knows the
 * name (a misconfiguration, not an outage); after that, a lost master is an outage like any other.
 * With REDIS_CLUSTER_NODES the cache and the visit-log stream (one slot, {visitlog}) live in a
 * Redis Cluster, found from the seed nodes in the background like a single Redis.
 */
export default fp(async (app) => {
    const { target, keyPrefix, commandTimeoutMs, waitReplicas, waitTimeoutMs } = app.config.redis;
    if (target.mode === 'none') {
        app.decorate('redis', null);
        return;
    }
    const master = new Gauge({
        name: 'gateway_redis_master',
        help: 'The Redis master this replica writes to (Sentinel): 1 for the current address, 0 for earlier ones.',
        labelNames: ['address'],
        registers: [app.metrics.registry],
    });
    const failovers = new Counter({
        name: 'gateway_redis_failovers_total',
        help: 'Changes of Redis master this replica followed (Sentinel failovers).',
        registers: [app.metrics.registry],
    });
    const redis = await RedisConnection.open({
        target,
        keyPrefix,
        commandTimeoutMs,
        waitReplicas,
        waitTimeoutMs,
        log: app.log,
        onMasterChange: (from, to) => {
            if (from !== null) {
                master.set({ address: from }, 0);
                failovers.inc();
            }
            master.set({ address: to }, 1);
        },
    });
    if (target.mode === 'cluster') {
        app.log.info({ seeds: target.nodes.map((n) => `${n.host}:${n.port}`), waitReplicas }, 'redis cluster mode: shared cache across the slots, visit-log stream on the slot of {visitlog}');
    }
    app.decorate('redis', redis);
    app.metrics.addCollector(() => app.metrics.redisUp.set(redis.isReady ? 1 : 0));
    app.addHook('onClose', async () => {
        await redis.close();
    });
}, { name: 'redis', dependencies: ['metrics'] });
//# sourceMappingURL=redis.js.map