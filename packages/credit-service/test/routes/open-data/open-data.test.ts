import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  OPEN_DATA_MANIFEST_FILE,
  OPEN_DATA_PATHS,
  OPEN_DATASETS,
  maskIdNumber,
  openDataset,
  type OpenDataCatalog,
  type OpenDataManifest,
  type OpenDataRecordsPage,
  type PunishSearchPage,
} from '@credit-portal/shared';
import { buildTestApp, injectJson, removeDir, tempDir, type TestApp } from '../../helper.js';
import { formatDay, dayNumber, localToday } from '../../../src/lib/dates.js';
import { createCursorCodec, cursorKey } from '../../../src/routes/open-data/cursor.js';
import { createChangeLog } from '../../../src/repositories/change-feed.js';
import {
  OPEN_DATA_DIR,
  manifestSignerOf,
  neutralizeCell,
  pruneOpenData,
  readManifest,
  toCsv,
  writeOpenDataDay,
} from '../../../src/routes/open-data/files.js';
import { createOpenDataJob } from '../../../src/routes/open-data/job.js';
import { createOpenDataSource } from '../../../src/routes/open-data/source.js';

type Body<T> = { ErrorCode: number; Data: T; Msg: string };

const today = localToday();
const yesterday = formatDay(dayNumber(today) - 1);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('CSV cells', () => {
  it('neutralizes formulas: = + - @ and a leading tab or carriage return, nothing else', () => {
    expect(neutralizeCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(neutralizeCell('+86 123')).toBe("'+86 123");
    expect(neutralizeCell('-1')).toBe("'-1");
    expect(neutralizeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralizeCell('\t=1')).toBe("'\t=1");
    expect(neutralizeCell('2026-01-01')).toBe('2026-01-01');
    expect(neutralizeCell('云州 = 市')).toBe('云州 = 市');
  });

  it('writes a BOM, a header of field codes, RFC 4180 quoting and CRLF line ends that parse back', () => {
    const dataset = openDataset('jyyc')!;
    const tricky = {
      EntName: '云州"北岭",科技有限公司',
      Reason: '第一行\n第二行',
      DocNo: '=1+2',
      SubjectType: '法人及非法人组织',
    };
    const csv = toCsv(dataset, [tricky]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.split('\r\n')[0]).toBe(`\uFEFF${dataset.fields.map((f) => f.code).join(',')}`);
    expect(csv).toContain('"云州""北岭"",科技有限公司"');
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.EntName).toBe(tricky.EntName);
    expect(rows[0]!.Reason).toBe(tricky.Reason);
    expect(rows[0]!.DocNo).toBe("'=1+2");
    expect(rows[0]!.CreditCode).toBe('');
  });
});

