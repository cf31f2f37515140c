import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPEN_DATA_MANIFEST_FILE,
  OPEN_DATA_MANIFEST_SIGNATURE_FILE,
  OPEN_DATA_PATHS,
  type OpenDataCatalog,
  type OpenDataChange,
  type OpenDataChangesPage,
  type OpenDataManifest,
  type OpenDataRecordsPage,
} from '@credit-portal/shared';
import { localToday } from '../../../src/lib/dates.js';
import { OPEN_DATA_DIR } from '../../../src/routes/open-data/files.js';
import { entity, penalty } from '../../factories.js';
import { buildTestApp, injectJson, removeDir, tempDir, type TestApp } from '../../helper.js';
import { verifyOpenDataOffline } from '../../reports/offline.js';
import { publicChange } from '../../support/public-changes.js';

/*
 * The change feed (/open/v1/changes) over the public-changes outbox, and the day's signed
 * manifest: checked offline with docs/VERIFY.md's own commands (sh, curl, openssl) against the
 * listening service, and rewritten with the files when a record is withdrawn during the day.
 */

type Body<T> = { ErrorCode: number; Data: T; Msg: string };

const today = localToday();

describe('the change feed and the signed manifest', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let portal: string;
  let work: string;

  beforeAll(async () => {
    t = await buildTestApp({ openData: { cron: null, withdrawalCheckSeconds: 0 } });
    app = t.app;
    portal = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
    work = await tempDir();
  });

  afterAll(async () => {
    await t?.close();
    if (work) await removeDir(work);
  });

  const changes = (query: Record<string, string | number>) =>
    injectJson<Body<OpenDataChangesPage>>(app, { method: 'GET', url: OPEN_DATA_PATHS.changes, query: query as never });

  /** Every change from `cursor` on, page by page; the pages' changes and the last cursor. */
  const readAll = async (cursor: string | undefined, limit: number) => {
    const seen: OpenDataChange[] = [];
    let next = cursor;
    for (;;) {
      const { status, body } = await changes({ limit, ...(next === undefined ? {} : { cursor: next }) });
      expect(status).toBe(200);
      expect(body.Data.changes.length).toBeLessThanOrEqual(limit);
      seen.push(...body.Data.changes);
      next = body.Data.nextCursor;
      if (!body.Data.hasMore) return { seen, cursor: next };
    }
  };

  it('lists every change in order, a withdrawal with its reason, and resumes exactly where it stopped', async () => {
    const made = [
      publicChange(app.db, { dataset: 'xzcf', recordId: 'f-1', kind: 'added' }),
      publicChange(app.db, { dataset: 'xzxk', recordId: 'k-1', kind: 'added' }),
      publicChange(app.db, { dataset: 'xzcf', recordId: 'f-1', kind: 'updated' }),
      publicChange(app.db, { dataset: 'xzcf', recordId: 'f-1', kind: 'withdrawn', reason: '已修复' }),
      publicChange(app.db, { dataset: 'hhmd', recordId: 'h-9', kind: 'withdrawn', reason: '公示期满' }),
    ];
    const first = await readAll(undefined, 2);
    expect(first.seen.map((c) => c.id)).toEqual(made.map((m) => m.eventId));
    expect(first.seen.map((c) => c.seq)).toEqual(made.map((m) => m.seq));
    const withdrawal = first.seen[3]!;
    expect(withdrawal).toMatchObject({ dataset: 'xzcf', recordId: 'f-1', kind: 'withdrawn', reason: '已修复' });
    expect(withdrawal.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/);
    expect(first.seen[0]!.reason).toBeNull();

    // Nothing new: the last cursor answers an empty page and gives itself back.
    const idle = await changes({ cursor: first.cursor });
    expect(idle.body.Data).toEqual({ changes: [], nextCursor: first.cursor, hasMore: false });

    // New changes after the reader stopped: exactly those, none twice, none missed.
    const later = [
      publicChange(app.db, { dataset: 'jyyc', recordId: 'j-3', kind: 'added' }),
      publicChange(app.db, { dataset: 'xzcf', recordId: 'f-2', kind: 'withdrawn', reason: '异议更正' }),
      publicChange(app.db, { dataset: 'xzcf', recordId: 'f-3', kind: 'withdrawn', reason: '撤销' }),
    ];
    const second = await readAll(first.cursor, 2);
    expect(second.seen.map((c) => c.id)).toEqual(later.map((m) => m.eventId));

    // One dataset only.
    const penalties = await changes({ dataset: 'xzcf', limit: 100 });
    expect(penalties.body.Data.changes.every((c) => c.dataset === 'xzcf')).toBe(true);
    expect(penalties.body.Data.changes.map((c) => c.reason).filter(Boolean)).toEqual(['已修复', '异议更正', '撤销']);
  });

  it('refuses a garbage, forged or records cursor with 400 in the envelope, and an unknown dataset with 404', async () => {
    const { body } = await changes({ limit: 1 });
    const [payload, mac] = body.Data.nextCursor.split('.') as [string, string];
    const records = await injectJson<Body<OpenDataRecordsPage>>(app, {
      method: 'GET',
      url: `${OPEN_DATA_PATHS.records}?dataset=xzxk&limit=1`,
    });
    const cases = [
      'garbage',
      '!!!.???',
      `${Buffer.from('changes|0').toString('base64url')}.${mac}`,
      `${payload}.${Buffer.alloc(16).toString('base64url')}`,
      records.body.Data.nextCursor!,
    ];
    for (const cursor of cases) {
      const answer = await changes({ cursor });
      expect(answer.status, cursor).toBe(400);
      expect(answer.body.ErrorCode).toBe(400);
      expect(answer.body.Data).toBeNull();
      expect(answer.body.Msg).toContain('cursor 无效');
    }
    expect((await changes({ limit: 0 })).status).toBe(400);
    expect((await changes({ dataset: 'nosuch' })).status).toBe(404);
  });

  const catalog = async () =>
    (await injectJson<Body<OpenDataCatalog>>(app, { method: 'GET', url: OPEN_DATA_PATHS.datasets })).body.Data;
  const manifestOnDisk = (): OpenDataManifest =>
    JSON.parse(
      fs.readFileSync(path.join(t.dataDir, OPEN_DATA_DIR, today, OPEN_DATA_MANIFEST_FILE), 'utf8'),
    ) as OpenDataManifest;

  it('signs the manifest: it verifies with OpenSSL as docs/VERIFY.md says, and fails after one byte changes', async () => {
    const day = await catalog();
    expect(day.manifestSignatureUrl).toBe(
      `${OPEN_DATA_PATHS.filesPrefix}${today}/${OPEN_DATA_MANIFEST_SIGNATURE_FILE}`,
    );
    const manifest = manifestOnDisk();
    expect(manifest.signature).toEqual({
      algorithm: app.reportSigner.algorithm,
      keyId: app.reportSigner.keyId,
      file: OPEN_DATA_MANIFEST_SIGNATURE_FILE,
    });

    const fresh = path.join(work, 'fresh');
    const run = await verifyOpenDataOffline(fresh, portal, today);
    expect(run.output).toContain('key fingerprint OK');
    expect(run.output).toContain('Verified OK');
    expect(run.output).toContain(`xzcf-${today}.csv: SHA-256 OK`);

    // One byte of the manifest changed (a row count): the signature no longer verifies.
    const altered = path.join(work, 'altered');
    fs.mkdirSync(altered);
    for (const name of fs.readdirSync(fresh)) fs.copyFileSync(path.join(fresh, name), path.join(altered, name));
    const bytes = fs.readFileSync(path.join(altered, OPEN_DATA_MANIFEST_FILE));
    const at = bytes.indexOf('"rows": ') + '"rows": '.length;
    bytes[at] = bytes[at] === 0x39 ? 0x38 : bytes[at]! + 1;
    fs.writeFileSync(path.join(altered, OPEN_DATA_MANIFEST_FILE), bytes);
    const failed = await verifyOpenDataOffline(altered, portal, today);
    expect(failed.output).toContain('Verification failure');
    expect(failed.output).not.toContain('Verified OK');

    // One byte of a file changed: its SHA-256 is not the one listed.
    const file = path.join(fresh, `xzcf-${today}.csv`);
    const csv = fs.readFileSync(file);
    csv[csv.length - 3] ^= 1;
    fs.writeFileSync(file, csv);
    const changedFile = await verifyOpenDataOffline(fresh, portal, today);
    expect(changedFile.output).toContain('Verified OK');
    expect(changedFile.output).not.toContain('SHA-256 OK');
  });

  it("rewrites today's files and manifest when a record is withdrawn during the day", async () => {
    const of = entity(app.db);
    const fine = penalty(app.db, of, { severity: '严重' });
    // The day's files as they are (a request writes them again only after a withdrawal).
    const before = manifestOnDisk();
    const pageOne = await injectJson<Body<OpenDataRecordsPage>>(app, {
      method: 'GET',
      url: `${OPEN_DATA_PATHS.records}?dataset=xzcf&limit=5`,
    });
    expect(pageOne.body.Data.nextCursor).not.toBeNull();

    // Published: an addition alone does not rewrite the day (tomorrow's files carry it).
    publicChange(app.db, { dataset: 'xzcf', recordId: fine.id, kind: 'added' });
    expect((await catalog()).generatedAt).toBe(before.generatedAt);

    // Repaired: the record leaves publicity, the outbox says so, the day's files follow.
    app.db.prepare('UPDATE penalties SET repaired_on = ? WHERE id = ?').run(today, fine.id);
    const withdrawn = publicChange(app.db, { dataset: 'xzcf', recordId: fine.id, kind: 'withdrawn', reason: '已修复' });
    await catalog();
    const after = manifestOnDisk();
    expect(after.revision).toBe(before.revision + 1);
    expect(after.changes.fromSeq).toBe(before.changes.fromSeq);
    expect(after.changes.toSeq).toBe(withdrawn.seq);
    expect(after.changes.withdrawn).toBeGreaterThanOrEqual(before.changes.withdrawn + 1);
    const jsonl = fs.readFileSync(path.join(t.dataDir, OPEN_DATA_DIR, today, `xzcf-${today}.jsonl`), 'utf8');
    expect(jsonl).not.toContain(fine.docNo);
    const xzcf = after.datasets.find((d) => d.id === 'xzcf')!;
    expect(xzcf.rows).toBe(jsonl.split('\n').filter(Boolean).length);

    // A records cursor of the earlier revision: its offsets have moved, so it is refused.
    const stale = await injectJson<Body<null>>(app, {
      method: 'GET',
      url: `${OPEN_DATA_PATHS.records}?dataset=xzcf&cursor=${pageOne.body.Data.nextCursor}`,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.Msg).toContain('cursor 已过期');

    // The rewritten manifest is signed too.
    const run = await verifyOpenDataOffline(path.join(work, 'rewritten'), portal, today);
    expect(run.output).toContain('Verified OK');
    expect(run.output).toContain(`xzcf-${today}.csv: SHA-256 OK`);
  });
});
