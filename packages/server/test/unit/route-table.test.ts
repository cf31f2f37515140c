import { describe, expect, it } from 'vitest';
import { API_PATHS, UPSTREAM_ROUTES, type UpstreamRoute } from '@credit-portal/shared';
// The credit-service's own table, from its source: its package exports the app, not the table.
import { limitOf } from '../../../credit-service/src/plugins/rate-limits.js';
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

describe('rate-limit classes', () => {
  it('come from the contract row, not from the policies', () => {
    const [strict, plain] = buildRouteTable(defaults, [route({ rateLimit: 'strict' }), route({ path: '/cms/y' })], {
      '/cms/x': { cache: { tags: ['a'] } },
    });
    expect(strict?.rateLimit).toBe('strict');
    expect(plain?.rateLimit).toBe('default');
  });

  it('are the same in the gateway and the credit-service for every contract row and method', () => {
    const table = buildRouteTable(defaults);
    expect(table).toHaveLength(UPSTREAM_ROUTES.length);
    for (const row of table) {
      // The credit-service counts the open-data routes in its default class: the gateway keeps the
      // one quota over the whole API in front of it.
      const expected = row.rateLimit === 'opendata' ? 'default' : row.rateLimit;
      for (const method of row.methods) {
        expect(limitOf(method, row.path), `${method} ${row.path}`).toBe(expected);
      }
    }
  });

  it('are strict for every call that checks a secret, mints a login or token, sends a message or renders a report', () => {
    const classOf = (path: string) => buildRouteTable(defaults).find((row) => row.path === path)?.rateLimit;
    for (const path of [
      API_PATHS.registerCode,
      API_PATHS.register,
      API_PATHS.passwordResetCode,
      API_PATHS.passwordReset,
      API_PATHS.login,
      API_PATHS.wechatLogin,
      API_PATHS.loginTicketCreate,
      API_PATHS.loginTicketScan,
      API_PATHS.loginTicketConfirm,
      API_PATHS.loginTokenExchange,
      API_PATHS.oldSiteHandoff,
      API_PATHS.bindMobile,
      API_PATHS.bindWechat,
      API_PATHS.unbindWechat,
      API_PATHS.h5CertToken,
      API_PATHS.h5CertExchange,
      API_PATHS.h5Session,
      API_PATHS.h5IzLogin,
      API_PATHS.h5PersonInfo,
      API_PATHS.h5IndividualToken,
      API_PATHS.h5IndividualInfo,
      API_PATHS.h5SendEmail,
      API_PATHS.h5ReportFile,
      API_PATHS.h5ReportPdf,
      API_PATHS.enterpriseReport,
      API_PATHS.specialReport,
      API_PATHS.reportVerify,
      API_PATHS.reportVerifyFile,
      API_PATHS.reportVerifySignature,
      API_PATHS.thirdPartyCheck,
      API_PATHS.followSettings,
      API_PATHS.followUnfollowByLink,
      API_PATHS.followConfirmEmail,
    ]) {
      expect(classOf(path), path).toBe('strict');
    }
    // Leaving is never a guess to slow down; the desktop polls its ticket every 1.5 s.
    for (const path of [API_PATHS.logout, API_PATHS.h5Logout, API_PATHS.loginTicketStatus]) {
      expect(classOf(path), path).toBe('default');
    }
  });
});
