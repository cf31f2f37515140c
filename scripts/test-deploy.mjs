#!/usr/bin/env node
// `npm run test:deploy`: builds the image and runs docker-compose.yml in containers, as the centre
// does, following docs/OPERATIONS.md (e2e/stack.deploy.ts). Needs a container engine with a
// Docker API: Docker, or podman serving one (`podman system service`, started here when podman is
// installed and nothing answers), docker-compose, openssl, Chromium, and the images the files name
// (node:20-bookworm-slim, redis:7-alpine, nginx:1.28-alpine) present or pullable. On a machine
// without them: `bash scripts/deploy-test-setup.sh` (Debian, root), which .ci/run calls.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled } from './lib/product.mjs';
import { ROOT, run } from './lib/run.mjs';

const PODMAN_SOCKET = '/run/podman/podman.sock';
const started = Date.now();

const onPath = (binary) => spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;
const missing = ['docker-compose', 'openssl', 'chromium', 'curl'].filter((binary) => !onPath(binary));
if (!onPath('podman') && !onPath('docker')) missing.push('podman (or docker)');
if (missing.length > 0) {
  console.error(
    `✖ 部署测试缺少 / the deployment test needs: ${missing.join(', ')} — run: sudo bash scripts/deploy-test-setup.sh`,
  );
  process.exit(1);
}

/** The Docker API docker-compose talks to: DOCKER_HOST, Docker's own socket, or podman's (started if need be). */
async function dockerHost() {
  if (process.env.DOCKER_HOST) return process.env.DOCKER_HOST;
  const docker = 'unix:///var/run/docker.sock';
  if (existsSync('/var/run/docker.sock') && pingApi(docker)) return docker;
  const podman = `unix://${PODMAN_SOCKET}`;
  if (onPath('podman') && !pingApi(podman)) {
    mkdirSync('/run/podman', { recursive: true });
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    const log = openSync(join(ROOT, '.tmp', 'podman-service.log'), 'a');
    // Outlives this run on purpose: a later run (or the operator's commands) reuses it. Started in
    // `/`: a service whose working directory was a checkout since removed starts no container
    // (every start answers "exit status 1").
    spawn('podman', ['system', 'service', '--time=0', podman], {
      cwd: '/',
      detached: true,
      stdio: ['ignore', log, log],
    }).unref();
    const deadline = Date.now() + 20_000;
    while (!pingApi(podman) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return podman;
}

function pingApi(host) {
  const socket = host.replace(/^unix:\/\//, '');
  return (
    spawnSync('curl', ['-fsS', '--max-time', '3', '--unix-socket', socket, 'http://d/_ping'], { stdio: 'ignore' })
      .status === 0
  );
}

let host = await dockerHost();
if (!pingApi(host)) {
  console.error(`✖ 容器引擎无响应 / no Docker API answers at ${host}`);
  process.exit(1);
}
if (ensureInstalled() !== 0) process.exit(1);

// docker-compose 1.29 on podman's API goes through the compatibility proxy (deploy/podman-compose-proxy.mjs).
let proxy;
if (host === `unix://${PODMAN_SOCKET}`) {
  const socket = '/run/podman/compose.sock';
  proxy = spawn(process.execPath, [join(ROOT, 'deploy', 'podman-compose-proxy.mjs'), socket, PODMAN_SOCKET], {
    stdio: 'ignore',
  });
  host = `unix://${socket}`;
  const deadline = Date.now() + 10_000;
  while (!pingApi(host) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

console.log(`\n▶ 部署测试 deployment test (Docker API: ${host})`);
const status = run('vitest', ['run', '--config', 'e2e/vitest.deploy.config.ts', ...process.argv.slice(2)], {
  env: { ...process.env, DOCKER_HOST: host },
});
proxy?.kill();
console.log(`\n▶ 部署测试总耗时 total ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(status);
