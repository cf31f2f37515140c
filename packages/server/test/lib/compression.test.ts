import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, CONTENT_SECTIONS } from '@credit-portal/shared';
import { startGateway, testConfig, upstreamEnv } from '../support/gateway.js';
import { startUpstream, type Upstream } from '../support/upstream.js';

/** A request whose answer is read as raw bytes (undici's request does not decompress). */
async function raw(url: string, init: { method?: 'GET' | 'POST'; body?: unknown; acceptEncoding?: string } = {}) {
  const response = await undiciRequest(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.acceptEncoding ? { 'accept-encoding': init.acceptEncoding } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = Buffer.from(await response.body.arrayBuffer());
  const header = (name: string) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return { status: response.statusCode, header, body };
}

describe('compression', () => {
  let upstream: Upstream;

  beforeAll(async () => {
    upstream = await startUpstream();
  });

  afterAll(async () => {
    await upstream?.close();
  });

  const listBody = { categoryId: CONTENT_SECTIONS.news.categoryId, pageIndex: 1, pageSize: 8 };

  it('sends JSON answers over the threshold br or gzip as accepted, misses and hits alike, with Vary', async () => {
    const gateway = await startGateway(testConfig(upstreamEnv(upstream.url)));
    try {
      const url = `${gateway.url}${API_PATHS.contentList}`;
      const miss = await raw(url, { method: 'POST', body: listBody, acceptEncoding: 'gzip, deflate, br' });
      expect(miss.status).toBe(200);
      expect(miss.header('x-cache')).toBe('MISS');
      expect(miss.header('content-encoding')).toBe('br');
      expect(miss.header('vary')).toBe('Accept-Encoding');
      const plain = await raw(url, { method: 'POST', body: listBody });
      expect(plain.header('x-cache')).toBe('HIT');
      expect(plain.header('content-encoding')).toBeUndefined();
      expect(plain.header('vary')).toBe('Accept-Encoding');
      expect(plain.body.length).toBeGreaterThan(1024);
      expect(JSON.parse(plain.body.toString('utf8'))).toMatchObject({ ok: true });
      expect(brotliDecompressSync(miss.body).equals(plain.body)).toBe(true);

      const br = await raw(url, { method: 'POST', body: listBody, acceptEncoding: 'br' });
      expect(br.header('x-cache')).toBe('HIT');
      expect(br.header('content-encoding')).toBe('br');
      expect(Number(br.header('content-length'))).toBe(br.body.length);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

      const gzip = await raw(url, { method: 'POST', body: listBody, acceptEncoding: 'gzip;q=1, br;q=0' });
      expect(gzip.header('x-cache')).toBe('HIT');
      expect(gzip.header('content-encoding')).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

      const refused = await raw(url, { method: 'POST', body: listBody, acceptEncoding: 'identity, *;q=0' });
      expect(refused.header('content-encoding')).toBeUndefined();
      expect(refused.body.equals(plain.body)).toBe(true);
    } finally {
      await gateway.close();
    }
  });

  it('compresses uncached (bypassing) answers per request, and leaves answers under the threshold alone', async () => {
    const gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), COMPRESS_MIN_BYTES: '100000' }));
    try {
      const small = await raw(`${gateway.url}${API_PATHS.contentList}`, {
        method: 'POST',
        body: listBody,
        acceptEncoding: 'br, gzip',
      });
      expect(small.status).toBe(200);
      expect(small.header('content-encoding')).toBeUndefined();
      expect(small.header('vary')).toBeUndefined();
    } finally {
      await gateway.close();
    }
    const eager = await startGateway(testConfig({ ...upstreamEnv(upstream.url), COMPRESS_MIN_BYTES: '0' }));
    try {
      // A user token makes the request bypass the cache: compressed for this answer alone.
      const bypass = await raw(`${eager.url}${API_PATHS.contentList}`, {
        method: 'POST',
        body: { ...listBody, infoToken: 'not-a-real-token' },
        acceptEncoding: 'gzip',
      });
      expect(bypass.header('x-cache')).toBe('BYPASS');
      expect(bypass.header('content-encoding')).toBe('gzip');
      expect(JSON.parse(gunzipSync(bypass.body).toString('utf8'))).toHaveProperty('ok');
    } finally {
      await eager.close();
    }
  });

  it('serves pre-compressed SPA files and no source maps unless WEB_SOURCE_MAPS=true', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'gateway-test-web-'));
    const script = `console.log(${JSON.stringify('信用'.repeat(400))});\n`;
    try {
      await mkdir(join(dist, 'assets'));
      await writeFile(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
      await writeFile(join(dist, 'assets', 'index-3f9a1c.js'), script);
      await writeFile(join(dist, 'assets', 'index-3f9a1c.js.br'), brotliCompressSync(script));
      await writeFile(join(dist, 'assets', 'index-3f9a1c.js.gz'), gzipSync(script));
      await writeFile(join(dist, 'assets', 'index-3f9a1c.js.map'), '{"version":3,"sources":[],"mappings":""}');
      const gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), WEB_DIST_DIR: dist }));
      try {
        const asset = `${gateway.url}/assets/index-3f9a1c.js`;
        const br = await raw(asset, { acceptEncoding: 'gzip, deflate, br' });
        expect(br.status).toBe(200);
        expect(br.header('content-encoding')).toBe('br');
        expect(br.header('content-type')).toMatch(/javascript/);
        expect(br.header('vary')).toMatch(/accept-encoding/i);
        expect(br.header('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(brotliDecompressSync(br.body).toString('utf8')).toBe(script);
        const gz = await raw(asset, { acceptEncoding: 'gzip' });
        expect(gz.header('content-encoding')).toBe('gzip');
        expect(gunzipSync(gz.body).toString('utf8')).toBe(script);
        const plain = await raw(asset);
        expect(plain.header('content-encoding')).toBeUndefined();
        expect(plain.body.toString('utf8')).toBe(script);
        const map = await raw(`${asset}.map`);
        expect(map.status).toBe(404);
        expect(JSON.parse(map.body.toString('utf8'))).toMatchObject({ ok: false });
      } finally {
        await gateway.close();
      }
      const withMaps = await startGateway(
        testConfig({ ...upstreamEnv(upstream.url), WEB_DIST_DIR: dist, WEB_SOURCE_MAPS: 'true' }),
      );
      try {
        const map = await raw(`${withMaps.url}/assets/index-3f9a1c.js.map`);
        expect(map.status).toBe(200);
        expect(JSON.parse(map.body.toString('utf8'))).toMatchObject({ version: 3 });
      } finally {
        await withMaps.close();
      }
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
