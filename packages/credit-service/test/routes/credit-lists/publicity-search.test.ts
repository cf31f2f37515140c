import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  API_PATHS,
  HEADS,
  OPEN_DATASETS,
  PUBLICITY_EXPORT_MAX_ROWS,
  PUBLICITY_FILTER_MESSAGES,
  PUBLICITY_SEARCH_COUNT_MAX,
  type PermitSearchPage,
  type PunishSearchPage,
} from '@credit-portal/shared';
import { addMonths, localToday } from '../../../src/lib/dates.js';
import { entity, penalty } from '../../factories.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

type ErrorCodeBody<T> = { ErrorCode: number; Data: T; Msg: string };
const get = <T>(path: string, query: Record<string, string> = {}) =>
  injectJson<ErrorCodeBody<T>>(app, { method: 'GET', url: path, query });
const exportCsv = (path: string, query: Record<string, string>) => app.inject({ method: 'GET', url: path, query });

const today = localToday();
/** An authority name no seeded record has, so that a test's records are all its filter finds. */
let authorities = 0;
const newAuthority = () => `测试市第${++authorities}${Date.now() % 1000}号监督管理局`;

/** A penalty in publicity of a new entity, decided by `authority`, with the given columns changed. */
function penaltyBy(authority: string, decidedOn: string, columns: Record<string, string | null> = {}) {
  const made = penalty(app.db, entity(app.db), { decidedOn, publicUntil: addMonths(today, 6) });
  const changes = { CF_CFJG: authority, ...columns };
  const set = Object.keys(changes)
    .map((column) => `${column} = @${column}`)
    .join(', ');
  app.db.prepare(`UPDATE penalties SET ${set} WHERE id = @id`).run({ ...changes, id: made.id });
  return { id: String(made.id), docNo: made.docNo };
}

