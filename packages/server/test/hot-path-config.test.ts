import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { rateLimitClient } from '../src/lib/client-ip.js';
import { WindowCounter } from '../src/lib/rate-limiter.js';

const REDIS = { REDIS_URL: 'redis://127.0.0.1:6379' };

describe('GATEWAY_WORKERS', () => {
  it('defaults to one process; takes 1–64 or auto (one per core) with Redis', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ ...REDIS, GATEWAY_WORKERS: '2' }).workers).toBe(2);
    expect(loadConfig({ ...REDIS, GATEWAY_WORKERS: 'auto' }).workers).toBe(Math.min(64, availableParallelism()));
  });

  it('refuses a bad count, and more than one worker without Redis (no shared cache, coalescing or stream)', () => {
    for (const bad of ['0', '65', 'two', '1.5']) {
      expect(() => loadConfig({ ...REDIS, GATEWAY_WORKERS: bad }), bad).toThrow(/GATEWAY_WORKERS/);
    }
    expect(() => loadConfig({ GATEWAY_WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ GATEWAY_WORKERS: '2' })).toThrow(/GATEWAY_WORKERS: 2 workers need Redis/);
    expect(() => loadConfig({ ...REDIS, GATEWAY_WORKERS: '2', GATEWAY_PORT: '0' })).toThrow(/GATEWAY_PORT/);
  });
});

describe('the hot-path settings', () => {
  it('have defaults and are validated', () => {
    const config = loadConfig({});
    expect(config.cache.fastPath).toBe(true);
    expect(config.visitLog.shedLag).toBe(200_000);
    expect(config.visitLog.lagPollMs).toBe(1000);
    expect(loadConfig({ CACHE_FAST_PATH: 'false', VISITLOG_SHED_LAG: '0' })).toMatchObject({
      cache: { fastPath: false },
      visitLog: { shedLag: 0 },
    });
    expect(() => loadConfig({ CACHE_FAST_PATH: 'maybe' })).toThrow(/CACHE_FAST_PATH/);
    expect(() => loadConfig({ VISITLOG_SHED_LAG: '-1' })).toThrow(/VISITLOG_SHED_LAG/);
    expect(() => loadConfig({ VISITLOG_LAG_POLL_MS: '1' })).toThrow(/VISITLOG_LAG_POLL_MS/);
  });
});

describe('the per-client window counter', () => {
  it('allows max requests per window, then refuses with the time to wait until the window ends', () => {
    const counter = new WindowCounter(2, 10_000);
    expect(counter.take('a', 1000)).toBeNull();
    expect(counter.take('a', 2000)).toBeNull();
    const refusal = counter.take('a', 3000);
    expect(refusal).toEqual({
      retryAfterMs: 8000,
      headers: { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '8', 'retry-after': '8' },
    });
    // Another client has its own count; the first gets a fresh window once its own ends.
    expect(counter.take('b', 3000)).toBeNull();
    expect(counter.take('a', 11_000)).toBeNull();
  });

  it('stays bounded: expired clients go first, then the oldest', () => {
    const counter = new WindowCounter(1, 1000, 10);
    for (let i = 0; i < 10; i += 1) counter.take(`old-${i}`, 0);
    counter.take('new', 5000);
    expect(counter.size).toBe(1);
    for (let i = 0; i < 20; i += 1) counter.take(`flood-${i}`, 5000);
    expect(counter.size).toBeLessThanOrEqual(10);
    // A client still in its window and over the limit stays refused while it is remembered.
    const busy = new WindowCounter(1, 60_000, 10);
    busy.take('x', 0);
    expect(busy.take('x', 1)).not.toBeNull();
  });

  it('counts an IPv6 client by its /64, where it may take any address, and IPv4 by its address', () => {
    const counter = new WindowCounter(2, 10_000);
    // Three addresses of one subscriber's /64, written three ways: one client.
    expect(counter.take('2001:db8:1:2::1', 0)).toBeNull();
    expect(counter.take('2001:0db8:0001:0002:ffff:1:2:3', 0)).toBeNull();
    expect(counter.take('2001:DB8:1:2:a::', 0)).not.toBeNull();
    // The next /64 and other IPv4 addresses are clients of their own; a mapped IPv4 is its address.
    expect(counter.take('2001:db8:1:3::1', 0)).toBeNull();
    expect(counter.take('203.0.113.7', 0)).toBeNull();
    expect(counter.take('::ffff:203.0.113.7', 0)).toBeNull();
    expect(counter.take('203.0.113.7', 0)).not.toBeNull();
    expect(counter.take('203.0.113.8', 0)).toBeNull();
  });

  it('names the /64 of every way of writing an IPv6 address', () => {
    expect(rateLimitClient('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitClient('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitClient('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(rateLimitClient('2001:db8:a:b:c:d:1.2.3.4')).toBe('2001:db8:a:b::/64');
    expect(rateLimitClient('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(rateLimitClient('10.0.0.1')).toBe('10.0.0.1');
    expect(rateLimitClient('')).toBe('');
  });
});
