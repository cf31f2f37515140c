import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AuditWriter,
  sealRecord,
  verifyAuditFiles,
  type AuditEntry,
  type AuditRecord,
  type AuditStorage,
  auditDigests,
  nodeAuditStorage,
} from '@credit-portal/node-common';
import { openDatabase } from '../../src/db/open.js';
import { createAnchorStore } from '../../src/audit/anchor-store.js';
import { runAuditCommand } from '../../src/audit/verify-command.js';

const KEY = 'audit-test-key-0123456789abcdefghijklmnop';
const digests = auditDigests(KEY);

const entry = (n: number, event: AuditEntry['event'] = 'account.login'): AuditEntry => ({
  event,
  result: n % 3 === 0 ? 'failure' : 'success',
  reason: n % 3 === 0 ? 'wrong_credentials' : null,
  actor: `account:${n}`,
  subject: `account:${n}`,
  ip: '203.0.113.7',
  requestId: `req-${n}`,
});

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'audit-chain-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A clock the test moves: starts on 2026-03-01 10:00 local time. */
function clock() {
  let now = new Date(2026, 2, 1, 10, 0, 0);
  return { now: () => now, set: (d: Date) => (now = d) };
}

async function writeDays(days: number, perDay: number, time = clock()): Promise<void> {
  const writer = await AuditWriter.open({
    service: 'test',
    storage: await nodeAuditStorage(dir),
    digests,
    now: time.now,
  });
  let n = 0;
  for (let day = 0; day < days; day += 1) {
    time.set(new Date(2026, 2, 1 + day, 10, 0, 0));
    await Promise.all(Array.from({ length: perDay }, () => writer.write(entry((n += 1)))));
  }
  await writer.close();
}

const files = async () =>
  Promise.all(
    (await fs.readdir(dir))
      .sort()
      .map(async (name) => ({ name, text: await fs.readFile(path.join(dir, name), 'utf8') })),
  );
const verify = async () => verifyAuditFiles(await files(), digests).series.find((s) => s.series === 'test.security')!;
const fileOf = (day: string) => path.join(dir, `test.security.${day}.jsonl`);
const linesOf = async (file: string) => (await fs.readFile(file, 'utf8')).split('\n').filter(Boolean);
const writeLines = (file: string, lines: string[]) => fs.writeFile(file, `${lines.join('\n')}\n`);

