import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogCapture, startGateway, testConfig, upstreamEnv } from '../../support/gateway.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';

/*
 * The SPA's page with its pre-rendered frames: the build's prerender module
 * (dist/.prerender/page.js, packages/web/src/prerender/page.tsx) is called once at start with the
 * deployment's runtime configuration. Here it is a stand-in module with the same signature.
 */

// Long enough for both compressed forms to be smaller than it.
const INDEX_HTML = `<!doctype html><html><head>${'<meta name="x" content="信用">'.repeat(40)}</head><body><div id="root"><p>正在加载…</p></div></body></html>`;

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await undiciRequest(url, { headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  const header = (name: string) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return { status: response.statusCode, header, body };
}

async function buildWith(prerender: string | null): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'gateway-test-web-'));
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
  if (prerender !== null) {
    await mkdir(join(dist, '.prerender'));
    await writeFile(join(dist, '.prerender', 'page.js'), prerender);
  }
  return dist;
}

describe('the SPA page', () => {
  let upstream: Upstream;
  const dists: string[] = [];

  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(async () => {
    await upstream?.close();
    await Promise.all(dists.map((dist) => rm(dist, { recursive: true, force: true })));
  });

  it('is the prerender’s, made once with this deployment’s configuration, compressed, revalidated by ETag', async () => {
    const dist = await buildWith(
      `let calls = 0;
       export async function renderPage(html, config) {
         calls += 1;
         return html.replace('<p>正在加载…</p>', '<header>' + config.siteName + '</header><i>call ' + calls + '</i>');
       }`,
    );
    dists.push(dist);
    const gateway = await startGateway(
      testConfig({ ...upstreamEnv(upstream.url), WEB_DIST_DIR: dist, SITE_NAME: '信用测试州' }),
    );
    try {
      const plain = await get(`${gateway.url}/`);
      expect(plain.status).toBe(200);
      expect(plain.header('content-type')).toBe('text/html; charset=utf-8');
      expect(plain.header('cache-control')).toBe('no-cache');
      expect(plain.header('content-security-policy')).toContain("script-src 'self'");
      expect(plain.body.toString('utf8')).toContain('<header>信用测试州</header><i>call 1</i>');

      const br = await get(`${gateway.url}/`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.header('content-encoding')).toBe('br');
      expect(br.header('vary')).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain.body.toString('utf8'));
      const gz = await get(`${gateway.url}/index.html`, { 'accept-encoding': 'gzip' });
      expect(gz.header('content-encoding')).toBe('gzip');
      // Made once: the second address and later requests get the same page.
      expect(gunzipSync(gz.body).toString('utf8')).toBe(plain.body.toString('utf8'));

      const etag = plain.header('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(`${gateway.url}/`, { 'if-none-match': etag! });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    } finally {
      await gateway.close();
    }
  });

  it('never serves the prerender module itself, nor the build’s index.html beside the made page', async () => {
    const dist = await buildWith(
      'export async function renderPage(html) { return html.replace("正在加载", "已渲染"); }',
    );
    dists.push(dist);
    const gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), WEB_DIST_DIR: dist }));
    try {
      expect((await get(`${gateway.url}/.prerender/page.js`)).status).toBe(404);
      expect((await get(`${gateway.url}/index.html`)).body.toString('utf8')).toContain('已渲染');
    } finally {
      await gateway.close();
    }
  });

  it('falls back to the build’s index.html, with an error in the log, when the prerender fails', async () => {
    const dist = await buildWith('export async function renderPage() { throw new Error("frame broke"); }');
    dists.push(dist);
    const logs = new LogCapture();
    const gateway = await startGateway(
      testConfig({ ...upstreamEnv(upstream.url), WEB_DIST_DIR: dist, LOG_LEVEL: 'error' }),
      logs,
    );
    try {
      const page = await get(`${gateway.url}/`);
      expect(page.status).toBe(200);
      expect(page.body.toString('utf8')).toBe(INDEX_HTML);
    } finally {
      await gateway.close();
    }
    const failure = logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.level === 50);
    expect(failure).toMatchObject({ msg: 'pre-rendering the SPA page failed; serving the build’s index.html' });
    expect(JSON.stringify(failure)).toContain('frame broke');
  });
});
