import fp from 'fastify-plugin';
import { RedisCacheStore } from '../cache/redis-cache-store.js';
import { ResponseCache } from '../cache/response-cache.js';
/**
 * The response cache: the in-process tier always, Redis behind it with REDIS_URL. Purges reach
 * every replica through a Redis channel; after a Redis outage the in-process tier is emptied,
 * since purges sent meanwhile never arrived.
 */
export default fp(async (app) => {
    const { cache: options } = app.config;
    const log = app.log.child({ plugin: 'cache' });
    const shared = app.redis ? new RedisCacheStore(app.redis) : null;
    const cache = new ResponseCache({ ...options, compressMinBytes: app.config.compressMinBytes }, shared, app.metrics, log);
    app.decorate('cache', cache);
    app.metrics.addCollector(() => {
        app.metrics.cacheMemoryBytes.set(cache.memory.bytes);
        app.metrics.cacheMemoryEntries.set(cache.memory.entries);
    });
    if (app.redis && shared) {
        const redis = app.redis;
        let connectedBefore = false;
        redis.onReady(() => {
            if (connectedBefore)
                cache.clearLocal();
            connectedBefore = true;
        });
        // On its own connection, subscribed again after every reconnect and every change of master.
        redis.subscribe(shared.channel, (message) => {
            try {
                cache.dropLocal(JSON.parse(message));
            }
            catch (err) {
                log.warn({ reason: err.message }, 'ignored a malformed purge message');
            }
        });
    }
}, { name: 'cache', dependencies: ['metrics', 'redis'] });
//# sourceMappingURL=cache.js.map