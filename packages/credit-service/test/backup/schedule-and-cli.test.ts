import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvReader } from '@credit-portal/node-common';
import { runBackupCommand } from '../../src/backup/backup-command.js';
import { createBackup } from '../../src/backup/create-backup.js';
import { createBackupJob, type BackupRun } from '../../src/backup/job.js';
import { readBackupSettings } from '../../src/backup/settings.js';
import { readPrivateKeyToBackup } from '../../src/backup/private-key.js';
import {
  backupStamp,
  listBackupSets,
  newestBackupTimes,
  pruneBackups,
  SERVICE_FOLDER,
  SET_FILES,
} from '../../src/backup/sets.js';
import { buildTestApp, removeDir, type TestApp } from '../helper.js';
import { makeSigningKeyFiles, PASSPHRASE, readManifest } from './support.js';

/*
 * Backups as they are run: old sets pruned and the age of the newest told, the scheduled job and
 * its BACKUP_* settings, and the command line while the service runs.
 */

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

let t: TestApp;
let work: string;
let keyFile: string;
let passFile: string;

/** Runs a command of the backup CLI in process: its exit status and the JSON lines it printed. */
async function cli(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runBackupCommand(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err, lines: out.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

beforeAll(async () => {
  ({ work, keyFile, passFile } = await makeSigningKeyFiles());
  t = await buildTestApp({ reportSigningKeyFile: keyFile });
});

afterAll(async () => {
  await t?.close();
  await removeDir(work);
});

describe('pruning and the age of the newest backups', () => {
  const fakeSet = (root: string, name: string, manifest = true) => {
    fs.mkdirSync(path.join(root, SERVICE_FOLDER, name), { recursive: true });
    if (manifest) fs.writeFileSync(path.join(root, SERVICE_FOLDER, name, SET_FILES.manifest), '{}');
  };

  it('removes complete sets past the retention, always keeps the newest, and touches nothing else', async () => {
    const root = path.join(work, 'prune');
    for (const name of [
      '20261101T023000Z',
      '20261120T023000Z',
      '20261128T023000Z',
      '20261128T023000Z-2',
      '20261204T023000Z',
    ]) {
      fakeSet(root, name);
    }
    fakeSet(root, '20260101T000000Z', false); // no manifest: not a complete set
    fakeSet(root, '.partial-20260101T000000Z-abcd', false);
    fakeSet(root, 'keep-me');
    fs.writeFileSync(path.join(root, SERVICE_FOLDER, '20250101T000000Z'), 'a file, not a set');
    fakeSet(root, '20261399T000000Z'); // no time: not a stamp
    const now = new Date('2026-12-05T02:00:00Z');
    const removed = await pruneBackups(root, 7, now);
    expect(removed.map((p) => path.basename(p))).toEqual(['20261101T023000Z', '20261120T023000Z']);
    expect(fs.readdirSync(path.join(root, SERVICE_FOLDER)).sort()).toEqual(
      [
        '.partial-20260101T000000Z-abcd',
        '20250101T000000Z',
        '20260101T000000Z',
        '20261128T023000Z',
        '20261128T023000Z-2',
        '20261204T023000Z',
        '20261399T000000Z',
        'keep-me',
      ].sort(),
    );
    // Far later, every set is old: the newest one stays.
    const later = await pruneBackups(root, 1, new Date('2030-01-01T00:00:00Z'));
    expect(later.map((p) => path.basename(p))).toEqual(['20261128T023000Z', '20261128T023000Z-2']);
    expect((await listBackupSets(root)).filter((s) => s.complete).map((s) => s.name)).toEqual(['20261204T023000Z']);
    expect(await pruneBackups(path.join(work, 'no-such-dir'), 1)).toEqual([]);
  });

  it('tells the newest set’s time and the newest Redis dump’s', async () => {
    const root = path.join(work, 'ages');
    expect(await newestBackupTimes(root)).toEqual({ creditService: null, redis: null });
    fakeSet(root, '20261203T023000Z');
    fakeSet(root, '20261204T023000Z');
    fakeSet(root, '20261205T023000Z', false);
    fs.mkdirSync(path.join(root, 'redis'));
    const dump = (name: string, time: string) => {
      fs.writeFileSync(path.join(root, 'redis', name), 'REDIS');
      fs.utimesSync(path.join(root, 'redis', name), new Date(time), new Date(time));
    };
    dump('dump-20261203T010000Z.rdb', '2026-12-03T01:00:00Z');
    dump('dump-20261204T010000Z.rdb', '2026-12-04T01:00:00Z');
    // Still being written: the sidecar renames it when whole.
    dump('.dump-20261205T010000Z.rdb', '2026-12-05T01:00:00Z');
    dump('notes.txt', '2026-12-05T01:00:00Z');
    expect(await newestBackupTimes(root)).toEqual({
      creditService: new Date('2026-12-04T02:30:00Z'),
      redis: new Date('2026-12-04T01:00:00Z'),
    });
    expect(backupStamp(new Date('2026-12-05T10:30:00.123Z'))).toBe('20261205T103000Z');
  });
});

describe('the scheduled job and its settings', () => {
  it('reads BACKUP_* with their defaults and bounds', () => {
    const settings = (env: Record<string, string>) => {
      const read = new EnvReader(env);
      return { settings: readBackupSettings(read), problems: read.problems };
    };
    expect(settings({})).toEqual({
      settings: { dir: null, cron: '30 2 * * *', retentionDays: 14, passphraseFile: null },
      problems: [],
    });
    expect(
      settings({
        BACKUP_DIR: '/backups',
        BACKUP_CRON: 'off',
        BACKUP_RETENTION_DAYS: '3650',
        BACKUP_KEY_PASSPHRASE_FILE: '/run/secrets/backup-passphrase',
      }).settings,
    ).toEqual({ dir: '/backups', cron: null, retentionDays: 3650, passphraseFile: '/run/secrets/backup-passphrase' });
    const bad = settings({ BACKUP_CRON: 'every night', BACKUP_RETENTION_DAYS: '0' });
    expect(bad.problems).toHaveLength(2);
    expect(bad.problems[0]).toMatch(
      /^BACKUP_CRON: must be a cron pattern \(e\.g\. '30 2 \* \* \*'\) or off: .* \(got every night\)$/,
    );
    expect(bad.problems[1]).toBe('BACKUP_RETENTION_DAYS: must be an integer from 1 to 3650 (got "0")');
  });

  it('runs a backup and a prune, and reports every run, failed or not', async () => {
    const runs: BackupRun[] = [];
    const logged: string[] = [];
    const log = {
      info: (_: unknown, message: string) => logged.push(message),
      error: (_: unknown, message: string) => logged.push(message),
    } as unknown as Parameters<typeof createBackupJob>[0]['log'];
    const root = path.join(work, 'job');
    let clock = new Date('2026-11-01T02:30:00Z');
    const job = createBackupJob({
      db: t.app.db,
      dataDir: t.dataDir,
      backupDir: root,
      cron: null,
      retentionDays: 7,
      log,
      onRun: (r) => runs.push(r),
      privateKey: { keyFile, passphraseFile: passFile },
      now: () => clock,
    });
    expect(job.nextRun()).toBeNull();
    const first = await job.run();
    clock = new Date('2026-11-20T02:30:00Z');
    const [second, joined] = await Promise.all([job.run(), job.run()]);
    expect(joined).toBe(second);
    await job.idle();
    expect(runs).toEqual([first, second]);
    expect(first).toMatchObject({ ok: true, path: path.join(root, SERVICE_FOLDER, '20261101T023000Z') });
    expect(second).toMatchObject({ ok: true, path: path.join(root, SERVICE_FOLDER, '20261120T023000Z') });
    expect(second.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(readManifest(second.path!).privateKey).not.toBeNull();
    // The first set is past the retention: pruned after the second was written.
    expect(fs.existsSync(first.path!)).toBe(false);
    expect(logged).toEqual(['backup written', 'backup written']);

    // A backup directory that cannot be made: the run fails, says why, and is reported.
    const blocked = path.join(work, 'blocked');
    fs.writeFileSync(blocked, 'a file');
    const failing = createBackupJob({
      db: t.app.db,
      dataDir: t.dataDir,
      backupDir: blocked,
      cron: '30 2 * * *',
      retentionDays: 7,
      log,
      onRun: (r) => runs.push(r),
    });
    expect(failing.nextRun()).toBeInstanceOf(Date);
    const failed = await failing.run();
    failing.stop();
    expect(failed).toMatchObject({ ok: false, error: expect.stringMatching(/EEXIST|ENOTDIR/) });
    expect(runs.at(-1)).toBe(failed);
    expect(logged.at(-1)).toBe('BACKUP FAILED');
    // A copy that fails leaves no set and no partial folder behind.
    const empty = path.join(work, 'no-database');
    fs.mkdirSync(empty);
    await expect(createBackup({ backupDir: root, dataDir: empty })).rejects.toThrow();
    expect((await listBackupSets(root)).map((s) => s.name)).toEqual(['20261120T023000Z']);

    // The key and passphrase are read when the job is made: a missing file stops the start.
    expect(() =>
      createBackupJob({
        db: t.app.db,
        dataDir: t.dataDir,
        backupDir: root,
        cron: null,
        retentionDays: 7,
        log,
        privateKey: { keyFile, passphraseFile: path.join(work, 'missing') },
      }),
    ).toThrow(/cannot read the passphrase file .*missing \(ENOENT\)/);
    const short = path.join(work, 'short-passphrase');
    fs.writeFileSync(short, 'abc\n');
    expect(() => readPrivateKeyToBackup({ keyFile, dataDir: t.dataDir, passphraseFile: short })).toThrow(
      /must be at least 8 characters/,
    );
  });
});

describe('the command line', () => {
  const env = () => ({
    DATA_DIR: t.dataDir,
    BACKUP_DIR: path.join(work, 'cli'),
    REPORT_SIGNING_KEY_FILE: keyFile,
  });

  it('backs up while the service runs, lists, verifies and refuses, one JSON line each', async () => {
    const made = await cli(['backup', '--with-private-key', '--passphrase-file', passFile], env());
    expect(made.err).toEqual([]);
    expect(made.status).toBe(0);
    expect(made.lines).toHaveLength(1);
    expect(made.lines[0]).toMatchObject({ command: 'backup', ok: true, privateKey: t.app.reportSigner.keyId });
    // Never a key or a passphrase on the output.
    expect(made.out.join('\n')).not.toContain(PASSPHRASE);
    expect(made.out.join('\n')).not.toContain('PRIVATE KEY');
    const setPath = String(made.lines[0]!.path);
    const name = path.basename(setPath);

    const listed = await cli(['list'], env());
    expect(listed.status).toBe(0);
    expect(listed.lines).toEqual([
      expect.objectContaining({
        command: 'list',
        set: name,
        complete: true,
        path: setPath,
        privateKey: t.app.reportSigner.keyId,
      }),
    ]);

    const verified = await cli(['verify', name], env());
    expect(verified.status).toBe(0);
    expect(verified.lines[0]).toMatchObject({
      command: 'verify',
      ok: true,
      path: setPath,
      integrity: 'ok',
      problems: [],
    });

    fs.appendFileSync(path.join(setPath, SET_FILES.publicKeys), ' ');
    const broken = await cli(['verify', setPath], {});
    expect(broken.status).toBe(1);
    expect(broken.lines[0]).toMatchObject({ ok: false, problems: [expect.stringContaining(SET_FILES.publicKeys)] });

    const refused = await cli(['restore', name], env());
    expect(refused.status).toBe(1);
    expect(refused.lines[0]).toMatchObject({
      command: 'restore',
      ok: false,
      error: expect.stringContaining('does not verify'),
    });

    const pruned = await cli(['prune', '--retention-days', '1'], env());
    expect(pruned.lines[0]).toMatchObject({ command: 'prune', ok: true, retentionDays: 1, removed: [] });
  });

  it('restores with the key, refuses over existing data, and answers usage errors with 2', async () => {
    const made = await cli(['backup'], env());
    expect(made.status).toBe(0);
    const name = String(made.lines[0]!.path).split('/').at(-1)!;
    const target = path.join(work, 'cli-restore');
    const keyOut = path.join(work, 'cli-key.pem');
    // This set has no private key.
    const noKey = await cli(
      ['restore', name, '--data-dir', target, '--private-key-out', keyOut, '--passphrase-file', passFile],
      env(),
    );
    expect(noKey.status).toBe(1);
    expect(noKey.lines[0]).toMatchObject({ ok: false, error: expect.stringContaining('holds no private key') });
    const restored = await cli(['restore', name, '--data-dir', target], env());
    expect(restored.status).toBe(0);
    expect(restored.lines[0]).toMatchObject({ command: 'restore', ok: true, dataDir: target, setAside: [] });
    const again = await cli(['restore', name, '--data-dir', target], env());
    expect(again.status).toBe(1);
    expect(again.lines[0]).toMatchObject({
      ok: false,
      error: expect.stringContaining('refusing to restore over existing data'),
    });
    const forced = await cli(['restore', name, '--data-dir', target, '--force'], env());
    expect(forced.status).toBe(0);

    for (const argv of [
      [],
      ['frobnicate'],
      ['backup', '--no-such-flag'],
      ['backup', '--with-private-key'],
      ['verify'],
      ['restore', name, '--private-key-out', keyOut],
      ['list', 'extra'],
      ['prune', '--retention-days', '0'],
      ['prune', '--retention-days', '-3'],
      ['prune', '--retention-days', 'forever'],
    ]) {
      const usage = await cli(argv, env());
      expect(usage.status, argv.join(' ')).toBe(2);
      expect(usage.out).toEqual([]);
      expect(usage.err.join('\n')).toContain('Usage: node dist/backup/cli.js');
    }
    const noDir = await cli(['list'], { DATA_DIR: t.dataDir });
    expect(noDir.status).toBe(2);
    expect(noDir.err[0]).toContain('no backup directory: give --backup-dir or set BACKUP_DIR');
    const badEnv = await cli(['list'], { ...env(), BACKUP_RETENTION_DAYS: 'forever' });
    expect(badEnv.status).toBe(2);
    expect(badEnv.err[0]).toContain('BACKUP_RETENTION_DAYS: must be an integer from 1 to 3650');
  });

  it('runs as a process: the exit status and the lines on stdout', async () => {
    const [name] = fs.readdirSync(path.join(work, 'cli', SERVICE_FOLDER));
    const broken = path.join(work, 'cli', SERVICE_FOLDER, name!);
    fs.appendFileSync(path.join(broken, SET_FILES.publicKeys), ' ');
    const tsx = path.join(PACKAGE_DIR, 'node_modules', '.bin', 'tsx');
    const failed = await run(tsx, ['src/backup/cli.ts', 'verify', name!], {
      cwd: PACKAGE_DIR,
      env: { ...process.env, ...env() },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stderr: '' });
    const lines = (failed as { stdout: string }).stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ command: 'verify', ok: false, path: broken });
  });
});
