// The gateway benchmarks: cache hits against nginx proxy_cache and a bare Node peer, /healthz,
// miss overhead, coalescing (one process and two on one Redis), RSS.
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { autocannon, cpuSeconds, fail, figure, percentile, request, rssMiB, sleep } from './lib.mjs';
import { checkRedis, deleteRedisPrefix, startBarePeer, startGateway, startNginx, upstreamCount } from './services.mjs';

const MRLB = '/Cms/mrlb';
const MRLB_BODY = JSON.stringify({ categoryId: '1001', pageIndex: 1, pageSize: 8 });
const JSON_HEADERS = { 'content-type': 'application/json' };
const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 100),
  duration: Number(process.env.BENCH_SECONDS ?? 10),
  warmup: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
};
/** N of the N-process runs: one gateway worker and one nginx worker per core (BENCH_PROCESSES). */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? availableParallelism());

/**
 * Warm-up, then the measured run, of POST /Cms/mrlb (or GET `path`). With `pid`, also the CPU time
 * the server (and its worker processes) used per answered request during the measured run: on a
 * shared machine a server's req/s swing with the others' load, its CPU cost per request much less.
 */
async function load(url, { method = 'POST', body = MRLB_BODY, headers = JSON_HEADERS, workers = 1, pid = null } = {}) {
  const options = {
    method,
    body: method === 'POST' ? body : undefined,
    headers,
    connections: LOAD.connections,
    workers,
  };
  await autocannon(url, { ...options, duration: LOAD.warmup });
  const cpuBefore = pid === null ? 0 : cpuSeconds(pid);
  const result = await autocannon(url, { ...options, duration: LOAD.duration });
  if (pid !== null) result.cpuUsPerRequest = ((cpuSeconds(pid) - cpuBefore) / result.total) * 1e6;
  return result;
}

/** Asserts the second identical request is a cache hit (x-cache or nginx's X-Cache-Status). */
async function expectHit(url, header) {
  return (await hitAnswer(url, header)).body;
}

/** The hit's body and headers (the second identical request, asserted to be a hit). */
async function hitAnswer(url, header) {
  await request(url, { method: 'POST', body: MRLB_BODY });
  const { headers, body } = await request(url, { method: 'POST', body: MRLB_BODY });
  if (headers.get(header) !== 'HIT') fail(`${url} did not answer from its cache (${header}: ${headers.get(header)})`);
  return { headers, body };
}

/**
 * Headers Node's http server adds itself, x-request-id (the peer makes one per answer), and the
 * coding of the sample (fetch asks for gzip; the peer sends the identity bytes, as the measured
 * hits are).
 */
const NOT_COPIED = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
  'content-encoding',
  'content-length',
]);

/** A hit's headers as a flat [name, value, …] block for `body`, x-request-id last, as the gateway writes them. */
function headerBlockOf(headers, body) {
  const block = [];
  for (const [name, value] of headers) if (!NOT_COPIED.has(name)) block.push(name, value);
  block.push('content-length', String(body.length), 'x-request-id', '');
  return block;
}

function itemsOf(body) {
  const parsed = JSON.parse(body.toString('utf8'));
  const data = parsed.data ?? parsed.Data ?? parsed;
  const list = data.list ?? data.List ?? data.items ?? data.rows ?? data.data;
  return Array.isArray(list) ? list.length : NaN;
}

