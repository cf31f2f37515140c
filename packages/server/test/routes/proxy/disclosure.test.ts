import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, MESSAGES } from '@credit-portal/shared';
import { ENVELOPE_KEYS, startGateway, testConfig, type RunningGateway, upstreamEnv } from '../../support/gateway.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';
import { registerThroughGateway } from '../../support/accounts.js';

/*
 * The disclosure lists through the gateway: the normalized envelope, server-side
 * paging and search, not-found, the non-tax list's login (401 not_logged_in, never cached), and
 * the cache on the public lists.
 */
describe('disclosure lists through the gateway', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;
  let token: string;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startGateway(testConfig(upstreamEnv(upstream.url)));
    token = (await registerThroughGateway(gateway.url, upstream.dataDir, '13600000009', 'Disclose123')).JwtToken;
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  const PUBLIC_LISTS = [
    [API_PATHS.abnormalBusiness, 'entName'],
    [API_PATHS.majorTaxViolation, 'entName'],
    [API_PATHS.arrearsFunds, 'entName'],
    [API_PATHS.bankruptcyList, 'name'],
  ] as const;

  it.each(PUBLIC_LISTS)('%s answers pages in the envelope, searches, and is cached', async (path, param) => {
    const first = await request(gateway.url).get(path).query({ pageIndex: 1, pageSize: 5 }).expect(200);
    expect(Object.keys(first.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(first.body).toMatchObject({ ok: true, code: 200 });
    expect(first.body.data.list).toHaveLength(5);
    expect(first.body.data.totalCount).toBeGreaterThan(30);
    expect(first.headers['x-cache']).toBe('MISS');
    const again = await request(gateway.url).get(path).query({ pageSize: 5, pageIndex: 1 }).expect(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toEqual(first.body);

    const second = await request(gateway.url).get(path).query({ pageIndex: 2, pageSize: 5 }).expect(200);
    expect(second.headers['x-cache']).toBe('MISS');
    const ids = new Set([...first.body.data.list, ...second.body.data.list].map((r: { id: string }) => r.id));
    expect(ids.size).toBe(10);

    const row = first.body.data.list[0] as Record<string, string>;
    const name = (row.EntName ?? row.DebtorName)!;
    const found = await request(gateway.url)
      .get(path)
      .query({ [param]: ` ${name} ` })
      .expect(200);
    expect(found.body.data.list.map((r: { id: string }) => r.id)).toContain(row.id);
    const literal = await request(gateway.url)
      .get(path)
      .query({ [param]: '%' })
      .expect(200);
    expect(literal.body.data).toEqual({ list: [], totalCount: 0 });
    expect(first.text).not.toMatch(/\d{17}[\dX]/);
  });

  it.each(PUBLIC_LISTS)('%s refuses bad page numbers with the normalized 400, before the upstream', async (path) => {
    const before = await upstream.count(path);
    for (const query of [
      { pageIndex: 0 },
      { pageIndex: -3 },
      { pageIndex: 'abc' },
      { pageSize: 51 },
      { pageIndex: 10001 },
    ]) {
      const response = await request(gateway.url).get(path).query(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body).toMatchObject({ ok: false, code: 'bad_request', data: null });
    }
    expect(await upstream.count(path)).toBe(before);
  });

  it('answers a bankruptcy case’s details, and 404 with a Chinese message for an unknown id', async () => {
    const list = await request(gateway.url).get(API_PATHS.bankruptcyList).expect(200);
    const row = list.body.data.list[0];
    const detail = await request(gateway.url).get(API_PATHS.bankruptcyDetail).query({ id: row.id }).expect(200);
    expect(detail.body).toMatchObject({ ok: true, data: { ...row, Court: expect.any(String) } });
    const missing = await request(gateway.url).get(API_PATHS.bankruptcyDetail).query({ id: '987654' }).expect(404);
    expect(Object.keys(missing.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(missing.body).toMatchObject({ ok: false, code: 404, data: null });
    expect(missing.body.message).toMatch(/^未找到/);
  });

  it('answers the non-tax list and detail only to a login, never from the cache', async () => {
    for (const [path, query] of [
      [API_PATHS.nontaxRevenue, {}],
      [API_PATHS.nontaxDetail, { id: '1' }],
    ] as const) {
      const refused = await request(gateway.url).get(path).query(query);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        ok: false,
        code: ERROR_CODES.notLoggedIn,
        message: MESSAGES.notRealNameLoggedIn,
        data: null,
      });
    }
    const list = await request(gateway.url)
      .get(API_PATHS.nontaxRevenue)
      .query({ pageSize: 3 })
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(list.headers['x-cache']).toBe('BYPASS');
    expect(list.body.data.list).toHaveLength(3);
    const again = await request(gateway.url)
      .get(API_PATHS.nontaxRevenue)
      .query({ pageSize: 3 })
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(again.headers['x-cache']).toBe('BYPASS');
    const code = (list.body.data.list as { CreditCode: string }[]).find((r) => r.CreditCode)!.CreditCode;
    const byCode = await request(gateway.url)
      .get(API_PATHS.nontaxRevenue)
      .query({ entNameOrSCCode: ` ${code.toLowerCase()} ` })
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(byCode.body.data.list.every((r: { CreditCode: string }) => r.CreditCode === code)).toBe(true);
    expect(byCode.body.data.totalCount).toBeGreaterThan(0);

    const detail = await request(gateway.url)
      .get(API_PATHS.nontaxDetail)
      .query({ id: list.body.data.list[0].id })
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(detail.headers['x-cache']).toBe('BYPASS');
    expect(detail.body.data.IdNumber).toMatch(/^\d{6}\*{6}\d{3}[\dX]$/);
    const missing = await request(gateway.url)
      .get(API_PATHS.nontaxDetail)
      .query({ id: '987654' })
      .set('authorization', `Bearer ${token}`)
      .expect(404);
    expect(missing.body.message).toMatch(/^未找到/);
  });
});
