import fp from 'fastify-plugin';
import { RedisConnection } from '../lib/redis-connection.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis, or null without REDIS_URL (in-process cache and queue). */
    redis: RedisConnection | null;
  }
}

/**
 * Connects to Redis in the background: the gateway starts and serves while Redis is down
 * (degraded), and picks it up whenever it comes.
 */
export default fp(
  async (app) => {
    const { url, keyPrefix, commandTimeoutMs } = app.config.redis;
    if (url === null) {
      app.decorate('redis', null);
      return;
    }
    const redis = new RedisConnection({ url, keyPrefix, commandTimeoutMs, log: app.log });
    app.decorate('redis', redis);
    app.metrics.addCollector(() => app.metrics.redisUp.set(redis.isReady ? 1 : 0));
    app.addHook('onClose', async () => {
      await redis.close();
    });
  },
  { name: 'redis', dependencies: ['metrics'] },
);
