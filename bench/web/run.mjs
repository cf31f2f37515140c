#!/usr/bin/env node
// bench/web: the first page's compressed JS + CSS and Lighthouse (mobile) for three pages.
// `node bench/web/run.mjs [--chunks]` from the repository root, after `npm run build`. Starts the
// credit-service and the gateway from their dist on free ports (temporary DATA_DIR), measures,
// stops them. Progress goes to stderr; the table to stdout, whose LAST line is one JSON object
// { "figures": [ { name, value, unit, target, met } ] } (bench/run.mjs reads it). Exits 1 when
// anything cannot be measured.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../../scripts/lib/product.mjs';
import { freePort } from '../lib.mjs';
import { chunkTable } from './chunks.mjs';
import { fieldRows, visitForField } from './field.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, firstPageAssets } from './first-page.mjs';
import { runLighthouse } from './lighthouse.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'packages', 'web', 'dist');
const FIRST_PAGE = '/#/index';
const LIGHTHOUSE_PAGES = ['/#/index', '/#/xyfw/search', '/#/h5/gtxy'];
const FIRST_PAGE_BUDGET_KB = 250;
const SCORE_TARGET = 90;

const log = (message) => console.error(`[bench/web] ${message}`);
const kb = (bytes) => Math.round(bytes / 102.4) / 10;

