import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Every Prometheus series the gateway exposes, in its own registry (several apps may share a process). */
export class GatewayMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'gateway_http_requests_total',
    help: 'Requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly cacheResults = new Counter({
    name: 'gateway_cache_requests_total',
    help: 'Proxied answers by cache result (hit, miss, stale, bypass).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  /** The cacheResults children by x-cache value (the cache's CacheStatus), resolved once. */
  readonly cacheResult = {
    HIT: this.cacheResults.labels('hit'),
    MISS: this.cacheResults.labels('miss'),
    STALE: this.cacheResults.labels('stale'),
    BYPASS: this.cacheResults.labels('bypass'),
  } as const;

  readonly cacheMemoryBytes = new Gauge({
    name: 'gateway_cache_memory_bytes',
    help: 'Bytes held by the in-process cache tier.',
    registers: [this.registry],
  });

  readonly cacheMemoryEntries = new Gauge({
    name: 'gateway_cache_memory_entries',
    help: 'Entries held by the in-process cache tier.',
    registers: [this.registry],
  });

  readonly cacheStoreErrors = new Counter({
    name: 'gateway_cache_store_errors_total',
    help: 'Shared cache (Redis) operations that failed and were skipped.',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });

  readonly upstreamDuration = new Histogram({
    name: 'gateway_upstream_duration_seconds',
    help: 'Upstream call latency, by upstream and status class.',
    labelNames: ['upstream', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly upstreamErrors = new Counter({
    name: 'gateway_upstream_errors_total',
    help: 'Failed upstream calls, by upstream and kind (timeout, unavailable, circuit_open, status_5xx, invalid).',
    labelNames: ['upstream', 'kind'] as const,
    registers: [this.registry],
  });

  readonly circuitState = new Gauge({
    name: 'gateway_upstream_circuit_state',
    help: 'Circuit breaker state per upstream: 0 closed, 1 half-open, 2 open.',
    labelNames: ['upstream'] as const,
    registers: [this.registry],
  });

  readonly visitLogAccepted = new Counter({
    name: 'gateway_visitlog_accepted_total',
    help: 'Visit-log events accepted from browsers.',
    registers: [this.registry],
  });

  readonly visitLogRejected = new Counter({
    name: 'gateway_visitlog_rejected_total',
    help: 'Visit-log records rejected as malformed.',
    registers: [this.registry],
  });

  readonly visitLogForwarded = new Counter({
    name: 'gateway_visitlog_forwarded_total',
    help: 'Visit-log events delivered upstream and acknowledged.',
    registers: [this.registry],
  });

  readonly visitLogForwardFailures = new Counter({
    name: 'gateway_visitlog_forward_failures_total',
    help: 'Upstream deliveries of a visit-log batch that failed: transient (retried with backoff) or rejected (split).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly visitLogDeadLettered = new Counter({
    name: 'gateway_visitlog_dead_lettered_total',
    help: 'Visit-log events moved to the dead-letter stream after too many deliveries.',
    registers: [this.registry],
  });

  readonly visitLogQueued = new Gauge({
    name: 'gateway_visitlog_queued',
    help: 'Visit-log events in the stream not yet read by any forwarder.',
    registers: [this.registry],
  });

  readonly visitLogPending = new Gauge({
    name: 'gateway_visitlog_pending',
    help: 'Visit-log events read by a forwarder and not yet acknowledged.',
    registers: [this.registry],
  });

  readonly redisUp = new Gauge({
    name: 'gateway_redis_up',
    help: '1 when the shared Redis connection is ready, 0 when not, absent without REDIS_URL.',
    registers: [this.registry],
  });

  readonly #collectors: Array<() => Promise<void> | void> = [];

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'gateway_' });
  }

  /** Registers a function that refreshes gauges right before each scrape. */
  addCollector(collector: () => Promise<void> | void): void {
    this.#collectors.push(collector);
  }

  /** The exposition text, after every collector ran (a failing collector leaves its gauges as they were). */
  async scrape(): Promise<string> {
    await Promise.allSettled(this.#collectors.map(async (collect) => collect()));
    return this.registry.metrics();
  }
}
