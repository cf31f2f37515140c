#!/usr/bin/env node
// bench/web: the first page's compressed JS + CSS and Lighthouse (mobile) for five pages.
// `node bench/web/run.mjs [--chunks] [--runs N] [--pages index,search,…] [--no-field] [--compare <dist>]` from the
// repository root, after `npm run build`. Starts the
// credit-service and the gateway from their dist on free ports (temporary DATA_DIR), measures,
// stops them. Progress goes to stderr; the table to stdout, whose LAST line is one JSON object
// { "figures": [ { name, value, unit, target, met } ] } (bench/run.mjs reads it). Exits 1 when
// anything cannot be measured.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chunkTable } from './chunks.mjs';
import { fieldRows, visitForField } from './field.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, firstPageAssets } from './first-page.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { startBenchProduct } from './product.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'packages', 'web', 'dist');
const FIRST_PAGE = '/#/index';
/** The measured pages; `entity` is the details page of a seeded entity, seen logged in (spec §8 asks for it). */
const LIGHTHOUSE_PAGES = [
  { name: 'index', path: '/#/index' },
  { name: 'search', path: '/#/xyfw/search' },
  { name: 'h5', path: '/#/h5/gtxy' },
  { name: 'xygs', path: '/#/xygs/xygsList' },
  { name: 'entity', path: '/#/xyfw/search/details', needsEntity: true, loggedIn: true },
];
/** The demo account of the seed (packages/credit-service), as the e2e suites log in. */
const DEMO_LOGIN = { Mobile: '13900000000', Password: 'Yunzhou2026' };
const FIRST_PAGE_BUDGET_KB = 150;
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

