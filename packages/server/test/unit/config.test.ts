import { describe, expect, it } from 'vitest';
import { API_PATHS, UPSTREAM_ROUTES } from '@credit-portal/shared';
import { ConfigError, loadConfig } from '../../src/config.js';

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
    expect(config.redis.url).toBeNull();
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
    expect(config.redis.url).toBe('redis://127.0.0.1:6380');
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
    expect(byPath.get(API_PATHS.flipbookPagePrefix)?.cache).toBeNull();
  });
});
