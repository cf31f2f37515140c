import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenDataChange } from '@credit-portal/shared';
import type { CreditServiceConfig } from '../../src/config.js';
import { webhookSealingKey } from '../../src/webhooks/secrets.js';
import { isPrivateAddress, targetProblem } from '../../src/webhooks/targets.js';
import { runWebhookCommand } from '../../src/webhooks/webhook-cli.js';
import { buildTestApp, type TestApp } from '../helper.js';
import { publicChange } from '../support/public-changes.js';
import { startReceiver } from './receiver.js';

/*
 * Signed webhooks end to end: reusers registered with the CLI, the outbox's changes POSTed to a
 * loopback receiver (allowed by the flag, as tests must), retried after failures and across a
 * restart of the service, once each, in order per record, with a valid signature; the dead-letter
 * list and its replay; the address checks; the docs' own receiver.
 */

const SECRET = 'a-reuser-secret-of-32-characters!';
const WAIT = { timeout: 60_000, interval: 50 };
/** Quick retries for the tests: the defaults are 10 s up to 1 h, for 24 h. */
const FAST: CreditServiceConfig['webhooks'] = {
  allowPrivateTargets: true,
  pollMs: 50,
  retry: { baseMs: 50, maxMs: 200, windowMs: 10 * 60_000 },
};

const cli = (t: TestApp, ...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const status = runWebhookCommand(
    t.app.db,
    argv,
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    { key: webhookSealingKey(t.dataDir), allowPrivate: true },
  );
  return { status, out: out.join('\n'), err: err.join('\n') };
};