export async function runGateway(credit, { log, cpuProfDir }) {
  const figures = [];
  const raw = {};
  const nodeArgs = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
  checkRedis();
  const prefix = `bench-${process.pid}-${randomBytes(3).toString('hex')}:`;

  try {
    // nginx proxy_cache in front of the same credit-service.
    const nginx = await startNginx(credit);
    raw.nginxVersion = nginx.version;
    const nginxBody = await expectHit(`${nginx.url}${MRLB}`, 'x-cache-status');
    log(`nginx: ${nginxBody.length} bytes, ${itemsOf(nginxBody)} items; measuring`);
    raw.nginx = await load(`${nginx.url}${MRLB}`, { pid: nginx.pid });
    await nginx.stop();

    // The gateway, in-process cache tier only.
    const gateway = await startGateway('gateway-memory', credit, { nodeArgs });
    const { body: gatewayBody, headers: gatewayHitHeaders } = await hitAnswer(`${gateway.url}${MRLB}`, 'x-cache');
    const items = itemsOf(gatewayBody);
    if (items !== 8) fail(`the gateway's /Cms/mrlb answer holds ${items} items, expected 8`);
    raw.payloadBytes = { gateway: gatewayBody.length, nginx: nginxBody.length };
    log(`gateway (in-process cache): ${gatewayBody.length} bytes, ${items} items; measuring`);
    raw.gatewayMemory = await load(`${gateway.url}${MRLB}`, { pid: gateway.pid });
    log('gateway (in-process cache) with Accept-Encoding: gzip, br');
    raw.gatewayMemoryCompressed = await load(`${gateway.url}${MRLB}`, {
      headers: { ...JSON_HEADERS, 'accept-encoding': 'gzip, deflate, br' },
    });
    log('gateway /healthz');
    raw.healthz = await load(`${gateway.url}/healthz`, { method: 'GET', headers: {} });
    raw.rssAfterHitsMiB = rssMiB(gateway.pid);

    // Miss overhead: unique keys, sequential, interleaved with the same calls straight to the credit-service.
    log('miss overhead (sequential cold requests, gateway vs credit-service)');
    const viaGateway = [];
    const direct = [];
    for (let i = 0; i < 400; i += 1) {
      const body = JSON.stringify({ categoryId: '1001', pageIndex: 1, pageSize: 8, searchWord: `miss-${prefix}-${i}` });
      for (const [target, into] of [
        [gateway.url, viaGateway],
        [credit.url, direct],
      ]) {
        const started = performance.now();
        const answer = await request(`${target}${MRLB}`, { method: 'POST', body });
        into.push(performance.now() - started);
        if (target === gateway.url && answer.headers.get('x-cache') !== 'MISS') fail('a cold request was not a MISS');
      }
    }
    raw.miss = {
      gatewayP50: percentile(viaGateway, 50),
      directP50: percentile(direct, 50),
      gatewayP99: percentile(viaGateway, 99),
      directP99: percentile(direct, 99),
    };

    // Coalescing in one process: 1,000 concurrent cold requests.
    raw.coalesceOne = await coalesce(credit, [gateway], `one-${prefix}`);
    await gateway.stop();

    // The same hits through Fastify's router and hooks (CACHE_FAST_PATH=false): what the fast path saves.
    const routed = await startGateway('gateway-routed', credit, { env: { CACHE_FAST_PATH: 'false' } });
    await expectHit(`${routed.url}${MRLB}`, 'x-cache');
    log('gateway (in-process cache) with CACHE_FAST_PATH=false: measuring');
    raw.gatewayRouted = await load(`${routed.url}${MRLB}`, { pid: routed.pid });
    await routed.stop();

    // The bare Node peer with the gateway's answer bytes.
    const bare = await startBarePeer(gatewayBody, 'application/json; charset=utf-8');
    log('bare node:http fixed buffer');
    raw.bare = await load(bare.url, { pid: bare.pid });
    await bare.stop();
    // The same peer sending the gateway's own hit header block (security headers, x-cache, Vary,
    // a request id per answer): what a Node process pays to write those headers at all.
    const block = headerBlockOf(gatewayHitHeaders, gatewayBody);
    const bareHeaders = await startBarePeer(gatewayBody, 'application/json; charset=utf-8', block);
    log(`bare node:http fixed buffer with the gateway's ${block.length / 2} hit headers`);
    raw.bareHeaders = await load(bareHeaders.url, { pid: bareHeaders.pid });
    raw.bareHeaders.headerCount = block.length / 2;
    await bareHeaders.stop();

    // The gateway with Redis as the shared tier (the in-process tier in front).
    const redisGateway = await startGateway('gateway-redis', credit, { redisPrefix: prefix, nodeArgs });
    await expectHit(`${redisGateway.url}${MRLB}`, 'x-cache');
    log('gateway (Redis shared tier) measuring');
    raw.gatewayRedis = await load(`${redisGateway.url}${MRLB}`);
    raw.rssAfterRedisHitsMiB = rssMiB(redisGateway.pid);

    // Coalescing across two gateway processes on one Redis.
    const second = await startGateway('gateway-redis-2', credit, { redisPrefix: prefix });
    raw.coalesceTwo = await coalesce(credit, [redisGateway, second], `two-${prefix}`);
    await second.stop();
    await redisGateway.stop();

    // N against N: nginx with N workers, the gateway with GATEWAY_WORKERS=N (node:cluster, Redis tier).
    raw.processes = PROCESSES;
    const nginxN = await startNginx(credit, { workers: PROCESSES });
    await expectHit(`${nginxN.url}${MRLB}`, 'x-cache-status');
    log(`nginx, ${PROCESSES} workers: measuring`);
    raw.nginxN = await load(`${nginxN.url}${MRLB}`, { workers: PROCESSES, pid: nginxN.pid });
    await nginxN.stop();
    const gatewayN = await startGateway('gateway-workers', credit, {
      redisPrefix: prefix,
      env: { GATEWAY_WORKERS: String(PROCESSES) },
    });
    await expectHit(`${gatewayN.url}${MRLB}`, 'x-cache');
    // Every worker's in-process tier warmed (the balancer spreads connections over them).
    for (let i = 0; i < PROCESSES * 4; i += 1)
      await request(`${gatewayN.url}${MRLB}`, { method: 'POST', body: MRLB_BODY });
    log(`gateway, ${PROCESSES} workers (Redis tier): measuring`);
    raw.gatewayN = await load(`${gatewayN.url}${MRLB}`, { workers: PROCESSES, pid: gatewayN.pid });
    await gatewayN.stop();
  } finally {
    deleteRedisPrefix(prefix);
  }

  const ratio = raw.gatewayMemory.reqPerSec / raw.nginx.reqPerSec;
  const ratioRedis = raw.gatewayRedis.reqPerSec / raw.nginx.reqPerSec;
  const ratioBare = raw.gatewayMemory.reqPerSec / raw.bare.reqPerSec;
  const ratioBareHeaders = raw.gatewayMemory.reqPerSec / raw.bareHeaders.reqPerSec;
  const ratioHealthz = raw.healthz.reqPerSec / raw.bare.reqPerSec;
  const ratioN = raw.gatewayN.reqPerSec / raw.nginxN.reqPerSec;
  figures.push(
    figure('nginx proxy_cache hits', raw.nginx.reqPerSec, 'req/s'),
    figure('nginx proxy_cache hits p99', raw.nginx.p99, 'ms'),
    figure('bare node:http fixed buffer', raw.bare.reqPerSec, 'req/s'),
    figure('gateway hits (in-process cache)', raw.gatewayMemory.reqPerSec, 'req/s'),
    figure(
      'gateway hits (in-process cache) p99',
      raw.gatewayMemory.p99,
      'ms',
      `≤ nginx ${raw.nginx.p99} ms`,
      raw.gatewayMemory.p99 <= raw.nginx.p99,
    ),
    figure('gateway hits / nginx (in-process cache)', ratio, '×', '≥ 1.0', ratio >= 1),
    figure('gateway hits (Redis tier)', raw.gatewayRedis.reqPerSec, 'req/s'),
    figure(
      'gateway hits (Redis tier) p99',
      raw.gatewayRedis.p99,
      'ms',
      `≤ nginx ${raw.nginx.p99} ms`,
      raw.gatewayRedis.p99 <= raw.nginx.p99,
    ),
    figure('gateway hits / nginx (Redis tier)', ratioRedis, '×', '≥ 1.0', ratioRedis >= 1),
    figure('gateway hits / bare node:http (same run)', ratioBare, '×', '≥ 0.9', ratioBare >= 0.9),
    figure(
      `bare node:http with the gateway's ${raw.bareHeaders.headerCount} hit headers`,
      raw.bareHeaders.reqPerSec,
      'req/s',
    ),
    figure('gateway hits / bare node:http with the same headers', ratioBareHeaders, '×'),
    figure('gateway hits through the router (CACHE_FAST_PATH=false)', raw.gatewayRouted.reqPerSec, 'req/s'),
    figure('CPU per hit: nginx worker', raw.nginx.cpuUsPerRequest, 'µs'),
    figure('CPU per answer: bare node:http', raw.bare.cpuUsPerRequest, 'µs'),
    figure('CPU per answer: bare node:http with the gateway headers', raw.bareHeaders.cpuUsPerRequest, 'µs'),
    figure('CPU per hit: gateway fast path', raw.gatewayMemory.cpuUsPerRequest, 'µs'),
    figure('CPU per hit: gateway through the router', raw.gatewayRouted.cpuUsPerRequest, 'µs'),
    figure(`CPU per hit: nginx, ${PROCESSES} workers`, raw.nginxN.cpuUsPerRequest, 'µs'),
    figure(`CPU per hit: gateway, ${PROCESSES} workers`, raw.gatewayN.cpuUsPerRequest, 'µs'),
    figure(`nginx proxy_cache hits, ${PROCESSES} workers`, raw.nginxN.reqPerSec, 'req/s'),
    figure(`gateway hits, ${PROCESSES} workers (Redis tier)`, raw.gatewayN.reqPerSec, 'req/s'),
    figure(`gateway hits / nginx, ${PROCESSES} against ${PROCESSES} workers`, ratioN, '×', '≥ 1.0', ratioN >= 1),
    figure('gateway hits, Accept-Encoding gzip/br', raw.gatewayMemoryCompressed.reqPerSec, 'req/s'),
    figure('gateway /healthz', raw.healthz.reqPerSec, 'req/s'),
    figure('gateway /healthz / bare node:http', ratioHealthz, '×', '≥ 0.9', ratioHealthz >= 0.9),
    figure(
      'miss overhead p50 (gateway − credit-service)',
      raw.miss.gatewayP50 - raw.miss.directP50,
      'ms',
      '≤ 1',
      raw.miss.gatewayP50 - raw.miss.directP50 <= 1,
    ),
    figure(
      'coalescing: 1,000 cold requests, one gateway',
      raw.coalesceOne.upstreamCalls,
      'upstream calls',
      '1',
      raw.coalesceOne.upstreamCalls === 1,
    ),
    figure(
      'coalescing: 1,000 cold requests, two gateways on one Redis',
      raw.coalesceTwo.upstreamCalls,
      'upstream calls',
      '1',
      raw.coalesceTwo.upstreamCalls === 1,
    ),
    figure(
      'gateway RSS after the hit runs',
      Math.max(raw.rssAfterHitsMiB, raw.rssAfterRedisHitsMiB),
      'MiB',
      '≤ 200',
      Math.max(raw.rssAfterHitsMiB, raw.rssAfterRedisHitsMiB) <= 200,
    ),
  );
  return { figures, raw };
}

/** 1,000 concurrent requests for one cold key, spread over the gateways; how many reached the upstream. */
async function coalesce(credit, gateways, tag) {
  const body = JSON.stringify({ categoryId: '1001', pageIndex: 1, pageSize: 8, searchWord: `coalesce-${tag}` });
  await sleep(200);
  const before = await upstreamCount(credit, 'mrlb');
  const answers = await Promise.all(
    Array.from({ length: 1000 }, (_, i) =>
      request(`${gateways[i % gateways.length].url}${MRLB}`, { method: 'POST', body }),
    ),
  );
  const statuses = {};
  for (const answer of answers) {
    const status = answer.headers.get('x-cache');
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const upstreamCalls = (await upstreamCount(credit, 'mrlb')) - before;
  if (upstreamCalls < 1) fail('coalescing: no upstream call was counted');
  return { upstreamCalls, cacheStatuses: statuses };
}
