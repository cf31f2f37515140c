import fp from 'fastify-plugin';
import { UpstreamClient } from '../upstream/upstream-client.js';
/** One pooled client (keep-alive, timeouts, retries, circuit breaker) per configured upstream. */
export default fp(async (app) => {
    const { upstreams, upstream } = app.config;
    const make = (name) => new UpstreamClient(name, upstreams[name], {
        connections: upstream.connections,
        retries: upstream.retries,
        maxBodyBytes: upstream.maxBodyBytes,
        circuitFailureThreshold: upstream.circuitFailureThreshold,
        circuitOpenMs: upstream.circuitOpenMs,
    }, app.metrics);
    const clients = { credit: make('credit'), cms: make('cms'), report: make('report') };
    app.decorate('upstreams', clients);
    app.addHook('onClose', async () => {
        await Promise.all(Object.values(clients).map((client) => client.close()));
    });
}, { name: 'upstreams', dependencies: ['metrics'] });
//# sourceMappingURL=upstreams.js.map