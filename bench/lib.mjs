// Helpers of the benchmark harness: free ports, child processes, health waits, autocannon runs.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const AUTOCANNON = join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');

/** A failure the harness reports and exits non-zero on. */
export class BenchError extends Error {}

export function fail(message) {
  throw new BenchError(message);
}

/** A port nobody listens on right now (the kernel picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const children = new Set();

/**
 * Starts a child process; its output is kept (the last lines are shown when it fails) and, with
 * BENCH_VERBOSE=1, echoed. Every child is stopped by stopAll().
 */
export function start(label, command, args, { env = {}, cwd = ROOT } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      if (process.env.BENCH_VERBOSE === '1') process.stderr.write(`[${label}] ${chunk}`);
      tail.push(chunk);
      if (tail.length > 40) tail.shift();
    });
  }
  const handle = {
    label,
    child,
    pid: child.pid,
    output: () => tail.join(''),
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    async stop() {
      children.delete(handle);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await handle.exited;
      clearTimeout(timer);
    },
  };
  children.add(handle);
  child.once('error', (err) => tail.push(`spawn error: ${err.message}`));
  return handle;
}

export async function stopAll() {
  await Promise.all([...children].map((handle) => handle.stop()));
}

/** Waits until `url` answers 2xx; fails with the process's last output when it exits or takes too long. */
export async function waitFor(url, handle, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (handle.child.exitCode !== null || handle.child.signalCode !== null) {
      fail(`${handle.label} exited before answering ${url}:\n${handle.output()}`);
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  fail(`${handle.label} did not answer ${url} within ${timeoutMs} ms:\n${handle.output()}`);
}

/** Direct children of a process (Linux /proc; nginx workers, cluster workers). */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds (user + system) used so far by a process and its direct children (Linux /proc, 100 ticks a second). */
export function cpuSeconds(pid) {
  let ticks = 0;
  for (const id of [pid, ...childrenOf(pid)]) {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

/** Resident set size of a process in MiB (Linux /proc). */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match) fail(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/**
 * Runs autocannon as its own process (so it never shares an event loop with what it measures)
 * and returns its JSON result. Fails on errors, timeouts, non-2xx answers or zero requests.
 */
export async function autocannon(
  url,
  {
    connections = 100,
    duration = 10,
    method = 'GET',
    body,
    headers = {},
    expectStatus,
    pipelining = 1,
    workers = 1,
    overallRate,
  } = {},
) {
  if (!existsSync(AUTOCANNON)) fail('autocannon is not installed: run `node scripts/pnpm.mjs install`');
  const args = [AUTOCANNON, '--json', '-c', String(connections), '-d', String(duration), '-m', method];
  if (pipelining > 1) args.push('-p', String(pipelining));
  // Load from N threads (the N-process runs), so the load generator is not the one-core bottleneck.
  if (workers > 1) args.push('-w', String(workers));
  // A fixed offered load (requests a second over all connections) instead of as fast as answered.
  if (overallRate !== undefined) args.push('-R', String(overallRate));
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (body !== undefined) args.push('-b', body);
  args.push(url);
  const handle = start(`autocannon ${url}`, process.execPath, args);
  let stdout = '';
  handle.child.stdout.on('data', (chunk) => (stdout += chunk));
  const { code } = await handle.exited;
  children.delete(handle);
  if (code !== 0) fail(`autocannon failed (exit ${code}):\n${handle.output()}`);
  let result;
  try {
    result = JSON.parse(stdout.trim().split('\n').pop());
  } catch {
    fail(`autocannon printed no JSON:\n${handle.output()}`);
  }
  const total = result.requests.total;
  const bad = result.non2xx + result.errors + result.timeouts;
  if (!(total > 0) || !(result.requests.average > 0)) fail(`autocannon against ${url} completed no requests`);
  if (bad > 0 && !expectStatus) {
    fail(
      `autocannon against ${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${total}`,
    );
  }
  return {
    reqPerSec: result.requests.average,
    total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    throughputMiBs: result.throughput.average / 1024 / 1024,
    non2xx: result.non2xx,
    /** Seconds autocannon measured (its `duration`). */
    seconds: result.duration,
  };
}

/** One request; fails unless it answers `status`. Returns status, headers and body bytes. */
export async function request(url, { method = 'GET', body, headers = {}, status = 200 } = {}) {
  const response = await fetch(url, {
    method,
    body,
    headers: body !== undefined ? { 'content-type': 'application/json', ...headers } : headers,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (status !== null && response.status !== status) {
    fail(`${method} ${url} answered ${response.status}, expected ${status}: ${bytes.toString('utf8').slice(0, 300)}`);
  }
  return { status: response.status, headers: response.headers, body: bytes };
}

/** The p-th percentile (0–100) of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) fail('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** A figure of the report: a measured value against its target. */
export function figure(name, value, unit, target = null, met = null) {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(`figure "${name}" has no measured value (${value})`);
  return { name, value: Math.round(value * 100) / 100, unit, target, met };
}
