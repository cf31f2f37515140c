import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { VISIT_LOG_APP_TOKEN, type RuntimeConfig, type UpstreamName } from '@credit-portal/shared';
import {
  readAuditSettings,
  type AuditSettings,
  EnvReader,
  JSON_LIMITS,
  LOG_LEVELS,
  type JsonLimits,
  type EnvSource,
  type LogLevel,
} from '@credit-portal/node-common';
import { buildRouteTable, type GatewayRoute } from './route-table.js';
import { parseHostPorts, readRedisSettings, type HostPort, type RedisSettings } from './lib/redis-settings.js';

export { ConfigError } from '@credit-portal/node-common';

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
  admin: { host: string; port: number };
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
  /**
   * The follow of the credit-service's public-changes outbox (plugins/public-changes.ts): each
   * change purges its cache tags on every replica. CHANGES_FEED (on), CHANGES_FEED_URL (the
   * credit upstream), CHANGES_FEED_TOKEN, CHANGES_FEED_WAIT_MS (the long poll's hold).
   */
  changes: {
    enabled: boolean;
    url: string;
    token: string | null;
    waitMs: number;
    backoffBaseMs: number;
    backoffMaxMs: number;
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
  /** openDataMax: the open-data API's quota per client and window, over all its routes (OPEN_DATA_RATE_LIMIT_MAX). */
  rateLimit: { max: number; windowMs: number; strictMax: number; visitLogMax: number; openDataMax: number };
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
  /**
   * The TLS endpoint in front of the gateways whose certificate's expiry /metrics reports
   * (TLS_CERTIFICATE_PROBE, host:port; TLS_CERTIFICATE_PROBE_SERVERNAME for SNI); null: none.
   */
  tlsProbe: { target: HostPort; servername: string | null } | null;
}

/**
 * The settings that are secrets: each may be given as NAME_FILE, a file holding it (compose
 * secrets), which server.ts reads before it drops its privileges.
 */
export const SECRET_SETTINGS = [
  'REDIS_PASSWORD',
  'REDIS_SENTINEL_PASSWORD',
  'CACHE_PURGE_TOKEN',
  'AUDIT_KEY',
  'CHANGES_FEED_TOKEN',
] as const;

export type Env = EnvSource;

/** A portal login ends after half an hour without use (SESSION_IDLE_SECONDS; the credit-service reads the same). */
export const DEFAULT_SESSION_IDLE_SECONDS = 30 * 60;

const MiB = 1024 * 1024;
const HTTP = { protocols: ['http:', 'https:'] };
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** GATEWAY_WORKERS: 1–64, or `auto` (one per core: os.availableParallelism()). */
function readWorkers(read: EnvReader): number {
  const raw = read.raw('GATEWAY_WORKERS');
  if (raw?.trim().toLowerCase() === 'auto') return Math.min(64, availableParallelism());
  return read.int('GATEWAY_WORKERS', 1, 1, 64);
}

/** TLS_CERTIFICATE_PROBE (one host:port) and its optional SNI name. */
function readTlsProbe(read: EnvReader): GatewayConfig['tlsProbe'] {
  const raw = read.raw('TLS_CERTIFICATE_PROBE');
  const servername = read.optionalString('TLS_CERTIFICATE_PROBE_SERVERNAME', 1, 253);
  if (raw === undefined) return null;
  const targets = parseHostPorts(read, 'TLS_CERTIFICATE_PROBE', raw);
  if (targets.length > 1) read.problem('TLS_CERTIFICATE_PROBE', `must name one host:port (got ${targets.length})`);
  return targets.length === 1 ? { target: targets[0]!, servername } : null;
}

