import { describe, expect, it } from 'vitest';
import { API_PATHS, UPSTREAM_ROUTES } from '@credit-portal/shared';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.upstreams).toEqual({
      credit: 'http://127.0.0.1:8090',
      cms: 'http://127.0.0.1:8090',
      report: 'http://127.0.0.1:8090',
    });
    expect(config.redis.target).toEqual({ mode: 'none' });
    expect(config.runtime.siteName).toBe('信用云州');
    expect(config.runtime.h5TestMode).toBe(false);
    expect(config.cache.purgeToken).toBeNull();
    expect(config.webDistDir).toMatch(/packages[\\/]web[\\/]dist$/);
    expect(config.routes).toHaveLength(UPSTREAM_ROUTES.length);
    expect(config.admin).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(config.jsonLimits).toEqual({ maxDepth: 32, maxKeys: 1000, maxItems: 10_000 });
    expect(config.visitLog.retryAfterSeconds).toBe(5);
  });

  it('takes the old site as an address or as a path of the portal itself (behind the balancer)', () => {
    expect(loadConfig({}).runtime).toMatchObject({
      oldSiteUrl: 'http://localhost:8090/oldsite',
      dataSubmissionUrl: 'http://localhost:8090/oldsite/login.aspx',
    });
    expect(loadConfig({ OLD_SITE_URL: '/oldsite/' }).runtime).toMatchObject({
      oldSiteUrl: '/oldsite',
      dataSubmissionUrl: '/oldsite/login.aspx',
    });
    expect(loadConfig({ OLD_SITE_URL: 'https://old.xyyz.example/' }).runtime.oldSiteUrl).toBe(
      'https://old.xyyz.example',
    );
    for (const bad of ['//evil.example/oldsite', '/\\evil.example', '/', 'oldsite']) {
      expect(() => loadConfig({ OLD_SITE_URL: bad }), bad).toThrow(/OLD_SITE_URL: must be an absolute URL/);
    }
  });

  it('takes Sentinels as the alternative to REDIS_URL, with one clear message per bad value', () => {
    const config = loadConfig({
      REDIS_SENTINELS: 'sentinel-1:26379, 10.0.0.7:26380,[::1]:26381',
      REDIS_SENTINEL_MASTER: 'portal',
      REDIS_PASSWORD: 'data-secret',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
      REDIS_TLS: 'true',
    });
    expect(config.redis.target).toEqual({
      mode: 'sentinel',
      sentinels: [
        { host: 'sentinel-1', port: 26379 },
        { host: '10.0.0.7', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      masterName: 'portal',
      sentinelPassword: 'sentinel-secret',
      sentinelTls: false,
      username: null,
      password: 'data-secret',
      tls: true,
      pollMs: 500,
    });
    // With Sentinel a replica exists: an append is acknowledged once one replica has it.
    expect(config.redis.waitReplicas).toBe(1);
    expect(
      loadConfig({ REDIS_SENTINELS: 's:1', REDIS_SENTINEL_MASTER: 'm', REDIS_WAIT_REPLICAS: '0' }).redis.waitReplicas,
    ).toBe(0);
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ REDIS_SENTINELS: 'sentinel-1:26379' }, /REDIS_SENTINEL_MASTER: must be set with REDIS_SENTINELS/],
      [{ REDIS_SENTINEL_MASTER: 'portal' }, /REDIS_SENTINEL_MASTER: is only used with REDIS_SENTINELS/],
      [
        { REDIS_SENTINELS: 'sentinel-1', REDIS_SENTINEL_MASTER: 'm' },
        /REDIS_SENTINELS: must be a comma-separated list of host:port \(got "sentinel-1"\)/,
      ],
      [{ REDIS_SENTINELS: 'a:0', REDIS_SENTINEL_MASTER: 'm' }, /REDIS_SENTINELS: must be a comma-separated list/],
      [
        { REDIS_SENTINELS: 'a:1', REDIS_SENTINEL_MASTER: 'm', REDIS_URL: 'redis://r:6379' },
        /REDIS_SENTINELS: is an alternative to REDIS_URL: set only one of REDIS_URL, REDIS_SENTINELS, REDIS_CLUSTER_NODES/,
      ],
      [{ REDIS_URL: 'redis://u:p@r:6379', REDIS_PASSWORD: 'x' }, /REDIS_URL: carries its own credentials/],
      [{ REDIS_URL: 'rediss://r:6379', REDIS_TLS: 'true' }, /REDIS_URL: says TLS itself/],
      [{ REDIS_KEY_PREFIX: '{portal}:' }, /REDIS_KEY_PREFIX: must not contain \{ or \}/],
    ];
    for (const [env, message] of cases) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
  });

  it('takes the credentials of a REDIS_URL beside it, so that the password can come from a secret file', () => {
    expect(
      loadConfig({ REDIS_URL: 'redis://redis:6379', REDIS_USERNAME: 'gateway', REDIS_PASSWORD: 'from-a-file' }).redis
        .target,
    ).toEqual({ mode: 'url', url: 'redis://redis:6379', username: 'gateway', password: 'from-a-file' });
  });

  it('takes REDIS_CLUSTER_NODES as the third alternative, with one message when two are set', () => {
    const config = loadConfig({
      REDIS_CLUSTER_NODES: 'redis-1:6379,redis-2:6379, 10.0.0.9:7000',
      REDIS_USERNAME: 'gateway',
      REDIS_PASSWORD: 'data-secret',
    });
    expect(config.redis.target).toEqual({
      mode: 'cluster',
      nodes: [
        { host: 'redis-1', port: 6379 },
        { host: 'redis-2', port: 6379 },
        { host: '10.0.0.9', port: 7000 },
      ],
      username: 'gateway',
      password: 'data-secret',
      tls: false,
    });
    // A cluster may run without replicas: WAIT only when asked for.
    expect(config.redis.waitReplicas).toBe(0);
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'r:1', REDIS_WAIT_REPLICAS: '1' }).redis.waitReplicas).toBe(1);

    for (const [env, message] of [
      [
        { REDIS_URL: 'redis://r:6379', REDIS_CLUSTER_NODES: 'r:7000' },
        'REDIS_CLUSTER_NODES: is an alternative to REDIS_URL: set only one of REDIS_URL, REDIS_SENTINELS, REDIS_CLUSTER_NODES (got REDIS_URL and REDIS_CLUSTER_NODES)',
      ],
      [
        { REDIS_SENTINELS: 's:26379', REDIS_SENTINEL_MASTER: 'm', REDIS_CLUSTER_NODES: 'r:7000' },
        'REDIS_CLUSTER_NODES: is an alternative to REDIS_SENTINELS: set only one of REDIS_URL, REDIS_SENTINELS, REDIS_CLUSTER_NODES (got REDIS_SENTINELS and REDIS_CLUSTER_NODES)',
      ],
    ] as const) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      // One line about it, naming both.
      expect((error as Error).message.split('\n').filter((line) => line.includes('REDIS_'))).toEqual([
        expect.stringContaining(message),
      ]);
    }
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-1' })).toThrow(
      /REDIS_CLUSTER_NODES: must be a comma-separated list of host:port \(got "redis-1"\)/,
    );
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'r:7000', REDIS_SENTINEL_MASTER: 'm' })).toThrow(
      /REDIS_SENTINEL_MASTER: is only used with REDIS_SENTINELS/,
    );
  });

  it('keeps the admin listener apart from the public one', () => {
    expect(() => loadConfig({ GATEWAY_PORT: '9000', ADMIN_PORT: '9000' })).toThrow(/ADMIN_PORT: must differ/);
    expect(loadConfig({ ADMIN_PORT: '9100', ADMIN_HOST: '0.0.0.0' }).admin).toEqual({ host: '0.0.0.0', port: 9100 });
  });

  it('derives the upstream defaults from CREDIT_SERVICE_PORT and reads overrides', () => {
    const config = loadConfig({
      CREDIT_SERVICE_PORT: '9000',
      CMS_API_URL: 'https://cms.example.gov.cn/base/',
      REDIS_URL: 'redis://127.0.0.1:6380',
      TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,loopback',
      H5_TEST_MODE: 'true',
    });
    expect(config.upstreams.credit).toBe('http://127.0.0.1:9000');
    expect(config.upstreams.cms).toBe('https://cms.example.gov.cn/base');
    expect(config.redis.target).toEqual({ mode: 'url', url: 'redis://127.0.0.1:6380', username: null, password: null });
    expect(config.redis.waitReplicas).toBe(0);
    expect(config.trustedProxies).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    expect(config.runtime.h5TestMode).toBe(true);
  });

  it('reports every bad value at once, one line each', () => {
    let error: unknown;
    try {
      loadConfig({
        GATEWAY_PORT: 'eighty',
        CREDIT_API_URL: 'not a url',
        REDIS_URL: 'http://127.0.0.1:6379',
        LOG_LEVEL: 'loud',
        H5_TEST_MODE: 'maybe',
        TRUSTED_PROXIES: '10.0.0.0/99',
        CACHE_PURGE_TOKEN: 'short',
        VISITLOG_BATCH_SIZE: '0',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(
      [
        'CACHE_PURGE_TOKEN',
        'CREDIT_API_URL',
        'GATEWAY_PORT',
        'H5_TEST_MODE',
        'LOG_LEVEL',
        'REDIS_URL',
        'TRUSTED_PROXIES',
        'VISITLOG_BATCH_SIZE',
      ].sort(),
    );
    expect(problems.find((p) => p.startsWith('GATEWAY_PORT'))).toBe(
      'GATEWAY_PORT: must be an integer from 0 to 65535 (got "eighty")',
    );
    expect((error as ConfigError).message.split('\n')).toHaveLength(problems.length + 1);
  });

  it('refuses a visit-log claim idle time a retrying forwarder could exceed', () => {
    expect(() =>
      loadConfig({
        VISITLOG_CLAIM_IDLE_MS: '1000',
        VISITLOG_BACKOFF_MAX_MS: '800',
        VISITLOG_FORWARD_TIMEOUT_MS: '500',
      }),
    ).toThrow(/VISITLOG_CLAIM_IDLE_MS/);
    // Nor one a live replica waiting for its batch to fill could look dead by.
    expect(() => loadConfig({ VISITLOG_CLAIM_IDLE_MS: '50000', VISITLOG_BATCH_WAIT_MS: '30000' })).toThrow(
      /VISITLOG_CLAIM_IDLE_MS: must exceed twice VISITLOG_BATCH_WAIT_MS/,
    );
  });

  it('builds the route table with cache policies only on cacheable rows', () => {
    const config = loadConfig({ CACHE_DEFAULT_TTL_SECONDS: '30' });
    const byPath = new Map(config.routes.map((route) => [route.path, route]));
    expect(byPath.get(API_PATHS.siteInfo)?.cache?.ttlMs).toBe(300_000);
    expect(byPath.get(API_PATHS.contentList)?.cache?.ttlMs).toBe(30_000);
    expect(byPath.get(API_PATHS.entitySearch)?.cache).toBeNull();
    expect(byPath.get(API_PATHS.entitySearch)?.rateLimit).toBe('strict');
    expect(byPath.get(API_PATHS.flipbookPages)?.cache).toBeNull();
  });
});
