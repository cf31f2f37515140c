import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client';
import { WEB_VITAL_NAMES, type WebVitalName } from '@credit-portal/shared';

/** The device classes of the Web Vitals histograms (from the posting browser's User-Agent). */
export type DeviceClass = 'phone' | 'desktop';

/** Seconds: around the good / poor thresholds of each time metric (TTFB 0.8/1.8, FCP 1.8/3, LCP 2.5/4, INP 0.2/0.5). */
const VITAL_SECONDS_BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.5, 1.8, 2, 2.5, 3, 4, 5, 6, 8, 10, 15, 20, 30, 60];
/** The unitless CLS score (good ≤ 0.1, poor > 0.25). */
const CLS_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2, 5];

const vitalHistogram = (registry: Registry, name: WebVitalName): Histogram<'section' | 'device'> =>
  name === 'CLS'
    ? new Histogram({
        name: 'gateway_web_vitals_cls',
        help: "Residents' Cumulative Layout Shift per page view (web-vitals, sent with the visit log), by route section and device class.",
        labelNames: ['section', 'device'] as const,
        buckets: CLS_BUCKETS,
        registers: [registry],
      })
    : new Histogram({
        name: `gateway_web_vitals_${name.toLowerCase()}_seconds`,
        help: `Residents' ${name} per page view in seconds (web-vitals, sent with the visit log), by route section and device class.`,
        labelNames: ['section', 'device'] as const,
        buckets: VITAL_SECONDS_BUCKETS,
        registers: [registry],
      });

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

  readonly cacheFastHits = new Counter({
    name: 'gateway_cache_fast_hits_total',
    help: 'Fresh hits answered by the fast path in front of the router (also counted in gateway_cache_requests_total{result="hit"}).',
    registers: [this.registry],
  });

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

  readonly publicChangesApplied = new Counter({
    name: 'gateway_public_changes_applied_total',
    help: 'Public changes of the credit-service whose cache tags this replica purged.',
    registers: [this.registry],
  });

  readonly publicChangesFailures = new Counter({
    name: 'gateway_public_changes_failures_total',
    help: 'Failed calls of the public-changes follow or purges of its changes (retried with backoff).',
    registers: [this.registry],
  });

  readonly publicChangesSeq = new Gauge({
    name: 'gateway_public_changes_seq',
    help: 'The last public change applied by this replica (compare with the credit-service outbox head).',
    aggregator: 'max',
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
    // Every worker reads the same shared state: the cluster's /metrics shows it once.
    aggregator: 'max',
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
    // Every worker reads the same shared state: the cluster's /metrics shows it once.
    aggregator: 'max',
    registers: [this.registry],
  });

  readonly visitLogPending = new Gauge({
    name: 'gateway_visitlog_pending',
    help: 'Visit-log events read by a forwarder and not yet acknowledged.',
    // Every worker reads the same shared state: the cluster's /metrics shows it once.
    aggregator: 'max',
    registers: [this.registry],
  });

  readonly visitLogLag = new Gauge({
    name: 'gateway_visitlog_lag_events',
    help: 'Forwarder lag: visit-log events accepted and not yet acknowledged by the upstream (queued + pending), read every VISITLOG_LAG_POLL_MS.',
    // Every worker reads the same shared state: the cluster's /metrics shows it once.
    aggregator: 'max',
    registers: [this.registry],
  });

  readonly visitLogShedAt = new Gauge({
    name: 'gateway_visitlog_shed_lag_events',
    help: 'VISITLOG_SHED_LAG: the lag at which the intake sheds posts with 503 (0: never).',
    // Every worker reads the same shared state: the cluster's /metrics shows it once.
    aggregator: 'first',
    registers: [this.registry],
  });

  readonly visitLogShed = new Counter({
    name: 'gateway_visitlog_shed_total',
    help: 'Visit-log posts answered 503 + Retry-After because the forwarder lag was at VISITLOG_SHED_LAG.',
    registers: [this.registry],
  });

  /** Field Web Vitals by metric: gateway_web_vitals_{lcp,inp,fcp,ttfb}_seconds and gateway_web_vitals_cls. */
  readonly webVitals = Object.fromEntries(
    WEB_VITAL_NAMES.map((name) => [name, vitalHistogram(this.registry, name)]),
  ) as Record<WebVitalName, Histogram<'section' | 'device'>>;

  /** Counts one field sample: `value` in milliseconds (CLS: the score), observed in seconds. */
  observeWebVital(name: WebVitalName, section: string, device: DeviceClass, value: number): void {
    this.webVitals[name].labels(section, device).observe(name === 'CLS' ? value : value / 1000);
  }

  readonly redisUp = new Gauge({
    name: 'gateway_redis_up',
    help: '1 when the shared Redis connection is ready, 0 when not, absent without REDIS_URL.',
    // Every worker reads the same shared state: the cluster's /metrics shows it once.
    aggregator: 'min',
    registers: [this.registry],
  });

  readonly tlsCertificateExpiry = new Gauge({
    name: 'gateway_tls_certificate_expiry_timestamp_seconds',
    help: 'notAfter (unix seconds) of the certificate the TLS endpoint in front of the gateways presents (TLS_CERTIFICATE_PROBE), by host:port; absent while it does not answer.',
    labelNames: ['target'] as const,
    // Every worker probes the same endpoint: the cluster's /metrics shows it once.
    aggregator: 'min',
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

  /** The metrics as JSON after every collector ran: what a worker hands the cluster primary to aggregate (workers.ts). */
  async snapshot(): Promise<MetricObjectWithValues<MetricValue<string>>[]> {
    await Promise.allSettled(this.#collectors.map(async (collect) => collect()));
    return this.registry.getMetricsAsJSON();
  }

  /** The exposition text, after every collector ran (a failing collector leaves its gauges as they were). */
  async scrape(): Promise<string> {
    await Promise.allSettled(this.#collectors.map(async (collect) => collect()));
    return this.registry.metrics();
  }
}
