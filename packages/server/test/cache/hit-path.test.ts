import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API_PATHS, CONTENT_SECTIONS, GATEWAY_PATHS } from '@credit-portal/shared';
import { SECURITY_HEADERS } from '../../src/lib/security-headers.js';
import { startGateway, testConfig, upstreamEnv, type RunningGateway } from '../support/gateway.js';
import { startUpstream, type Upstream } from '../support/upstream.js';

/**
 * The cache-hit fast path in front of the router (src/cache/hit-path.ts): fresh hits of requests
 * whose exact bytes the proxy has keyed before are answered there. Behaviour only: the same
 * answer as Fastify's hit, the same limits and refusals, counted in the metrics.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request with exact body bytes, the answer as it came over the wire (no decompression). */
function send(
  base: string,
  path: string,
  body: Buffer | string | null,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        headers: body === null ? headers : { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) flat[name] = String(value);
          resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

async function metric(gateway: RunningGateway, line: string): Promise<number> {
  const text = (await request(gateway.adminUrl).get(GATEWAY_PATHS.metrics).expect(200)).text;
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

const FAST_HITS = 'gateway_cache_fast_hits_total';
const HITS = 'gateway_cache_requests_total{result="hit"}';
const LIST = API_PATHS.contentList;
const categoryId = CONTENT_SECTIONS.news.categoryId;
const compact = (pageIndex: number) => JSON.stringify({ categoryId, pageIndex, pageSize: 8 });
const reordered = (pageIndex: number) =>
  `{ "pageSize": 8,\n  "pageIndex": ${pageIndex}, "categoryId": "${categoryId}" }`;

/** Headers that differ between any two answers (time, connection bookkeeping, the request id's value). */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
const stable = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));

describe('the cache-hit fast path', () => {
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

  it('answers a repeated request with exactly the status, headers and body of a normal hit, per Accept-Encoding', async () => {
    const page = 1;
    const miss = await send(gateway.url, LIST, compact(page));
    expect(miss.status).toBe(200);
    expect(miss.headers['x-cache']).toBe('MISS');

    for (const acceptEncoding of [undefined, 'gzip', 'br', 'gzip, deflate, br']) {
      const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      const fastBefore = await metric(gateway, FAST_HITS);
      // Different bytes, same canonical key: answered by the router's path (and aliased for next time).
      const normal = await send(gateway.url, LIST, `${reordered(page)}${' '.repeat(fastBefore + 1)}`, headers);
      expect(await metric(gateway, FAST_HITS)).toBe(fastBefore);
      // The first request's bytes again: answered by the fast path.
      const fast = await send(gateway.url, LIST, compact(page), headers);
      expect(await metric(gateway, FAST_HITS)).toBe(fastBefore + 1);

      expect(fast.status).toBe(normal.status);
      expect(fast.body.equals(normal.body)).toBe(true);
      expect(stable(fast.headers)).toEqual(stable(normal.headers));
      expect(fast.headers['x-cache']).toBe('HIT');
      expect(fast.headers.vary).toBe('Accept-Encoding');
      expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(fast.headers['x-request-id']).not.toBe(normal.headers['x-request-id']);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(fast.headers[name], name).toBe(value);
      const coding = acceptEncoding === undefined ? undefined : acceptEncoding === 'gzip' ? 'gzip' : 'br';
      expect(fast.headers['content-encoding']).toBe(coding);
      const plain =
        coding === 'gzip' ? gunzipSync(fast.body) : coding === 'br' ? brotliDecompressSync(fast.body) : fast.body;
      expect(plain.equals(miss.body)).toBe(true);
    }

    // An incoming request id is never the id, as on the router's path.
    const tagged = await send(gateway.url, LIST, compact(page), { 'x-request-id': 'balancer-id.42' });
    expect(tagged.headers['x-cache']).toBe('HIT');
    expect(tagged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hits the same entry for bodies that differ only in key order or whitespace, with one upstream call', async () => {
    await upstream.reset();
    const page = 2;
    const variants = [compact(page), reordered(page), ` ${compact(page)}\n`, reordered(page), compact(page)];
    const statuses = [];
    for (const body of variants) statuses.push((await send(gateway.url, LIST, body)).headers['x-cache']);
    expect(statuses).toEqual(['MISS', 'HIT', 'HIT', 'HIT', 'HIT']);
    expect(await upstream.count(LIST)).toBe(1);
  });

  it('counts fast-path hits in the cache and request metrics', async () => {
    const page = 3;
    await send(gateway.url, LIST, compact(page));
    const labels = `{route="${LIST}",method="POST",status="200"}`;
    const before = {
      fast: await metric(gateway, FAST_HITS),
      hits: await metric(gateway, HITS),
      requests: await metric(gateway, `gateway_http_requests_total${labels}`),
    };
    for (let i = 0; i < 3; i += 1)
      expect((await send(gateway.url, LIST, compact(page))).headers['x-cache']).toBe('HIT');
    expect(await metric(gateway, FAST_HITS)).toBe(before.fast + 3);
    expect(await metric(gateway, HITS)).toBe(before.hits + 3);
    expect(await metric(gateway, `gateway_http_requests_total${labels}`)).toBe(before.requests + 3);
  });

  it('never answers a path with invalid percent-encoding: 400 in the envelope, security headers, request id', async () => {
    await send(gateway.url, LIST, compact(4));
    for (const path of ['/%zz', `${LIST}%ff`, `${LIST}%zz`]) {
      const answer = await send(gateway.url, path, compact(4));
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual({
        ok: false,
        code: 'bad_request',
        message: expect.any(String),
        data: null,
      });
      expect(answer.body.toString('utf8')).not.toContain('%');
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers['cache-control']).toBe('no-store');
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name], name).toBe(value);
    }
  });

  it('refuses malformed UTF-8 in a JSON body with 400, before and after the same page is cached', async () => {
    await upstream.reset();
    // "搜索" in searchWord, then the same body with its last UTF-8 sequence broken.
    const good = Buffer.from(JSON.stringify({ categoryId, pageIndex: 1, pageSize: 8, searchWord: '搜索' }), 'utf8');
    const bad = Buffer.from(good);
    bad[bad.indexOf(Buffer.from('索', 'utf8')) + 1] = 0xff;
    for (let i = 0; i < 2; i += 1) {
      const refused = await send(gateway.url, LIST, bad);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({ ok: false, code: 'bad_request', data: null });
      expect(refused.headers['x-request-id']).toBeDefined();
      expect(refused.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
      await send(gateway.url, LIST, good);
    }
    expect((await send(gateway.url, LIST, good)).headers['x-cache']).toBe('HIT');
    expect((await send(gateway.url, LIST, bad)).status).toBe(400);
    // Only the good body ever reached the upstream.
    expect(await upstream.count(LIST)).toBe(1);
  });
});

