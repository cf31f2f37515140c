// Installs, builds and starts the product the way `npm start` does; also used by the browser suite.
import { existsSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pnpm } from '../pnpm.mjs';
import { newestMtime, ROOT, run } from './run.mjs';

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled({ frozen = true } = {}) {
  const marker = join(ROOT, 'node_modules', '.modules.yaml');
  const lock = join(ROOT, 'pnpm-lock.yaml');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return 0;
  console.log('正在安装依赖（首次运行需要几分钟）…');
  return pnpm(['install', frozen && existsSync(lock) ? '--frozen-lockfile' : '--no-frozen-lockfile'], { cwd: ROOT });
}

/**
 * The type checker and compiler: TypeScript 7 (its native compiler), installed beside TypeScript
 * 5.9, which typescript-eslint's parser needs. Both would link a `tsc` binary, so it is run by its
 * path. Same JavaScript out; the whole type-check several times faster (README, Toolchain).
 */
export const TSC = ['node', [join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc')]];

/**
 * The commands of a build, in order: the node packages (tsc -b, incremental), then the SPA when
 * its sources changed since its last build. Each is [command, args, options] for `run`.
 */
export function buildCommands() {
  const commands = [
    [
      TSC[0],
      [...TSC[1], '-b', 'packages/shared', 'packages/node-common', 'packages/credit-service', 'packages/server'],
    ],
  ];
  const web = join(ROOT, 'packages', 'web');
  const built = join(web, 'dist', 'index.html');
  // The prerender's module too: a browser build alone (`vite build` by hand) empties dist/ of it.
  const prerendered = join(web, 'dist', '.prerender', 'page.js');
  const sources = Math.max(
    newestMtime(join(web, 'src')),
    newestMtime(join(web, 'public')),
    newestMtime(join(ROOT, 'packages', 'shared', 'src')),
    // The build's own settings too: a changed vite.config.ts (chunks, pre-compression) rebuilds.
    ...['package.json', 'vite.config.ts', 'index.html'].map((file) => statSync(join(web, file)).mtimeMs),
  );
  if (!existsSync(built) || !existsSync(prerendered) || statSync(built).mtimeMs < sources) {
    commands.push(['vite', ['build', '--logLevel', 'warn'], { cwd: web }]);
    // The gateway's page with its pre-rendered frames (packages/web/src/prerender/): a Node module.
    commands.push(['vite', ['build', '--ssr', 'src/prerender/page.tsx', '--logLevel', 'warn'], { cwd: web }]);
  }
  return commands;
}

/** Builds the node packages (tsc -b, incremental) and the SPA when its sources changed. */
export function build() {
  for (const [command, args, options] of buildCommands()) {
    const status = run(command, args, options);
    if (status !== 0) return status;
  }
  return 0;
}

const CREDIT_SERVICE = join(ROOT, 'packages', 'credit-service', 'dist', 'server.js');
const SEED = join(ROOT, 'packages', 'credit-service', 'dist', 'demo', 'seed', 'cli.js');
const GATEWAY = join(ROOT, 'packages', 'server', 'dist', 'server.js');

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} 的进程已退出（退出码 ${child.exitCode}）`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`等待 ${url} 超时`);
}

/**
 * Starts the credit-service and the gateway as child processes and waits until both are healthy.
 * `output` receives their log lines ('inherit' or 'ignore' or a function(label, line)).
 */
export async function startProduct({ env = {}, output = 'inherit', timeoutMs = 120_000 } = {}) {
  const merged = { ...process.env, ...env };
  const creditPort = merged.CREDIT_SERVICE_PORT ?? '8090';
  // On this machine the credit-service listens on loopback and serves the demo stand-ins of the
  // centre's external services (credit-service README), which it runs only when asked: ask, and
  // point the SPA at them unless told otherwise.
  merged.DEMO_STANDINS ??= 'on';
  merged.FACE_VERIFY_URL ??= `http://localhost:${creditPort}/faceverify`;
  merged.WECHAT_AUTHORIZE_URL ??= `http://localhost:${creditPort}/oauth/wechat/authorize`;
  const gatewayPort = merged.GATEWAY_PORT ?? '8080';
  const children = [];
  const launch = (label, script, args = []) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          if (typeof output === 'function') output(label, line);
          else if (output === 'inherit')
            (stream === child.stderr ? process.stderr : process.stdout).write(`[${label}] ${line}\n`);
        }
      });
    }
    children.push(child);
    return child;
  };
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    // The demo data set into a new database (SEED_ENTITIES, CREDIT_SERVICE_SEED), by the seed
    // command: the service itself starts on whatever DATA_DIR holds.
    const seed = launch('seed', SEED, ['--if-new']);
    const seeded = await new Promise((resolve) => seed.once('exit', resolve));
    children.splice(children.indexOf(seed), 1);
    if (seeded !== 0) throw new Error(`写入演示数据失败（退出码 ${seeded}）`);
    const credit = launch('credit-service', CREDIT_SERVICE);
    await waitForHealth(`http://127.0.0.1:${creditPort}/healthz`, credit, timeoutMs);
    const gateway = launch('gateway', GATEWAY);
    await waitForHealth(`http://127.0.0.1:${gatewayPort}/healthz`, gateway, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://localhost:${gatewayPort}`, children, stop };
}