describe('the audit chain', () => {
  it('chains records across daily files, anchored at each rotation and at close, and verifies clean', async () => {
    await writeDays(3, 5);
    const names = (await fs.readdir(dir)).sort();
    expect(names).toEqual([
      'test.security.2026-03-01.jsonl',
      'test.security.2026-03-02.jsonl',
      'test.security.2026-03-03.jsonl',
    ]);
    const second = (await linesOf(fileOf('2026-03-02'))).map((l) => JSON.parse(l));
    const firstDayLast = JSON.parse((await linesOf(fileOf('2026-03-01'))).at(-1)!);
    // The new day's file opens with an anchor of the head the old one ended on.
    expect(second[0]).toMatchObject({ event: 'audit.anchor', prev: firstDayLast.hash, seq: firstDayLast.seq + 1 });
    expect(second[0].details).toMatchObject({
      reason: 'rotation',
      headSeq: firstDayLast.seq,
      headHash: firstDayLast.hash,
    });
    const report = await verify();
    expect(report).toMatchObject({ status: 'ok', records: 15 + 2 + 1, problem: null });
    expect(report.anchorsChecked).toBe(3);
  });

  it('names an altered record', async () => {
    await writeDays(2, 4);
    const lines = await linesOf(fileOf('2026-03-01'));
    lines[1] = lines[1]!.replace('"result":"success"', '"result":"failure"');
    await writeLines(fileOf('2026-03-01'), lines);
    expect((await verify()).problem).toMatchObject({
      file: 'test.security.2026-03-01.jsonl',
      line: 2,
      seq: 2,
      message: expect.stringContaining('altered'),
    });
  });

  it('names the link after a deleted record', async () => {
    await writeDays(2, 4);
    const lines = await linesOf(fileOf('2026-03-01'));
    lines.splice(1, 1);
    await writeLines(fileOf('2026-03-01'), lines);
    expect((await verify()).problem).toMatchObject({ line: 2, seq: 3, message: expect.stringContaining('deleted') });
  });

  it('names reordered records', async () => {
    await writeDays(1, 5);
    const lines = await linesOf(fileOf('2026-03-01'));
    [lines[1], lines[2]] = [lines[2]!, lines[1]!];
    await writeLines(fileOf('2026-03-01'), lines);
    expect((await verify()).problem).toMatchObject({ line: 2, seq: 3, message: expect.stringContaining('reordered') });
  });

  it('names an inserted record, even one sealed with a correct hash and prev', async () => {
    await writeDays(1, 4);
    const lines = await linesOf(fileOf('2026-03-01'));
    const before = JSON.parse(lines[1]!);
    // A forger who knows the format seals a record onto seq 2: the record after it no longer follows.
    const { sealRecord } = await import('@credit-portal/node-common');
    const forged = sealRecord(
      { ...before, hash: undefined, mac: undefined, seq: 3, prev: before.hash, actor: 'account:999' },
      digests,
    );
    lines.splice(2, 0, forged.line);
    await writeLines(fileOf('2026-03-01'), lines);
    expect((await verify()).problem).toMatchObject({ line: 4, seq: 3, message: expect.stringContaining('inserted') });
  });

  it('detects a rewritten chain by its anchors MACs when the key is known', async () => {
    await writeDays(2, 3);
    // Rewrite the whole chain as records without MACs, re-sealing each: links hold, the anchor MAC does not.
    const { openRecord } = await import('@credit-portal/node-common');
    const unkeyed = auditDigests(null);
    let prev = '';
    for (const day of ['2026-03-01', '2026-03-02']) {
      const out: string[] = [];
      for (const line of await linesOf(fileOf(day))) {
        const { record } = openRecord(line, unkeyed)!;
        if (record.seq === 2) record.actor = 'account:999';
        const { hash: _h, mac: _m, ...rest } = record;
        if (rest.event === 'audit.anchor') rest.details = { ...rest.details, headHash: prev };
        const sealed = sealRecord({ ...rest, v: 1, prev: record.seq === 1 ? rest.prev : prev }, unkeyed);
        out.push(sealed.line);
        prev = sealed.hash;
      }
      await writeLines(fileOf(day), out);
    }
    expect(verifyAuditFiles(await files(), unkeyed).ok).toBe(true);
    const problem = (await verify()).problem!;
    expect(problem.message).toContain('anchor MAC does not match');
  });

  it('reports a chain whose first files were deleted without an audit.pruned record', async () => {
    await writeDays(3, 2);
    await fs.rm(fileOf('2026-03-01'));
    expect((await verify()).problem).toMatchObject({
      file: 'test.security.2026-03-02.jsonl',
      line: 1,
      message: expect.stringContaining('chain start missing'),
    });
  });

  it('reports a cut end against an anchor kept outside the files', async () => {
    await writeDays(2, 3);
    const all = await files();
    const last = JSON.parse((await linesOf(fileOf('2026-03-02'))).at(-1)!);
    await fs.rm(fileOf('2026-03-02'));
    const report = verifyAuditFiles(all.slice(0, 1), digests, {
      anchors: [{ series: 'test.security', seq: last.seq, hash: last.hash }],
    });
    expect(report.series[0]!.problem!.message).toContain('end cut');
  });

  it('reports a torn last line clearly, and the writer recovers from it on its next start', async () => {
    await writeDays(1, 3);
    const file = fileOf('2026-03-01');
    const text = await fs.readFile(file, 'utf8');
    await fs.writeFile(file, `${text}{"v":1,"seq":5,"time":"2026-03-01T02:00`);
    const torn = await verify();
    expect(torn.status).toBe('truncated');
    expect(torn.problem).toMatchObject({ line: 5, message: expect.stringContaining('truncated last line') });
    expect(verifyAuditFiles(await files(), digests).ok).toBe(false);

    const time = clock();
    const writer = await AuditWriter.open({
      service: 'test',
      storage: await nodeAuditStorage(dir),
      digests,
      now: time.now,
    });
    await writer.write(entry(10));
    await writer.close();
    const recovered = await verify();
    expect(recovered).toMatchObject({ status: 'ok', problem: null });
    expect(recovered.notes[0]).toContain('torn line of a crash, recovered');
    const lines = await linesOf(file);
    expect(JSON.parse(lines[5]!)).toMatchObject({ event: 'audit.recovered', details: { line: 5 } });
  });

  it('prunes whole expired files only after an audit.pruned record, and the chain still verifies', async () => {
    const time = clock();
    await writeDays(3, 2, time);
    const writer = await AuditWriter.open({
      service: 'test',
      storage: await nodeAuditStorage(dir),
      digests,
      now: time.now,
    });
    time.set(new Date(2026, 2, 10, 9, 0, 0));
    await writer.write(entry(50));
    // Security retention 7 days on 2026-03-10: files before 2026-03-03 go.
    const removed = await writer.prune({ access: 1096, security: 7 });
    await writer.close();
    expect(removed.sort()).toEqual(['test.security.2026-03-01.jsonl', 'test.security.2026-03-02.jsonl']);
    const report = await verify();
    expect(report).toMatchObject({ status: 'ok', problem: null });
    const pruned = (await linesOf(fileOf('2026-03-10')))
      .map((l) => JSON.parse(l))
      .find((r) => r.event === 'audit.pruned');
    expect(pruned.details.files).toEqual(removed.sort());
  });

  it('cuts a failed append back and tells every caller of the batch; the chain goes on from the last good record', async () => {
    const base = await nodeAuditStorage(dir);
    let fail = false;
    const storage: AuditStorage = {
      ...base,
      async append(name, text) {
        await base.append(name, fail ? text.slice(0, 20) : text);
        if (fail) throw new Error('ENOSPC: no space left on device');
      },
    };
    const writer = await AuditWriter.open({ service: 'test', storage, digests, now: clock().now });
    await writer.write(entry(1));
    fail = true;
    const failed = await Promise.allSettled([writer.write(entry(2)), writer.write(entry(3))]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(writer.healthy).toBe(false);
    fail = false;
    await writer.write(entry(4));
    expect(writer.healthy).toBe(true);
    await writer.close();
    expect(await verify()).toMatchObject({ status: 'ok', records: 3 });
  });
});

describe('record MACs and the kept head', () => {
  const run = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const out: string[] = [];
    const code = runAuditCommand(argv, env, { out: (l) => out.push(l), err: (l) => out.push(l) });
    return { code, out: out.join('\n') };
  };
  let dataDir: string;
  let auditDir: string;
  beforeEach(async () => {
    dataDir = path.join(dir, 'data');
    auditDir = path.join(dataDir, 'audit');
  });
  const file = () => path.join(auditDir, 'credit-service.security.2026-03-01.jsonl');

  /**
   * A running service's trail: logins written after its last anchor (the start), the anchors and
   * each batch's head kept in its database, the writer not closed (no anchor after the logins).
   */
  async function runningService(logins: number): Promise<void> {
    const db = openDatabase(dataDir);
    const anchors = createAnchorStore(db);
    const storage = await nodeAuditStorage(auditDir);
    const writer = await AuditWriter.open({
      service: 'credit-service',
      storage,
      digests,
      streams: ['security'],
      now: clock().now,
      onAnchor: (anchor) => anchors.put(anchor),
      heads: anchors,
    });
    await writer.write({ ...entry(0, 'service.start'), result: 'success', reason: null, actor: 'system' });
    await writer.anchor('interval');
    for (let n = 1; n <= logins; n += 1) await writer.write(entry(n));
    await writer.flushed();
    await storage.close();
    db.close();
  }

  /** A record edited by someone without the key: its hash recomputed (the old MAC kept, if any). */
  const reseal = (line: string, change: (record: AuditRecord) => void): string => {
    const record = JSON.parse(line) as AuditRecord;
    const { hash: _h, mac, ...rest } = record;
    change(rest as AuditRecord);
    const body = JSON.stringify(rest);
    const hashed = `${body.slice(0, -1)},"hash":"${digests.sha256(body)}"}`;
    return mac ? `${hashed.slice(0, -1)},"mac":"${mac}"}` : hashed;
  };
  const verifyDataDir = () => run(['verify', auditDir, '--data-dir', dataDir], { AUDIT_KEY: KEY });

  it('writes every record with a MAC and verifies clean against the kept head', async () => {
    await runningService(3);
    const records = (await linesOf(file())).map((l) => JSON.parse(l) as AuditRecord);
    expect(records.every((r) => r.v === 2 && /^[\w-]{43}$/.test(r.mac ?? ''))).toBe(true);
    const ok = verifyDataDir();
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('5 record MAC(s) checked');
  });

  it('fails a forged account.login success appended after the last anchor, naming it', async () => {
    await runningService(3);
    const lines = await linesOf(file());
    const last = lines.at(-1)!;
    const forged = (mac: boolean) =>
      reseal(mac ? last : last.replace(/,"mac":"[\w-]{43}"\}$/, '}'), (r) => {
        Object.assign(r, { seq: r.seq + 1, prev: JSON.parse(last).hash, actor: 'account:7', subject: 'account:7' });
        Object.assign(r, { event: 'account.login', result: 'success', reason: null });
        if (!mac) r.v = 1;
      });
    // Without a MAC (the old format), and with a MAC copied from another record.
    for (const line of [forged(false), forged(true)]) {
      await writeLines(file(), [...lines, line]);
      const broken = verifyDataDir();
      expect(broken.code).toBe(1);
      expect(broken.out).toContain(`first problem: ${path.basename(file())}:${lines.length + 1} (seq 6)`);
    }
  });

  it('fails a record rewritten after the last anchor, naming it', async () => {
    await runningService(3);
    const lines = await linesOf(file());
    lines[3] = reseal(lines[3]!, (r) => Object.assign(r, { result: 'success', reason: null, actor: 'account:1' }));
    // The records after it re-linked to it, as a forger who knows the format would.
    let prev = JSON.parse(lines[3]!).hash as string;
    for (let i = 4; i < lines.length; i += 1) {
      lines[i] = reseal(lines[i]!, (r) => (r.prev = prev));
      prev = JSON.parse(lines[i]!).hash as string;
    }
    await writeLines(file(), lines);
    const broken = verifyDataDir();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`first problem: ${path.basename(file())}:4 (seq 4): record MAC does not match`);
  });

  it('fails a chain cut after the last anchor, naming the first missing record', async () => {
    await runningService(3);
    const lines = await linesOf(file());
    await writeLines(file(), lines.slice(0, -2));
    const broken = verifyDataDir();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`first problem: ${path.basename(file())}:4 (seq 4): end cut`);
    // The whole file gone as well.
    await fs.rm(file());
    expect(verifyDataDir()).toMatchObject({ code: 1, out: expect.stringContaining('end cut') });
  });

  it('continues a trail written before record MACs: its old records verify, none may follow a keyed one', async () => {
    const legacy = { sha256: digests.sha256, anchorMac: digests.anchorMac };
    const storage = await nodeAuditStorage(auditDir);
    const old = await AuditWriter.open({
      service: 'credit-service',
      storage,
      digests: legacy,
      streams: ['security'],
      now: clock().now,
    });
    await old.write(entry(1));
    await old.close();
    await runningService(2);
    const lines = await linesOf(file());
    expect(lines.map((l) => (JSON.parse(l) as AuditRecord).v)).toEqual([1, 1, 2, 2, 2, 2]);
    expect(verifyDataDir().code).toBe(0);
    // A record without a MAC after the keyed ones, sealed correctly otherwise.
    const last = JSON.parse(lines.at(-1)!) as AuditRecord;
    const { hash: _h, mac: _m, ...rest } = last;
    const appended = sealRecord({ ...rest, v: 1, seq: last.seq + 1, prev: last.hash }, auditDigests(null));
    await writeLines(file(), [...lines, appended.line]);
    expect(verifyDataDir().out).toContain(`:7 (seq 7): record without a MAC after the chain’s keyed records`);
  });
});