/** `count` copies of a seeded licence by `authority`, document numbers 测许1…, over 300 days of 2025. */
function copyLicences(count: number, authority: string) {
  const template = app.db.prepare('SELECT id FROM licences ORDER BY id LIMIT 1').pluck().get() as number;
  app.db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @count)
       INSERT INTO licences (entity_id, district_id, XK_XDR_LB, XK_WSH, XK_XKZS, XK_XKLB, XK_XKBH, XK_NR, XK_XDR_MC,
         XK_XDR_SHXYM, XK_XDR_ZZJG, XK_XDR_GSZC, XK_XDR_SWDJ, XK_XDR_SYDW, XK_XDR_SHZZ, XK_FRDB, XK_JDRQ, XK_YXQZ,
         XK_YXQZI, XK_XKJG, XK_XKJGDM, XK_LYDW, XK_LYDWDM, UPDATETIME)
       SELECT entity_id, district_id, XK_XDR_LB, '测许' || i, XK_XKZS, XK_XKLB, XK_XKBH, XK_NR, XK_XDR_MC,
         XK_XDR_SHXYM, XK_XDR_ZZJG, XK_XDR_GSZC, XK_XDR_SWDJ, XK_XDR_SYDW, XK_XDR_SHZZ, XK_FRDB,
         date('2025-01-01', '+' || (i % 300) || ' days'), XK_YXQZ, XK_YXQZI, @authority, XK_XKJGDM, XK_LYDW,
         XK_LYDWDM, UPDATETIME
       FROM n, licences WHERE licences.id = @template`,
    )
    .run({ count, authority, template });
}

describe('penalty search filters (punishpublicitysearch)', () => {
  const authority = newAuthority();
  const day = (monthsAgo: number) => addMonths(today, -monthsAgo);
  let records: Record<string, { id: string; docNo: string }>;

  beforeAll(() => {
    records = {
      fineSerious: penaltyBy(authority, day(10), { CF_CFLB: '罚款', severity: '严重' }),
      warningGeneral: penaltyBy(authority, day(8), { CF_CFLB: '警告;罚款', severity: '一般' }),
      revokedObjected: penaltyBy(authority, day(6), {
        CF_CFLB: '暂扣许可证件、降低资质等级、吊销许可证件',
        severity: '严重',
        CF_ZT: '异议处理中',
      }),
      repaired: penaltyBy(authority, day(7), { CF_CFLB: '罚款', repaired_on: day(1) }),
      minor: penaltyBy(authority, day(7), { CF_CFLB: '警告', severity: '轻微' }),
      expired: penaltyBy(authority, day(9), { CF_CFLB: '罚款', CF_GSJZQ: day(1) }),
    };
  });

  const ids = async (query: Record<string, string>) => {
    const { status, body } = await get<PunishSearchPage>(API_PATHS.punishSearch, { authority, ...query });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.Data.list.map((row) => row.id);
  };

  it('finds by authority only what is in publicity, newest first or oldest first', async () => {
    const { fineSerious, warningGeneral, revokedObjected } = records as Record<string, { id: string }>;
    expect(await ids({})).toEqual([revokedObjected!.id, warningGeneral!.id, fineSerious!.id]);
    expect(await ids({ sort: 'asc' })).toEqual([fineSerious!.id, warningGeneral!.id, revokedObjected!.id]);
    const { body } = await get<PunishSearchPage>(API_PATHS.punishSearch, { authority });
    expect(body.Data.totalCount).toBe(3);
    expect(body.Data.list[0]).toMatchObject({ cF_CFJG: authority, cF_ZT: '异议处理中' });
  });

  it('combines kind, severity, state, date range and keyword as an intersection', async () => {
    const r = records as Record<string, { id: string; docNo: string }>;
    expect(await ids({ kind: '罚款' })).toEqual([r.warningGeneral!.id, r.fineSerious!.id]);
    expect(await ids({ kind: '警告' })).toEqual([r.warningGeneral!.id]);
    expect(await ids({ kind: '罚款', severity: '严重' })).toEqual([r.fineSerious!.id]);
    expect(await ids({ severity: '严重' })).toEqual([r.revokedObjected!.id, r.fineSerious!.id]);
    expect(await ids({ state: '异议处理中' })).toEqual([r.revokedObjected!.id]);
    expect(await ids({ state: '正常', severity: '严重' })).toEqual([r.fineSerious!.id]);
    expect(await ids({ dateFrom: day(9), dateTo: day(6) })).toEqual([r.revokedObjected!.id, r.warningGeneral!.id]);
    // Inclusive on both ends.
    expect(await ids({ dateFrom: day(8), dateTo: day(8) })).toEqual([r.warningGeneral!.id]);
    expect(await ids({ dateFrom: day(9), kind: '罚款' })).toEqual([r.warningGeneral!.id]);
    expect(await ids({ entNameOrPunishDocNo: r.fineSerious!.docNo, severity: '严重' })).toEqual([r.fineSerious!.id]);
    expect(await ids({ entNameOrPunishDocNo: r.fineSerious!.docNo, severity: '一般' })).toEqual([]);
    expect(await ids({ kind: '行政拘留' })).toEqual([]);
  });

  it('never finds a repaired, minor or expired record, whatever the filters', async () => {
    const r = records as Record<string, { id: string; docNo: string }>;
    for (const hidden of [r.repaired!, r.minor!, r.expired!]) {
      expect(await ids({ entNameOrPunishDocNo: hidden.docNo })).toEqual([]);
      expect(await ids({ entNameOrPunishDocNo: hidden.docNo, dateFrom: day(12), state: '正常' })).toEqual([]);
    }
  });

  it('refuses the 已修复 state with the reason: repaired penalties are no longer published', async () => {
    const { status, body } = await get<null>(API_PATHS.punishSearch, { state: '已修复' });
    expect(status).toBe(400);
    expect(body).toEqual({ ErrorCode: 400, Data: null, Msg: PUBLICITY_FILTER_MESSAGES.repaired });
    const exported = await exportCsv(API_PATHS.punishExport, { state: '已修复' });
    expect(exported.statusCode).toBe(400);
    expect(JSON.parse(exported.body)).toMatchObject({ ErrorCode: 400, Msg: PUBLICITY_FILTER_MESSAGES.repaired });
  });
});

describe('filter validation', () => {
  const cases: Array<[string, Record<string, string>, string | RegExp]> = [
    ['a date in another shape', { dateFrom: '2026/01/01' }, '参数错误：dateFrom 格式不正确'],
    ['a day that does not exist', { dateTo: '2026-02-30' }, PUBLICITY_FILTER_MESSAGES.badDate],
    [
      'a range the wrong way round',
      { dateFrom: '2026-05-01', dateTo: '2026-04-30' },
      PUBLICITY_FILTER_MESSAGES.dateOrder,
    ],
    ['an unknown kind', { kind: '罚酒' }, /^参数错误：.*kind.*取值无效$/],
    ['轻微, never published', { severity: '轻微' }, /^参数错误：.*severity.*取值无效$/],
    ['an unknown sort', { sort: 'sideways' }, /^参数错误：.*sort.*取值无效$/],
    ['an authority too long', { authority: '局'.repeat(101) }, /^参数错误：.*authority.*长度不能超过 100 个字符$/],
  ];
  it.each(cases)('answers 400 in the envelope with a Chinese message for %s', async (_, query, message) => {
    for (const path of [API_PATHS.punishSearch, API_PATHS.punishExport]) {
      const response = await app.inject({ method: 'GET', url: path, query });
      expect(response.statusCode, path).toBe(400);
      const body = JSON.parse(response.body) as ErrorCodeBody<null>;
      expect(body.ErrorCode).toBe(400);
      expect(body.Data).toBeNull();
      expect(body.Msg).toMatch(message);
    }
  });

  it('answers 400 for an unknown licence category, on the search and the export', async () => {
    for (const path of [API_PATHS.permitSearch, API_PATHS.permitExport]) {
      const { status, body } = await get<null>(path, { category: '特殊' });
      expect(status).toBe(400);
      expect(body.Msg).toMatch(/^参数错误：.*category.*取值无效$/);
    }
  });
});

describe('licence search filters (permitpublicitysearch)', () => {
  it('filters by authority, category and date range, in either order', async () => {
    const authority = newAuthority();
    const row = app.db.prepare('SELECT id FROM licences ORDER BY id LIMIT 3').pluck().all() as number[];
    const copy = app.db.prepare(
      `INSERT INTO licences (entity_id, district_id, XK_XDR_LB, XK_WSH, XK_XKZS, XK_XKLB, XK_XKBH, XK_NR, XK_XDR_MC,
         XK_XDR_SHXYM, XK_XDR_ZZJG, XK_XDR_GSZC, XK_XDR_SWDJ, XK_XDR_SYDW, XK_XDR_SHZZ, XK_FRDB, XK_JDRQ, XK_YXQZ,
         XK_YXQZI, XK_XKJG, XK_XKJGDM, XK_LYDW, XK_LYDWDM, UPDATETIME)
       SELECT entity_id, district_id, XK_XDR_LB, XK_WSH, XK_XKZS, @category, XK_XKBH, XK_NR, XK_XDR_MC, XK_XDR_SHXYM,
         XK_XDR_ZZJG, XK_XDR_GSZC, XK_XDR_SWDJ, XK_XDR_SYDW, XK_XDR_SHZZ, XK_FRDB, @date, XK_YXQZ, XK_YXQZI,
         @authority, XK_XKJGDM, XK_LYDW, XK_LYDWDM, UPDATETIME FROM licences WHERE id = @id`,
    );
    const made = [
      { category: '特许', date: '2026-01-10' },
      { category: '普通', date: '2026-03-10' },
      { category: '特许', date: '2026-05-10' },
    ].map((fields, i) => String(copy.run({ ...fields, authority, id: row[i] }).lastInsertRowid));
    const ids = async (query: Record<string, string>) =>
      (await get<PermitSearchPage>(API_PATHS.permitSearch, { authority, ...query })).body.Data.list.map((r) => r.id);
    expect(await ids({})).toEqual([made[2], made[1], made[0]]);
    expect(await ids({ sort: 'asc' })).toEqual([made[0], made[1], made[2]]);
    expect(await ids({ category: '特许' })).toEqual([made[2], made[0]]);
    expect(await ids({ category: '特许', dateTo: '2026-04-30' })).toEqual([made[0]]);
    expect(await ids({ dateFrom: '2026-03-10', dateTo: '2026-03-10' })).toEqual([made[1]]);
  });
});

describe('CSV export (permitpublicityexport, punishpublicityexport)', () => {
  it('is served under the open-data quota, as the records API is', () => {
    expect(HEADS.permitExport.rateLimit).toBe(HEADS.openRecords.rateLimit);
    expect(HEADS.punishExport.rateLimit).toBe(HEADS.openRecords.rateLimit);
  });

  it('writes the filtered penalties with the CF_* field codes, BOM and masked ID numbers', async () => {
    const authority = newAuthority();
    const idNumber = '11010119900307123X';
    const person = penaltyBy(authority, addMonths(today, -3), {
      CF_XDR_LB: '自然人',
      CF_XDR_ZJLX: '身份证',
      CF_XDR_ZJHM: idNumber,
      CF_XDR_SHXYM: '',
    });
    const company = penaltyBy(authority, addMonths(today, -4), { CF_CFLB: '警告;罚款' });
    penaltyBy(authority, addMonths(today, -5), { repaired_on: today });
    const response = await exportCsv(API_PATHS.punishExport, { authority });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="xzcf-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body).not.toContain(idNumber);
    const rows = parse(response.body.slice(1), { columns: true }) as Array<Record<string, string>>;
    const codes = OPEN_DATASETS.find((dataset) => dataset.id === 'xzcf')!.fields.map((field) => field.code);
    expect(Object.keys(rows[0]!)).toEqual(codes);
    expect(rows.map((row) => row.CF_WSH)).toEqual([person.docNo, company.docNo]);
    expect(rows[0]).toMatchObject({ CF_XDR_LB: '自然人', CF_XDR_ZJHM: '110101******123X', CF_CFJG: authority });
    const warnings = await exportCsv(API_PATHS.punishExport, { authority, kind: '警告' });
    expect((parse(warnings.body.slice(1), { columns: true }) as unknown[]).length).toBe(1);
  });

  it(`stops at ${PUBLICITY_EXPORT_MAX_ROWS} rows, in the search's order, with the XK_* field codes`, async () => {
    const authority = newAuthority();
    copyLicences(PUBLICITY_EXPORT_MAX_ROWS + 5, authority);
    const { body } = await get<PermitSearchPage>(API_PATHS.permitSearch, { authority, sort: 'asc' });
    expect(body.Data.totalCount).toBe(PUBLICITY_EXPORT_MAX_ROWS + 5);
    const response = await exportCsv(API_PATHS.permitExport, { authority, sort: 'asc' });
    expect(response.statusCode).toBe(200);
    const rows = parse(response.body.slice(1), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(PUBLICITY_EXPORT_MAX_ROWS);
    const codes = OPEN_DATASETS.find((dataset) => dataset.id === 'xzxk')!.fields.map((field) => field.code);
    expect(Object.keys(rows[0]!)).toEqual(codes);
    expect(rows[0]!.XK_WSH).toBe(body.Data.list[0]!.xK_WSH);
    expect(rows[0]!.XK_JDRQ <= rows.at(-1)!.XK_JDRQ).toBe(true);
  });
});

