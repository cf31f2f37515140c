import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { connect as http2Connect } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { API_PATHS } from '@credit-portal/shared';
import { visitBody, visitRecord } from '../packages/server/test/support/visit-logs.js';

/*
 * The deployment test's tools (stack.deploy.ts): an operator's copy of the repository, the steps
 * of docs/OPERATIONS.md run as written, a driver of the containers' health checks where the
 * engine has none of its own (podman without systemd), and a browser's visit-log traffic.
 */

export const ROOT = join(import.meta.dirname, '..');
const exec = promisify(execFile);

/** The operator's checkout: the repository's files (tracked and new, as git sees them), nothing built. */
export async function operatorCheckout(): Promise<string> {
  // Named as a clone would be: compose names the project, and so its volumes, after the folder.
  const dir = join(mkdtempSync(join(tmpdir(), 'deploy-')), 'credit-portal');
  mkdirSync(dir);
  const { stdout } = await exec('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  await new Promise<void>((resolve, reject) => {
    const pack = spawn('tar', ['--null', '-T', '-', '-cf', '-'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    const unpack = spawn('tar', ['-xf', '-'], { cwd: dir, stdio: ['pipe', 'inherit', 'inherit'] });
    pack.stdout.pipe(unpack.stdin);
    pack.stdin.end(stdout);
    unpack.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar exited ${code}`))));
  });
  return dir;
}

/**
 * docs/OPERATIONS.md's runnable steps: each ```sh block that follows a `<!-- test:deploy NAME -->`
 * line, by name. What the operator is told to run is what the test runs.
 */
export function operationsSteps(): Map<string, string> {
  const doc = readFileSync(join(ROOT, 'docs', 'OPERATIONS.md'), 'utf8');
  const steps = new Map<string, string>();
  // A block inside a list item is indented with it: the marker's indent is taken off every line.
  for (const match of doc.matchAll(/^( *)<!-- test:deploy ([\w-]+) -->\n+\1```sh\n([\s\S]*?)\n\1```/gm)) {
    const [, indent, name, body] = match as unknown as [string, string, string, string];
    if (steps.has(name)) throw new Error(`docs/OPERATIONS.md names the step ${name} twice`);
    steps.set(
      name,
      body
        .split('\n')
        .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
        .join('\n'),
    );
  }
  return steps;
}

export interface CommandResult {
  status: number;
  output: string;
}

/** Runs a command to its end, its output kept (stdout and stderr interleaved); never throws for its status. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = options.timeoutMs
      ? setTimeout(() => {
          output += `\n[killed after ${options.timeoutMs} ms]`;
          child.kill('SIGKILL');
        }, options.timeoutMs)
      : undefined;
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ status: code ?? 1, output });
    });
    // A command that exits without reading its input closes the pipe first: its status says how
    // it went, not the write (EPIPE).
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}

/**
 * A folder with a `docker` for the documented commands: `docker compose …` is docker-compose (v1
 * here, the same commands), anything else the Docker CLI when it can reach the engine, else podman.
 */
export function dockerShim(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-bin-'));
  const real = process.env.PATH ?? '';
  writeFileSync(
    join(dir, 'docker'),
    `#!/bin/sh
PATH=${JSON.stringify(real)}
if [ "$1" = compose ]; then shift; exec docker-compose "$@"; fi
if command -v podman >/dev/null 2>&1; then exec podman "$@"; fi
exec docker "$@"
`,
  );
  chmodSync(join(dir, 'docker'), 0o755);
  return dir;
}

/** The deployment under test: its folder, the environment its commands run in, and compose. */
export class Stack {
  readonly env: NodeJS.ProcessEnv;
  readonly steps = operationsSteps();
  #files = ['docker-compose.yml'];

  constructor(
    readonly dir: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.env = { ...env, PATH: `${dockerShim()}:${env.PATH ?? ''}` };
  }

  /** With the Sentinel override on top (docs/OPERATIONS.md, Redis with Sentinel), or without it, from now on. */
  useSentinel(on = true): void {
    this.#files = on ? ['docker-compose.yml', 'deploy/docker-compose.sentinel.yml'] : ['docker-compose.yml'];
  }

  get composeFiles(): readonly string[] {
    return this.#files;
  }

  /** Runs a documented step with bash (errexit, nounset, pipefail) in the operator's folder. */
  async step(name: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
    const script = this.steps.get(name);
    if (!script) throw new Error(`docs/OPERATIONS.md has no step "${name}" (<!-- test:deploy ${name} -->)`);
    const result = await runCommand('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: this.dir,
      env: { ...this.env, COMPOSE_FILE: this.#files.join(':'), ...env },
      timeoutMs: 1_200_000,
    });
    if (result.status !== 0) throw new Error(`step ${name} exited ${result.status}:\n${result.output.slice(-6000)}`);
    return result.output;
  }

  /** docker-compose with this deployment's files and its profiles: the reference upstream, and Prometheus. */
  async compose(args: string[], options: { input?: string; check?: boolean } = {}): Promise<CommandResult> {
    const files = this.#files.flatMap((file) => ['-f', file]);
    const profiles = ['--profile', 'reference-upstream', '--profile', 'monitoring'];
    const result = await runCommand('docker-compose', [...files, ...profiles, ...args], {
      cwd: this.dir,
      env: this.env,
      input: options.input,
      timeoutMs: 900_000,
    });
    if (options.check !== false && result.status !== 0) {
      throw new Error(`docker-compose ${args.join(' ')} exited ${result.status}:\n${result.output.slice(-6000)}`);
    }
    return result;
  }

  /** A command inside a service's running container (as its user, root: the CLIs drop to `node` themselves). */
  async exec(service: string, command: string[]): Promise<string> {
    return (await this.compose(['exec', '-T', service, ...command])).output;
  }

  /** The container id of a service. */
  async containerOf(service: string): Promise<string> {
    return (await this.compose(['ps', '-q', service])).output.trim().split('\n').pop() ?? '';
  }
}

/**
 * Runs the containers' health checks every few seconds where the engine does not (podman runs
 * them from systemd timers only): compose's `service_healthy` conditions and the documented
 * `until … healthy` loops then work as under Docker. Returns a stop function.
 */
export function driveHealthChecks(project: string): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const env = process.env;
  const round = async () => {
    const listed = await runCommand(
      'podman',
      ['ps', '--filter', `label=com.docker.compose.project=${project}`, '--format', '{{.ID}}'],
      { cwd: ROOT, env },
    ).catch(() => ({ status: 1, output: '' }));
    const ids = listed.status === 0 ? listed.output.split('\n').filter(Boolean) : [];
    // One at a time: each check is a podman process and an exec, on the two cores the stack runs on.
    for (const id of ids) await runCommand('podman', ['healthcheck', 'run', id], { cwd: ROOT, env }).catch(() => null);
    if (!stopped) timer = setTimeout(() => void round(), 3000);
  };
  void round();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** An https client that trusts the deployment's acceptance CA (and nothing else). */
export class Portal {
  constructor(
    readonly origin: string,
    private readonly ca: Buffer,
  ) {}

  request(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        new URL(path, this.origin),
        { method: init.method ?? 'GET', headers: init.headers, ca: this.ca, timeout: 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timed out: ${path}`)));
      req.on('error', reject);
      req.end(init.body);
    });
  }

  async json<T>(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const response = await this.request(path, {
      method: init.method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body,
    });
    return { status: response.status, headers: response.headers, body: JSON.parse(response.body.toString()) as T };
  }

  /** The protocol ALPN chose and the status of /healthz, over HTTP/2. */
  http2Health(): Promise<{ alpn: string | false; status: number }> {
    return new Promise((resolve, reject) => {
      const session = http2Connect(this.origin, { ca: this.ca });
      session.once('error', reject);
      const stream = session.request({ ':path': '/healthz' });
      stream.once('response', (headers) => {
        const alpn = session.alpnProtocol ?? false;
        stream.resume();
        stream.once('end', () => {
          session.close();
          resolve({ alpn, status: Number(headers[':status']) });
        });
      });
      stream.once('error', reject);
      stream.end();
    });
  }
}

/**
 * A browser's visit-log traffic through the balancer, as the SPA sends it: a batch leaves the
 * queue on 202 only, anything else (503 + Retry-After, a refused or cut connection) is sent again
 * later. Every event is marked with a unique `param`, so that the test can name each one
 * acknowledged and look for it upstream.
 */
export class VisitLogLoad {
  readonly acknowledged = new Set<string>();
  readonly answers = new Map<string, number>();
  #queue: string[][] = [];
  #running = false;
  #loop: Promise<void> | undefined;
  readonly #run = randomUUID().slice(0, 8);
  #sequence = 0;

  constructor(
    private readonly portal: Portal,
    private readonly batchSize = 20,
  ) {}

  /** Starts posting a new batch about every `everyMs` (and the resends) until stopped. */
  start(everyMs = 100): void {
    this.#running = true;
    this.#loop = (async () => {
      while (this.#running) {
        await this.#postOne();
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    })();
  }

  /** Stops new batches and sends what is queued until every event is acknowledged (or the deadline passes). */
  async drain(deadlineMs = 180_000): Promise<void> {
    this.#running = false;
    await this.#loop;
    const deadline = Date.now() + deadlineMs;
    while (this.#queue.length > 0 && Date.now() < deadline) {
      await this.#postOne(false);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (this.#queue.length > 0)
      throw new Error(`${this.#queue.length} visit-log batches still refused at the deadline`);
  }

  /** One post: the oldest queued batch first, else (while running) a new one. */
  async #postOne(fresh = true): Promise<void> {
    const params =
      this.#queue.shift() ??
      (fresh
        ? Array.from({ length: this.batchSize }, () => `/xydt?deploy=${this.#run}-${(this.#sequence += 1)}`)
        : null);
    if (!params) return;
    const body = JSON.stringify(visitBody(params.map((param) => visitRecord('0103', param))));
    let status = 0;
    try {
      status = (
        await this.portal.request(API_PATHS.visitLog, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).status;
    } catch {
      status = 0;
    }
    this.answers.set(String(status), (this.answers.get(String(status)) ?? 0) + 1);
    if (status === 202) for (const param of params) this.acknowledged.add(param);
    else this.#queue.push(params);
  }
}