describe('audit verify (the command line)', () => {
  const run = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const out: string[] = [];
    const code = runAuditCommand(argv, env, { out: (l) => out.push(l), err: (l) => out.push(l) });
    return { code, out: out.join('\n') };
  };

  it('answers 0 for a clean directory, 1 naming the first broken link, 2 for a torn last line', async () => {
    await writeDays(2, 3);
    expect(run(['verify', dir], { AUDIT_KEY: KEY })).toMatchObject({ code: 0, out: expect.stringContaining('OK') });
    const lines = await linesOf(fileOf('2026-03-01'));
    lines.splice(1, 1);
    await writeLines(fileOf('2026-03-01'), lines);
    const broken = run(['verify', dir], { AUDIT_KEY: KEY });
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('first problem: test.security.2026-03-01.jsonl:2 (seq 3)');

    await fs.writeFile(fileOf('2026-03-02'), `${await fs.readFile(fileOf('2026-03-02'), 'utf8')}{"v":1,`);
    const single = run(['verify', fileOf('2026-03-02')], { AUDIT_KEY: KEY });
    expect(single.code).toBe(2);
    expect(single.out).toContain('truncated last line');
  });

  it('refuses bad usage with the usage text', () => {
    expect(run(['check', dir]).code).toBe(64);
    expect(run(['verify', path.join(dir, 'missing')]).code).toBe(64);
  });
});
