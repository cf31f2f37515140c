#!/usr/bin/env node
// The filtered double-disclosure (双公示) searches at a million records each (target: p95 ≤ 100 ms
// for any filter combination).
//
// Builds a temporary SQLite database with the built credit-service's migrations (packages/
// credit-service/dist, so migration 031's indexes are the ones measured), fills it with
// PUBLICITY_BENCH_ROWS (default 1,000,000) licences and as many penalties — authorities, decision
// dates over five years, categories, kinds, severities (a share 轻微 and repaired, which the
// search never shows), states and names drawn from a seeded PRNG — and runs the built
// repository (repositories/publicity-search.js, the search and its count, as a request runs them)
// for every combination of filters, page 1 and a later page, both sort orders, each value drawn
// anew per query, and then keywords most records hold (COMMON_KEYWORDS), alone, page 1 and page
// 20. Prints a table per combination to stderr and, as its last stdout line, { figures: [...] }
// as bench/run.mjs reads it. The database is removed at the end, unless
// PUBLICITY_BENCH_DB names where to keep it (an existing one there is reused, not filled again).
//
// Before and after in one run: PUBLICITY_BENCH_BASELINE names the dist directory of an earlier
// build of the credit-service (copied inside packages/credit-service, e.g. .tmp/baseline-dist, so
// that its imports resolve). The database is then migrated and filled with the baseline's
// migrations, the baseline's repository measured, the current migrations applied on the filled
// database (their time printed: what a deployment's migration costs at this size) and the current
// repository measured; the table gives both and their ratio.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'packages/credit-service/dist');
const require = createRequire(path.join(ROOT, 'packages/credit-service/package.json'));
const Database = require('better-sqlite3');

const env = process.env;
const ROWS = Number(env.PUBLICITY_BENCH_ROWS ?? 1_000_000);
const QUERIES = Number(env.PUBLICITY_BENCH_QUERIES ?? 20);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const TARGET_MS = 100;
const TODAY = '2026-12-05';
const log = (message) => process.stderr.write(`bench/publicity: ${message}\n`);

const KEEP = env.PUBLICITY_BENCH_DB ? path.resolve(env.PUBLICITY_BENCH_DB) : undefined;
const BASELINE = env.PUBLICITY_BENCH_BASELINE ? path.resolve(env.PUBLICITY_BENCH_BASELINE) : undefined;

/** A build's migrate() and repository factory. */
async function build(dist) {
  if (!fs.existsSync(path.join(dist, 'repositories/publicity-search.js')))
    throw new Error(`${dist} is missing a build: run \`npm run build\` first`);
  const { migrate } = await import(pathToFileURL(path.join(dist, 'db/migrate.js')).href);
  const { createPublicitySearchRepository } = await import(
    pathToFileURL(path.join(dist, 'repositories/publicity-search.js')).href
  );
  return { migrate, createPublicitySearchRepository };
}
const current = await build(DIST);
const baseline = BASELINE ? await build(BASELINE) : undefined;
const shared = await import(pathToFileURL(require.resolve('@credit-portal/shared')).href);
const { LICENCE_CATEGORIES, PENALTY_KINDS, PENALTY_SEARCH_STATES } = shared;

// Mulberry32: the same data every run, and the same queries for every build measured.
const SEED = 20261205;
let state = SEED;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (items) => items[Math.floor(random() * items.length)];
const DAY_MS = 86_400_000;
const START = Date.UTC(2021, 11, 6);
const SPAN_DAYS = Math.round((Date.parse(`${TODAY}T00:00:00Z`) - START) / DAY_MS);
const day = (n) => new Date(START + n * DAY_MS).toISOString().slice(0, 10);
const addDays = (date, n) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

const DISTRICTS = ['东湖区', '西湖区', '青云谱区', '青山湖区', '新建区', '红谷滩区', '南昌县', '进贤县', '安义县'];
const AGENCIES = ['市场监督管理局', '生态环境局', '应急管理局', '税务局', '城市管理局', '交通运输局', '卫生健康委员会'];
const AUTHORITIES = DISTRICTS.flatMap((d) => AGENCIES.map((a) => `南昌市${d}${a}`));
const WORDS = '华兴昌盛鑫源泰丰瑞达宏远恒通金利永安嘉禾天成福康新宇锦程博远'.split('');
const TRADES = ['商贸', '科技', '餐饮', '建材', '物流', '药业', '食品', '汽修'];
const name = () => `南昌${pick(WORDS)}${pick(WORDS)}${pick(TRADES)}有限公司`;
const COUNTERPART = ['SHXYM', 'ZZJG', 'GSZC', 'SWDJ', 'SYDW', 'SHZZ'];

/**
 * Migrates with `build`'s migrations and fills the tables. Their indexes are dropped while filling
 * and created again after: a sorted build is many times faster than a million ordered inserts
 * into each. Same definitions, same result. Triggers stay: a build's gram indexes (migration 034)
 * are filled by them, row by row, as a publication would.
 */