describe('rate limits on cached routes with the fast path', () => {
  let upstream: Upstream;

  beforeAll(async () => {
    upstream = await startUpstream();
  });

  afterAll(async () => {
    await upstream?.close();
  });

  it('still refuse with the envelope and Retry-After once a client is over its limit', async () => {
    const gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), RATE_LIMIT_MAX: '4' }));
    try {
      const statuses = [];
      for (let i = 0; i < 6; i += 1) {
        const answer = await send(gateway.url, LIST, compact(1));
        statuses.push(`${answer.status} ${answer.headers['x-cache'] ?? ''}`.trim());
        if (answer.status === 429) {
          expect(JSON.parse(answer.body.toString('utf8'))).toEqual({
            ok: false,
            code: 'rate_limited',
            message: '访问过于频繁，请稍后再试',
            data: null,
          });
          expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
          expect(answer.headers['x-request-id']).toBeDefined();
          expect(answer.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
        }
      }
      expect(statuses).toEqual(['200 MISS', '200 HIT', '200 HIT', '200 HIT', '429 BYPASS', '429 BYPASS']);
      expect(await metric(gateway, FAST_HITS)).toBe(3);
      // The limit is the global one, shared with every other route.
      await request(gateway.url).get(GATEWAY_PATHS.runtimeConfig).expect(429);
      await request(gateway.url).get(GATEWAY_PATHS.health).expect(200);
    } finally {
      await gateway.close();
    }
  });

  it('count each client named by the trusted balancer on its own', async () => {
    const gateway = await startGateway(
      testConfig({ ...upstreamEnv(upstream.url), RATE_LIMIT_MAX: '2', TRUSTED_PROXIES: '127.0.0.1' }),
    );
    try {
      const from = (client: string) => send(gateway.url, LIST, compact(2), { 'x-forwarded-for': client });
      expect((await from('198.51.100.1')).status).toBe(200);
      expect((await from('198.51.100.1')).status).toBe(200);
      expect((await from('198.51.100.1')).status).toBe(429);
      const other = await from('198.51.100.2');
      expect(other.status).toBe(200);
      expect(other.headers['x-cache']).toBe('HIT');
    } finally {
      await gateway.close();
    }
  });

  it('can be switched off (CACHE_FAST_PATH=false): hits then all go through the router', async () => {
    const gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), CACHE_FAST_PATH: 'false' }));
    try {
      await send(gateway.url, LIST, compact(3));
      expect((await send(gateway.url, LIST, compact(3))).headers['x-cache']).toBe('HIT');
      expect(await metric(gateway, FAST_HITS)).toBe(0);
      expect(await metric(gateway, HITS)).toBe(1);
    } finally {
      await gateway.close();
    }
  });
});
