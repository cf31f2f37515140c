import { describe, expect, it } from 'vitest';
import type { UpstreamRoute } from '@credit-portal/shared';
import { buildRouteTable } from '../../src/route-table.js';

const defaults = { ttlMs: 1000, staleMs: 2000, errorStaleMs: 3000 };
const route = (overrides: Partial<UpstreamRoute>): UpstreamRoute => ({
  path: '/cms/x',
  methods: ['GET'],
  upstream: 'cms',
  dialect: 'msg',
  ...overrides,
});

describe('buildRouteTable', () => {
  it('refuses to cache H5, report, binary and write routes', () => {
    const cache = { cache: { tags: ['t'] } };
    expect(() =>
      buildRouteTable(defaults, [route({ path: '/api/user/getgrxyreportdata' })], {
        '/api/user/getgrxyreportdata': cache,
      }),
    ).toThrow(/never cached/);
    expect(() => buildRouteTable(defaults, [route({ upstream: 'report' })], { '/cms/x': cache })).toThrow(
      /never cached/,
    );
    expect(() => buildRouteTable(defaults, [route({ dialect: 'binary' })], { '/cms/x': cache })).toThrow(
      /never cached/,
    );
    expect(() => buildRouteTable(defaults, [route({ methods: ['PUT'] })], { '/cms/x': cache })).toThrow(/never cached/);
  });

  it('refuses a policy for a path that is not an upstream route', () => {
    expect(() => buildRouteTable(defaults, [route({})], { '/cms/other': {} })).toThrow(/no such upstream route/);
  });

  it('applies defaults and keeps the stale-if-error window at least the stale window', () => {
    const [row] = buildRouteTable(defaults, [route({})], {
      '/cms/x': { cache: { tags: ['a'], staleSeconds: 10, errorStaleSeconds: 1 } },
    });
    expect(row?.cache).toEqual({ ttlMs: 1000, staleMs: 10_000, errorStaleMs: 10_000, tags: ['a'] });
    expect(row?.timeoutMs).toBeNull();
    expect(row?.rateLimit).toBe('default');
  });
});