describe('open data of the credit-service', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let root: string;
  const changed = { expired: '', repaired: '', formula: '' };

  beforeAll(async () => {
    testApp = await buildTestApp({ openData: { cron: null } });
    app = testApp.app;
    root = path.join(testApp.dataDir, OPEN_DATA_DIR);
    // Before the app is ready (today's files are written then): one penalty past its deadline since
    // yesterday, one repaired today, and a licence whose content is a spreadsheet formula.
    const publicized = app.db
      .prepare(
        `SELECT CF_WSH FROM penalties WHERE severity <> '轻微' AND repaired_on IS NULL AND CF_GSJZQ >= ? ORDER BY id LIMIT 2`,
      )
      .pluck()
      .all(today) as string[];
    [changed.expired, changed.repaired] = publicized as [string, string];
    app.db.prepare('UPDATE penalties SET CF_GSJZQ = ? WHERE CF_WSH = ?').run(yesterday, changed.expired);
    app.db.prepare('UPDATE penalties SET repaired_on = ? WHERE CF_WSH = ?').run(today, changed.repaired);
    changed.formula = app.db.prepare('SELECT XK_WSH FROM licences ORDER BY id LIMIT 1').pluck().get() as string;
    app.db
      .prepare(`UPDATE licences SET XK_NR = '=HYPERLINK("http://evil.example")' WHERE XK_WSH = ?`)
      .run(changed.formula);
    await app.ready();
  });
  afterAll(() => testApp.close());

  const manifest = (): OpenDataManifest =>
    JSON.parse(fs.readFileSync(path.join(root, today, OPEN_DATA_MANIFEST_FILE), 'utf8')) as OpenDataManifest;
  const fileOf = (id: string, format: 'csv' | 'jsonl') =>
    manifest()
      .datasets.find((d) => d.id === id)!
      .files.find((f) => f.format === format)!;
  const csvRows = (id: string) =>
    parse(fs.readFileSync(path.join(root, today, fileOf(id, 'csv').name)), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
  const records = (query: Record<string, string | number>) =>
    injectJson<Body<OpenDataRecordsPage>>(app, {
      method: 'GET',
      url: OPEN_DATA_PATHS.records,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });

  it("writes today's files at start: every dataset as CSV and JSON Lines, and a manifest", () => {
    const day = manifest();
    expect(day.date).toBe(today);
    expect(day.datasets.map((d) => d.id)).toEqual(OPEN_DATASETS.map((d) => d.id));
    for (const dataset of day.datasets) {
      expect(dataset.files.map((f) => f.format)).toEqual(['csv', 'jsonl']);
      expect(dataset.rows).toBeGreaterThan(0);
    }
  });

  it("the manifest's sizes and SHA-256 match the files", () => {
    for (const dataset of manifest().datasets) {
      for (const file of dataset.files) {
        const bytes = fs.readFileSync(path.join(root, today, file.name));
        expect(file.bytes, file.name).toBe(bytes.length);
        expect(file.sha256, file.name).toBe(sha256(bytes));
      }
      const lines = fs.readFileSync(path.join(root, today, dataset.files[1]!.name), 'utf8').split('\n');
      expect(lines.at(-1)).toBe('');
      expect(lines.length - 1, dataset.id).toBe(dataset.rows);
      expect(csvRows(dataset.id), dataset.id).toHaveLength(dataset.rows);
    }
  });

  it('the penalty file holds exactly the penalties in publicity today, as the publicity search lists them', async () => {
    const listed: string[] = [];
    for (let pageIndex = 1; ; pageIndex++) {
      const { body } = await injectJson<Body<PunishSearchPage>>(app, {
        method: 'GET',
        url: API_PATHS.punishSearch,
        query: { pageIndex: String(pageIndex), pageSize: '50' },
      });
      listed.push(...body.Data.list.map((row) => row.cF_WSH));
      if (listed.length >= body.Data.totalCount) break;
    }
    const rows = csvRows('xzcf');
    expect(rows.map((row) => row.CF_WSH).sort()).toEqual(listed.sort());
    expect(rows.map((row) => row.CF_WSH)).not.toContain(changed.expired);
    expect(rows.map((row) => row.CF_WSH)).not.toContain(changed.repaired);
    const expected = app.db
      .prepare(`SELECT COUNT(*) FROM penalties WHERE severity <> '轻微' AND repaired_on IS NULL AND CF_GSJZQ >= ?`)
      .pluck()
      .get(today);
    expect(rows).toHaveLength(expected as number);
    expect(Object.keys(rows[0]!)).toEqual(openDataset('xzcf')!.fields.map((f) => f.code));
  });

  it("masks natural persons' ID numbers as the penalty details do, and never writes them in clear", () => {
    const people = app.db
      .prepare(
        `SELECT CF_WSH, CF_XDR_ZJHM FROM penalties WHERE CF_XDR_ZJHM <> '' AND severity <> '轻微'
         AND repaired_on IS NULL AND CF_GSJZQ >= ?`,
      )
      .all(today) as { CF_WSH: string; CF_XDR_ZJHM: string }[];
    expect(people.length).toBeGreaterThan(0);
    const byDoc = new Map(csvRows('xzcf').map((row) => [row.CF_WSH, row]));
    const jsonl = fs.readFileSync(path.join(root, today, fileOf('xzcf', 'jsonl').name), 'utf8');
    const csv = fs.readFileSync(path.join(root, today, fileOf('xzcf', 'csv').name), 'utf8');
    for (const person of people) {
      expect(byDoc.get(person.CF_WSH)?.CF_XDR_ZJHM).toBe(maskIdNumber(person.CF_XDR_ZJHM));
      expect(jsonl).not.toContain(person.CF_XDR_ZJHM);
      expect(csv).not.toContain(person.CF_XDR_ZJHM);
    }
  });

  it('the other files hold what their pages list today', async () => {
    expect(csvRows('xzxk')).toHaveLength(app.db.prepare('SELECT COUNT(*) FROM licences').pluck().get() as number);
    const inForce = app.db.prepare('SELECT COUNT(*) FROM red_black_list WHERE valid_until >= ?').pluck().get(today);
    expect(csvRows('hhmd')).toHaveLength(inForce as number);
    const expired = app.db.prepare('SELECT COUNT(*) FROM red_black_list WHERE valid_until < ?').pluck().get(today);
    expect(expired as number).toBeGreaterThan(0);
    const { body } = await injectJson<Body<{ totalCount: number }>>(app, {
      method: 'GET',
      url: API_PATHS.abnormalBusiness,
    });
    expect(csvRows('jyyc')).toHaveLength(body.Data.totalCount);
    for (const row of [...csvRows('zdsswf'), ...csvRows('tqgz')]) {
      expect(row.IdNumber).toMatch(/^(.{6}\*{6}.{4}|暂无数据)$/);
    }
  });

  it('keeps a formula as text in the CSV and as it is in JSON Lines', () => {
    const row = csvRows('xzxk').find((r) => r.XK_WSH === changed.formula)!;
    expect(row.XK_NR).toBe('\'=HYPERLINK("http://evil.example")');
    const jsonl = fs.readFileSync(path.join(root, today, fileOf('xzxk', 'jsonl').name), 'utf8');
    expect(jsonl).toContain('"XK_NR":"=HYPERLINK(\\"http://evil.example\\")"');
  });

  it('is idempotent: a second run and a restart on the same data directory keep the day as written', async () => {
    const before = manifest();
    const again = writeOpenDataDay(root, today, createOpenDataSource(app.db, app.site), {
      now: new Date(),
      changes: createChangeLog(app.db).summary(1, 0),
      signer: manifestSignerOf(app.reportSigner),
    });
    expect(again.written).toBe(false);
    expect(again.manifest).toEqual(before);
    const restarted = await buildTestApp({ dataDir: testApp.dataDir, openData: { cron: null } });
    await restarted.app.ready();
    await restarted.app.close();
    expect(manifest()).toEqual(before);
  });

  it('prunes the days past the retention and the leftovers of interrupted runs', async () => {
    const scratch = await tempDir();
    try {
      const old = formatDay(dayNumber(today) - 8);
      const kept = formatDay(dayNumber(today) - 7);
      for (const name of [old, kept, today, `.tmp-${old}-abc`, 'notes']) fs.mkdirSync(path.join(scratch, name));
      expect(pruneOpenData(scratch, today, 7).sort()).toEqual([old, `.tmp-${old}-abc`].sort());
      expect(fs.readdirSync(scratch).sort()).toEqual([kept, today, 'notes'].sort());
    } finally {
      await removeDir(scratch);
    }
  });

  describe('read API', () => {
    it('lists the datasets with their files, addresses and field descriptions', async () => {
      const { status, body } = await injectJson<Body<OpenDataCatalog>>(app, {
        method: 'GET',
        url: OPEN_DATA_PATHS.datasets,
      });
      expect(status).toBe(200);
      expect(body.Data.date).toBe(today);
      const xzcf = body.Data.datasets.find((d) => d.id === 'xzcf')!;
      expect(xzcf.title).toBe('行政处罚');
      expect(xzcf.fields.find((f) => f.code === 'CF_WSH')).toEqual({
        code: 'CF_WSH',
        name: '行政处罚决定书文号',
        meaning: expect.any(String),
      });
      expect(xzcf.files[0]!.url).toBe(`${OPEN_DATA_PATHS.filesPrefix}${today}/${xzcf.files[0]!.name}`);
      expect(body.Data.manifestUrl).toBe(`${OPEN_DATA_PATHS.filesPrefix}${today}/${OPEN_DATA_MANIFEST_FILE}`);
    });

    it("the cursor pages cover every record of the day's file exactly once, in order", async () => {
      const seen: Record<string, string>[] = [];
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const { status, body } = await records({ dataset: 'xzcf', limit: 37, ...(cursor ? { cursor } : {}) });
        expect(status).toBe(200);
        expect(body.Data.records.length).toBeLessThanOrEqual(37);
        seen.push(...body.Data.records);
        cursor = body.Data.nextCursor;
        pages++;
      }
      const lines = fs
        .readFileSync(path.join(root, today, fileOf('xzcf', 'jsonl').name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, string>);
      expect(seen).toEqual(lines);
      expect(new Set(seen.map((r) => r.CF_WSH)).size).toBe(seen.length);
      expect(pages).toBe(Math.ceil(lines.length / 37));
    });

    it('refuses a garbage, forged or foreign cursor, an old day and a limit out of range with 400', async () => {
      const first = await records({ dataset: 'jyyc', limit: 5 });
      const cursor = first.body.Data.nextCursor!;
      const [payload, mac] = cursor.split('.') as [string, string];
      const forgedPayload = Buffer.from(`${today}|jyyc|1000`).toString('base64url');
      const codec = createCursorCodec(cursorKey(app.db));
      const cases: Record<string, string | number>[] = [
        { dataset: 'jyyc', cursor: 'garbage' },
        { dataset: 'jyyc', cursor: '!!!.???' },
        { dataset: 'jyyc', cursor: `${forgedPayload}.${mac}` },
        { dataset: 'jyyc', cursor: `${payload}.${Buffer.alloc(16).toString('base64url')}` },
        { dataset: 'xzxk', cursor },
        { dataset: 'jyyc', cursor: codec.encode({ date: yesterday, revision: 1, dataset: 'jyyc', offset: 5 }) },
        { dataset: 'jyyc', limit: 0 },
        { dataset: 'jyyc', limit: 1001 },
        { dataset: 'jyyc', limit: 'ten' },
      ];
      for (const query of cases) {
        const { status, body } = await records(query);
        expect(status, JSON.stringify(query)).toBe(400);
        expect(body.ErrorCode).toBe(400);
        expect(body.Data).toBeNull();
      }
      const unknown = await records({ dataset: 'nosuch' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.Msg).toBe('数据集不存在');
    });

    it('answers 304 to If-None-Match and If-Modified-Since, and 200 to a stale validator', async () => {
      for (const url of [OPEN_DATA_PATHS.datasets, `${OPEN_DATA_PATHS.records}?dataset=hhmd&limit=3`]) {
        const first = await app.inject({ method: 'GET', url });
        expect(first.statusCode).toBe(200);
        const etag = first.headers.etag as string;
        const lastModified = first.headers['last-modified'] as string;
        expect(etag).toMatch(/^"[0-9a-f-]+"$/);
        expect(new Date(lastModified).getTime()).not.toBeNaN();
        const byTag = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
        expect(byTag.statusCode, url).toBe(304);
        expect(byTag.body).toBe('');
        const byDate = await app.inject({ method: 'GET', url, headers: { 'if-modified-since': lastModified } });
        expect(byDate.statusCode, url).toBe(304);
        const older = new Date(new Date(lastModified).getTime() - 60_000).toUTCString();
        expect((await app.inject({ method: 'GET', url, headers: { 'if-modified-since': older } })).statusCode).toBe(
          200,
        );
        expect((await app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(
          200,
        );
      }
      const other = await app.inject({ method: 'GET', url: `${OPEN_DATA_PATHS.records}?dataset=hhmd&limit=4` });
      const three = await app.inject({ method: 'GET', url: `${OPEN_DATA_PATHS.records}?dataset=hhmd&limit=3` });
      expect(other.headers.etag).not.toBe(three.headers.etag);
    });

    it("serves today's files as attachments with their hash as ETag, and nothing else", async () => {
      const file = fileOf('xzcf', 'csv');
      const url = `${OPEN_DATA_PATHS.filesPrefix}${today}/${file.name}`;
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${file.name}"`);
      expect(response.headers.etag).toBe(`"${file.sha256}"`);
      expect(sha256(response.rawPayload)).toBe(file.sha256);
      const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${file.sha256}"` } });
      expect(again.statusCode).toBe(304);
      const manifestFile = await app.inject({
        method: 'GET',
        url: `${OPEN_DATA_PATHS.filesPrefix}${today}/manifest.json`,
      });
      expect(manifestFile.json()).toEqual(manifest());
      for (const missing of [
        `${OPEN_DATA_PATHS.filesPrefix}${yesterday}/${file.name.replace(today, yesterday)}`,
        `${OPEN_DATA_PATHS.filesPrefix}${today}/..%2Fcredit.sqlite`,
        `${OPEN_DATA_PATHS.filesPrefix}${today}/secret.csv`,
      ]) {
        const refused = await app.inject({ method: 'GET', url: missing });
        expect(refused.statusCode, missing).toBe(404);
        expect(refused.json()).toMatchObject({ ErrorCode: 404, Data: null });
      }
    });
  });
});

describe('the daily job', () => {
  it('writes the day on its schedule when the files are missing, and stops with the app', async () => {
    const testApp = await buildTestApp({ seedEntities: 50 });
    const scratch = await tempDir();
    try {
      const day = new Date('2031-05-06T12:00:00');
      const job = createOpenDataJob({
        root: scratch,
        source: createOpenDataSource(testApp.app.db, testApp.app.site),
        changes: createChangeLog(testApp.app.db),
        signer: manifestSignerOf(testApp.app.reportSigner),
        withdrawalCheckSeconds: 0,
        retentionDays: 7,
        // Every second (croner takes a seconds field).
        cron: '* * * * * *',
        log: testApp.app.log,
        now: () => day,
      });
      const old = path.join(scratch, '2031-04-01');
      fs.mkdirSync(old);
      job.start();
      try {
        expect(readManifest(scratch, '2031-05-06')?.date).toBe('2031-05-06');
        // Written with the day: the days past the retention are gone.
        expect(fs.existsSync(old)).toBe(false);
        expect(job.nextRun()).toBeInstanceOf(Date);
        const removed = path.join(scratch, '2031-05-06');
        fs.rmSync(removed, { recursive: true });
        // A new day (the clock moves on): the schedule writes it without any request.
        day.setDate(7);
        await vi.waitFor(() => expect(readManifest(scratch, '2031-05-07')).not.toBeNull(), { timeout: 5_000 });
      } finally {
        job.stop();
      }
      expect(job.nextRun()).toBeNull();
    } finally {
      await removeDir(scratch);
      await testApp.close();
    }
  });
});
