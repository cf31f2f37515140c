import { connect as tlsConnect } from 'node:tls';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_PATHS, GATEWAY_PATHS, type ReportSignatureCheck } from '@credit-portal/shared';
import { paths } from '../packages/web/src/lib/paths.js';
import { dashboardExpressions, metricNames, ruleExpressions } from '../deploy/monitoring/metric-names.js';
import { collectErrors, launchBrowser } from './browser.js';
import { Portal, ROOT, Stack, VisitLogLoad, driveHealthChecks, operatorCheckout, runCommand } from './stack-support.js';

/*
 * The deployment as the centre runs it (`npm run test:deploy`): docs/OPERATIONS.md's steps run as
 * written in an operator's copy of the repository — secrets, an acceptance certificate, the image
 * built, the stack started with the reference upstream — then everything through the balancer
 * only, over https: a citizen's walk in Chromium, a visit-log burst, and the faults a deployment
 * meets (a gateway killed -9, the credit-service restarted, the volume lost and restored from a
 * backup, a rolling upgrade and its rollback, down and up, the Redis master stopped under
 * Sentinel). The steps follow each other like an operator's day; each `it` starts where the one
 * before left the stack.
 */

const PROJECT = 'credit-portal';
const ORIGIN = 'https://localhost';
const DEMO = { mobile: '13900000000', password: 'Yunzhou2026' };
const H5_PERSON = { name: '林晓云', idNumber: '350203198806150240' };

/** The settings the test adds to the documented acceptance bench's .env: quicker takeovers and backups, no per-client limit on its one address. */
const TEST_SETTINGS = {
  SEED_ENTITIES: '1000',
  RATE_LIMIT_MAX: '1000000',
  RATE_LIMIT_STRICT_MAX: '1000000',
  RATE_LIMIT_VISITLOG_MAX: '1000000',
  VISITLOG_BATCH_WAIT_MS: '200',
  VISITLOG_BACKOFF_BASE_MS: '100',
  VISITLOG_BACKOFF_MAX_MS: '2000',
  VISITLOG_FORWARD_TIMEOUT_MS: '3000',
  VISITLOG_CLAIM_IDLE_MS: '8000',
};

let stack: Stack;
let portal: Portal;
let stopHealthChecks: () => void = () => undefined;
let browser: Browser | undefined;
const timings: Record<string, number> = {};

/** Runs `body` and records its seconds under `name` (printed at the end, for BENCHMARKS.md). */
async function timed<T>(name: string, body: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await body();
  } finally {
    timings[name] = Math.round((Date.now() - started) / 100) / 10;
  }
}

/** Every service of the running stack healthy (compose ps), polled while the health driver runs them. */
async function allHealthy(services: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const states = await Promise.all(
          services.map(async (service) => {
            const id = await stack.containerOf(service);
            if (!id) return `${service}: none`;
            const status = await runCommand('podman', ['inspect', '-f', '{{.State.Health.Status}}', id], {
              cwd: stack.dir,
              env: stack.env,
            });
            return `${service}: ${status.output.trim()}`;
          }),
        );
        return states.filter((state) => !state.endsWith(': healthy'));
      },
      { timeout: 300_000, interval: 2000 },
    )
    .toEqual([]);
}

const CORE_SERVICES = ['redis', 'credit-service', 'gateway-1', 'gateway-2', 'lb'];

/** A query of the credit-service's SQLite database inside its container (root reads the volume). */
async function sql<T>(query: string, ...parameters: string[]): Promise<T> {
  const script = `const Database = require('/app/packages/credit-service/node_modules/better-sqlite3');
const db = new Database('/data/credit.sqlite', { readonly: true, fileMustExist: true });
const rows = db.prepare(process.argv[1]).all(...process.argv.slice(2));
process.stdout.write(JSON.stringify(rows));`;
  const output = await stack.exec('credit-service', ['node', '-e', script, query, ...parameters]);
  return JSON.parse(output.trim().split('\n').pop() ?? 'null') as T;
}

