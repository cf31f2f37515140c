import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditWriter, verifyAuditFiles, type AuditEntry, type AuditStorage } from '@credit-portal/shared';
import { auditDigests, nodeAuditStorage, seriesOfFile } from './node-storage.js';
import { runAuditCommand } from './verify-command.js';

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
    const { sealRecord } = await import('@credit-portal/shared');
    const forged = sealRecord({ ...before, hash: undefined, seq: 3, prev: before.hash, actor: 'account:999' }, digests);
    lines.splice(2, 0, forged.line);
    await writeLines(fileOf('2026-03-01'), lines);
    expect((await verify()).problem).toMatchObject({ line: 4, seq: 3, message: expect.stringContaining('inserted') });
  });

  it('detects a rewritten chain by its anchors MACs when the key is known', async () => {
    await writeDays(2, 3);
    // Rewrite everything from record 2 on, re-sealing each record: links hold, the anchor MAC does not.
    const { sealRecord, openRecord } = await import('@credit-portal/shared');
    const unkeyed = auditDigests(null);
    let prev = '';
    for (const day of ['2026-03-01', '2026-03-02']) {
      const out: string[] = [];
      for (const line of await linesOf(fileOf(day))) {
        const { record } = openRecord(line, unkeyed)!;
        if (record.seq === 2) record.actor = 'account:999';
        if (record.seq >= 2) {
          const { hash: _h, ...rest } = record;
          if (rest.event === 'audit.anchor') rest.details = { ...rest.details, headHash: prev };
          const sealed = sealRecord({ ...rest, prev }, unkeyed);
          out.push(sealed.line);
          prev = sealed.hash;
        } else {
          out.push(line);
          prev = record.hash;
        }
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

describe('the audit files on disk', () => {
  it('keeps writing two streams at once: opening one stream’s file closes only that series’ earlier day', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'audit-storage-'));
    try {
      const storage = await nodeAuditStorage(dir);
      const access = 'credit-service.access.2026-11-27.jsonl';
      const security = 'credit-service.security.2026-11-27.jsonl';
      // The access stream's previous day, open until its next day's file is.
      await storage.append('credit-service.access.2026-11-26.jsonl', 'yesterday\n');
      await storage.append(access, 'first\n');
      // The security stream opens its file while an access record is being written and synced.
      const writing = storage.append(access, `${'x'.repeat(1 << 20)}\n`);
      await storage.append(security, 'opened\n');
      await writing;
      // Both streams' chains flush side by side (as under load): none of their appends may fail.
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => [
          storage.append(access, `a${i}\n`),
          storage.append(security, `s${i}\n`),
        ]).flat(),
      );
      await storage.close();
      const lines = async (name: string) => (await fs.readFile(path.join(dir, name), 'utf8')).trim().split('\n');
      expect((await lines(access)).filter((line) => line.startsWith('a')).sort()).toEqual(
        Array.from({ length: 100 }, (_, i) => `a${i}`).sort(),
      );
      expect((await lines(security)).filter((line) => line.startsWith('s')).sort()).toEqual(
        Array.from({ length: 100 }, (_, i) => `s${i}`).sort(),
      );
      expect(seriesOfFile(access)).toBe('credit-service.access');
      expect(seriesOfFile(security)).toBe('credit-service.security');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