describe('a keyword most records hold (permitpublicitysearch)', () => {
  const authority = newAuthority();
  beforeAll(() => copyLicences(PUBLICITY_SEARCH_COUNT_MAX + 5, authority));
  const search = async (query: Record<string, string>) =>
    (await get<PermitSearchPage>(API_PATHS.permitSearch, { authority, ...query })).body;

  it(`counts up to ${PUBLICITY_SEARCH_COUNT_MAX} and says that more match`, async () => {
    const body = await search({ entNameOrLicenseDocNo: '测许', pageSize: '10' });
    expect(body.ErrorCode).toBe(200);
    expect(body.Data.totalCount).toBe(PUBLICITY_SEARCH_COUNT_MAX);
    expect(body.Data.totalCapped).toBe(true);
    expect(body.Data.list).toHaveLength(10);
    // Without a keyword the count is exact (from the filters' index), and not said to be capped.
    const all = await search({ pageSize: '10' });
    expect(all.Data.totalCount).toBe(PUBLICITY_SEARCH_COUNT_MAX + 5);
    expect(all.Data).not.toHaveProperty('totalCapped');
    // A keyword fewer records hold (测许100, 测许1000–1005): its exact total.
    const few = await search({ entNameOrLicenseDocNo: '测许100' });
    expect(few.Data.totalCount).toBe(7);
    expect(few.Data).not.toHaveProperty('totalCapped');
  });

  it('answers a page beyond the cap with no rows and the capped total', async () => {
    const last = await search({ entNameOrLicenseDocNo: '测许', pageSize: '10', pageIndex: '100', sort: 'asc' });
    expect(last.Data.list).toHaveLength(10);
    const beyond = await search({ entNameOrLicenseDocNo: '测许', pageSize: '10', pageIndex: '101', sort: 'asc' });
    expect(beyond.ErrorCode).toBe(200);
    expect(beyond.Data).toEqual({ list: [], totalCount: PUBLICITY_SEARCH_COUNT_MAX, totalCapped: true });
  });
});