/** The params of the stored visit-log events of a load (each event's own marker). */
async function storedParams(load: VisitLogLoad): Promise<Set<string>> {
  const [first] = [...load.acknowledged];
  const prefix = first?.replace(/-\d+$/, '-') ?? '/xydt?deploy=';
  const rows = await sql<{ param: string }[]>('SELECT param FROM visit_logs WHERE param LIKE ?', `${prefix}%`);
  return new Set(rows.map((row) => row.param));
}

/** Every event the load was answered 202 for is stored upstream (once: the table keys them by event id). */
async function expectNoneLost(load: VisitLogLoad): Promise<void> {
  expect(load.acknowledged.size).toBeGreaterThan(0);
  await expect
    .poll(async () => {
      const stored = await storedParams(load);
      return [...load.acknowledged].filter((param) => !stored.has(param)).length;
    })
    .toBe(0);
}

/** The audit trail of the credit-service checks out (docs/AUDIT.md), as the operator runs it. */
async function auditVerifies(): Promise<void> {
  const output = await stack.exec('credit-service', [
    'node',
    'packages/credit-service/dist/audit/cli.js',
    'verify',
    '/data/audit',
    '--data-dir',
    '/data',
  ]);
  expect(output).toMatch(/\bOK\b/);
}

/** A login through the balancer: the session token. */
async function login(): Promise<string> {
  const answer = await portal.json<{ ok: boolean; data: { JwtToken: string } }>(API_PATHS.login, {
    method: 'POST',
    body: { Mobile: DEMO.mobile, Password: DEMO.password },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.JwtToken;
}

/** The row counts a restore must bring back (of the tables a backup's manifest counts; not the sessions, which every login adds to). */
const COUNTED = ['users', 'service_applications', 'credit_reports', 'entities', 'licences', 'follows'];
async function counts(): Promise<Record<string, number>> {
  const rows = await sql<{ n: number }[]>(
    COUNTED.map((table) => `SELECT COUNT(*) AS n FROM ${table}`).join(' UNION ALL '),
  );
  return Object.fromEntries(COUNTED.map((table, i) => [table, rows[i]!.n]));
}

/** An enterprise credit report issued through the balancer: the PDF and its number. */
async function issueReport(): Promise<{ pdf: Buffer; reportNo: string }> {
  const found = await portal.json<{ data: { ID: string }[] }>(API_PATHS.entitySearch, {
    method: 'POST',
    body: { EntNameOrCreditCode: '科技' },
  });
  expect(found.status, JSON.stringify(found.body).slice(0, 300)).toBe(200);
  const entityId = found.body.data[0]!.ID;
  const today = new Date().toISOString().slice(0, 10);
  const response = await portal.request(API_PATHS.enterpriseReport, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entityId, periodFrom: '2024-01-01', periodTo: today }),
  });
  expect(response.status, response.body.toString().slice(0, 300)).toBe(200);
  return { pdf: response.body, reportNo: String(response.headers['x-report-number']) };
}