describe('signed webhooks', { timeout: 180_000 }, () => {
  let t: TestApp;
  let secretFile: string;

  beforeAll(async () => {
    t = await buildTestApp({ openData: { cron: null, withdrawalCheckSeconds: 0 }, webhooks: FAST });
    secretFile = path.join(t.dataDir, 'reuser.secret');
    fs.writeFileSync(secretFile, `${SECRET}\n`);
    // The worker starts with the app (onReady).
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivers each change once after failures and a restart, in order per record, signed', async () => {
    // Every event fails twice (500, then 503) before it is accepted.
    const receiver = await startReceiver((_id, attempt) => (attempt === 1 ? 500 : attempt === 2 ? 503 : 200));
    try {
      const added = cli(
        t,
        'add',
        '--name',
        'bank-a',
        '--url',
        receiver.url,
        '--secret-file',
        secretFile,
        '--datasets',
        'xzcf,hhmd',
      );
      expect(added.status, added.err).toBe(0);
      expect(added.out).not.toContain(SECRET);
      // Sealed in the database, never in clear.
      const sealed = t.app.db
        .prepare("SELECT secret_sealed FROM webhook_subscribers WHERE name = 'bank-a'")
        .pluck()
        .get();
      expect(String(sealed)).not.toContain(SECRET);

      const made = [
        publicChange(t.app.db, { dataset: 'xzcf', recordId: 'r-1', kind: 'added' }),
        publicChange(t.app.db, { dataset: 'xzcf', recordId: 'r-2', kind: 'added' }),
        publicChange(t.app.db, { dataset: 'jyyc', recordId: 'j-1', kind: 'added' }),
        publicChange(t.app.db, { dataset: 'xzcf', recordId: 'r-1', kind: 'updated' }),
        publicChange(t.app.db, { dataset: 'xzcf', recordId: 'r-1', kind: 'withdrawn', reason: '已修复' }),
      ];
      const wanted = made.filter((_, i) => i !== 2).map((m) => m.eventId);
      // Some delivered, then the service restarts on the same data directory.
      await vi.waitFor(() => expect(receiver.accepted().length).toBeGreaterThanOrEqual(1), WAIT);
      await t.app.close();
      const restarted = await buildTestApp({
        dataDir: t.dataDir,
        openData: { cron: null, withdrawalCheckSeconds: 0 },
        webhooks: FAST,
      });
      await restarted.app.ready();
      t = restarted;
      // A change written while the service was down is queued too.
      const late = publicChange(t.app.db, { dataset: 'hhmd', recordId: 'h-1', kind: 'withdrawn', reason: '撤销' });
      wanted.push(late.eventId);
      await vi.waitFor(() => expect(new Set(receiver.accepted().map((r) => r.eventId)).size).toBe(wanted.length), WAIT);

      const accepted = receiver.accepted();
      // Once each (the jyyc change is not of its datasets).
      expect(accepted.map((r) => r.eventId).sort()).toEqual([...wanted].sort());
      // Retried after the failures: three requests each.
      for (const id of wanted) expect(receiver.received.filter((r) => r.eventId === id)).toHaveLength(3);
      // In order per record: r-1's three changes arrived (were even tried) in their order.
      const r1 = receiver.received.map((r) => JSON.parse(r.body) as OpenDataChange).filter((c) => c.recordId === 'r-1');
      expect(r1.map((c) => c.seq)).toEqual([...r1.map((c) => c.seq)].sort((a, b) => a - b));
      // Signed: HMAC-SHA256 of "<timestamp>.<body>" with the reuser's secret.
      for (const r of accepted) {
        const mac = createHmac('sha256', SECRET).update(`${r.timestamp}.${r.body}`).digest('hex');
        expect(r.signature).toBe(`sha256=${mac}`);
        const change = JSON.parse(r.body) as OpenDataChange;
        expect(change.id).toBe(r.eventId);
      }
      const withdrawal = JSON.parse(accepted.find((r) => r.eventId === made[4]!.eventId)!.body) as OpenDataChange;
      expect(withdrawal).toMatchObject({ dataset: 'xzcf', recordId: 'r-1', kind: 'withdrawn', reason: '已修复' });

      // The admin port's metrics count them, once the last answer is recorded (the receiver has
      // accepted it a moment before the service marks it delivered).
      await vi.waitFor(async () => {
        const scrape = await t.app.metrics.scrape();
        expect(scrape).toContain(
          `credit_service_webhook_deliveries{subscriber="bank-a",state="delivered"} ${wanted.length}`,
        );
        expect(scrape).toMatch(/credit_service_webhook_attempts_total\{result="failed"\} [1-9]/);
      }, WAIT);
      expect(cli(t, 'list').out).toMatch(new RegExp(`bank-a\t.*\tpending 0\tdelivered ${wanted.length}\tdead 0`));
    } finally {
      expect(cli(t, 'remove', 'bank-a').status).toBe(0);
      await receiver.close();
    }
  });

  it('gives up after the retry window into the dead-letter list, and replays it on demand', async () => {
    let up = false;
    const receiver = await startReceiver(() => (up ? 200 : 500));
    try {
      await t.app.close();
      t = await buildTestApp({
        dataDir: t.dataDir,
        openData: { cron: null, withdrawalCheckSeconds: 0 },
        webhooks: { ...FAST, retry: { baseMs: 50, maxMs: 100, windowMs: 300 } },
      });
      await t.app.ready();
      const added = cli(
        t,
        'add',
        '--name',
        'agency-b',
        '--url',
        receiver.url,
        '--algorithm',
        'sm3',
        '--datasets',
        'xzcf',
      );
      expect(added.status).toBe(0);
      const secret = /secret \(shown once[^:]*\): (\S+)/.exec(added.out)![1]!;
      const change = publicChange(t.app.db, {
        dataset: 'xzcf',
        recordId: 'd-1',
        kind: 'withdrawn',
        reason: '公示期满',
      });
      await vi.waitFor(() => expect(cli(t, 'dead-letter', 'list').out).toContain(change.eventId), WAIT);
      expect(cli(t, 'dead-letter', 'list', '--name', 'agency-b').out).toMatch(
        /agency-b\tseq \d+\t.*\txzcf\/d-1\twithdrawn\tattempts \d+\t500/,
      );
      expect(await t.app.metrics.scrape()).toContain(
        'credit_service_webhook_deliveries{subscriber="agency-b",state="dead"} 1',
      );

      up = true;
      const tried = receiver.received.length;
      expect(cli(t, 'dead-letter', 'replay', 'agency-b').out).toBe('queued again: 1');
      await vi.waitFor(() => expect(receiver.accepted()).toHaveLength(1), WAIT);
      expect(receiver.received.length).toBe(tried + 1);
      const r = receiver.accepted()[0]!;
      // HMAC-SM3, as chosen.
      expect(r.signature).toBe(`sm3=${createHmac('sm3', secret).update(`${r.timestamp}.${r.body}`).digest('hex')}`);
      expect(cli(t, 'dead-letter', 'list', '--name', 'agency-b').out).not.toContain(change.eventId);
    } finally {
      cli(t, 'remove', 'agency-b');
      await receiver.close();
    }
  });

  it('refuses other schemes, credentials and private targets, also when DNS points a name there later', async () => {
    expect(targetProblem('ftp://example.org/x', false)).toContain('http(s)');
    expect(targetProblem('https://user:pw@example.org/', false)).toContain('credentials');
    for (const url of [
      'http://127.0.0.1:9/',
      'http://localhost/',
      'http://10.1.2.3/',
      'http://[::1]/',
      'http://192.168.0.5/',
      'http://169.254.169.254/',
    ]) {
      expect(targetProblem(url, false), url).toContain('private');
      expect(targetProblem(url, true), url).toBeNull();
    }
    expect(targetProblem('https://hooks.bank.example/credit', false)).toBeNull();
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    const refused = runWebhookCommand(
      t.app.db,
      ['add', '--name', 'inside', '--url', 'http://127.0.0.1:8090/'],
      { out: () => {}, err: () => {} },
      {
        key: webhookSealingKey(t.dataDir),
        allowPrivate: false,
      },
    );
    expect(refused).toBe(1);

    // A name that resolves to loopback at delivery time (as a rebound name would): never connected
    // to. The machine's own name does on most hosts (/etc/hosts); where it does not, nothing to try.
    const name = os.hostname();
    const resolved = await dns.promises.lookup(name).catch(() => null);
    if (!resolved || !isPrivateAddress(resolved.address)) return;
    const receiver = await startReceiver(() => 200);
    const port = new URL(receiver.url).port;
    try {
      await t.app.close();
      t = await buildTestApp({
        dataDir: t.dataDir,
        openData: { cron: null, withdrawalCheckSeconds: 0 },
        webhooks: { ...FAST, allowPrivateTargets: false },
      });
      await t.app.ready();
      t.app.webhooks.repo.add({
        name: 'rebound',
        url: `http://${name}:${port}/hook`,
        secret: SECRET,
        algorithm: 'sha256',
        datasets: ['xzcf'],
      });
      publicChange(t.app.db, { dataset: 'xzcf', recordId: 'x-1', kind: 'added' });
      await vi.waitFor(() => {
        const row = t.app.db
          .prepare(
            "SELECT d.attempts, d.last_error FROM webhook_deliveries d JOIN webhook_subscribers s ON s.id = d.subscriber_id WHERE s.name = 'rebound'",
          )
          .get() as { attempts: number; last_error: string } | undefined;
        expect(row?.attempts).toBeGreaterThanOrEqual(1);
        expect(row?.last_error).toMatch(/refused|private/);
      }, WAIT);
      expect(receiver.received).toHaveLength(0);
    } finally {
      t.app.webhooks.repo.remove('rebound');
      await receiver.close();
    }
  });
});

