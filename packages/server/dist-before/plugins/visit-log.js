import fp from 'fastify-plugin';
import { VisitLogForwarder } from '../visit-log/forwarder.js';
import { MemoryVisitLogStream } from '../visit-log/memory-visit-log-stream.js';
import { RedisVisitLogStream } from '../visit-log/redis-visit-log-stream.js';
import { upstreamDelivery } from '../visit-log/upstream-delivery.js';
import { VisitLogQueue } from '../visit-log/visit-log-queue.js';
/**
 * The visit-log pipeline: a Redis Stream (or the in-process queue without REDIS_URL) and this
 * replica's forwarder. The forwarder starts when the
 * app is ready and is stopped and flushed first on close, before Redis and the upstream pools.
 */
export default fp(async (app) => {
    const { visitLog: options, shutdownTimeoutMs } = app.config;
    const log = app.log.child({ plugin: 'visit-log' });
    const stream = app.redis ? new RedisVisitLogStream(app.redis) : new MemoryVisitLogStream(options.bufferMax);
    const deliver = upstreamDelivery(app.upstreams[options.upstream], options.appToken, options.forwardTimeoutMs);
    const forwarder = new VisitLogForwarder(stream, deliver, { ...options, concurrency: options.forwardConcurrency }, app.metrics, log);
    const queue = new VisitLogQueue(stream, forwarder, log);
    app.decorate('visitLog', queue);
    // The forwarder's lag (events accepted and not yet acknowledged by the upstream), read every
    // VISITLOG_LAG_POLL_MS: the gauge on the admin port and the intake's shedding decision, which
    // must not cost a Redis round trip per post. A failed read keeps the last value.
    let lag = 0;
    let reading = null;
    const readLag = () => {
        reading ??= queue
            .counts()
            .then((counts) => {
            lag = counts.queued + counts.pending;
            app.metrics.visitLogQueued.set(counts.queued);
            app.metrics.visitLogPending.set(counts.pending);
            app.metrics.visitLogLag.set(lag);
        })
            .catch(() => undefined)
            .finally(() => {
            reading = null;
        });
        return reading;
    };
    app.decorate('visitLogShedding', () => options.shedLag > 0 && lag >= options.shedLag);
    app.metrics.visitLogShedAt.set(options.shedLag);
    app.metrics.addCollector(readLag);
    let timer = null;
    app.addHook('onReady', async () => {
        queue.start();
        timer = setInterval(() => void readLag(), options.lagPollMs);
        timer.unref();
    });
    app.addHook('onClose', async () => {
        if (timer)
            clearInterval(timer);
        await queue.close(Date.now() + shutdownTimeoutMs);
    });
}, { name: 'visit-log', dependencies: ['metrics', 'redis', 'upstreams'] });
//# sourceMappingURL=visit-log.js.map