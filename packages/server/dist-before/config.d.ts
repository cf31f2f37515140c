import { type AuditSettings, type JsonLimits, type EnvSource, type LogLevel, type RuntimeConfig, type UpstreamName } from '@credit-portal/shared';
import { type GatewayRoute } from './route-table.js';
import { type RedisSettings } from './lib/redis-settings.js';
export { ConfigError } from '@credit-portal/shared';
/** Everything the gateway needs, validated; buildApp is a function of this alone. */
export interface GatewayConfig {
    host: string;
    port: number;
    /**
     * Gateway processes on this host (node:cluster, server.ts): 1 = this process serves; N > 1 =
     * a primary forks N workers sharing the port and serves the admin listener (GATEWAY_WORKERS).
     */
    workers: number;
    /** The admin listener (/metrics, detailed /readyz, /healthz): never behind the public balancer. */
    admin: {
        host: string;
        port: number;
    };
    logLevel: LogLevel;
    /** Base URL per upstream (a path prefix in it is kept). */
    upstreams: Record<UpstreamName, string>;
    upstream: {
        timeoutMs: number;
        connections: number;
        /** Extra attempts for idempotent GETs after a connection error or a 502/503/504. */
        retries: number;
        maxBodyBytes: number;
        circuitFailureThreshold: number;
        circuitOpenMs: number;
    };
    /** The route table: shared upstream routes plus cache, timeout and rate-limit policy. */
    routes: readonly GatewayRoute[];
    /** Redis: target 'none' = in-process cache and queue (lib/redis-settings.ts). */
    redis: RedisSettings;
    cache: {
        memoryBytes: number;
        maxEntryBytes: number;
        /** How long a lock holder may take to fill an entry before the lock lapses. */
        lockMs: number;
        /** How long a waiter polls for another replica's fill before calling through itself. */
        lockWaitMs: number;
        /** null: the purge endpoint refuses every call. */
        purgeToken: string | null;
        /** Fresh hits answered in front of the router (cache/hit-path.ts); CACHE_FAST_PATH. */
        fastPath: boolean;
    };
    visitLog: {
        appToken: string;
        batchSize: number;
        batchWaitMs: number;
        /** Batches one replica delivers at once. */
        forwardConcurrency: number;
        /** Bound of the in-process queue (no REDIS_URL). */
        bufferMax: number;
        claimIdleMs: number;
        backoffBaseMs: number;
        backoffMaxMs: number;
        forwardTimeoutMs: number;
        bodyLimitBytes: number;
        /** Which upstream receives the batches. */
        upstream: UpstreamName;
        /** Retry-After of the intake's 503 while Redis is unreachable (the browser keeps the events and resends). */
        retryAfterSeconds: number;
        /** Forwarder lag (events queued + pending) at which the intake sheds with 503 + Retry-After; 0: never. */
        shedLag: number;
        /** How often the lag is read from the stream (the gauge and the shedding decision). */
        lagPollMs: number;
    };
    /** Addresses or CIDRs whose X-Forwarded-For is believed; empty: none. */
    trustedProxies: string[];
    rateLimit: {
        max: number;
        windowMs: number;
        strictMax: number;
        visitLogMax: number;
    };
    bodyLimitBytes: number;
    /** Shape limits of JSON bodies, checked before parsing. */
    jsonLimits: JsonLimits;
    uploadLimitBytes: number;
    /** JSON answers of at least this many bytes are sent br- or gzip-compressed when the client takes it. */
    compressMinBytes: number;
    webDistDir: string;
    /** Whether the SPA's *.map files are served (they are not by default). */
    webSourceMaps: boolean;
    runtime: RuntimeConfig;
    shutdownTimeoutMs: number;
    /** The audit trail (plugins/audit.ts, docs/AUDIT.md): AUDIT_DIR (default DATA_DIR/audit), AUDIT_KEY, retention, anchoring. */
    audit: AuditSettings;
}
export type Env = EnvSource;
/** A portal login ends after half an hour without use (SESSION_IDLE_SECONDS; the credit-service reads the same). */
export declare const DEFAULT_SESSION_IDLE_SECONDS: number;
/** Reads and validates the environment; throws ConfigError (shared) listing every bad value. */
export declare function loadConfig(env: Env): GatewayConfig;
