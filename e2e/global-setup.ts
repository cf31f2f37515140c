import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startProduct } from '../scripts/lib/product.mjs';
import { acceptRulesFor } from './consent-support.js';
import { personalDataIn } from './personal-data.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The file both services' log lines of this run are written to. */
    productLog: string;
    /** The credit-service itself (its review endpoint is not behind the gateway). */
    creditServiceUrl: string;
    /** The centre's reviewer of the run, made by the review command line: login, password, TOTP secret. */
    reviewer: { login: string; password: string; secret: string };
    /** The repository's root and the run's data directory (privacy.e2e.ts dates a consent back in its database). */
    root: string;
    dataDir: string;
  }
}

/** Both services' audit key in the browser suite: the teardown checks the anchors' MACs with it. */
const AUDIT_KEY = 'e2e-audit-key-0123456789abcdefghijklmnop';

/** The centre's reviewer in the browser suite: the tests move applications on as a reviewer would. */
const REVIEWER_LOGIN = 'e2e.reviewer';

/**
 * Makes the run's reviewer with the shipped command line (`reviewer add`), on the database the
 * product has migrated, and reads what it prints once: the password and the TOTP secret.
 */
function addReviewer(root: string, dataDir: string): { login: string; password: string; secret: string } {
  const made = spawnSync(
    process.execPath,
    [
      join(root, 'packages/credit-service/dist/review/cli.js'),
      'reviewer',
      'add',
      REVIEWER_LOGIN,
      '--name',
      '浏览器测试审核员',
      '--data-dir',
      dataDir,
    ],
    { env: { ...process.env, AUDIT_KEY }, encoding: 'utf8' },
  );
  const password = /^password: (\S+)$/m.exec(made.stdout)?.[1];
  const secret = /^totp secret: ([A-Z2-7]+)$/m.exec(made.stdout)?.[1];
  if (made.status !== 0 || !password || !secret) {
    throw new Error(`审核员创建失败（退出码 ${made.status}）：\n${made.stdout}${made.stderr}`);
  }
  return { login: REVIEWER_LOGIN, password, secret };
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

/**
 * A copy of the SPA's build for this run. Others rebuild packages/web/dist while the suite runs (a
 * build empties the folder first, and the gateway routes only the files there at its start): the
 * pages of a run that serves the folder itself lose their chunks halfway (404s, blank pages). The
 * copy is taken between builds: index.html unchanged while copying, and every file it names there.
 */
async function snapshotWebDist(dist: string, into: string): Promise<string> {
  const index = join(dist, 'index.html');
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const before = statSync(index).mtimeMs;
      const html = readFileSync(index, 'utf8');
      rmSync(into, { recursive: true, force: true });
      cpSync(dist, into, { recursive: true });
      const named = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((match) => match[1]!);
      const whole =
        statSync(index).mtimeMs === before &&
        readFileSync(join(into, 'index.html'), 'utf8') === html &&
        named.every((file) => existsSync(join(into, file)));
      if (whole) return into;
    } catch {
      // a build is writing the folder
    }
    if (Date.now() > deadline) throw new Error(`${dist} 在构建中，三分钟内未完成`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/**
 * The problems of the run's audit trail: both services' chains verified by the credit-service's
 * `audit verify` (the shipped command; with the database's anchors and the key), and no phone
 * number, ID number, JWT or e-mail in clear in any record — the product log's check.
 */
function checkAuditTrail(root: string, dataDir: string, auditDir: string): string[] {
  const names = existsSync(auditDir) ? readdirSync(auditDir).filter((name) => name.endsWith('.jsonl')) : [];
  const problems: string[] = [];
  for (const service of ['credit-service.', 'gateway.']) {
    if (!names.some((name) => name.startsWith(service))) problems.push(`${service}* 无审计文件`);
  }
  const verify = spawnSync(
    process.execPath,
    [join(root, 'packages/credit-service/dist/audit/cli.js'), 'verify', auditDir, '--data-dir', dataDir],
    { env: { ...process.env, AUDIT_KEY }, encoding: 'utf8' },
  );
  if (verify.status !== 0) problems.push(`audit verify 退出码 ${verify.status}：\n${verify.stdout}${verify.stderr}`);
  const text = names.map((name) => readFileSync(join(auditDir, name), 'utf8')).join('\n');
  problems.push(...personalDataIn(text).slice(0, 10));
  return problems;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = join(import.meta.dirname, '..');
  for (const built of [
    'packages/server/dist/server.js',
    'packages/credit-service/dist/server.js',
    'packages/web/dist/index.html',
  ]) {
    if (!existsSync(join(root, built))) {
      throw new Error(`浏览器测试需要先构建产品（缺少 ${built}）：运行 npm test，或 npm run build`);
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-portal-e2e-'));
  const auditDir = join(dataDir, 'audit');
  const webDist = await snapshotWebDist(join(root, 'packages/web/dist'), join(dataDir, 'web-dist'));
  const [gatewayPort, creditPort, adminPort] = [await freePort(), await freePort(), await freePort()];
  // Both services' logs, at info (one line per request), go to a file that is checked for
  // personal data once the run is over: what a centre's log shipper would receive.
  const logDir = join(root, '.tmp');
  mkdirSync(logDir, { recursive: true });
  const productLog = join(logDir, 'e2e-product.log');
  writeFileSync(productLog, '');
  const product = await startProduct({
    env: {
      GATEWAY_PORT: String(gatewayPort),
      ADMIN_PORT: String(adminPort),
      // The credit-service's admin listener is not what this run looks at: off, so no fixed port is taken.
      CREDIT_SERVICE_ADMIN_PORT: '0',
      CREDIT_SERVICE_PORT: String(creditPort),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      SEED_ENTITIES: '2000',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      // The H5 app's hidden test login (off by default): h5.e2e.ts logs in with it.
      H5_TEST_MODE: 'true',
      // Both services' audit trails (docs/AUDIT.md) in the run's data directory, one chain per
      // service (their file names differ): verified and scanned for personal data at the end.
      AUDIT_DIR: auditDir,
      AUDIT_KEY,
      // The whole suite is one client address loading hundreds of pages a minute (the route sweep
      // runs several pages at once): the per-IP limits meant for citizens would answer 429. Both
      // services read these (the credit-service limits its sensitive routes itself). The limits
      // themselves are tested in packages/server/test and packages/credit-service/test.
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_STRICT_MAX: '1000000',
      RATE_LIMIT_VISITLOG_MAX: '1000000',
      OPEN_DATA_RATE_LIMIT_MAX: '1000000',
      // The gateway's deadline for the credit-service's answers as a cap on a hang, like the pages'
      // waits (e2e/browser.ts: PAGE_TIMEOUT): on two cores shared with a second suite and CPU
      // burners, answers took over the 5 s default. The deadline itself: packages/server/test.
      UPSTREAM_TIMEOUT_MS: '60000',
    },
    output: (label: string, line: string) => appendFileSync(productLog, `[${label}] ${line}\n`),
  }).catch((error: unknown) => {
    console.error(readFileSync(productLog, 'utf8'));
    throw error;
  });
  project.provide('baseUrl', product.url);
  project.provide('productLog', productLog);
  project.provide('creditServiceUrl', `http://127.0.0.1:${creditPort}`);
  project.provide('root', root);
  project.provide('dataDir', dataDir);
  // The product has migrated its database by now: the reviewers' table is there.
  try {
    project.provide('reviewer', addReviewer(root, dataDir));
    // The demo accounts predate the consent records: agreed to once here, so the files that log
    // them in are not stopped by the consent gate (privacy.e2e.ts walks the question).
    for (const mobile of ['13900000000', '13900000001']) await acceptRulesFor(product.url, mobile, 'Yunzhou2026');
  } catch (error) {
    await product.stop();
    throw error;
  }
  return async () => {
    await product.stop();
    const audit = checkAuditTrail(root, dataDir, auditDir);
    rmSync(dataDir, { recursive: true, force: true });
    const found = personalDataIn(readFileSync(productLog, 'utf8'));
    if (found.length > 0) {
      throw new Error(`服务日志中出现个人数据（${productLog}）：\n${found.slice(0, 10).join('\n')}`);
    }
    if (audit.length > 0) throw new Error(`审计记录检查未通过（${auditDir}）：\n${audit.join('\n')}`);
  };
}