/** Reads and validates the environment; throws ConfigError (shared) listing every bad value. */
export function loadConfig(env: Env): GatewayConfig {
  const read = new EnvReader(env);
  const creditServicePort = read.int('CREDIT_SERVICE_PORT', 8090, 1, 65535);
  const localUpstream = `http://127.0.0.1:${creditServicePort}`;
  // The reference credit-service serves minimal old-site pages (NewLinkTo.aspx, NewLoginOut.aspx,
  // login.aspx). An absolute path (/oldsite) is a page of the portal's own origin: the balancer
  // forwards it (docker-compose.yml, deploy/nginx.conf).
  const oldSiteUrl = read.url('OLD_SITE_URL', `http://localhost:${creditServicePort}/oldsite`, {
    ...HTTP,
    paths: true,
  });
  const timeoutMs = read.int('UPSTREAM_TIMEOUT_MS', 5000, 50, 120_000);
  const ttlSeconds = read.int('CACHE_DEFAULT_TTL_SECONDS', 60, 0, 86_400 * 30);
  const staleSeconds = read.int('CACHE_STALE_SECONDS', 60, 0, 86_400 * 30);
  const errorStaleSeconds = read.int('CACHE_STALE_IF_ERROR_SECONDS', 86_400, 0, 86_400 * 30);
  const visitLog = {
    appToken: read.string('VISITLOG_APP_TOKEN', VISIT_LOG_APP_TOKEN, 128),
    batchSize: read.int('VISITLOG_BATCH_SIZE', 500, 1, 500),
    batchWaitMs: read.int('VISITLOG_BATCH_WAIT_MS', 1000, 10, 60_000),
    forwardConcurrency: read.int('VISITLOG_FORWARD_CONCURRENCY', 4, 1, 64),
    bufferMax: read.int('VISITLOG_BUFFER_MAX', 10_000, 1, 10_000_000),
    claimIdleMs: read.int('VISITLOG_CLAIM_IDLE_MS', 60_000, 100, 86_400_000),
    backoffBaseMs: read.int('VISITLOG_BACKOFF_BASE_MS', 500, 1, 600_000),
    backoffMaxMs: read.int('VISITLOG_BACKOFF_MAX_MS', 30_000, 1, 3_600_000),
    forwardTimeoutMs: read.int('VISITLOG_FORWARD_TIMEOUT_MS', 10_000, 50, 120_000),
    bodyLimitBytes: read.int('VISITLOG_BODY_LIMIT_BYTES', 256 * 1024, 1024, 16 * MiB),
    upstream: read.oneOf('VISITLOG_UPSTREAM', ['cms', 'credit', 'report'] as const, 'cms'),
    retryAfterSeconds: read.int('VISITLOG_RETRY_AFTER_SECONDS', 5, 1, 3600),
    shedLag: read.int('VISITLOG_SHED_LAG', 200_000, 0, 100_000_000),
    lagPollMs: read.int('VISITLOG_LAG_POLL_MS', 1000, 50, 60_000),
  };
  if (visitLog.backoffMaxMs < visitLog.backoffBaseMs) {
    read.problem('VISITLOG_BACKOFF_MAX_MS', `must be at least VISITLOG_BACKOFF_BASE_MS (${visitLog.backoffBaseMs})`);
  }
  if (visitLog.claimIdleMs <= visitLog.backoffMaxMs + visitLog.forwardTimeoutMs) {
    // A batch being retried must not look abandoned to the other replicas.
    read.problem(
      'VISITLOG_CLAIM_IDLE_MS',
      `must exceed VISITLOG_BACKOFF_MAX_MS + VISITLOG_FORWARD_TIMEOUT_MS (${visitLog.backoffMaxMs + visitLog.forwardTimeoutMs})`,
    );
  } else if (visitLog.claimIdleMs <= 2 * visitLog.batchWaitMs) {
    // A live replica waiting for a batch to fill must not look dead to the others.
    read.problem('VISITLOG_CLAIM_IDLE_MS', `must exceed twice VISITLOG_BATCH_WAIT_MS (${2 * visitLog.batchWaitMs})`);
  }

  const config: GatewayConfig = {
    host: read.string('GATEWAY_HOST', '0.0.0.0', 255),
    port: read.int('GATEWAY_PORT', 8080, 0, 65535),
    workers: readWorkers(read),
    admin: {
      host: read.string('ADMIN_HOST', '127.0.0.1', 255),
      port: read.int('ADMIN_PORT', 9464, 0, 65535),
    },
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    upstreams: {
      credit: read.url('CREDIT_API_URL', localUpstream, HTTP),
      cms: read.url('CMS_API_URL', localUpstream, HTTP),
      report: read.url('REPORT_API_URL', localUpstream, HTTP),
    },
    upstream: {
      timeoutMs,
      connections: read.int('UPSTREAM_CONNECTIONS', 64, 1, 4096),
      retries: read.int('UPSTREAM_RETRIES', 1, 0, 5),
      maxBodyBytes: read.int('UPSTREAM_MAX_BODY_BYTES', 10 * MiB, 1024, 512 * MiB),
      circuitFailureThreshold: read.int('CIRCUIT_FAILURE_THRESHOLD', 5, 1, 1000),
      circuitOpenMs: read.int('CIRCUIT_OPEN_MS', 10_000, 100, 3_600_000),
    },
    routes: [],
    redis: readRedisSettings(read),
    cache: {
      memoryBytes: read.int('CACHE_MEMORY_BYTES', 64 * MiB, 0, 16 * 1024 * MiB),
      maxEntryBytes: read.int('CACHE_MAX_ENTRY_BYTES', MiB, 1, 512 * MiB),
      lockMs: read.int('CACHE_LOCK_MS', timeoutMs + 1000, 10, 600_000),
      lockWaitMs: read.int('CACHE_LOCK_WAIT_MS', timeoutMs, 0, 600_000),
      purgeToken: read.optionalString('CACHE_PURGE_TOKEN', 16, 512),
      fastPath: read.bool('CACHE_FAST_PATH', true),
    },
    changes: {
      enabled: read.bool('CHANGES_FEED', true),
      // The credit upstream's base unless it says otherwise (set below, once that is read).
      url: read.optionalUrl('CHANGES_FEED_URL', HTTP) ?? '',
      token: read.optionalString('CHANGES_FEED_TOKEN', 16, 500),
      waitMs: read.int('CHANGES_FEED_WAIT_MS', 20_000, 0, 30_000),
      backoffBaseMs: read.int('CHANGES_FEED_BACKOFF_BASE_MS', 500, 10, 60_000),
      backoffMaxMs: read.int('CHANGES_FEED_BACKOFF_MAX_MS', 30_000, 10, 600_000),
    },
    visitLog,
    trustedProxies: read.proxies('TRUSTED_PROXIES', []),
    rateLimit: {
      max: read.int('RATE_LIMIT_MAX', 600, 1, 10_000_000),
      windowMs: read.int('RATE_LIMIT_WINDOW_MS', 60_000, 100, 86_400_000),
      strictMax: read.int('RATE_LIMIT_STRICT_MAX', 60, 1, 10_000_000),
      visitLogMax: read.int('RATE_LIMIT_VISITLOG_MAX', 120, 1, 10_000_000),
      openDataMax: read.int('OPEN_DATA_RATE_LIMIT_MAX', 120, 1, 10_000_000),
    },
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', MiB, 1024, 512 * MiB),
    jsonLimits: {
      maxDepth: read.int('JSON_MAX_DEPTH', JSON_LIMITS.maxDepth, 1, 256),
      maxKeys: read.int('JSON_MAX_KEYS', JSON_LIMITS.maxKeys, 1, 1_000_000),
      maxItems: read.int('JSON_MAX_ITEMS', JSON_LIMITS.maxItems, 1, 1_000_000),
    },
    uploadLimitBytes: read.int('UPLOAD_LIMIT_BYTES', 20 * MiB, 1024, 2048 * MiB),
    compressMinBytes: read.int('COMPRESS_MIN_BYTES', 1024, 0, 512 * MiB),
    webDistDir: read.string('WEB_DIST_DIR', DEFAULT_WEB_DIST_DIR, 4096),
    webSourceMaps: read.bool('WEB_SOURCE_MAPS', false),
    runtime: {
      siteName: read.string('SITE_NAME', '信用云州', 64),
      siteCode: read.string('SITE_CODE', '9900000001', 64),
      contactAddress: read.string('CONTACT_ADDRESS', '云州市东湖区市民服务中心3号楼', 256),
      contactPhone: read.string('CONTACT_PHONE', '12345', 64),
      oldSiteUrl,
      dataSubmissionUrl: read.optionalUrl('DATA_SUBMISSION_URL', HTTP) ?? `${oldSiteUrl}/login.aspx`,
      filingUrl: read.optionalUrl('FILING_URL', HTTP) ?? 'https://beian.miit.gov.cn/',
      filingText: read.string('FILING_TEXT', '网站备案信息', 128),
      securityFilingUrl: read.optionalUrl('SECURITY_FILING_URL', HTTP) ?? 'https://beian.mps.gov.cn/',
      securityFilingText: read.string('SECURITY_FILING_TEXT', '公安机关备案信息', 128),
      errorReportUrl: read.optionalUrl('ERROR_REPORT_URL', HTTP) ?? 'https://zfwzzc.www.gov.cn/',
      h5TestMode: read.bool('H5_TEST_MODE', false),
      // The centre's external services: no production default (npm start points them at the
      // credit-service's demo stand-ins); unset, the SPA says the service is not available.
      faceVerifyUrl: read.optionalUrl('FACE_VERIFY_URL', HTTP) ?? '',
      wechatAuthorizeUrl: read.optionalUrl('WECHAT_AUTHORIZE_URL', HTTP) ?? '',
      sessionIdleSeconds: read.int('SESSION_IDLE_SECONDS', DEFAULT_SESSION_IDLE_SECONDS, 60, 86_400),
    },
    shutdownTimeoutMs: read.int('SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    audit: readAuditSettings(read, `${(read.raw('DATA_DIR') ?? './data').replace(/\/+$/, '')}/audit`),
    tlsProbe: readTlsProbe(read),
  };
  config.changes.url ||= config.upstreams.credit;
  if (config.admin.port !== 0 && config.admin.port === config.port) {
    read.problem('ADMIN_PORT', `must differ from GATEWAY_PORT (${config.port})`);
  }
  if (config.workers > 1 && config.redis.target.mode === 'none') {
    // Each worker is a process of its own: without Redis its cache, coalescing and visit-log queue would be its alone.
    read.problem(
      'GATEWAY_WORKERS',
      `${config.workers} workers need Redis (REDIS_URL, REDIS_SENTINELS or REDIS_CLUSTER_NODES) to share the cache, coalescing and the visit-log stream`,
    );
  }
  if (config.workers > 1 && config.port === 0) {
    read.problem('GATEWAY_PORT', 'must be a fixed port with GATEWAY_WORKERS > 1 (the workers share it)');
  }
  read.throwIfProblems('gateway configuration');
  config.routes = buildRouteTable({
    ttlMs: ttlSeconds * 1000,
    staleMs: staleSeconds * 1000,
    errorStaleMs: errorStaleSeconds * 1000,
  });
  return config;
}
