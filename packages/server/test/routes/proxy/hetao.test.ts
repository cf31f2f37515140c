import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@credit-portal/shared';
import { ENVELOPE_KEYS, startGateway, testConfig, type RunningGateway, upstreamEnv } from '../../support/gateway.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';

/*
 * 信用河套 through the gateway: the normalized envelope, server-side paging and search, the
 * membership check and labels, not-found, bad input refused before the upstream, and the cache.
 */
describe('信用河套 through the gateway', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startGateway(testConfig(upstreamEnv(upstream.url)));
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  interface Row {
    id: string;
    EntName: string;
    CreditCode: string;
    Labels: string[];
  }

  it('answers pages in the envelope, searches by name and code, and is cached', async () => {
    const first = await request(gateway.url).get(API_PATHS.hetaoList).query({ pageIndex: 1, pageSize: 5 }).expect(200);
    expect(Object.keys(first.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(first.body).toMatchObject({ ok: true, code: 200 });
    expect(first.body.data.list).toHaveLength(5);
    expect(first.body.data.totalCount).toBeGreaterThan(30);
    expect(first.headers['x-cache']).toBe('MISS');
    const again = await request(gateway.url).get(API_PATHS.hetaoList).query({ pageSize: 5, pageIndex: 1 }).expect(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toEqual(first.body);

    const second = await request(gateway.url).get(API_PATHS.hetaoList).query({ pageIndex: 2, pageSize: 5 }).expect(200);
    expect(second.headers['x-cache']).toBe('MISS');
    const ids = new Set([...first.body.data.list, ...second.body.data.list].map((r: Row) => r.id));
    expect(ids.size).toBe(10);

    const row = first.body.data.list[0] as Row;
    const byName = await request(gateway.url)
      .get(API_PATHS.hetaoList)
      .query({ searchkey: ` ${row.EntName} ` })
      .expect(200);
    expect(byName.body.data.list.map((r: Row) => r.id)).toContain(row.id);
    const byCode = await request(gateway.url)
      .get(API_PATHS.hetaoList)
      .query({ searchkey: row.CreditCode.toLowerCase() })
      .expect(200);
    expect(byCode.body.data).toEqual({ list: [row], totalCount: 1 });
    const literal = await request(gateway.url).get(API_PATHS.hetaoList).query({ searchkey: '%' }).expect(200);
    expect(literal.body.data).toEqual({ list: [], totalCount: 0 });
  });

  it('checks membership and answers labels, cached; 404 with a Chinese message for an unknown entity', async () => {
    const row = (await request(gateway.url).get(API_PATHS.hetaoList).expect(200)).body.data.list[0] as Row;
    const check = await request(gateway.url).get(API_PATHS.hetaoCheck).query({ id: row.id }).expect(200);
    expect(Object.keys(check.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(check.body).toMatchObject({ ok: true, data: { isXyht: true } });
    expect(check.headers['x-cache']).toBe('MISS');
    const checkAgain = await request(gateway.url).get(API_PATHS.hetaoCheck).query({ id: row.id }).expect(200);
    expect(checkAgain.headers['x-cache']).toBe('HIT');

    const labels = await request(gateway.url).get(API_PATHS.hetaoLabels).query({ id: row.id }).expect(200);
    expect(labels.body).toMatchObject({ ok: true, data: { labels: row.Labels } });
    expect(labels.headers['x-cache']).toBe('MISS');
    const labelsAgain = await request(gateway.url).get(API_PATHS.hetaoLabels).query({ id: row.id }).expect(200);
    expect(labelsAgain.headers['x-cache']).toBe('HIT');

    for (const path of [API_PATHS.hetaoCheck, API_PATHS.hetaoLabels]) {
      const missing = await request(gateway.url).get(path).query({ id: '987654321' }).expect(404);
      expect(Object.keys(missing.body).sort()).toEqual(ENVELOPE_KEYS);
      expect(missing.body).toMatchObject({ ok: false, code: 404, message: '未找到该主体', data: null });
    }
  });

  it('refuses bad paging, over-long keywords and missing ids with the normalized 400, before the upstream', async () => {
    for (const [path, queries] of [
      [
        API_PATHS.hetaoList,
        [
          { pageIndex: 0 },
          { pageIndex: 'abc' },
          { pageSize: 51 },
          { pageIndex: 10001 },
          { searchkey: 'x'.repeat(201) },
        ],
      ],
      [API_PATHS.hetaoCheck, [{}, { id: '' }]],
      [API_PATHS.hetaoLabels, [{}, { id: '' }]],
    ] as const) {
      const before = await upstream.count(path);
      for (const query of queries) {
        const response = await request(gateway.url).get(path).query(query);
        expect(response.status, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(response.body).toMatchObject({ ok: false, code: 'bad_request', data: null });
      }
      expect(await upstream.count(path)).toBe(before);
    }
  });
});