function fill(db, build) {
  build.migrate(db);
  const began = Date.now();
  const indexes = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('licences', 'penalties') AND sql IS NOT NULL",
    )
    .all();
  for (const { name } of indexes) db.exec(`DROP INDEX ${name}`);
  insertRows(db);
  for (const { sql } of indexes) db.exec(sql);
  db.exec('ANALYZE');
  log(`filled ${ROWS} licences and ${ROWS} penalties in ${((Date.now() - began) / 1000).toFixed(0)} s`);
}

function insertRows(db) {
  const licence = db.prepare(`INSERT INTO licences (XK_XDR_LB, XK_WSH, XK_XKZS, XK_XKLB, XK_XKBH, XK_NR, XK_XDR_MC,
    ${COUNTERPART.map((c) => `XK_XDR_${c}`).join(', ')}, XK_FRDB, XK_JDRQ, XK_YXQZ, XK_YXQZI, XK_XKJG, XK_XKJGDM,
    XK_LYDW, XK_LYDWDM, UPDATETIME)
    VALUES ('法人及非法人组织', @wsh, '食品经营许可证', @category, @wsh, '食品销售', @name, @code, '', '', '', '', '',
      '张三', @date, @date, @until, @authority, '11360100', @authority, '11360100', @date || ' 09:00:00')`);
  const penalty =
    db.prepare(`INSERT INTO penalties (CF_XDR_LB, CF_WSH, CF_CFLB, CF_NR_FK, CF_NR_WFFF, CF_NR_ZKDX, CF_SY,
    ${COUNTERPART.map((c) => `CF_XDR_${c}`).join(', ')}, CF_YJ, CF_NR, CF_WFXW, CF_XDR_MC, CF_FRDB, CF_JDRQ, CF_CFJG,
    CF_GSJZQ, CF_SJLY, CF_ZT, UPDATETIME, severity, repaired_on, CF_XDR_ZJLX, CF_XDR_ZJHM)
    VALUES ('法人及非法人组织', @wsh, @kinds, '0.5', '0', '', '违法事实', @code, '', '', '', '', '', '依据', '罚款', '违法行为',
      @name, '张三', @date, @authority, @until, @authority, @state, @date || ' 09:00:00', @severity, @repaired, '', '')`);
  const insertAll = db.transaction(() => {
    for (let i = 1; i <= ROWS; i += 1) {
      const date = day(Math.floor(random() * SPAN_DAYS));
      const authority = pick(AUTHORITIES);
      const code = `91360100MA${String(i).padStart(8, '0')}`;
      licence.run({
        wsh: `洪许〔${date.slice(0, 4)}〕${i}号`,
        category: pick(LICENCE_CATEGORIES),
        name: name(),
        code,
        date,
        until: addDays(date, 1825),
        authority,
      });
      const r = random();
      const severity = r < 0.15 ? '轻微' : r < 0.8 ? '一般' : '严重';
      const kinds = PENALTY_KINDS.filter((_, k) => (k === 2 ? random() < 0.8 : random() < 0.15));
      penalty.run({
        wsh: `洪罚〔${date.slice(0, 4)}〕${i}号`,
        kinds: (kinds.length ? kinds : ['罚款']).join(';'),
        name: name(),
        code,
        date,
        authority: pick(AUTHORITIES),
        until: addDays(date, severity === '严重' ? 365 * 3 : 365),
        state: pick(['正常', '正常', '正常', '正常', '正常', '正常', '正常', '正常', '信用修复中', '异议处理中']),
        severity,
        repaired: severity !== '轻微' && random() < 0.08 ? addDays(date, 100) : null,
      });
      if (i % 200_000 === 0) log(`${i} of ${ROWS} rows each`);
    }
  });
  insertAll();
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A filter value drawn anew for each query. */
const DRAW = {
  keyword: () => pick(WORDS) + pick(WORDS),
  authority: () => pick(AUTHORITIES),
  dates: () => {
    const from = day(Math.floor(random() * (SPAN_DAYS - 120)));
    return { dateFrom: from, dateTo: addDays(from, 30 + Math.floor(random() * 330)) };
  },
  category: () => pick(LICENCE_CATEGORIES),
  kind: () => pick(PENALTY_KINDS),
  severity: () => pick(['一般', '严重']),
  state: () => pick(PENALTY_SEARCH_STATES),
};

/**
 * Keywords most records hold: a character of the names' middle (6.5 %), a year of the document
 * numbers, the city, the company form (every name) and the penalties' document prefix, and 昌华
 * (the city's last character and a first name character: 3.3 %).
 */
const COMMON_KEYWORDS = ['华', '2024', '南昌', '有限公司', '洪罚', '昌华'];

const subsets = (items) =>
  Array.from({ length: 2 ** items.length }, (_, mask) => items.filter((_, i) => mask & (1 << i)));

function measure(run, filterNames, fixedOffset) {
  const times = [];
  const cpu = [];
  let matches = 0;
  for (let q = 0; q < QUERIES; q += 1) {
    const filter = { sort: q % 2 ? 'asc' : 'desc' };
    for (const f of filterNames) {
      const value = DRAW[f]();
      if (f === 'dates') Object.assign(filter, value);
      else if (f === 'keyword' || f === 'common') filter.searchWord = value;
      else filter[f] = value;
    }
    // Page 1 and, every fourth query, page 20: what paging through a result costs.
    const offset = fixedOffset ?? (q % 4 === 3 ? 190 : 0);
    const started = process.hrtime.bigint();
    const cpuStarted = process.cpuUsage();
    const page = run(filter, { offset, limit: 10 });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    // CPU time too: on a shared machine the wall clock includes waiting for a core.
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    matches += page.total;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1),
    cpuP95: percentile(cpu, 95),
    meanMatches: matches / QUERIES,
  };
}

