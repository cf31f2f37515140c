#!/usr/bin/env node
// Entity search at a million entities, measured through the gateway (target 4).
//
// Seeds SEARCH_BENCH_ENTITIES (default 1,000,000) entities with the built seed CLI — or reuses a
// database cached under SEARCH_BENCH_CACHE_DIR (default <tmp>/credit-portal-bench/search), keyed on
// the entity count, the PRNG seed and a hash of the built seed and schema code — starts the
// credit-service and a gateway on free ports, and measures p50/p95 per keyword class, sequential
// and with SEARCH_BENCH_CONCURRENCY (default 8) requests in flight, and the same two against the
// credit-service directly (no target: they show what the gateway adds). Every request carries a keyword
// no other request of the run uses (the gateway never caches entity search; distinct keywords make
// sure nothing else can answer from memory either). Every answer is checked. Progress goes to
// stderr; the last line of stdout is the JSON `{ figures: [...] }` that bench/run.mjs reads.
// Exits non-zero when anything fails; everything it starts is stopped on the way out.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVICE_DIST = path.join(ROOT, 'packages/credit-service/dist');
const GATEWAY_DIST = path.join(ROOT, 'packages/server/dist');
const SEARCH_PATH = '/api/dmenterprise/entsearch';
const TARGET_MS = 50;
const LIMIT = 200;

const env = process.env;
const ENTITIES = positiveInt('SEARCH_BENCH_ENTITIES', 1_000_000);
const SEED = positiveInt('SEARCH_BENCH_SEED', 20260101);
const SEQUENTIAL = positiveInt('SEARCH_BENCH_SEQUENTIAL', 200);
const CONCURRENT = positiveInt('SEARCH_BENCH_CONCURRENT_REQUESTS', 400);
const CONCURRENCY = positiveInt('SEARCH_BENCH_CONCURRENCY', 8);
// The credit-service's search threads (its SEARCH_WORKERS, with its default): passed on explicitly and reported.
const SEARCH_WORKERS = env.SEARCH_WORKERS || String(Math.min(2, os.availableParallelism()));
const CACHE_ROOT = path.resolve(env.SEARCH_BENCH_CACHE_DIR ?? path.join(os.tmpdir(), 'credit-portal-bench', 'search'));

const log = (message) => process.stderr.write(`bench/search: ${message}\n`);

function positiveInt(name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return Number(raw);
}

/** Processes started by this run, stopped on every way out. */
const children = new Set();

function start(name, script, childEnv) {
  const merged = { ...env, ...childEnv };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete merged[key];
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: merged,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.exited.then(({ code, signal }) => {
    children.delete(child);
    if (!child.stopping) log(`${name} exited early (code ${code}, signal ${signal})\n${stderr}`);
  });
  child.label = name;
  children.add(child);
  return child;
}

