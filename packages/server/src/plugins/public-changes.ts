import fp from 'fastify-plugin';
import { ChangeFollower, type ResumePoint } from '../cache/change-follower.js';
import { RedisCacheStore } from '../cache/redis-cache-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The follow of the credit-service's public changes; null with CHANGES_FEED=off. */
    changeFollower: ChangeFollower | null;
  }
}

/**
 * Withdrawals within seconds: every gateway process follows the credit-service's public-changes
 * outbox and purges each change's cache tags through the cache (in-process tier here, Redis and
 * the purge broadcast for every other replica, tombstones everywhere), so a repaired or expired
 * record leaves every page within a poll of the decision, not when a TTL ends. With Redis the
 * resume point is the shared tier's (a restarted replica catches up on what it missed); without,
 * the in-process tier starts empty, so the follow starts from the outbox's head.
 */
export default fp(
  async (app) => {
    const { changes } = app.config;
    if (!changes.enabled) {
      app.decorate('changeFollower', null);
      return;
    }
    const shared = app.redis ? new RedisCacheStore(app.redis) : null;
    const resume: ResumePoint = shared
      ? { load: () => shared.changesApplied(), save: (seq) => shared.markChangesApplied(seq) }
      : { load: async () => null, save: async () => undefined };
    const follower = new ChangeFollower({
      ...changes,
      purge: async (request) => (await app.cache.purge(request)).everywhere,
      resume,
      metrics: app.metrics,
      log: app.log.child({ plugin: 'public-changes' }),
    });
    app.decorate('changeFollower', follower);
    app.addHook('onReady', async () => {
      follower.start();
    });
    app.addHook('preClose', async () => {
      await follower.stop();
    });
  },
  { name: 'public-changes', dependencies: ['cache', 'metrics', 'redis'] },
);
