// Starting what the benchmarks measure: the credit-service, gateways, nginx, a bare Node peer, Redis keys.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, fail, freePort, start, waitFor } from './lib.mjs';

/** Whose build is measured: this checkout, or another one (BENCH_PRODUCT_ROOT, e.g. an older commit for before/after). */
const PRODUCT = process.env.BENCH_PRODUCT_ROOT ?? ROOT;
export const CREDIT_SERVICE = join(PRODUCT, 'packages', 'credit-service', 'dist', 'server.js');
export const GATEWAY = join(PRODUCT, 'packages', 'server', 'dist', 'server.js');
export const SHARED = join(PRODUCT, 'packages', 'shared', 'dist', 'index.js');
export const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The built packages the harness runs; it builds nothing itself. */
export function checkBuilt() {
  const missing = [CREDIT_SERVICE, GATEWAY, SHARED].filter((file) => !existsSync(file));
  if (missing.length > 0) fail(`not built (missing ${missing.join(', ')}): run \`npm run build\` first`);
}

const temps = [];

/** A temporary directory removed by cleanupTemps(). */
export function tempDir(label) {
  const dir = mkdtempSync(join(tmpdir(), `bench-${label}-`));
  temps.push(dir);
  return dir;
}

export function cleanupTemps() {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * The credit-service from dist on a free port with a fresh temporary DATA_DIR, and its admin
 * listener (its /metrics count the requests that reach it) on another.
 */
export async function startCreditService(env = {}, { nodeArgs = [] } = {}) {
  const port = await freePort();
  const adminPort = await freePort();
  const dataDir = tempDir('credit');
  const handle = start('credit-service', process.execPath, [...nodeArgs, CREDIT_SERVICE], {
    env: {
      CREDIT_SERVICE_PORT: String(port),
      CREDIT_SERVICE_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CREDIT_SERVICE_ADMIN_PORT: String(adminPort),
      CREDIT_SERVICE_ADMIN_HOST: '127.0.0.1',
      DEMO_STANDINS: 'on',
      // The load comes from one address: the service's own per-client limits out of the way, as the gateway's.
      RATE_LIMIT_MAX: '10000000',
      RATE_LIMIT_STRICT_MAX: '10000000',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, handle, 300_000);
  return { ...handle, port, url, adminUrl: `http://127.0.0.1:${adminPort}`, dataDir };
}

/**
 * One gateway process from dist in front of the credit-service. Rate limits are raised out of
 * the way (the load comes from one address); everything else is the default configuration.
 */
export async function startGateway(label, credit, { redisPrefix = null, env = {}, nodeArgs = [] } = {}) {
  const port = await freePort();
  const adminPort = await freePort();
  const handle = start(label, process.execPath, [...nodeArgs, GATEWAY], {
    env: {
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: String(port),
      ADMIN_PORT: String(adminPort),
      // The credit-service's admin listener is not what this run looks at: off, so no fixed port is taken.
      CREDIT_SERVICE_ADMIN_PORT: '0',
      CREDIT_SERVICE_PORT: String(credit.port),
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '10000000',
      RATE_LIMIT_STRICT_MAX: '10000000',
      RATE_LIMIT_VISITLOG_MAX: '10000000',
      ...(redisPrefix ? { REDIS_URL, REDIS_KEY_PREFIX: redisPrefix } : {}),
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, handle);
  // With GATEWAY_WORKERS the primary's /readyz is ready once every worker is.
  if (env.GATEWAY_WORKERS) await waitFor(`http://127.0.0.1:${adminPort}/readyz`, handle, 60_000);
  if (redisPrefix) await waitFor(`http://127.0.0.1:${adminPort}/readyz`, handle, 30_000);
  return { ...handle, port, url, adminUrl: `http://127.0.0.1:${adminPort}` };
}

/** nginx (one worker, or `workers`) with proxy_cache in front of the credit-service, POST answers keyed by method, URI and body. */
export async function startNginx(credit, { workers = 1 } = {}) {
  if (!existsSync(NGINX)) {
    fail(`nginx not found at ${NGINX}: install Debian's package (\`apt-get install nginx\`) or set BENCH_NGINX`);
  }
  const port = await freePort();
  const dir = tempDir('nginx');
  for (const sub of ['cache', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const conf = `${user}worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 1000000;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=bench:10m max_size=100m inactive=10m use_temp_path=off;
  upstream credit { server 127.0.0.1:${credit.port}; keepalive 32; }
  server {
    listen 127.0.0.1:${port};
    client_body_buffer_size 16k;
    location / {
      proxy_pass http://credit;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_cache bench;
      proxy_cache_methods GET HEAD POST;
      proxy_cache_key "$request_method $request_uri $request_body";
      proxy_cache_valid 200 10m;
      proxy_ignore_headers Cache-Control Expires Set-Cookie;
      add_header X-Cache-Status $upstream_cache_status;
    }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const handle = start('nginx', NGINX, ['-e', join(dir, 'error.log'), '-p', dir, '-c', join(dir, 'nginx.conf')]);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, handle);
  return { ...handle, port, url, version: nginxVersion() };
}

function nginxVersion() {
  // nginx -v writes its version to stderr.
  const result = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  return `${result.stderr ?? ''}${result.stdout ?? ''}`.trim() || 'nginx (version unknown)';
}

/** A bare node:http server answering every request with the same buffer (the floor of what Node can do). */
export async function startBarePeer(body, contentType, headerBlock = null) {
  const port = await freePort();
  const dir = tempDir('bare');
  const file = join(dir, 'body.bin');
  writeFileSync(file, body);
  const args = [join(ROOT, 'bench', 'bare-peer.mjs'), String(port), file, contentType];
  if (headerBlock !== null) {
    const headersFile = join(dir, 'headers.json');
    writeFileSync(headersFile, JSON.stringify(headerBlock));
    args.push(headersFile);
  }
  const handle = start(headerBlock === null ? 'bare-node' : 'bare-node-headers', process.execPath, args);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, handle);
  return { ...handle, port, url };
}

/** Runs a Redis command through redis-cli (the harness keeps no Redis client of its own). */
export function redisCli(...args) {
  try {
    return execFileSync('redis-cli', ['-u', REDIS_URL, ...args], { encoding: 'utf8' }).trim();
  } catch (err) {
    fail(
      err.code === 'ENOENT'
        ? 'redis-cli not found: install Redis (`apt-get install redis-server redis-tools`)'
        : `redis-cli ${args.join(' ')} failed (is Redis running at ${REDIS_URL}? set BENCH_REDIS_URL): ${err.message}`,
    );
  }
}

export function checkRedis() {
  const pong = redisCli('PING');
  if (pong !== 'PONG') fail(`Redis at ${REDIS_URL} answered ${pong} to PING`);
}

const DELETE_PREFIX = `local n = 0
for _, key in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', key); n = n + 1 end
return n`;

/** Deletes every key under a prefix of the harness. */
export function deleteRedisPrefix(prefix) {
  if (!/^bench-[\w-]+:$/.test(prefix)) fail(`refusing to delete Redis keys under ${prefix}`);
  return Number(redisCli('EVAL', DELETE_PREFIX, '0', `${prefix}*`));
}

/** Sum of the credit-service's answered requests (its credit_service_http_requests_total) for routes containing `fragment`. */
export async function upstreamCount(credit, fragment) {
  const response = await fetch(`${credit.adminUrl}/metrics`);
  if (!response.ok) fail(`credit-service /metrics answered ${response.status}`);
  let sum = 0;
  for (const match of (await response.text()).matchAll(/^credit_service_http_requests_total\{([^}]*)\} (\S+)$/gm)) {
    const route = /route="([^"]*)"/.exec(match[1])?.[1] ?? '';
    if (route.includes(fragment)) sum += Number(match[2]);
  }
  return sum;
}

/**
 * Runs `read` on the credit-service's SQLite database (DATA_DIR/credit.sqlite), opened beside
 * the running service and closed after: how the harness sees the visit logs it stored.
 */
export function withCreditDatabase(credit, read) {
  const Database = createRequire(join(PRODUCT, 'packages', 'credit-service', 'package.json'))('better-sqlite3');
  const db = new Database(join(credit.dataDir, 'credit.sqlite'), { fileMustExist: true });
  try {
    // The service writes meanwhile: wait for its lock rather than fail.
    db.pragma('busy_timeout = 10000');
    return read(db);
  } finally {
    db.close();
  }
}