async function stopAll() {
  await Promise.all(
    [...children].map(async (child) => {
      child.stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await child.exited;
      clearTimeout(timer);
    }),
  );
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    void stopAll().finally(() => process.exit(130));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One HTTP request: { status, body (string), ms }. */
function request(port, method, urlPath, payload) {
  return new Promise((resolve, reject) => {
    const body = payload === undefined ? undefined : Buffer.from(JSON.stringify(payload));
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent,
        headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {},
        timeout: 30_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            cache: res.headers['x-cache'],
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function waitFor(what, child, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!children.has(child)) throw new Error(`${what} exited before it was ready`);
    try {
      if (await probe()) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} not ready after ${timeoutMs / 1000}s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A hash of the built code that decides what a seeded database holds. */
function seedVersion() {
  const hash = crypto.createHash('sha256');
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) files.push(full);
    }
  };
  walk(path.join(SERVICE_DIST, 'demo', 'seed'));
  walk(path.join(SERVICE_DIST, 'db'));
  for (const file of files) hash.update(path.relative(SERVICE_DIST, file)).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function databaseBytes(dir) {
  return ['credit.sqlite', 'credit.sqlite-wal']
    .map((f) => path.join(dir, f))
    .filter((f) => fs.existsSync(f))
    .reduce((sum, f) => sum + fs.statSync(f).size, 0);
}

/** The seeded database of this configuration: reused when cached, else seeded and cached. */
async function seededDatabase() {
  const dir = path.join(CACHE_ROOT, `${ENTITIES}-${SEED}-${seedVersion()}`);
  const metaFile = path.join(dir, 'seed.json');
  if (fs.existsSync(metaFile)) {
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
    log(
      `reusing ${dir} (seeded in ${meta.seconds.toFixed(1)}s, CPU ${meta.cpuSeconds.toFixed(1)}s, ${(meta.bytes / 1e6).toFixed(0)} MB)`,
    );
    return { dir, ...meta, cached: true };
  }
  fs.mkdirSync(CACHE_ROOT, { recursive: true });
  const work = fs.mkdtempSync(path.join(CACHE_ROOT, 'seeding-'));
  log(`seeding ${ENTITIES} entities into ${work} (this takes minutes at a million)`);
  const started = performance.now();
  const seeder = spawn(
    process.execPath,
    [
      path.join(SERVICE_DIST, 'demo/seed/cli.js'),
      '--entities',
      String(ENTITIES),
      '--seed',
      String(SEED),
      '--data-dir',
      work,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  children.add(seeder);
  seeder.label = 'seed';
  let stderr = '';
  seeder.stderr.on('data', (chunk) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  const { code } = await new Promise((resolve) => seeder.on('exit', (c, signal) => resolve({ code: c, signal })));
  children.delete(seeder);
  if (code !== 0) {
    fs.rmSync(work, { recursive: true, force: true });
    throw new Error(`the seed CLI failed (exit ${code}): ${stderr.trim().split('\n').pop()}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const bytes = databaseBytes(work);
  // The CLI's own CPU time (user + system): the wall time on a shared machine depends on the others.
  const cpu = /CPU ([\d.]+)s/.exec(stderr);
  if (!cpu) throw new Error(`the seed CLI did not report its CPU time: ${stderr.trim().split('\n').pop()}`);
  const cpuSeconds = Number(cpu[1]);
  fs.writeFileSync(
    path.join(work, 'seed.json'),
    JSON.stringify({ entities: ENTITIES, seed: SEED, seconds, cpuSeconds, bytes }),
  );
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(work, dir);
  // Databases of older seed code are of no more use (≈ 1.2 GB each at a million).
  for (const old of fs.readdirSync(CACHE_ROOT)) {
    if (old.startsWith(`${ENTITIES}-${SEED}-`) && path.join(CACHE_ROOT, old) !== dir) {
      log(`removing the outdated ${old}`);
      fs.rmSync(path.join(CACHE_ROOT, old), { recursive: true, force: true });
    }
  }
  return { dir, entities: ENTITIES, seed: SEED, seconds, cpuSeconds, bytes, cached: false };
}

/** A deterministic PRNG (mulberry32), so a run's keywords are the same every time. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Distinct keywords per class, read from the seeded database (read-only): bigrams by how many
 * names hold them, substrings of random names, random credit codes and their prefixes.
 */
function pickKeywords(dir, perClass) {
  const require = createRequire(path.join(ROOT, 'packages/credit-service/package.json'));
  const Database = require('better-sqlite3');
  const db = new Database(path.join(dir, 'credit.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const hasBigrams = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entity_bigrams'").get();
    if (!hasBigrams) throw new Error('the seeded database has no entity_bigrams table (migration 13)');
    const random = prng(SEED ^ 0x5ea4c4);
    const maxId = db.prepare('SELECT MAX(id) FROM entities').pluck().get();
    const byId = db.prepare('SELECT name, credit_code FROM entities WHERE id >= ? ORDER BY id LIMIT 1');
    const randomEntity = () => byId.get(1 + Math.floor(random() * maxId));
    const used = new Set();
    const take = (pool, count, what) => {
      const out = [];
      for (const k of pool) {
        if (out.length === count) break;
        if (!used.has(k)) {
          used.add(k);
          out.push(k);
        }
      }
      if (out.length < count) throw new Error(`only ${out.length} distinct ${what} keywords, need ${count}`);
      return out;
    };
    const shuffle = (list) => {
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [list[i], list[j]] = [list[j], list[i]];
      }
      return list;
    };
    // Bigrams of plain characters (no ASCII, no brackets), with their number of names.
    log('counting bigrams');
    const counts = db
      .prepare(
        `SELECT gram, COUNT(*) AS n FROM entity_bigrams
         WHERE gram GLOB '[^ -~（）]*' AND gram GLOB '*[^ -~（）]' GROUP BY gram`,
      )
      .all();
    // Rare: fewer hits than the answer limit, so a scan had to read every name to find them all.
    const rare = shuffle(counts.filter((c) => c.n < LIMIT).map((c) => c.gram));
    const common = shuffle(counts.filter((c) => c.n > LIMIT).map((c) => c.gram));
    const fromNames = (count, make) => {
      const pool = new Set();
      for (let guard = 0; pool.size < count * 2 && guard < count * 50; guard++) pool.add(make(randomEntity()));
      pool.delete(null);
      return [...pool];
    };
    // Full-width brackets and spaces are normalized away from keywords (toHalfWidth), so a
    // substring holding one would not match its own name: names are cut at them.
    const substring = (e) => {
      const parts = e.name.split(/[\uFF01-\uFF5E\u3000\s]/).filter((p) => Array.from(p).length >= 3);
      if (parts.length === 0) return null;
      const chars = Array.from(parts[Math.floor(random() * parts.length)]);
      const length = 3 + Math.floor(random() * Math.min(6, chars.length - 2));
      const from = Math.floor(random() * (chars.length - length + 1));
      return chars.slice(from, from + length).join('');
    };
    const hits = new Map(counts.map((c) => [c.gram, c.n]));
    // Absent: two characters of the names' alphabet that no name holds side by side (a typo, a
    // name that is not there): no hits at all, the worst case for a scan.
    const alphabet = [...new Set(counts.flatMap((c) => Array.from(c.gram)))];
    const absent = [];
    for (let guard = 0; absent.length < perClass * 2 && guard < perClass * 100; guard++) {
      const gram = alphabet[Math.floor(random() * alphabet.length)] + alphabet[Math.floor(random() * alphabet.length)];
      if (!hits.has(gram)) absent.push(gram);
    }
    for (const gram of absent) hits.set(gram, 0);
    // The index against a full scan, for a few of them: the answers are checked against these counts.
    const scan = db.prepare('SELECT COUNT(*) FROM entities WHERE instr(name, ?) > 0').pluck();
    for (const gram of [...rare.slice(0, 3), ...absent.slice(0, 2)]) {
      if (scan.get(gram) !== hits.get(gram)) {
        throw new Error(`the bigram index holds ${hits.get(gram)} names for "${gram}", a scan finds ${scan.get(gram)}`);
      }
    }
    // The forgiving search. Keys of the names (pinyin per character) come from the
    // service's own table (migration 18), filled when the service first started on this database.
    const keysReady = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entity_search_keys'").get();
    if (!keysReady) throw new Error('the seeded database has no entity_search_keys table (migration 18)');
    const keysOf = db.prepare('SELECT syllables FROM entity_search_keys WHERE entity_id = ?').pluck();
    const entityAt = db.prepare('SELECT id, name, legal_rep FROM entities WHERE id >= ? ORDER BY id LIMIT 1');
    const randomRow = () => entityAt.get(1 + Math.floor(random() * maxId));
    const fromRows = (count, make) => {
      const pool = new Set();
      for (let guard = 0; pool.size < count * 2 && guard < count * 50; guard++) pool.add(make(randomRow()));
      pool.delete(null);
      return [...pool];
    };
    /** The part of a name after the region (云州市, 云州, a district): trade name and industry. */
    const tradePart = (name) => Array.from(name.replace(/^云州市?(东湖区|西山区|南港区|北岭区|青屿区)?/, ''));
    const cnToTw = createRequire(path.join(ROOT, 'packages/credit-service/package.json'))('opencc-js').Converter({
      from: 'cn',
      to: 'tw',
    });
    const window = (chars, length) => {
      if (chars.length < length) return null;
      const from = Math.floor(random() * (chars.length - length + 1));
      return { from, text: chars.slice(from, from + length) };
    };
    return {
      hits,
      classes: {
        'several words, any order': take(
          fromRows(perClass, (e) => {
            // Two pieces of one name, in the opposite order: 佳天 北岭区-style.
            const chars = Array.from(e.name);
            const trade = tradePart(e.name);
            const first = window(trade, 2 + Math.floor(random() * 2));
            const second = window(chars.slice(0, chars.length - trade.length), 2);
            return first && second ? `${first.text.join('')} ${second.text.join('')}` : null;
          }),
          perClass,
          'several-word',
        ),
        // What people type: the trade part from its start (字号 and industry, 佳天科技), one
        // character after the first replaced by a random one of the names' alphabet — not a
        // homophone (an input method's usual slip, which the pinyin index catches), the harder case.
        'one wrong character (4-6)': take(
          fromRows(perClass, (e) => {
            const trade = tradePart(e.name);
            const length = 4 + Math.floor(random() * 3);
            if (trade.length < length) return null;
            const text = trade.slice(0, length);
            text[1 + Math.floor(random() * (length - 1))] = alphabet[Math.floor(random() * alphabet.length)];
            const keyword = text.join('');
            if (!nearSources.has(keyword)) nearSources.set(keyword, String(e.id));
            return keyword;
          }),
          perClass,
          'one-wrong-character',
        ),
        'pinyin initials (4)': take(
          fromRows(perClass, (e) => {
            const syllables = keysOf.get(e.id)?.split(' ');
            const w = syllables && window(syllables.slice(Array.from(e.name).length - tradePart(e.name).length), 4);
            return w && w.text.every((p) => /^[a-z]/.test(p)) ? w.text.map((p) => p[0]).join('') : null;
          }),
          perClass,
          'pinyin initials',
        ),
        'full pinyin (2-3 syllables)': take(
          fromRows(perClass, (e) => {
            const syllables = keysOf.get(e.id)?.split(' ');
            const w =
              syllables &&
              window(
                syllables.slice(Array.from(e.name).length - tradePart(e.name).length),
                2 + Math.floor(random() * 2),
              );
            return w && w.text.every((p) => /^[a-z]+$/.test(p)) ? w.text.join('') : null;
          }),
          perClass,
          'full pinyin',
        ),
        'legal representative': take(
          fromRows(perClass, (e) => e.legal_rep),
          perClass,
          'legal representative',
        ),
        'traditional characters (3-6)': take(
          fromRows(perClass, (e) => {
            const w = window(tradePart(e.name), 3 + Math.floor(random() * 4));
            const text = w && cnToTw(w.text.join(''));
            return text && text !== w.text.join('') ? text : null;
          }),
          perClass,
          'traditional',
        ),
        'full-width brackets': take(
          fromRows(perClass * 4, (e) => {
            const at = e.name.indexOf('（');
            if (at < 0) return null;
            const chars = Array.from(e.name);
            const start = Array.from(e.name.slice(0, at)).length;
            // Back into the trade name (字号), so that the keywords differ: 佳天咨询服务合伙企业（有限.
            const from = Math.max(0, start - 9 - Math.floor(random() * 4));
            return chars.slice(from, start + 1 + Math.floor(random() * 5)).join('');
          }),
          perClass,
          'full-width bracket',
        ),
        'rare 2-character name': take(rare, perClass, 'rare bigram'),
        'common 2-character name': take(common, perClass, 'common bigram'),
        'absent 2-character name': take(absent, perClass, 'absent bigram'),
        'name, 3-8 characters': take(fromNames(perClass, substring), perClass, 'name substring'),
        'exact credit code': take(
          fromNames(perClass, (e) => e.credit_code),
          perClass,
          'credit code',
        ),
        'credit code prefix (8-14)': take(
          fromNames(perClass, (e) => e.credit_code.slice(0, 8 + Math.floor(random() * 7))),
          perClass,
          'credit code prefix',
        ),
      },
    };
  } finally {
    db.close();
  }
}

/** The entity each wrong-character keyword was made from, and how often the answer held it. */
const nearSources = new Map();
const nearRecall = { found: 0, asked: 0, counted: new Set() };

/** Checks one answer against its keyword's class; throws on anything wrong. */
function check(className, keyword, res, hits) {
  if (res.status !== 200) throw new Error(`${className} "${keyword}": HTTP ${res.status} ${res.body.slice(0, 200)}`);
  if (res.cache === 'HIT') throw new Error(`${className} "${keyword}": answered from the gateway's cache`);
  const body = JSON.parse(res.body);
  // The gateway answers in its normalized envelope { ok, code, message, data }, the credit-service
  // in its own { ErrorCode, Data, Msg }.
  const data = body.ok === true ? body.data : body.ErrorCode === 200 ? body.Data : null;
  if (!Array.isArray(data)) throw new Error(`${className} "${keyword}": unexpected answer ${res.body.slice(0, 200)}`);
  const fail = (what) => {
    throw new Error(`${className} "${keyword}": ${what} (${data.length} rows)`);
  };
  // Name hits come first; near matches, legal representatives' and pinyin hits follow.
  const names = data.filter((e) => e.Match === undefined || e.Match === 'name');
  if (className.includes('2-character')) {
    // A pair that is also a person's name (金海) leaves room for that person's entities.
    const expected = Math.min(hits.get(keyword), LIMIT - data.filter((e) => e.Match === 'legalRep').length);
    if (names.length !== expected) fail(`expected ${expected} name rows`);
    if (!names.every((e) => e.EntName.includes(keyword))) fail('a name row without the keyword');
  } else if (className.startsWith('name')) {
    if (names.length === 0 || !names.every((e) => e.EntName.includes(keyword)))
      fail('no name rows, or one without the keyword');
  } else if (className.startsWith('several words')) {
    const words = keyword.split(' ');
    if (names.length === 0 || !names.every((e) => words.every((w) => e.EntName.includes(w))))
      fail('no name rows, or one without a word');
  } else if (className.startsWith('one wrong')) {
    // Not every keyword finds its entity (a wrong character inside a trade name whose other
    // bigrams are all common); how many do is reported as a figure.
    // Counted once per keyword (the direct pass with several in flight asks the gateway's again).
    if (!nearRecall.counted.has(keyword)) {
      nearRecall.counted.add(keyword);
      nearRecall.asked += 1;
      if (data.some((e) => e.ID === nearSources.get(keyword))) nearRecall.found += 1;
    }
  } else if (className.includes('pinyin')) {
    if (!data.some((e) => e.Match === 'pinyin')) fail('no pinyin hit');
  } else if (className.startsWith('legal')) {
    if (!data.some((e) => e.Match === 'legalRep')) fail('no entity of the legal representative');
  } else if (className.startsWith('traditional') || className.startsWith('full-width')) {
    if (names.length === 0) fail('no name hit');
  } else if (className.startsWith('exact')) {
    if (data[0]?.CreditCode !== keyword) fail('the code is not the first row');
  } else if (data.length === 0 || !data.some((e) => e.CreditCode.startsWith(keyword))) {
    fail('no entity with the code prefix');
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(port, className, keywords, concurrency, hits) {
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < keywords.length) {
      const keyword = keywords[next++];
      const res = await request(port, 'POST', SEARCH_PATH, { EntNameOrCreditCode: keyword });
      check(className, keyword, res, hits);
      times.push(res.ms);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1), n: times.length };
}

async function main() {
  for (const [what, dir] of [
    ['credit-service', SERVICE_DIST],
    ['gateway', GATEWAY_DIST],
  ]) {
    if (!fs.existsSync(path.join(dir, what === 'gateway' ? 'server.js' : 'demo/seed/cli.js'))) {
      throw new Error(`${path.relative(ROOT, dir)} is missing: run \`npm run build\` first`);
    }
  }
  const seeded = await seededDatabase();
  const perClass = 2 * SEQUENTIAL + CONCURRENT;

  const [servicePort, gatewayPort, adminPort] = [await freePort(), await freePort(), await freePort()];
  const service = start('credit-service', path.join(SERVICE_DIST, 'server.js'), {
    CREDIT_SERVICE_PORT: String(servicePort),
    CREDIT_SERVICE_HOST: '127.0.0.1',
    DEMO_STANDINS: 'on',
    // Every search comes from the gateway on one address: the service's per-client limits out of the way.
    RATE_LIMIT_STRICT_MAX: '10000000',
    RATE_LIMIT_MAX: '10000000',
    DATA_DIR: seeded.dir,
    LOG_LEVEL: 'warn',
    SEARCH_WORKERS,
    SEED_ENTITIES: String(ENTITIES),
    CREDIT_SERVICE_SEED: String(SEED),
  });
  // A new database's first start computes every name's search keys (pinyin, folded names;
  // migration 18), ≈ 1–2 minutes at a million; later starts find none to compute.
  const startedAt = performance.now();
  await waitFor(
    'the credit-service',
    service,
    async () => (await request(servicePort, 'GET', '/healthz')).status === 200,
    900_000,
  );
  const startSeconds = (performance.now() - startedAt) / 1000;
  log(`credit-service ready after ${startSeconds.toFixed(1)}s (SEARCH_WORKERS=${SEARCH_WORKERS})`);
  // Keywords are drawn once the service has computed the keys they are drawn from.
  const { classes, hits } = pickKeywords(seeded.dir, perClass + 10);
  const gateway = start('gateway', path.join(GATEWAY_DIST, 'server.js'), {
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_HOST: '127.0.0.1',
    ADMIN_PORT: String(adminPort),
    // The credit-service's admin listener is not what this run looks at: off, so no fixed port is taken.
    CREDIT_SERVICE_ADMIN_PORT: '0',
    ADMIN_HOST: '127.0.0.1',
    CREDIT_SERVICE_PORT: String(servicePort),
    CREDIT_API_URL: `http://127.0.0.1:${servicePort}`,
    CMS_API_URL: `http://127.0.0.1:${servicePort}`,
    REPORT_API_URL: `http://127.0.0.1:${servicePort}`,
    LOG_LEVEL: 'warn',
    // In-process cache only; entity search is never cached (route policy), and every keyword is new.
    REDIS_URL: undefined,
    RATE_LIMIT_STRICT_MAX: '10000000',
    RATE_LIMIT_MAX: '10000000',
  });
  await waitFor(
    'the gateway',
    gateway,
    async () => (await request(gatewayPort, 'POST', SEARCH_PATH, { EntNameOrCreditCode: '有限公司' })).status === 200,
    60_000,
  );

  // The first rare two-character search after start (the scan used to take ≈ 900 ms here).
  const names = Object.keys(classes);
  const firstKeyword = classes[names[0]].pop();
  const first = await request(gatewayPort, 'POST', SEARCH_PATH, { EntNameOrCreditCode: firstKeyword });
  check(names[0], firstKeyword, first, hits);
  log(`first rare 2-character search: ${first.ms.toFixed(1)} ms`);
  // Warm-up: a few requests per class, outside the figures (connections, JIT).
  for (const name of names) {
    for (const keyword of classes[name].splice(0, 9)) {
      check(name, keyword, await request(gatewayPort, 'POST', SEARCH_PATH, { EntNameOrCreditCode: keyword }), hits);
    }
  }

  const figures = [
    {
      name: `entity search: seeding ${ENTITIES.toLocaleString('en')} entities${seeded.cached ? ' (cached run)' : ''}`,
      value: Number(seeded.seconds.toFixed(1)),
      unit: 's',
      target: 'reported',
      met: true,
    },
    {
      name: `entity search: seeding ${ENTITIES.toLocaleString('en')} entities, CPU time${seeded.cached ? ' (cached run)' : ''}`,
      value: Number(seeded.cpuSeconds.toFixed(1)),
      unit: 's',
      target: 'reported',
      met: true,
    },
    {
      name: `entity search: database size at ${ENTITIES.toLocaleString('en')} entities`,
      value: Number((seeded.bytes / 1e6).toFixed(0)),
      unit: 'MB',
      target: 'reported',
      met: true,
    },
    {
      name: 'entity search: credit-service start on this database (a new one: computing every search key)',
      value: Number(startSeconds.toFixed(1)),
      unit: 's',
      target: 'reported',
      met: true,
    },
    {
      name: 'entity search: credit-service search threads (SEARCH_WORKERS; 0: on its main thread)',
      value: Number(SEARCH_WORKERS),
      unit: 'threads',
      target: 'reported',
      met: true,
    },
    {
      name: 'entity search: first rare 2-character search after start',
      value: Number(first.ms.toFixed(1)),
      unit: 'ms',
      target: 'reported',
      met: true,
    },
  ];
  for (const name of names) {
    const keywords = classes[name];
    const sequential = await measure(gatewayPort, name, keywords.slice(0, SEQUENTIAL), 1, hits);
    const concurrent = await measure(
      gatewayPort,
      name,
      keywords.slice(SEQUENTIAL, SEQUENTIAL + CONCURRENT),
      CONCURRENCY,
      hits,
    );
    // The same class straight at the credit-service: what the gateway adds is the difference.
    const direct = await measure(servicePort, name, keywords.slice(SEQUENTIAL + CONCURRENT, perClass), 1, hits);
    // …and with as many in flight: how the credit-service itself answers searches at once
    // (SEARCH_WORKERS: worker threads, or one at a time on its main thread). The keywords of the
    // gateway's pass again: the credit-service caches no answer, the same searches compare like
    // for like, and the draw of every other pass stays as it was.
    const directConcurrent = await measure(
      servicePort,
      name,
      keywords.slice(SEQUENTIAL, SEQUENTIAL + CONCURRENT),
      CONCURRENCY,
      hits,
    );
    for (const [mode, r, target] of [
      ['sequential', sequential, true],
      [`${CONCURRENCY} in flight`, concurrent, true],
      ['sequential, credit-service directly', direct, false],
      [`${CONCURRENCY} in flight, credit-service directly`, directConcurrent, false],
    ]) {
      log(
        `${name}, ${mode}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (${r.n} requests)`,
      );
      figures.push(
        {
          name: `entity search p50: ${name}, ${mode}`,
          value: Number(r.p50.toFixed(2)),
          unit: 'ms',
          target: '—',
          met: true,
        },
        {
          name: `entity search p95: ${name}, ${mode}`,
          value: Number(r.p95.toFixed(2)),
          unit: 'ms',
          target: target ? `≤ ${TARGET_MS} ms` : '—',
          met: target ? r.p95 <= TARGET_MS : true,
        },
      );
    }
  }
  figures.push({
    name: 'entity search: one wrong character, answers holding the entity the keyword was made from',
    value: Number(((100 * nearRecall.found) / Math.max(1, nearRecall.asked)).toFixed(1)),
    unit: '%',
    target: 'reported',
    met: true,
  });
  log(`one wrong character: ${nearRecall.found} of ${nearRecall.asked} answers hold their entity`);
  return figures;
}

let exitCode = 0;
try {
  const figures = await main();
  await stopAll();
  process.stdout.write(`${JSON.stringify({ figures })}\n`);
} catch (error) {
  exitCode = 1;
  log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
} finally {
  agent.destroy();
}
process.exit(exitCode);
