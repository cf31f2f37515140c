import type { FastifyInstance } from 'fastify';
import type { Counter, Histogram } from 'prom-client';

/** The two request series each service names for itself (`gateway_…`, `credit_service_…`). */
export interface RequestSeries {
  httpRequests: Counter<'route' | 'method' | 'status'>;
  httpDuration: Histogram<'route' | 'method'>;
}

/** Counts every answered request by route pattern, method and status, and times it by route and method. */
export function countRequests(app: FastifyInstance, series: RequestSeries): void {
  // The label children are resolved once per route, method and status, not hashed on every request.
  const children = new Map<string, { count: Counter.Internal; duration: Histogram.Internal<'route' | 'method'> }>();
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs share one label so scanners cannot blow up the series count.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (child === undefined) {
      child = {
        count: series.httpRequests.labels(route, request.method, String(reply.statusCode)),
        duration: series.httpDuration.labels(route, request.method),
      };
      children.set(key, child);
    }
    child.count.inc();
    child.duration.observe(reply.elapsedTime / 1000);
    done();
  });
}