/** The signature check of a report file, uploaded alone (/#/xyfw/verify's way). */
async function checkReport(pdf: Buffer): Promise<ReportSignatureCheck> {
  const boundary = `----deploy${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="report.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await portal.request(API_PATHS.reportVerifySignature, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const envelope = JSON.parse(response.body.toString()) as { ok: boolean; data: ReportSignatureCheck };
  expect(response.status, response.body.toString().slice(0, 300)).toBe(200);
  return envelope.data;
}

/** The project's containers (whatever files made them), network and volumes, gone. */
async function removeEverything(): Promise<void> {
  stack.useSentinel();
  await stack.compose(['down', '-v', '--remove-orphans', '--timeout', '5'], { check: false });
  const left = await runCommand('podman', ['ps', '-aq', '--filter', `label=com.docker.compose.project=${PROJECT}`], {
    cwd: '/',
    env: process.env,
  });
  const ids = left.output.split('\n').filter((line) => /^[0-9a-f]{12,}$/.test(line.trim()));
  if (ids.length > 0) await runCommand('podman', ['rm', '-f', ...ids], { cwd: '/', env: process.env });
  await runCommand('podman', ['network', 'rm', '-f', `${PROJECT}_default`], { cwd: '/', env: process.env });
  await runCommand('podman', ['volume', 'prune', '-f', '--filter', `label=com.docker.compose.project=${PROJECT}`], {
    cwd: '/',
    env: process.env,
  });
}

beforeAll(async () => {
  const images = ['node:20-bookworm-slim', 'redis:7-alpine', 'nginx:1.28-alpine'];
  for (const image of images) {
    const found = await runCommand('podman', ['image', 'exists', image], { cwd: '/', env: process.env });
    expect(found.status, `${image}: run scripts/deploy-test-setup.sh first`).toBe(0);
  }
  stack = new Stack(await operatorCheckout(), { ...process.env, COMPOSE_PROJECT_NAME: PROJECT });
  stopHealthChecks = driveHealthChecks(PROJECT);
  // A stack of an earlier, interrupted run would hold the ports, addresses and volumes.
  await removeEverything();
  stack.useSentinel(false);
});

afterAll(async () => {
  console.log(`deployment test timings (s): ${JSON.stringify(timings)}`);
  await browser?.close();
  if (stack) {
    // Every container's log, for what went wrong: .tmp/deploy-stack.log.
    const logs = await stack.compose(['logs', '--no-color', '--timestamps'], { check: false });
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    writeFileSync(join(ROOT, '.tmp', 'deploy-stack.log'), logs.output);
    console.log(`the stack's logs: .tmp/deploy-stack.log (${logs.output.length} characters)`);
    await removeEverything();
  }
  stopHealthChecks();
});

