import fp from 'fastify-plugin';
import { RedisCacheStore, type PurgeMessage } from '../cache/redis-cache-store.js';
import { ResponseCache } from '../cache/response-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    cache: ResponseCache;
  }
}

/**
 * The response cache: the in-process tier always, Redis behind it with REDIS_URL. Purges reach
 * every replica through a Redis channel; after a Redis outage the in-process tier is emptied,
 * since purges sent meanwhile never arrived.
 */
export default fp(
  async (app) => {
    const { cache: options } = app.config;
    const log = app.log.child({ plugin: 'cache' });
    const shared = app.redis ? new RedisCacheStore(app.redis) : null;
    // A purge's tombstone lasts as long as the longest-lived entry it could bury.
    const tombstoneMs = Math.max(
      60_000,
      ...app.config.routes.map((route) => (route.cache ? route.cache.ttlMs + route.cache.errorStaleMs : 0)),
    );
    const cache = new ResponseCache(
      { ...options, compressMinBytes: app.config.compressMinBytes, tombstoneMs },
      shared,
      app.metrics,
      log,
    );
    app.decorate('cache', cache);
    app.metrics.addCollector(() => {
      app.metrics.cacheMemoryBytes.set(cache.memory.bytes);
      app.metrics.cacheMemoryEntries.set(cache.memory.entries);
    });

    if (app.redis && shared) {
      const redis = app.redis;
      let connectedBefore = false;
      // Purges made while this replica was away still bury what another replica writes back.
      const restoreTombstones = () =>
        shared.tombstones().then(
          (purges) => cache.restoreTombstones(purges),
          (err: Error) => log.warn({ reason: err.message }, 'could not read the purge tombstones'),
        );
      if (redis.isReady) await restoreTombstones();
      redis.onReady(() => {
        if (connectedBefore) cache.clearLocal();
        connectedBefore = true;
        void restoreTombstones();
      });
      // On its own connection, subscribed again after every reconnect and every change of master.
      redis.subscribe(shared.channel, (message: string) => {
        try {
          const purge = JSON.parse(message) as Partial<PurgeMessage>;
          cache.dropLocal({ ...purge, at: typeof purge.at === 'number' ? purge.at : Date.now() });
        } catch (err) {
          log.warn({ reason: (err as Error).message }, 'ignored a malformed purge message');
        }
      });
    }
  },
  { name: 'cache', dependencies: ['metrics', 'redis'] },
);
