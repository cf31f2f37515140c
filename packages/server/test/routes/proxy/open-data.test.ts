import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPEN_DATA_CATALOGUE_TAG,
  ERROR_CODES,
  OPEN_DATA_PATHS,
  OPEN_DATA_TAG,
  OPEN_DATASETS,
  type OpenDataCatalog,
  type OpenDataRecordsPage,
} from '@credit-portal/shared';
import { buildRouteTable } from '../../../src/route-table.js';
import { ENVELOPE_KEYS, startGateway, testConfig, type RunningGateway, upstreamEnv } from '../../support/gateway.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';

/*
 * The open-data API through the gateway: the normalized envelope, cached like the
 * lists with the upstream's ETag and Last-Modified kept (304 on a hit and on a miss), cursor pages
 * that cover every record once, refusals in the envelope, the files streamed with their hash, one
 * quota per client over the whole API (429 + Retry-After), and the `opendata` tag of /docs.
 */
describe('open data through the gateway', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;
  const QUOTA = 8;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startGateway(testConfig(upstreamEnv(upstream.url)));
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  const catalog = async (): Promise<OpenDataCatalog> =>
    (await request(gateway.url).get(OPEN_DATA_PATHS.datasets).expect(200)).body.data as OpenDataCatalog;

  it('lists the datasets in the envelope, cached, with ETag and Last-Modified on a miss and on a hit', async () => {
    await upstream.reset();
    const first = await request(gateway.url).get(OPEN_DATA_PATHS.datasets).expect(200);
    expect(Object.keys(first.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(first.body.data.datasets.map((d: { id: string }) => d.id)).toEqual(OPEN_DATASETS.map((d) => d.id));
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(first.headers['last-modified']).toMatch(/GMT$/);
    const again = await request(gateway.url).get(OPEN_DATA_PATHS.datasets).expect(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['last-modified']).toBe(first.headers['last-modified']);
    expect(again.body).toEqual(first.body);
    expect(await upstream.count(OPEN_DATA_PATHS.datasets)).toBe(1);
  });

  it('answers 304 to If-None-Match and If-Modified-Since, from the cache and on a miss alike', async () => {
    const url = `${OPEN_DATA_PATHS.records}?dataset=xzxk&limit=5`;
    const first = await request(gateway.url).get(url).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const { etag, 'last-modified': lastModified } = first.headers as Record<string, string>;
    const byTag = await request(gateway.url).get(url).set('if-none-match', etag!).expect(304);
    expect(byTag.headers['x-cache']).toBe('HIT');
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.text ?? '').toBe('');
    await request(gateway.url).get(url).set('if-modified-since', lastModified!).expect(304);
    await request(gateway.url).get(url).set('if-none-match', '"something-else"').expect(200);
    const older = new Date(Date.parse(lastModified!) - 3_600_000).toUTCString();
    await request(gateway.url).get(url).set('if-modified-since', older).expect(200);
    // Not yet cached: the upstream's answer, then 304 from its validators.
    const miss = await request(gateway.url)
      .get(`${OPEN_DATA_PATHS.records}?dataset=xzxk&limit=6`)
      .set('if-modified-since', new Date(Date.now() + 60_000).toUTCString())
      .expect(304);
    expect(miss.headers['x-cache']).toBe('MISS');
  });

  it('pages through a dataset with the cursor: every record exactly once', async () => {
    const total = (await catalog()).datasets.find((d) => d.id === 'xzcf')!.rows;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await request(gateway.url)
        .get(OPEN_DATA_PATHS.records)
        .query({ dataset: 'xzcf', limit: 9, ...(cursor ? { cursor } : {}) })
        .expect(200);
      const page = answer.body.data as OpenDataRecordsPage;
      expect(page.total).toBe(total);
      seen.push(...page.records.map((record) => JSON.stringify(record)));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('refuses a bad cursor, a limit out of range and an unknown dataset in the envelope, never with a 5xx', async () => {
    for (const query of [
      { dataset: 'xzcf', cursor: 'not-a-cursor' },
      { dataset: 'xzcf', cursor: 'eHl6.AAAAAAAAAAAAAAAAAAAAAA' },
      { dataset: 'xzcf', limit: 0 },
      { dataset: 'xzcf', limit: 100_000 },
      { dataset: 'xzcf', cursor: 'x'.repeat(500) },
      {},
    ]) {
      const answer = await request(gateway.url).get(OPEN_DATA_PATHS.records).query(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, data: null });
    }
    const unknown = await request(gateway.url).get(OPEN_DATA_PATHS.records).query({ dataset: 'nosuch' }).expect(404);
    expect(unknown.body).toEqual({ ok: false, code: 404, message: '数据集不存在', data: null });
  });

  it('streams the files with their SHA-256 as ETag (304 when it matches); other days are not served', async () => {
    const { date, datasets, manifestUrl } = await catalog();
    const file = datasets.find((d) => d.id === 'xzcf')!.files.find((f) => f.format === 'csv')!;
    const answer = await request(gateway.url)
      .get(file.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const bytes = answer.body as Buffer;
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain(file.name);
    expect(bytes.length).toBe(file.bytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    await request(gateway.url).get(file.url).set('if-none-match', `"${file.sha256}"`).expect(304);
    const manifest = await request(gateway.url).get(manifestUrl).expect(200);
    expect(JSON.parse(manifest.text ?? JSON.stringify(manifest.body)).date).toBe(date);
    const old = await request(gateway.url).get(file.url.replaceAll(date, '2000-01-01')).expect(404);
    expect(old.body).toMatchObject({ ok: false, data: null });
  });

  it("documents the API under the 'opendata' tag of /docs", async () => {
    const doc = (await request(gateway.url).get('/docs/json').expect(200)).body as {
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>;
    };
    expect(doc.tags.find((tag) => tag.name === OPEN_DATA_TAG)?.description).toContain('cursor');
    for (const path of [OPEN_DATA_PATHS.datasets, OPEN_DATA_PATHS.records]) {
      expect(doc.paths[path]?.get?.tags, path).toEqual([OPEN_DATA_TAG]);
      expect(Object.keys(doc.paths[path]!.get!.responses)).toEqual(
        expect.arrayContaining(['200', '304', '400', '429']),
      );
    }
    expect(doc.paths[`${OPEN_DATA_PATHS.filesPrefix}{*}`]?.get?.tags).toEqual([OPEN_DATA_TAG]);
  });

  it('caches the API for minutes, stale for minutes even when the upstream fails, under the open-data quota', () => {
    const table = buildRouteTable({ ttlMs: 60_000, staleMs: 60_000, errorStaleMs: 86_400_000 });
    for (const path of [OPEN_DATA_PATHS.datasets, OPEN_DATA_PATHS.records]) {
      const row = table.find((route) => route.path === path)!;
      expect(row.cache?.tags, path).toContain('open-data');
      expect(row.cache!.ttlMs + row.cache!.errorStaleMs, path).toBeLessThanOrEqual(10 * 60_000);
      expect(row.rateLimit, path).toBe('opendata');
      expect(row.conditional, path).toBe(true);
    }
    // A withdrawal rewrites today's files: the catalogue goes by its own tag, the records by their dataset's.
    expect(table.find((route) => route.path === OPEN_DATA_PATHS.datasets)!.cache?.tags).toContain(
      OPEN_DATA_CATALOGUE_TAG,
    );
    const files = table.find((route) => route.path === OPEN_DATA_PATHS.filesPrefix)!;
    expect(files.cache).toBeNull();
    expect(files.rateLimit).toBe('opendata');
  });

  describe('quota', () => {
    let limited: RunningGateway;
    beforeAll(async () => {
      limited = await startGateway(
        testConfig({ ...upstreamEnv(upstream.url), OPEN_DATA_RATE_LIMIT_MAX: String(QUOTA) }),
      );
    });
    afterAll(() => limited?.close());

    it('refuses past the quota over the whole API (cache hits and files too) with 429 + Retry-After in the envelope', async () => {
      const { files } = (await request(limited.url).get(OPEN_DATA_PATHS.datasets).expect(200)).body.data.datasets[0];
      const calls = [
        OPEN_DATA_PATHS.datasets,
        OPEN_DATA_PATHS.datasets,
        `${OPEN_DATA_PATHS.records}?dataset=hhmd`,
        `${OPEN_DATA_PATHS.records}?dataset=hhmd`,
        files[0].url,
        `${OPEN_DATA_PATHS.records}?dataset=jyyc&limit=2`,
        OPEN_DATA_PATHS.datasets,
      ];
      for (const url of calls) await request(limited.url).get(url).expect(200);
      for (const url of [OPEN_DATA_PATHS.datasets, `${OPEN_DATA_PATHS.records}?dataset=hhmd`, files[0].url]) {
        const refused = await request(limited.url).get(url).expect(429);
        expect(refused.body).toEqual({
          ok: false,
          code: ERROR_CODES.rateLimited,
          message: expect.any(String),
          data: null,
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Other routes keep their own limit.
      await request(limited.url).get('/api/dmenterprise/AbnormalBusinessPublicity').expect(200);
    });
  });
});