function option(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** Unwraps the gateway's envelope. */
async function api(base, path, body) {
  const response = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await response.json();
  if (!envelope.ok) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** localStorage of a logged-in browser, as the SPA's storeLogin writes it (STORAGE_KEYS of packages/shared). */
async function loginStorage(base) {
  const result = await api(base, '/user/login', DEMO_LOGIN);
  return {
    SETUSERINFO: JSON.stringify(result.UserInfo),
    JwtToken: result.JwtToken,
    realAuthInfo: JSON.stringify(result.RealAuthInfo),
    loginLastContact: String(Date.now()),
  };
}

/** The run whose performance score is the median of the runs (the middle one of an odd count). */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
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

/** The product for these measurements (product.mjs), its progress in this bench's log. */
const start = (dataDir, env = {}) => startBenchProduct(dataDir, env, log);

/** The Lighthouse table: the median run of each page. */
function lighthouseTable(results) {
  return table([
    ['page', 'ends at', 'perf', 'a11y', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'perf of each run'],
    ...results.map((r) => [
      r.path.replace(/\?id=.*/, '?id=…'),
      new URL(r.finalUrl).hash.replace(/\?id=.*/, '?id=…') || '/',
      r.performance,
      r.accessibility,
      ...['FCP', 'LCP', 'TBT', 'CLS', 'SI'].map((metric) => r.metrics[metric]),
      r.scores.join(' '),
    ]),
  ]);
}

async function main() {
  const showChunks = process.argv.includes('--chunks');
  const runs = Number(option('--runs') ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');
  const only = option('--pages')?.split(',');
  const pages = only ? LIGHTHOUSE_PAGES.filter((page) => only.includes(page.name)) : LIGHTHOUSE_PAGES;
  if (pages.length === 0) throw new Error(`--pages: none of ${only} (${LIGHTHOUSE_PAGES.map((p) => p.name)})`);
  checkBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-portal-bench-web-'));
  const { product, base, adminPort } = await start(dataDir);
  // --compare <dist>: a second product serving another build (say, of the commit before), measured
  // run for run beside this one, so that both see the same load on a shared machine.
  const compareDir = option('--compare');
  const compareData = compareDir ? mkdtempSync(join(tmpdir(), 'credit-portal-bench-web-')) : undefined;
  const other = compareDir ? await start(compareData, { WEB_DIST_DIR: resolve(compareDir) }) : undefined;
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
    const otherResults = [];
    for (const page of pages) {
      let path = page.path;
      if (page.needsEntity) {
        const [entity] = await api(base, '/api/dmenterprise/entsearch', { EntNameOrCreditCode: '科技' });
        path += `?id=${entity.ID}`;
      }
      const all = [];
      const allOther = [];
      for (let run = 1; run <= runs; run += 1) {
        // A fresh login per run: tokens are short-lived.
        if (other) {
          log(`Lighthouse (mobile) on ${path}, run ${run} of ${runs}, compared build`);
          const storage = page.loggedIn ? await loginStorage(other.base) : undefined;
          allOther.push(await runLighthouse(other.base + path, { storage }));
        }
        log(`Lighthouse (mobile) on ${path}, run ${run} of ${runs}`);
        const storage = page.loggedIn ? await loginStorage(base) : undefined;
        all.push(await runLighthouse(base + path, { storage }));
      }
      results.push({ path, scores: all.map((r) => r.performance), ...medianRun(all) });
      // Each page's median as soon as it is known (a later failure loses nothing measured).
      log(`${path}: ${lighthouseTable(results.slice(-1)).split('\n')[1]}`);
      if (other) {
        otherResults.push({ path, scores: allOther.map((r) => r.performance), ...medianRun(allOther) });
        log(`${path}, compared build: ${lighthouseTable(otherResults.slice(-1)).split('\n')[1]}`);
      }
    }
    if (other) {
      console.log(`\nLighthouse, the compared build (${compareDir}), runs alternating with this one's`);
      console.log(lighthouseTable(otherResults));
    }
    console.log(`\nLighthouse, mobile preset, the median of ${runs} run(s) by performance score`);
    console.log(lighthouseTable(results));
    // The same build scores lower on a slower machine (simulated throttling slows what it observed
    // by a fixed 4×): Lighthouse's benchmark index tells which machine measured (higher is faster).
    const indexes = results.map((r) => r.benchmarkIndex).filter((value) => typeof value === 'number');
    if (indexes.length > 0)
      console.log(
        `Lighthouse benchmark index of this machine: ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))} (median runs)`,
      );
    // Field figures next to the lab ones: the Web Vitals browsers sent with their visit-log batches,
    // as the gateway's admin /metrics histograms hold them. Here the browsers are the
    // bench's own Chromium visits (phone and desktop profile, unthrottled); in production, residents'.
    if (process.argv.includes('--no-field')) {
      console.log('\nField Web Vitals: skipped (--no-field)');
    } else
      try {
        log('field Web Vitals: visiting the pages in Chromium (phone and desktop)');
        await visitForField({
          base,
          paths: LIGHTHOUSE_PAGES.filter((page) => !page.needsEntity).map((page) => page.path),
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
      console.log(`  ${r.path.replace(/\?id=.*/, '?id=…')} LCP element: ${r.lcpElement}`);
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
      ...results.flatMap((r) => [
        {
          name: `Lighthouse mobile CLS ${r.path.replace(/\?id=.*/, '')}`,
          value: Math.round(r.numeric.CLS * 1000) / 1000,
          unit: '',
          target: '≤ 0.05',
          met: r.numeric.CLS <= 0.05,
        },
        ...(r.path === FIRST_PAGE
          ? [
              {
                name: `Lighthouse mobile LCP ${r.path}`,
                value: Math.round(r.numeric.LCP / 100) / 10,
                unit: 's',
                target: '≤ 2.5',
                met: r.numeric.LCP <= 2500,
              },
              {
                name: `Lighthouse mobile TBT ${r.path}`,
                value: Math.round(r.numeric.TBT),
                unit: 'ms',
                target: '≤ 200',
                met: r.numeric.TBT <= 200,
              },
            ]
          : []),
      ]),
      ...results.flatMap((r) =>
        ['performance', 'accessibility'].map((category) => ({
          name: `Lighthouse mobile ${category} ${r.path.replace(/\?id=.*/, '')}`,
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
    await other?.product.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (compareData) rmSync(compareData, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[bench/web] FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
