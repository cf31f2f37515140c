import { Counter, Gauge, Histogram, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { type WebVitalName } from '@credit-portal/shared';
/** The device classes of the Web Vitals histograms (from the posting browser's User-Agent). */
export type DeviceClass = 'phone' | 'desktop';
/** Every Prometheus series the gateway exposes, in its own registry (several apps may share a process). */
export declare class GatewayMetrics {
    #private;
    readonly registry: Registry<"text/plain; version=0.0.4; charset=utf-8">;
    readonly httpRequests: Counter<"route" | "method" | "status">;
    readonly httpDuration: Histogram<"route" | "method">;
    readonly cacheResults: Counter<"result">;
    /** The cacheResults children by x-cache value (the cache's CacheStatus), resolved once. */
    readonly cacheResult: {
        readonly HIT: Counter.Internal;
        readonly MISS: Counter.Internal;
        readonly STALE: Counter.Internal;
        readonly BYPASS: Counter.Internal;
    };
    readonly cacheFastHits: Counter<string>;
    readonly cacheMemoryBytes: Gauge<string>;
    readonly cacheMemoryEntries: Gauge<string>;
    readonly cacheStoreErrors: Counter<"operation">;
    readonly upstreamDuration: Histogram<"status" | "upstream">;
    readonly upstreamErrors: Counter<"upstream" | "kind">;
    readonly circuitState: Gauge<"upstream">;
    readonly visitLogAccepted: Counter<string>;
    readonly visitLogRejected: Counter<string>;
    readonly visitLogForwarded: Counter<string>;
    readonly visitLogForwardFailures: Counter<"kind">;
    readonly visitLogDeadLettered: Counter<string>;
    readonly visitLogQueued: Gauge<string>;
    readonly visitLogPending: Gauge<string>;
    readonly visitLogLag: Gauge<string>;
    readonly visitLogShedAt: Gauge<string>;
    readonly visitLogShed: Counter<string>;
    /** Field Web Vitals by metric: gateway_web_vitals_{lcp,inp,fcp,ttfb}_seconds and gateway_web_vitals_cls. */
    readonly webVitals: Record<WebVitalName, Histogram<"section" | "device">>;
    /** Counts one field sample: `value` in milliseconds (CLS: the score), observed in seconds. */
    observeWebVital(name: WebVitalName, section: string, device: DeviceClass, value: number): void;
    readonly redisUp: Gauge<string>;
    constructor();
    /** Registers a function that refreshes gauges right before each scrape. */
    addCollector(collector: () => Promise<void> | void): void;
    /** The metrics as JSON after every collector ran: what a worker hands the cluster primary to aggregate (workers.ts). */
    snapshot(): Promise<MetricObjectWithValues<MetricValue<string>>[]>;
    /** The exposition text, after every collector ran (a failing collector leaves its gauges as they were). */
    scrape(): Promise<string>;
}