/** Every filter combination of both searches through a build's repository. */
function measureAll(db, createPublicitySearchRepository) {
  state = SEED + 1;
  const search = createPublicitySearchRepository(db);
  const runs = {
    licences: { run: (f, s) => search.licences(f, s), filters: ['keyword', 'authority', 'dates', 'category'] },
    penalties: {
      run: (f, s) => search.penalties(f, TODAY, s),
      filters: ['keyword', 'authority', 'dates', 'kind', 'severity', 'state'],
    },
  };
  const results = [];
  for (const [table, { run, filters }] of Object.entries(runs))
    for (const combination of subsets(filters))
      results.push({
        label: `${table}: ${combination.length ? combination.join('+') : '(no filter)'}`,
        ...measure(run, combination),
      });
  // Keywords most records hold (the drawn ones are rare), each alone, page 1 and a later page.
  for (const [table, { run }] of Object.entries(runs))
    for (const keyword of COMMON_KEYWORDS)
      for (const offset of [0, 190]) {
        DRAW.common = () => keyword;
        results.push({
          label: `${table}: common keyword ${keyword} page ${offset / 10 + 1}`,
          ...measure(run, ['common'], offset),
        });
      }
  return results;
}

const ms = (value) => `${value.toFixed(1).padStart(7)} ms`;
const ratio = (before, after) => `${(after / before).toFixed(2).padStart(6)}×`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publicity-bench-'));
const file = KEEP ?? path.join(dir, 'bench.sqlite');
const filled = KEEP !== undefined && fs.existsSync(KEEP);
const figures = [];
try {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  if (filled) log(`reusing ${file}`);
  else fill(db, baseline ?? current);
  db.close();
  // The measured searches run on a fresh connection, as a service's would after a restart.
  const reopen = () => {
    const connection = new Database(file);
    connection.pragma('journal_mode = WAL');
    return connection;
  };
  let before;
  if (baseline) {
    const connection = reopen();
    baseline.migrate(connection);
    log(`baseline ${BASELINE}: load average before its queries ${load()}`);
    before = measureAll(connection, baseline.createPublicitySearchRepository);
    connection.close();
  }
  const connection = reopen();
  const migrating = Date.now();
  current.migrate(connection);
  log(`current migrations applied in ${((Date.now() - migrating) / 1000).toFixed(1)} s; load average ${load()}`);
  const after = measureAll(connection, current.createPublicitySearchRepository);
  connection.close();
  const lines = after.map((result, i) => {
    const base = before?.[i];
    const then = base ? `before p50 ${ms(base.p50)} p95 ${ms(base.p95)} cpu p95 ${ms(base.cpuP95)}  after ` : '';
    const ratios = base
      ? `  ratio p50 ${ratio(base.p50, result.p50)} p95 ${ratio(base.p95, result.p95)} cpu p95 ${ratio(base.cpuP95, result.cpuP95)}`
      : '';
    return `${result.label.padEnd(62)} ${then}p50 ${ms(result.p50)}  p95 ${ms(result.p95)}  max ${ms(result.max)}  cpu p95 ${ms(result.cpuP95)}  ~${Math.round(result.meanMatches)} matches${ratios}`;
  });
  let worst = { p95: 0, name: '' };
  let worstCpu = { p95: 0, name: '' };
  for (const result of after) {
    if (result.p95 > worst.p95) worst = { p95: result.p95, name: result.label };
    if (result.cpuP95 > worstCpu.p95) worstCpu = { p95: result.cpuP95, name: result.label };
    figures.push({ name: `publicity ${result.label} p95`, value: Number(result.p95.toFixed(2)), unit: 'ms' });
  }
  console.error(lines.join('\n'));
  log(`worst p95 ${worst.p95.toFixed(1)} ms (${worst.name}); target ≤ ${TARGET_MS} ms; load average after ${load()}`);
  log(`worst CPU-time p95 ${worstCpu.p95.toFixed(1)} ms (${worstCpu.name})`);
  figures.unshift(
    { name: 'publicity worst combination p95', value: Number(worst.p95.toFixed(2)), unit: 'ms', target: TARGET_MS },
    { name: 'publicity worst combination CPU-time p95', value: Number(worstCpu.p95.toFixed(2)), unit: 'ms' },
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ figures }));