function checkBuilt() {
  for (const file of [
    'packages/server/dist/server.js',
    'packages/credit-service/dist/server.js',
    'packages/web/dist/index.html',
    'packages/web/dist/.vite/manifest.json',
  ]) {
    if (!existsSync(join(ROOT, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
  const assets = readdirSync(join(DIST, 'assets'));
  if (!assets.some((file) => file.endsWith('.js.br')) || !assets.some((file) => file.endsWith('.js.gz'))) {
    throw new Error('packages/web/dist has no pre-compressed (.br/.gz) assets: rebuild with npm run build');
  }
}

function table(rows) {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => String(row[col]).length)));
  return rows
    .map((row) =>
      row
        .map((cell, col) => String(cell).padEnd(widths[col]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main() {
  const showChunks = process.argv.includes('--chunks');
  checkBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-portal-bench-web-'));
  const [gatewayPort, adminPort, creditPort] = [await freePort(), await freePort(), await freePort()];
  log(`starting the credit-service and the gateway (gateway on ${gatewayPort})`);
  const lines = [];
  const product = await startProduct({
    env: {
      GATEWAY_PORT: String(gatewayPort),
      ADMIN_PORT: String(adminPort),
      CREDIT_SERVICE_PORT: String(creditPort),
      DATA_DIR: dataDir,
      SEED_ENTITIES: '2000',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
    },
    output: (label, line) => lines.push(`[${label}] ${line}`),
  }).catch((error) => {
    console.error(lines.join('\n'));
    throw error;
  });
  const base = `http://127.0.0.1:${gatewayPort}`;
  try {
    log(`loading ${FIRST_PAGE} in Chromium`);
    const assets = await firstPageAssets({ url: base + FIRST_PAGE, distDir: DIST });
    if (assets.length === 0) throw new Error(`${FIRST_PAGE} loaded no JS or CSS`);
    // Served compressed (every file the build wrote a .br for came as br): the bytes on the wire.
    // Otherwise (a gateway without pre-compressed serving): the size of each file's .br in dist,
    // which such a gateway would have sent, or the file itself where the build wrote none.
    const served = assets.filter((asset) => asset.fromBuild).every((asset) => asset.encoding === 'br');
    const brotli = assets.reduce(
      (sum, asset) => sum + (served ? asset.wire : asset.fromBuild ? asset.br : asset.raw),
      0,
    );
    const gzip = assets.reduce((sum, asset) => sum + asset.gz, 0);
    const raw = assets.reduce((sum, asset) => sum + asset.raw, 0);
    const encodings = [...new Set(assets.map((asset) => asset.encoding))].join(', ');
    console.log(`First page ${FIRST_PAGE}: ${assets.length} JS/CSS files, served as ${encodings}`);
    console.log(
      table([
        ['file', 'served as', 'raw B', 'wire B', 'brotli B', 'gzip B'],
        ...assets
          .sort((a, b) => b.br - a.br)
          .map((asset) => [asset.path, asset.encoding, asset.raw, asset.wire, asset.br, asset.gz]),
        ['total', '', raw, assets.reduce((sum, asset) => sum + asset.wire, 0), brotli, gzip],
      ]),
    );
    const results = [];
    for (const path of LIGHTHOUSE_PAGES) {
      log(`Lighthouse (mobile) on ${path}`);
      results.push({ path, ...(await runLighthouse(base + path)) });
    }
    console.log('\nLighthouse, mobile preset');
    console.log(
      table([
        ['page', 'ends at', 'perf', 'a11y', 'FCP', 'LCP', 'TBT', 'CLS', 'SI'],
        ...results.map((r) => [
          r.path,
          new URL(r.finalUrl).hash || '/',
          r.performance,
          r.accessibility,
          ...['FCP', 'LCP', 'TBT', 'CLS', 'SI'].map((metric) => r.metrics[metric]),
        ]),
      ]),
    );
    // Field figures next to the lab ones: the Web Vitals browsers sent with their visit-log batches,
    // as the gateway's admin /metrics histograms hold them (issue 27). Here the browsers are the
    // bench's own Chromium visits (phone and desktop profile, unthrottled); in production, residents'.
    try {
      log('field Web Vitals: visiting the pages in Chromium (phone and desktop)');
      await visitForField({
        base,
        paths: LIGHTHOUSE_PAGES,
        flushPath: FIRST_PAGE,
        chromiumPath: CHROMIUM_PATH,
        chromiumFlags: CHROMIUM_FLAGS,
      });
      const metrics = await fetch(`http://127.0.0.1:${adminPort}/metrics`).then((response) => response.text());
      const rows = fieldRows(metrics);
      console.log("\nField Web Vitals (gateway_web_vitals_* on the admin port; the bench's Chromium, unthrottled)");
      console.log(
        rows.length > 0
          ? table([['metric', 'section', 'device', 'samples', 'median', 'p75'], ...rows])
          : 'no field samples arrived',
      );
    } catch (error) {
      console.log(`\nField Web Vitals not measured: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const r of results) {
      for (const category of ['performance', 'accessibility']) {
        if (r.failing[category].length > 0) console.log(`  ${r.path} ${category}: ${r.failing[category].join('; ')}`);
      }
    }
    if (showChunks) {
      const chunks = chunkTable(DIST);
      console.log(`\nEvery page first loads ${chunks.shell.files} files: ${kb(chunks.shell.br)} KB brotli`);
      console.log(
        table([
          ['lazily loaded module', 'adds files', 'brotli B', 'gzip B', 'raw B'],
          ...chunks.lazy.map((row) => [row.source, row.files, row.br, row.gz, row.raw]),
        ]),
      );
    }
    const sizeName = served
      ? `first page ${FIRST_PAGE} JS+CSS, brotli as served`
      : `first page ${FIRST_PAGE} JS+CSS, brotli size of the dist .br files (gateway sent them uncompressed)`;
    const figures = [
      {
        name: sizeName,
        value: kb(brotli),
        unit: 'KB',
        target: `≤ ${FIRST_PAGE_BUDGET_KB}`,
        met: kb(brotli) <= FIRST_PAGE_BUDGET_KB,
      },
      { name: `first page ${FIRST_PAGE} JS+CSS, gzip`, value: kb(gzip), unit: 'KB', target: null, met: null },
      { name: `first page ${FIRST_PAGE} JS+CSS files`, value: assets.length, unit: 'files', target: null, met: null },
      ...results.flatMap((r) =>
        ['performance', 'accessibility'].map((category) => ({
          name: `Lighthouse mobile ${category} ${r.path}`,
          value: r[category],
          unit: 'score',
          target: `≥ ${SCORE_TARGET}`,
          met: r[category] >= SCORE_TARGET,
        })),
      ),
    ];
    console.log(JSON.stringify({ figures }));
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[bench/web] FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
