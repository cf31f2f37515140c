import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  API_PATHS,
  GATEWAY_PATHS,
  VISIT_LOG_APP_TOKEN,
  encodeVisitLogMessage,
  formatVisitTime,
} from '@credit-portal/shared';
import { personalDataIn } from './personal-data.js';

/**
 * The deployment artefacts, as production runs them: docker-compose.yml validated, the image's
 * commands started from the built packages, and the faults a deployment meets (Redis down, a
 * replica killed) with real processes. No browser.
 */
const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

function onPath(binary: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    try {
      accessSync(join(dir, binary), constants.X_OK);
      return join(dir, binary);
    } catch {
      // not here
    }
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The image's default command (Dockerfile CMD) and the credit-service's (docker-compose.yml). */
function imageCommands(): { gateway: string[]; creditService: string[] } {
  const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'));
  const compose = read('docker-compose.yml');
  const credit = /credit-service:\n(?:.*\n)*?\s+command: (\[.*\])/.exec(compose);
  const gateway = /x-gateway: &gateway\n(?:.*\n)*?\s+command: (\[.*\])/.exec(compose);
  expect(cmd && credit && gateway).toBeTruthy();
  const parse = (text: string) => JSON.parse(text.replace(/'/g, '"')) as string[];
  expect(parse(gateway![1]!)).toEqual(parse(cmd![1]!));
  return { gateway: parse(cmd![1]!), creditService: parse(credit![1]!) };
}

interface Service {
  child: ChildProcess;
  output: string[];
}

const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Runs `command` as the image does (node as the command's first word, from the image's WORKDIR: the repository root). */
function launch(command: string[], env: Record<string, string>): Service {
  const [program, ...args] = command;
  expect(program).toBe('node');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!])
    stream.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  return { child, output };
}

async function waitFor<T>(check: () => Promise<T> | T, what: string, timeoutMs = 120_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve(check()).catch(() => undefined);
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const status = (url: string) => fetch(url).then((response) => response.status);

/** What storedVisitLogs uses of better-sqlite3 (the credit-service's dependency; this package has none of its own). */
type SqliteDatabase = new (
  file: string,
  options: { readonly: boolean; fileMustExist: boolean },
) => { prepare(sql: string): { pluck(): { get(): unknown } }; close(): void };

/**
 * Distinct visit-log events the credit-service stored in DATA_DIR/credit.sqlite, read beside the
 * running service as an operator with sqlite3 would: the service has no endpoint that lists them.
 */
function storedVisitLogs(dataDir: string): number {
  const Database = createRequire(join(ROOT, 'packages/credit-service/package.json'))(
    'better-sqlite3',
  ) as SqliteDatabase;
  const db = new Database(join(dataDir, 'credit.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return Number(db.prepare('SELECT COUNT(*) FROM visit_logs').pluck().get());
  } finally {
    db.close();
  }
}

async function stop(service: Service, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  const exited = new Promise((resolve) => service.child.once('exit', resolve));
  service.child.kill(signal);
  await exited;
}

interface ComposeRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs docker-compose in the repository (its own PATH only), without waiting for it meanwhile. */
async function compose(binary: string, args: string[]): Promise<ComposeRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(binary, args, {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      status: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

/**
 * docker-compose's two renderings of the file, without and with the reference-upstream profile,
 * started once as this file loads and side by side (each start of docker-compose costs seconds of
 * Python on a busy machine); null without docker-compose (.ci/run installs it; a developer's
 * laptop may not have it, and the structure is then checked on the file as written).
 */
const composeBinary = onPath('docker-compose');
const rendered = composeBinary
  ? Promise.all([
      compose(composeBinary, ['config', '--quiet']),
      compose(composeBinary, ['--profile', 'reference-upstream', 'config']),
    ])
  : Promise.resolve(null);
// Awaited by the tests; a rejection here is theirs to report.
rendered.catch(() => undefined);

/** The service names of a rendered docker-compose file (what `config --services` prints). */
const servicesOf = (config: string): string[] => {
  const block = /^services:\n((?:[ \t].*\n|\n)*)/m.exec(config)?.[1] ?? '';
  return [...block.matchAll(/^ {2}([\w.-]+):/gm)].map((match) => match[1]!);
};

describe('docker-compose.yml', () => {
  const compose = read('docker-compose.yml');

  it('passes `docker-compose config`, with and without the reference-upstream profile', async () => {
    const runs = await rendered;
    if (runs) {
      for (const result of runs) {
        expect(result.stderr).not.toMatch(/error|invalid/i);
        expect(result.status).toBe(0);
      }
      expect(servicesOf(runs[1].stdout).sort()).toEqual([
        'credit-service',
        'gateway-1',
        'gateway-2',
        'lb',
        'prometheus',
        'redis',
        'redis-backup',
      ]);
    }
    expect(compose).toMatch(/command: \['sh', '\/etc\/credit-portal\/redis-start\.sh', 'primary'\]/);
    expect(read('deploy/redis/start.sh')).toMatch(/echo 'appendonly yes'/);
    expect(compose).toMatch(/credit-service:\n(?:\s+<<: \*node-hardening\n)?\s+profiles: \['reference-upstream'\]/);
    for (const service of ['redis', 'credit-service', 'gateway-1', 'gateway-2', 'lb']) {
      const block = new RegExp(`\\n  ${service}:\\n((?:    .*\\n|\\n)*)`).exec(compose)?.[1] ?? '';
      const inherited = service.startsWith('gateway') ? compose : block;
      expect(inherited, service).toMatch(/restart: unless-stopped/);
      expect(inherited, service).toMatch(/healthcheck:/);
    }
  });

  it('publishes the balancer alone, and each service believes X-Forwarded-For from what is in front of it only', async () => {
    // Rendered by docker-compose when it is installed (.ci/run installs it); else the file as written.
    const withProfile = (await rendered)?.[1] ?? null;
    if (withProfile) expect(withProfile.status, withProfile.stderr).toBe(0);
    const config = withProfile?.stdout ?? compose;
    /** A service's block: its lines down to the next service. */
    const service = (name: string) => new RegExp(`\\n  ${name}:\\n((?:    .*\\n|\\n)*)`).exec(config)?.[1] ?? '';
    /** A service's environment value (the default, as docker-compose renders it with nothing set). */
    const env = (name: string, variable: string) => {
      const value = new RegExp(`\\n\\s+${variable}: (.*)\\n`).exec(service(name))?.[1] ?? '';
      return value.replace(/^\$\{[A-Z_]+:-(.*)\}$/, '$1').replace(/^'(.*)'$/, '$1');
    };
    /** A service's fixed address on the internal network. */
    const address = (name: string) => /ipv4_address: (\S+)/.exec(service(name))?.[1];

    // One published port in the whole deployment: the balancer's.
    expect(config.match(/^ {4}ports:/gm)).toHaveLength(1);
    expect(service('lb')).toMatch(/ports:\n\s+- published: 443\n\s+target: 443\n\s+- published: 80\n\s+target: 80\n/);
    for (const name of ['credit-service', 'gateway-1', 'gateway-2', 'redis', 'redis-backup', 'prometheus']) {
      expect(service(name), name).not.toBe('');
      expect(service(name), name).not.toMatch(/ports:/);
    }
    // Fixed addresses; the gateways believe the balancer alone, the credit-service the gateways (and
    // the balancer, for the old-site pages it forwards) — no private range, no other container.
    const [lb, gateway1, gateway2] = [address('lb'), address('gateway-1'), address('gateway-2')];
    expect(lb && gateway1 && gateway2).toBeTruthy();
    expect(config).toMatch(/subnet: 172\.28\.0\.0\/24/);
    for (const name of ['gateway-1', 'gateway-2']) expect(env(name, 'TRUSTED_PROXIES'), name).toBe(lb);
    expect(env('credit-service', 'TRUSTED_PROXIES').split(',').sort()).toEqual([gateway1, gateway2, lb].sort());
    // The old site through the balancer; no default for the centre's external services.
    expect(env('gateway-1', 'OLD_SITE_URL')).toBe('/oldsite');
    expect(env('gateway-1', 'FACE_VERIFY_URL')).toBe('');
    expect(env('gateway-1', 'WECHAT_AUTHORIZE_URL')).toBe('');
    expect(config).not.toMatch(/localhost:8090/);
    // A public bind: no demo stand-in or outbox page is turned on.
    expect(env('credit-service', 'DEMO_STANDINS')).toBe('');
    // Its SM2 report-signing key from a compose secret (it refuses to start without one there).
    expect(env('credit-service', 'REPORT_SIGNING_KEY_FILE')).toBe('/run/secrets/report-signing-key');
    expect(service('credit-service')).toMatch(/secrets:\n\s+- (?:source: )?report-signing-key/);
    expect(service('credit-service')).not.toMatch(/OUTBOX_PAGE/);
  });

  it('forwards the gateways and the old site’s public pages, and nothing else of the credit-service, by fixed address', () => {
    const nginx = read('deploy/nginx.conf');
    const locations = [...nginx.matchAll(/^ {2}location (.+?) \{/gm)].map((m) => m[1]);
    expect(locations).toEqual([
      // port 80: the health check, and a redirect to https for everything else
      '= /healthz',
      '/',
      // port 443
      '= /metrics',
      '= /readyz',
      '/oldsite/',
      '~ ^/oldsite/(?:NewLinkTo|NewLoginOut|login)\\.aspx$',
      '/',
    ]);
    expect(nginx).toMatch(/location \/oldsite\/ \{ return 404; \}/);
    // No name is resolved (nginx 1.22 has no `resolve`, and Docker's and podman's DNS differ): the
    // containers' fixed addresses of docker-compose.yml, the credit-service's with the normalized path.
    const compose = read('docker-compose.yml');
    const address = (name: string) =>
      new RegExp(`\\n  ${name}:\\n(?:    .*\\n|\\n)*?\\s+ipv4_address: (\\S+)`).exec(compose)?.[1];
    expect(nginx).toMatch(
      new RegExp(`proxy_pass http://${address('credit-service')!.replace(/\./g, '\\.')}:8090\\$uri\\$is_args\\$args;`),
    );
    const upstreams = [...nginx.matchAll(/^ {2}server (\S+):8080 (.+);$/gm)].map((m) => [m[1], m[2]]);
    const gateways = [address('gateway-1'), address('gateway-2')];
    expect(upstreams).toEqual([
      ...gateways.map((ip) => [ip, 'max_fails=3 fail_timeout=10s']),
      // Never all marked failed: a rolling upgrade's second replica may stop while nginx still
      // skips the first, just back.
      ...gateways.map((ip) => [ip, 'backup max_fails=0']),
    ]);
    const code = nginx.split('\n').filter((line) => !line.trim().startsWith('#'));
    expect(code.join('\n')).not.toMatch(/\bresolve;|127\.0\.0\.11|credit-service|gateway-\d/);
  });

  it('serves https only: TLS 1.2+, HTTP/2, HSTS on every answer, port 80 a redirect but for the health check', () => {
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toMatch(/^ {2}listen 443 ssl http2;$/m);
    expect(nginx).toMatch(/^ {2}ssl_protocols TLSv1\.2 TLSv1\.3;$/m);
    expect(nginx).not.toMatch(/ssl_ciphers [^;]*(?:RC4|3DES|MD5|CBC|aNULL)/);
    expect(nginx).toMatch(/add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;/);
    expect(nginx).toMatch(/ssl_certificate \/run\/secrets\/tls-certificate;/);
    expect(nginx).toMatch(/ssl_stapling on;/);
    expect(nginx).toMatch(/location \/ \{\n\s+return 301 https:\/\/\$host\$request_uri;\n\s+\}/);
  });

  it('passes every setting of the gateway README through under its own name', () => {
    const readme = read('packages/server/README.md');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('Runtime-config URLs'));
    const names = [...table.matchAll(/^\| ((?:`[A-Z_0-9]+`(?:, )?)+) \|/gm)].flatMap((m) =>
      m[1]!.match(/[A-Z_0-9]+/g)!,
    );
    expect(names.length).toBeGreaterThan(50);
    // Fixed by the image's layout, not a deployment choice.
    const layout = new Set(['WEB_DIST_DIR', 'CREDIT_SERVICE_PORT', 'RUN_AS_USER']);
    // A secret passes as a file (NAME_FILE, a compose secret) instead of its value.
    for (const name of names.filter((n) => !layout.has(n)))
      expect(compose, name).toMatch(new RegExp(`\\n  ${name}(?:_FILE)?: `));
  });

  it('keeps /metrics and /readyz off the public balancer', () => {
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toMatch(/location = \/metrics \{ return 404; \}/);
    expect(nginx).toMatch(/location = \/readyz \{ return 404; \}/);
    expect(nginx).not.toMatch(/server \S+:9464/);
    expect(read('Dockerfile')).toMatch(/^USER node$/m);
    expect(read('Dockerfile')).toMatch(/^HEALTHCHECK .*scripts\/healthcheck\.mjs/m);
  });
});

/*
 * The two products below start side by side (describe.concurrent): each mostly waits, on its
 * processes' start and on the gateway noticing Redis come and go; they share nothing but the
 * binaries (own ports, data directories and Redis).
 */
describe.concurrent('the production artefacts', () => {
  it('start with exactly the image’s commands and serve /healthz, the admin /readyz and /docs', async () => {
    const commands = imageCommands();
    const [publicPort, adminPort, creditPort, creditAdminPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const dataDir = mkdtempSync(join(tmpdir(), 'credit-portal-deploy-'));
    const env = {
      NODE_ENV: 'production',
      GATEWAY_PORT: String(publicPort),
      GATEWAY_HOST: '127.0.0.1',
      ADMIN_PORT: String(adminPort),
      CREDIT_SERVICE_PORT: String(creditPort),
      CREDIT_SERVICE_ADMIN_PORT: String(creditAdminPort),
      CREDIT_SERVICE_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_ENTITIES: '200',
      LOG_LEVEL: 'warn',
      // A laptop's run: the stand-ins and a generated signing key (no centre's key here).
      DEMO_STANDINS: 'on',
    };
    const credit = launch(commands.creditService, env);
    const gateway = launch(commands.gateway, env);
    try {
      await waitFor(async () => (await status(`http://127.0.0.1:${creditPort}/healthz`)) === 200, 'the credit-service');
      const ready = await waitFor(async () => {
        const response = await fetch(`http://127.0.0.1:${adminPort}${GATEWAY_PATHS.ready}`);
        const body = (await response.json()) as { data: { status: string } };
        return body.data.status === 'ready' ? body : null;
      }, 'the gateway to be ready');
      expect(ready).toMatchObject({
        ok: true,
        data: { redis: 'not_configured', upstreams: { credit: { reachable: true } } },
      });
      expect(await status(`http://127.0.0.1:${publicPort}${GATEWAY_PATHS.health}`)).toBe(200);
      expect(await status(`http://127.0.0.1:${publicPort}${GATEWAY_PATHS.ready}`)).toBe(404);
      expect(await status(`http://127.0.0.1:${publicPort}${GATEWAY_PATHS.metrics}`)).toBe(404);
      expect(await (await fetch(`http://127.0.0.1:${adminPort}${GATEWAY_PATHS.metrics}`)).text()).toContain(
        'gateway_http_requests_total',
      );
      // The credit-service's admin listener: its metrics and readiness, apart from its API.
      expect(await (await fetch(`http://127.0.0.1:${creditAdminPort}/metrics`)).text()).toContain(
        'credit_service_http_requests_total',
      );
      expect(await status(`http://127.0.0.1:${creditAdminPort}/readyz`)).toBe(200);
      expect(await status(`http://127.0.0.1:${creditPort}/metrics`)).toBe(404);
      expect(await status(`http://127.0.0.1:${publicPort}/docs/json`)).toBe(200);
      expect(await status(`http://127.0.0.1:${creditPort}/docs/json`)).toBe(200);
      // The image's HEALTHCHECK, in each container's environment.
      const healthcheck = (port: Record<string, string>) =>
        spawnSync(process.execPath, ['scripts/healthcheck.mjs'], {
          cwd: ROOT,
          env: {
            ...port,
            GATEWAY_PORT: port.GATEWAY_PORT ?? '1',
            CREDIT_SERVICE_PORT: port.CREDIT_SERVICE_PORT ?? '1',
          },
        }).status;
      expect(healthcheck({ GATEWAY_PORT: String(publicPort) })).toBe(0);
      expect(healthcheck({ CREDIT_SERVICE_PORT: String(creditPort) })).toBe(0);
      expect(healthcheck({})).toBe(1);
    } finally {
      await stop(gateway);
      await stop(credit);
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(gateway.child.exitCode).toBe(0);
  });
});

describe.concurrent('faults', () => {
  const redisBinary = onPath('redis-server');

  it('stores every visit log answered 2xx after Redis went down and the gateway was killed -9', async () => {
    expect(redisBinary, 'redis-server (apt-get install redis-server; .ci/run installs it)').toBeTruthy();
    const commands = imageCommands();
    const [publicPort, adminPort, creditPort, redisPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const dataDir = mkdtempSync(join(tmpdir(), 'credit-portal-faults-'));
    const redisArgs = [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--dir',
      dataDir,
    ];
    const startRedis = () => {
      const child = spawn(redisBinary!, redisArgs, { stdio: 'ignore' });
      running.add(child);
      return { child, output: [] } as Service;
    };
    const env = {
      GATEWAY_PORT: String(publicPort),
      GATEWAY_HOST: '127.0.0.1',
      ADMIN_PORT: String(adminPort),
      CREDIT_SERVICE_PORT: String(creditPort),
      CREDIT_SERVICE_ADMIN_PORT: '0',
      DATA_DIR: dataDir,
      SEED_ENTITIES: '200',
      LOG_LEVEL: 'warn',
      DEMO_STANDINS: 'on',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_KEY_PREFIX: 'faults:',
      VISITLOG_BATCH_WAIT_MS: '50',
      VISITLOG_BACKOFF_BASE_MS: '20',
      VISITLOG_BACKOFF_MAX_MS: '200',
      VISITLOG_FORWARD_TIMEOUT_MS: '1000',
      VISITLOG_CLAIM_IDLE_MS: '2000',
      RATE_LIMIT_VISITLOG_MAX: '100000',
    };
    let redis = startRedis();
    const credit = launch(commands.creditService, env);
    let gateway = launch(commands.gateway, env);
    const redisUp = async () => {
      const response = await fetch(`http://127.0.0.1:${adminPort}${GATEWAY_PATHS.ready}`);
      return ((await response.json()) as { data: { redis: string } }).data.redis;
    };
    // The browser: a batch leaves its queue on 202 only; anything else is sent again later.
    const browserQueue: string[] = [];
    let acknowledged = 0;
    const post = async (body: string) => {
      const response = await fetch(`http://127.0.0.1:${publicPort}${API_PATHS.visitLog}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (response.status === 202)
        acknowledged += ((await response.json()) as { data: { accepted: number } }).data.accepted;
      else {
        expect(response.status).toBe(503);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        browserQueue.push(body);
      }
      return response.status;
    };
    const batch = () =>
      JSON.stringify({
        message: encodeVisitLogMessage({
          appToken: VISIT_LOG_APP_TOKEN,
          messages: Array.from({ length: 10 }, (_, i) => ({
            contentCode: '0103',
            param: `/xydt?n=${i}`,
            ipv4: '',
            ipv6: '',
            userid: '',
            visitTime: formatVisitTime(),
            visitorDevice: '1',
            visitorAppDetail: '',
          })),
        }),
      });
    const stored = async () => storedVisitLogs(dataDir);
    try {
      await waitFor(async () => (await redisUp()) === 'up', 'the gateway on Redis');
      for (let i = 0; i < 5; i += 1) expect(await post(batch())).toBe(202);

      await stop(redis);
      await waitFor(async () => (await redisUp()) === 'down', 'the gateway to notice Redis is down');
      for (let i = 0; i < 5; i += 1) expect(await post(batch())).toBe(503);
      await stop(gateway, 'SIGKILL');

      redis = startRedis();
      gateway = launch(commands.gateway, env);
      await waitFor(async () => (await redisUp()) === 'up', 'the new gateway on Redis');
      for (const body of browserQueue.splice(0)) expect(await post(body)).toBe(202);
      expect(acknowledged).toBe(100);
      await waitFor(async () => (await stored()) === acknowledged, `all ${acknowledged} acknowledged events stored`);
    } finally {
      await stop(gateway);
      await stop(credit);
      await stop(redis);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the logs of this run', () => {
  it('hold no phone number, ID number, JWT or e-mail, though a login just went through both services', async () => {
    const baseUrl = inject('baseUrl');
    const login = await fetch(`${baseUrl}${API_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Mobile: '13900000000', Password: 'Yunzhou2026' }),
    });
    const token = ((await login.json()) as { data: { JwtToken: string } }).data.JwtToken;
    expect(token).toMatch(/^eyJ/);
    await fetch(`${baseUrl}${API_PATHS.profile}?mobile=13912345678&email=a.b%40example.com`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // The check itself finds each kind when it is there.
    expect(personalDataIn(`x 13912345678\ny 11010519491231002X\nz ${token}\nw a.b@example.com`)).toHaveLength(4);
    const log = await waitFor(() => {
      const text = readFileSync(inject('productLog'), 'utf8');
      return text.includes(API_PATHS.profile) && text.includes(API_PATHS.login) ? text : null;
    }, 'the requests in the log');
    expect(personalDataIn(log)).toEqual([]);
  });
});
