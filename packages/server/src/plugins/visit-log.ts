import fp from 'fastify-plugin';
import { VisitLogForwarder } from '../visit-log/forwarder.js';
import { MemoryVisitLogStream } from '../visit-log/memory-visit-log-stream.js';
import { RedisVisitLogStream } from '../visit-log/redis-visit-log-stream.js';
import { upstreamDelivery } from '../visit-log/upstream-delivery.js';
import { VisitLogQueue } from '../visit-log/visit-log-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    visitLog: VisitLogQueue;
  }
}

/**
 * The visit-log pipeline: a Redis Stream (or the in-process queue without REDIS_URL) and this
 * replica's forwarder. The forwarder starts when the
 * app is ready and is stopped and flushed first on close, before Redis and the upstream pools.
 */
export default fp(
  async (app) => {
    const { visitLog: options, shutdownTimeoutMs } = app.config;
    const log = app.log.child({ plugin: 'visit-log' });
    const stream = app.redis ? new RedisVisitLogStream(app.redis) : new MemoryVisitLogStream(options.bufferMax);
    const deliver = upstreamDelivery(app.upstreams[options.upstream], options.appToken, options.forwardTimeoutMs);
    const forwarder = new VisitLogForwarder(
      stream,
      deliver,
      { ...options, concurrency: options.forwardConcurrency },
      app.metrics,
      log,
    );
    const queue = new VisitLogQueue(stream, forwarder, log);
    app.decorate('visitLog', queue);

    app.metrics.addCollector(async () => {
      const counts = await queue.counts();
      app.metrics.visitLogQueued.set(counts.queued);
      app.metrics.visitLogPending.set(counts.pending);
    });
    app.addHook('onReady', async () => {
      queue.start();
    });
    app.addHook('onClose', async () => {
      await queue.close(Date.now() + shutdownTimeoutMs);
    });
  },
  { name: 'visit-log', dependencies: ['metrics', 'redis', 'upstreams'] },
);