describe('the deployment, as docs/OPERATIONS.md runs it', () => {
  it('makes the secrets and an acceptance certificate, builds the image and checks the files', async () => {
    await stack.step('secrets');
    await stack.step('certificate-acceptance');
    await stack.step('settings-acceptance');
    // The test's own tunings on top of the documented acceptance bench.
    const env = readFileSync(join(stack.dir, '.env'), 'utf8');
    const extra = Object.entries(TEST_SETTINGS).map(([name, value]) => `${name}=${value}`);
    writeFileSync(join(stack.dir, '.env'), `${env}\n${extra.join('\n')}\n`);
    for (const secret of ['report-signing-key.pem', 'redis-gateway-password', 'tls-certificate-key.pem']) {
      const mode = (await runCommand('stat', ['-c', '%a', join('secrets', secret)], { cwd: stack.dir, env: stack.env }))
        .output;
      expect(mode.trim(), secret).toBe('600');
    }
    await stack.step('check');
    await timed('build', () => stack.step('build'));

    // The image: non-root, no compiler or package manager's build tools, its size on record.
    const inspect = await runCommand(
      'podman',
      ['image', 'inspect', 'credit-portal:latest', '--format', '{{.Config.User}} {{.Size}}'],
      { cwd: stack.dir, env: stack.env },
    );
    const [user, size] = inspect.output.trim().split(' ');
    expect(user).toBe('node');
    timings.imageMegabytes = Math.round(Number(size) / 1e6);
    const tools = await runCommand(
      'podman',
      [
        'run',
        '--rm',
        '--no-healthcheck',
        '--entrypoint',
        'sh',
        'credit-portal:latest',
        '-c',
        'command -v g++ || command -v make || command -v python3 || command -v pnpm',
      ],
      { cwd: stack.dir, env: stack.env },
    );
    expect(tools.output.trim()).toBe('');
  });

  it('starts with the reference upstream and passes the documented checks', async () => {
    await timed('start', async () => {
      await stack.step('start');
      await allHealthy(CORE_SERVICES);
    });
    portal = new Portal(ORIGIN, readFileSync(join(stack.dir, 'secrets', 'acceptance-ca.pem')));
    await stack.step('verify');

    // TLS at the balancer: http → https but for the health check, HTTP/2, HSTS, TLS 1.2 at least.
    const plain = await fetch('http://localhost/xyfw?x=1', { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://localhost/xyfw?x=1');
    expect((await fetch('http://localhost/healthz')).status).toBe(200);
    expect(await portal.http2Health()).toEqual({ alpn: 'h2', status: 200 });
    const home = await portal.request('/');
    expect(home.status).toBe(200);
    expect(home.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const old = await new Promise<string>((resolve) => {
      const socket = tlsConnect({
        host: 'localhost',
        port: 443,
        maxVersion: 'TLSv1.1',
        minVersion: 'TLSv1',
        rejectUnauthorized: false,
      });
      socket.once('secureConnect', () => {
        socket.destroy();
        resolve('accepted');
      });
      socket.once('error', () => resolve('refused'));
    });
    expect(old).toBe('refused');
    for (const path of [GATEWAY_PATHS.metrics, GATEWAY_PATHS.ready, '/oldsite/CreditServiceReview.aspx']) {
      expect((await portal.request(path)).status, path).toBe(404);
    }

    // Only the balancer publishes ports, 80 and 443.
    const published = await runCommand(
      'podman',
      ['ps', '--filter', `label=com.docker.compose.project=${PROJECT}`, '--format', '{{.Names}} {{.Ports}}'],
      {
        cwd: stack.dir,
        env: stack.env,
      },
    );
    const withPorts = published.output.split('\n').filter((line) => /->/.test(line));
    expect(withPorts).toHaveLength(1);
    expect(withPorts[0]).toMatch(/_lb_1 .*:443->443\/tcp.*:80->80\/tcp|_lb_1 .*:80->80\/tcp.*:443->443\/tcp/);

    // Redis takes no connection without a password; the gateways' user has its commands only.
    const anonymous = await stack.exec('redis', ['redis-cli', 'ping']);
    expect(anonymous).toMatch(/NOAUTH/);
    const asGateway = (command: string) =>
      stack.exec('redis', [
        'sh',
        '-c',
        `REDISCLI_AUTH="$(cat /run/secrets/redis-gateway-password)" redis-cli --no-auth-warning --user gateway ${command}`,
      ]);
    expect(await asGateway('ping')).toMatch(/PONG/);
    expect(await asGateway('flushall')).toMatch(/NOPERM/);
    expect(await asGateway('get unprefixed-key')).toMatch(/NOPERM/);
    expect(await asGateway('config get requirepass')).toMatch(/NOPERM/);
    // Those refusals were this test's own: the log starts empty for what the gateways do from here on.
    await stack.exec('redis', [
      'sh',
      '-c',
      'REDISCLI_AUTH="$(cat /run/secrets/redis-internal-password)" redis-cli --no-auth-warning --user ops acl log reset',
    ]);

    // The Node services run as `node` on a read-only root filesystem.
    for (const service of ['gateway-1', 'credit-service']) {
      const status = await stack.exec(service, ['sh', '-c', "grep '^Uid:' /proc/1/status; touch /app/x 2>&1 || true"]);
      expect(status, service).toMatch(/^Uid:\s+1000\s+1000\s+1000\s+1000/m);
      expect(status, service).toMatch(/Read-only file system/);
    }
  });

  it('is measured: Prometheus of the monitoring profile scrapes every service, and each series the rules and the dashboard read is exported', async () => {
    await stack.step('monitoring');
    const api = async <T>(path: string) =>
      JSON.parse(await stack.exec('prometheus', ['wget', '-qO-', `http://127.0.0.1:9090${path}`])) as { data: T };
    await expect
      .poll(async () => {
        const { data } = await api<{ activeTargets: { scrapeUrl: string; health: string }[] }>('/api/v1/targets');
        return data.activeTargets.map((target) => `${target.scrapeUrl} ${target.health}`).sort();
      })
      .toEqual([
        'http://credit-service:9465/metrics up',
        'http://gateway-1:9464/metrics up',
        'http://gateway-2:9464/metrics up',
      ]);
    const monitoring = join(stack.dir, 'deploy', 'monitoring');
    const rulesText = readFileSync(join(monitoring, 'alerts.yml'), 'utf8');
    const rules = await api<{ groups: { rules: unknown[] }[] }>('/api/v1/rules');
    expect(rules.data.groups.flatMap((group) => group.rules)).toHaveLength(ruleExpressions(rulesText).length);
    const expressions = [
      ...ruleExpressions(rulesText),
      ...dashboardExpressions(JSON.parse(readFileSync(join(monitoring, 'grafana', 'credit-portal.json'), 'utf8'))),
    ];
    // The live /metrics of a gateway and of the credit-service, read on the internal network.
    const scrape = (service: string, port: number) =>
      stack.exec(service, [
        'node',
        '-e',
        `fetch('http://127.0.0.1:${port}/metrics').then((r) => r.text()).then((t) => process.stdout.write(t))`,
      ]);
    const exposition = `${await scrape('gateway-1', 9464)}\n${await scrape('credit-service', 9465)}`;
    const exported = new Set([...exposition.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
    const missing = [...new Set(expressions.flatMap((expression) => metricNames(expression)))].filter(
      (name) => name !== 'up' && !exported.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('takes a citizen through the portal over https: search, entity details after an account login, 双公示, an H5 report e-mailed', async () => {
    browser = await launchBrowser();
    const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });
    const page = await desktop.newPage();
    const errors = collectErrors(page);
    await timed('walk', async () => {
      await page.goto(`${ORIGIN}/#/index`);
      const header = page.getByRole('search', { name: '信用主体查询' }).first();
      await header.getByRole('textbox').fill('科技');
      await header.getByRole('textbox').press('Enter');
      const results = page.getByRole('list', { name: '查询结果' });
      const first = results.getByRole('link').first();
      const id = /[?&]id=([^&]+)/.exec((await first.getAttribute('href')) ?? '')?.[1] ?? '';
      expect(id).not.toBe('');
      await first.click();
      // Details need a login: the account login, then back on the details.
      await page.getByRole('link', { name: '账号登录' }).click();
      await page.getByLabel('手机号码').fill(DEMO.mobile);
      await page.getByLabel('密码', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: /^登\s*录$/ }).click();
      await page.waitForURL(new RegExp(`[?&]id=${id}(?:&|$)`));
      // The demo account predates the consent records: it is asked to agree to the rules first.
      const asked = page.getByRole('dialog', { name: '请阅读并同意个人信息处理规则' });
      await asked.getByRole('button', { name: /同意并继续/ }).click();
      await asked.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('heading', { name: /^行政许可/ }).waitFor();

      // 双公示: a penalty's details from the list (its 查看详情 link names the party).
      await page.goto(`${ORIGIN}/#${paths.doubleDisclosure}?currentTab=2`);
      const row = page.getByRole('link', { name: /^查看详情：/ }).first();
      await row.waitFor();
      const party = ((await row.getAttribute('aria-label')) ?? '').replace(/^查看详情：/, '');
      expect(party).not.toBe('');
      await row.click();
      await page.waitForURL(/XygsDetailsCF/);
      await page.getByText(party).first().waitFor();
      expect(errors).toEqual([]);

      // The H5 app on a phone: the face-verification stand-in of this acceptance bench, then the
      // personal report e-mailed.
      const phone = await browser!.newContext({
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        ignoreHTTPSErrors: true,
      });
      const h5 = await phone.newPage();
      const h5Errors = collectErrors(h5);
      await h5.goto(`${ORIGIN}/#/h5/login`);
      await h5.getByRole('button', { name: /^登\s*录$/ }).click();
      // The portal's face-verification notice and its consent, before the hand-off.
      const notice = h5.getByRole('region', { name: '人脸识别告知' });
      await notice.getByRole('checkbox').check();
      await notice.getByRole('button', { name: /同意并开始人脸识别/ }).click();
      await h5.waitForURL(/\/faceverify\?certToken=/);
      await h5.getByLabel('姓名').fill(H5_PERSON.name);
      await h5.getByLabel('证件号码').fill(H5_PERSON.idNumber);
      await h5.getByLabel('本人同意进行人脸识别身份核验').check();
      await h5.getByRole('button', { name: '开始人脸识别' }).click();
      await h5.waitForURL(/#\/h5\/gtxy$/);
      const outboxBefore = await stack.exec('credit-service', ['sh', '-c', 'ls /data/outbox 2>/dev/null | wc -l']);
      await h5.goto(`${ORIGIN}/#/h5/PersonCreditReport`);
      await h5.getByRole('region', { name: '报告信息' }).waitFor();
      await h5.getByRole('button', { name: /下载报告/ }).click();
      const mail = h5.getByRole('dialog').filter({ hasText: '发送报告至邮箱' });
      await mail.getByLabel('邮箱地址').fill('lin.xiaoyun@example.cn');
      await mail.getByRole('button', { name: /确\s*定/ }).click();
      await mail.waitFor({ state: 'hidden' });
      await expect
        .poll(async () =>
          Number((await stack.exec('credit-service', ['sh', '-c', 'ls /data/outbox 2>/dev/null | wc -l'])).trim()),
        )
        .toBeGreaterThan(Number(outboxBefore.trim()));
      expect(h5Errors).toEqual([]);
      await phone.close();
    });
    await desktop.close();
  });

  it('counts a visit-log burst through the balancer into the credit-service', async () => {
    const load = new VisitLogLoad(portal, 50);
    load.start(20);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await load.drain();
    expect(load.acknowledged.size).toBeGreaterThanOrEqual(500);
    await timed('visitLogBurstStored', () => expectNoneLost(load));
  });

  it('loses nothing when a gateway is killed -9 under visit-log load, and the other one serves', async () => {
    const load = new VisitLogLoad(portal);
    load.start(50);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const victim = await stack.containerOf('gateway-1');
    await runCommand('podman', ['kill', '-s', 'KILL', victim], { cwd: stack.dir, env: stack.env });
    // The other replica answers meanwhile.
    for (let i = 0; i < 10; i += 1) {
      expect((await portal.request(GATEWAY_PATHS.health)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await load.drain();
    await timed('killedGatewayEventsStored', () => expectNoneLost(load));
    await stack.compose(['up', '-d', '--no-deps', 'gateway-1']);
    await allHealthy(['gateway-1']);
  });

  let issued: { pdf: Buffer; reportNo: string };
  let before: Record<string, number>;

  it('restarts the credit-service with its database and audit trail intact', async () => {
    await login();
    issued = await issueReport();
    before = await counts();
    await stack.compose(['restart', 'credit-service']);
    await allHealthy(['credit-service']);
    expect(await counts()).toEqual(before);
    await auditVerifies();
    expect((await checkReport(issued.pdf)).Verification?.ReportNo).toBe(issued.reportNo);
  });

  it('backs up under load, loses the volume, restores it as documented: records, a login, a report and the audit trail', async () => {
    const load = new VisitLogLoad(portal);
    load.start(50);
    const backup = await timed('backup', () => stack.step('backup'));
    expect(backup).toMatch(/"ok":\s*true/);
    await load.drain();
    const atBackup = await counts();
    await timed('restore', () => stack.step('restore'));
    await allHealthy(['credit-service']);
    expect(await counts()).toEqual(atBackup);
    await login();
    expect((await checkReport(issued.pdf)).Verification?.ReportNo).toBe(issued.reportNo);
    await auditVerifies();
    // The gateways carried on over the restore: the portal answers again through them.
    expect((await portal.request('/')).status).toBe(200);
  });

  it('upgrades the gateways one at a time without a failed request, rolls them back the same way, then the credit-service', async () => {
    const statuses = new Map<string, number>();
    let running = true;
    const started = Date.now();
    const failures: string[] = [];
    const traffic = (async () => {
      while (running) {
        const [status, detail] = await portal
          .request(API_PATHS.districtList)
          // Who answered a failure (nginx's page or a gateway's envelope) tells the cause apart.
          .then((response) => [String(response.status), response.body.toString('utf8', 0, 120)])
          .catch((error: Error) => [error.message, '']);
        statuses.set(status!, (statuses.get(status!) ?? 0) + 1);
        if (status !== '200')
          failures.push(`${((Date.now() - started) / 1000).toFixed(1)} s: ${status} ${detail!.replace(/\s+/g, ' ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await timed('upgrade', () => stack.step('upgrade'));
    await allHealthy(CORE_SERVICES);
    await timed('rollback', () => stack.step('rollback'));
    await allHealthy(CORE_SERVICES);
    running = false;
    await traffic;
    // The one credit-service instance next, after the gateways, as the documented order has it.
    await timed('upgradeCreditService', () => stack.step('upgrade-credit-service'));
    await timed('rollbackCreditService', () => stack.step('rollback-credit-service'));
    await allHealthy(CORE_SERVICES);
    await login();
    expect(statuses.get('200') ?? 0).toBeGreaterThan(100);
    expect(failures, JSON.stringify([...statuses])).toEqual([]);
  });

  it('keeps every record across down and up (the volumes)', async () => {
    const kept = await counts();
    await stack.compose(['down']);
    await stack.compose(['up', '-d']);
    await allHealthy(CORE_SERVICES);
    expect(await counts()).toEqual(kept);
    await login();
    await auditVerifies();
  });

  it('with Sentinel: the Redis master stopped under visit-log load fails over and loses nothing', async () => {
    stack.useSentinel();
    // The override replaces the gateways (and compose the services that follow them): removed
    // first, as docs/OPERATIONS.md does for an upgrade, so that each successor gets its address.
    await stack.compose(['rm', '-fs', 'gateway-1', 'gateway-2', 'lb', 'credit-service', 'prometheus']);
    await stack.compose(['up', '-d']);
    const sentinels = ['redis-replica', 'sentinel-1', 'sentinel-2', 'sentinel-3'];
    await allHealthy([...CORE_SERVICES, ...sentinels]);
    const load = new VisitLogLoad(portal);
    load.start(50);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await stack.compose(['stop', 'redis']);
    const master = () =>
      stack.exec('sentinel-1', [
        'sh',
        '-c',
        'REDISCLI_AUTH="$(cat /run/secrets/redis-sentinel-password)" redis-cli --no-auth-warning -p 26379 sentinel get-master-addr-by-name portal',
      ]);
    await expect.poll(master, { timeout: 120_000, interval: 1000 }).toMatch(/redis-replica/);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await stack.compose(['start', 'redis']);
    await load.drain();
    await timed('failoverEventsStored', () => expectNoneLost(load));
  });

  it('denied no command of any Redis user on the way (ACL LOG empty)', async () => {
    for (const service of ['redis', 'redis-replica']) {
      const log = await stack.exec(service, [
        'sh',
        '-c',
        'REDISCLI_AUTH="$(cat /run/secrets/redis-internal-password)" redis-cli --no-auth-warning --user ops acl log',
      ]);
      expect(log.trim(), service).toBe('');
    }
  });
});
