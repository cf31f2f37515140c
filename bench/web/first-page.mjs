// What a page loads before interaction: every JS and CSS response while the page settles, with
// its size on the wire (when the server compressed it) or the size of its pre-compressed
// sibling in the SPA's dist (when the server sent it uncompressed).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/** How long no JS or CSS request may start before the page counts as loaded. */
const QUIET_MS = 1500;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The brotli and gzip sizes of a dist file: its .br/.gz siblings when the build wrote them, else computed. */
export function compressedSizes(distDir, relative) {
  const file = join(distDir, relative);
  const sibling = (ext) => (existsSync(file + ext) ? statSync(file + ext).size : undefined);
  let br = sibling('.br');
  let gz = sibling('.gz');
  const fromBuild = br !== undefined;
  if (br === undefined || gz === undefined) {
    const body = readFileSync(file);
    br ??= brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    gz ??= gzipSync(body, { level: 9 }).length;
  }
  return { br, gz, fromBuild, raw: statSync(file).size };
}

/**
 * Loads `url` in Chromium (desktop viewport, Accept-Encoding: br, gzip) and waits until the page
 * has rendered (a <main> and no element still aria-busy) and no JS or CSS request has started for
 * QUIET_MS; returns every JS and CSS response: its size on the wire and its sizes in dist.
 */
export async function firstPageAssets({ url, distDir, timeoutMs = 60_000 }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  try {
    const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'br, gzip' } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const responses = [];
    // Asset requests only: the visit log's keepalive POST never reports as finished to the
    // browser's page, so "network idle" cannot be used.
    const pending = new Set();
    let lastActivity = Date.now();
    const isAsset = (address) => /\.(?:js|css)$/.test(new URL(address).pathname);
    page.on('request', (request) => {
      if (!isAsset(request.url())) return;
      pending.add(request);
      lastActivity = Date.now();
    });
    const settle = (request) => {
      pending.delete(request);
      lastActivity = Date.now();
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', (request) => {
      errors.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
      settle(request);
    });
    page.on('response', (response) => {
      if (isAsset(response.url())) responses.push(response);
    });
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    await page.waitForFunction(
      () =>
        globalThis.document.querySelector('main') !== null &&
        globalThis.document.querySelector('[aria-busy="true"]') === null,
      undefined,
      { timeout: timeoutMs },
    );
    // Settled: no JS or CSS request in flight and none started for QUIET_MS.
    const deadline = Date.now() + timeoutMs;
    while (pending.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`${url}: assets still loading after ${timeoutMs} ms`);
      await page.waitForTimeout(100);
    }
    if (errors.length > 0) throw new Error(`${url}: page errors: ${errors.join('; ')}`);
    const origin = new URL(url).origin;
    const assets = [];
    for (const response of responses) {
      const address = new URL(response.url());
      const type = address.pathname.endsWith('.js') ? 'js' : 'css';
      if (address.origin !== origin) throw new Error(`${url} loads ${response.url()} from another origin`);
      if (response.status() !== 200) throw new Error(`${response.url()}: HTTP ${response.status()}`);
      const headers = await response.allHeaders();
      const encoding = headers['content-encoding'] ?? 'identity';
      const sizes = await response.request().sizes();
      const relative = address.pathname.replace(/^\/+/, '');
      const dist = compressedSizes(distDir, relative);
      assets.push({
        path: relative,
        type,
        encoding,
        wire: sizes.responseBodySize,
        raw: dist.raw,
        br: dist.br,
        gz: dist.gz,
        fromBuild: dist.fromBuild,
      });
    }
    await context.close();
    return assets;
  } finally {
    await browser.close();
  }
}
