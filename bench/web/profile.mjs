#!/usr/bin/env node
// bench/web/profile.mjs: where a page load's long tasks go, named by the build's source maps.
// `node bench/web/profile.mjs [/#/index] [--rate 4] [--wait 6000]` from the repository root,
// after `npm run build`. Starts the product from its dist (as run.mjs does), loads the page in
// Debian's Chromium as a phone (412 × 823, CPU slowed `--rate` times through DevTools, no network
// throttling), records a trace and a sampling CPU profile together, and prints every task of the
// main thread longer than 100 ms: when it started, how long it took, and the functions that took
// its time — by their own time and with what they called — named through the build's hidden
// source maps (`packages/web/dist/assets/*.map`) as module:line. A diagnosis, not a figure: the
// times are DevTools' throttling, not Lighthouse's simulation (run.mjs gives those).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './first-page.mjs';
import { startBenchProduct } from './product.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'packages', 'web', 'dist');
const LONG_TASK_US = Number(process.env.LONG_TASK_MS ?? 100) * 1000;

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
}

const path = process.argv[2]?.startsWith('/') ? process.argv[2] : '/#/index';
const rate = Number(option('--rate', '4'));
const waitMs = Number(option('--wait', '6000'));

/** A profile frame as module:line of the sources, where the build has a map for its file. */
const consumers = new Map();
function frameName({ functionName, url, lineNumber, columnNumber }) {
  const file = url.replace(/.*\//, '');
  const map = join(DIST, 'assets', `${file}.map`);
  if (!file || !existsSync(map)) return `${functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
  if (!consumers.has(map)) consumers.set(map, new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))));
  const at = consumers.get(map).originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  const source = (at.source ?? file)
    .replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '')
    .replace(/^(\.\.\/)+/, '');
  return `${at.name ?? (functionName || '(anonymous)')} ${source}:${at.line ?? '?'}`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
const { product, base } = await startBenchProduct(dataDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
  });
  await cdp.send('Profiler.start');
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(waitMs);
  const { profile } = await cdp.send('Profiler.stop');
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;

  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  let time = profile.startTime;
  const samples = profile.samples.map((id, index) => [(time += profile.timeDeltas[index]), id]);
  // Times from the page's navigation start (not about:blank's, nor a frame's).
  const navigation =
    events.find(
      (event) =>
        event.name === 'navigationStart' &&
        event.args?.data?.isLoadingMainFrame &&
        String(event.args.data.documentLoaderURL).startsWith('http'),
    ) ?? events[0];
  const start = navigation.ts;
  // The renderer's main thread: the one that started the navigation.
  const onMainThread = (event) => event.pid === navigation.pid && event.tid === navigation.tid;
  const top = (counts, n, unit = (count) => `×${count}`) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, count]) => `${name} ${unit(count)}`)
      .join(' | ');

  console.log(
    `${path} at ${rate}× CPU: main-thread tasks over ${LONG_TASK_US / 1000} ms (samples every 0.1 ms of CPU)`,
  );
  for (const task of events.filter(
    (event) => event.name === 'RunTask' && event.dur > LONG_TASK_US && onMainThread(event),
  )) {
    const own = new Map();
    const within = new Map();
    for (const [at, id] of samples) {
      if (at < task.ts || at >= task.ts + task.dur) continue;
      const name = frameName(nodes.get(id).callFrame);
      own.set(name, (own.get(name) ?? 0) + 1);
      const seen = new Set();
      for (let node = id; node !== undefined; node = parents.get(node)) {
        const caller = frameName(nodes.get(node).callFrame);
        if (seen.has(caller) || /^\((root|program|idle)\)/.test(caller)) continue;
        seen.add(caller);
        within.set(caller, (within.get(caller) ?? 0) + 1);
      }
    }
    // The trace's own account of the task: the time of each kind of event in it (nested ones
    // count within their parents too), e.g. a style sheet's parsing or a layout beside the script.
    const kinds = new Map();
    for (const event of events) {
      if (event.ph !== 'X' || event.name === 'RunTask' || !onMainThread(event)) continue;
      if (event.ts < task.ts || event.ts >= task.ts + task.dur) continue;
      kinds.set(event.name, (kinds.get(event.name) ?? 0) + Math.round((event.dur ?? 0) / 1000));
    }
    console.log(`\n${Math.round((task.ts - start) / 1000)} ms: a task of ${Math.round(task.dur / 1000)} ms`);
    console.log(`  events:   ${top(kinds, 8, (ms) => `${ms} ms`)}`);
    console.log(`  own time: ${top(own, 8)}`);
    console.log(`  within:   ${top(within, 16)}`);
  }
} finally {
  await browser.close();
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
