import { describe, expect, it } from 'vitest';
import { API_PATHS, CONTRACTS, HEADS, UPSTREAM_ROUTES, type UpstreamRoute } from '@credit-portal/shared';
// The credit-service's own table, from its source: its package exports the app, not the table.
import { limitOf } from '../../credit-service/src/plugins/rate-limits.js';
import { buildRouteTable } from '../src/route-table.js';

const defaults = { ttlMs: 1000, staleMs: 2000, errorStaleMs: 3000 };
const route = (overrides: Partial<UpstreamRoute>): UpstreamRoute => ({
  path: '/cms/x',
  methods: ['GET'],
  upstream: 'cms',
  dialect: 'msg',
  ...overrides,
});

describe('buildRouteTable', () => {
  it('refuses to cache H5, account, report, binary and write routes', () => {
    const cache = { tags: ['t'] };
    expect(() =>
      buildRouteTable(defaults, [route({ path: '/api/user/getgrxyreportdata', personal: true, cache })]),
    ).toThrow(/never cached/);
    expect(() => buildRouteTable(defaults, [route({ upstream: 'report', personal: true, cache })])).toThrow(
      /never cached/,
    );
    expect(() => buildRouteTable(defaults, [route({ dialect: 'binary', cache })])).toThrow(/never cached/);
    expect(() => buildRouteTable(defaults, [route({ methods: ['PUT'], cache })])).toThrow(/never cached/);
  });

  it('refuses an H5, account or report row that does not say its answers are personal', () => {
    expect(() => buildRouteTable(defaults, [route({ path: '/api/user/getgrxyreportdata' })])).toThrow(/personal/);
    expect(() => buildRouteTable(defaults, [route({ path: '/wechat/x' })])).toThrow(/personal/);
    expect(() => buildRouteTable(defaults, [route({ upstream: 'report' })])).toThrow(/personal/);
    expect(buildRouteTable(defaults, [route({ upstream: 'report', personal: true })])[0]?.cache).toBeNull();
  });

  it('never keeps a report’s status: it is about now', () => {
    const status = buildRouteTable(defaults).find((row) => row.path === API_PATHS.reportStatus);
    expect(status?.rateLimit).toBe('strict');
    expect(status?.cache).toBeNull();
  });

  it('applies defaults and keeps the stale-if-error window at least the stale window', () => {
    const [row] = buildRouteTable(defaults, [
      route({ cache: { tags: ['a'], staleSeconds: 10, errorStaleSeconds: 1 } }),
    ]);
    expect(row?.cache).toEqual({ ttlMs: 1000, staleMs: 10_000, errorStaleMs: 10_000, tags: ['a'], keyTag: null });
    expect(row?.timeoutMs).toBeNull();
    expect(row?.rateLimit).toBe('default');
  });

  it('takes cache and deadline from the rows alone', () => {
    const [cached, slow] = buildRouteTable(defaults, [
      route({ cache: { tags: ['a'], ttlSeconds: 60 } }),
      route({ path: '/cms/y', timeoutMs: 20_000 }),
    ]);
    expect(cached?.cache).toEqual({ ttlMs: 60_000, staleMs: 2000, errorStaleMs: 3000, tags: ['a'], keyTag: null });
    expect(slow).toMatchObject({ cache: null, timeoutMs: 20_000 });
  });
});

describe('rate-limit classes', () => {
  it('come from the contract row, not from its cache policy', () => {
    const [strict, plain] = buildRouteTable(defaults, [
      route({ rateLimit: 'strict', cache: { tags: ['a'] } }),
      route({ path: '/cms/y' }),
    ]);
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
      API_PATHS.reportStatus,
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

describe('heads and contract rows', () => {
  it('are the same endpoints: every head has its schemas row of the same name and path, and every row its head', () => {
    expect(Object.keys(CONTRACTS).sort()).toEqual(Object.keys(HEADS).sort());
    for (const [name, head] of Object.entries(HEADS)) {
      const row: UpstreamRoute = CONTRACTS[name as keyof typeof CONTRACTS];
      // The row is the head joined with its schemas: each of the head's fields, unchanged.
      for (const [key, value] of Object.entries(head))
        expect(row[key as keyof UpstreamRoute], `${name}.${key}`).toEqual(value);
      expect([row.path, row.methods], name).toEqual([head.path, head.methods]);
    }
    // And the table the gateway serves is the rows: one per head, in the same order.
    expect(buildRouteTable(defaults).map((row) => `${row.methods.join()} ${row.path}`)).toEqual(
      Object.values(HEADS).map((head) => `${head.methods.join()} ${head.path}`),
    );
  });

  it('carry no schema on a head: pages import heads, and a schema there would bring TypeBox', () => {
    for (const [name, head] of Object.entries(HEADS)) {
      for (const key of ['query', 'body', 'data', 'multipartFields', 'emptyFieldMessages']) {
        expect(head, `${name}.${key}`).not.toHaveProperty(key);
      }
    }
  });

  it('name each path once per method', () => {
    const endpoints = Object.values(HEADS).flatMap((head) => head.methods.map((method) => `${method} ${head.path}`));
    expect(new Set(endpoints).size).toBe(endpoints.length);
  });
});
