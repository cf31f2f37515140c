import fp from 'fastify-plugin';
import { GatewayMetrics } from '../lib/metrics.js';
/** Decorates the app with its metrics and counts every answered request by route pattern. */
export default fp(async (app) => {
    const metrics = new GatewayMetrics();
    app.decorate('metrics', metrics);
    // The label children are resolved once per route, method and status, not hashed on every request.
    const children = new Map();
    app.addHook('onResponse', (request, reply, done) => {
        // Unmatched URLs share one label so scanners cannot blow up the series count.
        const route = request.routeOptions.url ?? 'unmatched';
        const key = `${request.method} ${reply.statusCode} ${route}`;
        let child = children.get(key);
        if (child === undefined) {
            child = {
                count: metrics.httpRequests.labels(route, request.method, String(reply.statusCode)),
                duration: metrics.httpDuration.labels(route, request.method),
            };
            children.set(key, child);
        }
        child.count.inc();
        child.duration.observe(reply.elapsedTime / 1000);
        done();
    });
}, { name: 'metrics' });
//# sourceMappingURL=metrics.js.map