const WEBHOOKS_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/WEBHOOKS.md');

describe("the docs' receiver", { timeout: 120_000 }, () => {
  it('verifies a delivery in its ten lines', async () => {
    const code = /```js\n([\s\S]*?)```/.exec(fs.readFileSync(WEBHOOKS_MD, 'utf8'))![1]!;
    expect(code.trim().split('\n').length).toBeLessThanOrEqual(14);
    const t = await buildTestApp({ openData: { cron: null, withdrawalCheckSeconds: 0 }, webhooks: FAST });
    await t.app.ready();
    const port = 20_000 + (process.pid % 20_000);
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      env: { PATH: process.env.PATH, PORT: String(port), WEBHOOK_SECRET: SECRET },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await vi.waitFor(() => expect(output).toContain('listening'), WAIT);
      t.app.webhooks.repo.add({
        name: 'docs',
        url: `http://127.0.0.1:${port}/`,
        secret: SECRET,
        algorithm: 'sha256',
        datasets: ['xzcf'],
      });
      const change = publicChange(t.app.db, {
        dataset: 'xzcf',
        recordId: 'doc-1',
        kind: 'withdrawn',
        reason: '异议更正',
      });
      await vi.waitFor(() => expect(output).toContain(`verified ${change.eventId}`), WAIT);
      expect(output).not.toContain('REFUSED');
    } finally {
      child.kill();
      await t.close();
    }
  });
});
