import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  PUBLICITY_NOTES,
  type CreditPromise,
  type PenaltyDetail,
  type PromiseFulfilmentDetail,
  type PromiseFulfilmentPage,
  type PromisePage,
  type RedBlackDetail,
  type RedBlackPage,
  type PermitSearchPage,
  type PunishSearchPage,
} from '@credit-portal/shared';
import { localToday } from '../../../src/lib/dates.js';
import { penaltyPublicizedSql } from '../../../src/repositories/publicity.js';
import { account } from '../../factories.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

type ErrorCodeBody<T> = { ErrorCode: number; Data: T; Msg: string };
const get = <T>(path: string, query: Record<string, string | number> = {}) =>
  injectJson<ErrorCodeBody<T>>(app, { method: 'GET', url: path, query: stringify(query) });
const stringify = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));

const one = <T>(sql: string, ...params: unknown[]) => app.db.prepare(sql).get(...params) as T;
const toFullWidth = (text: string) =>
  text.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).toLowerCase();

describe('licence search (permitpublicitysearch)', () => {
  it('lists every licence without a keyword, ten a page, newest first, paged on the server', async () => {
    const { body } = await get<PermitSearchPage>(API_PATHS.permitSearch);
    expect(body.ErrorCode).toBe(200);
    expect(body.Data.list).toHaveLength(10);
    expect(body.Data.totalCount).toBe(app.db.prepare('SELECT COUNT(*) FROM licences').pluck().get());
    expect(body.Data.list[0]).toEqual({
      id: expect.any(String),
      xK_WSH: expect.any(String),
      xK_XDR_MC: expect.any(String),
      xK_JDRQ: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      xK_XKJG: expect.any(String),
    });
    const page3 = await get<PermitSearchPage>(API_PATHS.permitSearch, { pageIndex: 3, pageSize: 4 });
    const first12 = await get<PermitSearchPage>(API_PATHS.permitSearch, { pageSize: 12 });
    expect(page3.body.Data.list).toEqual(first12.body.Data.list.slice(8, 12));
    expect(page3.body.Data.totalCount).toBe(body.Data.totalCount);
  });

  it('finds by name, document number and a credit code typed in full width and lower case', async () => {
    const row = one<{ id: number; XK_XDR_MC: string; XK_WSH: string; XK_XDR_SHXYM: string }>(
      "SELECT id, XK_XDR_MC, XK_WSH, XK_XDR_SHXYM FROM licences WHERE XK_XDR_SHXYM <> '' LIMIT 1 OFFSET 17",
    );
    const byName = await get<PermitSearchPage>(API_PATHS.permitSearch, {
      entNameOrLicenseDocNo: ` ${row.XK_XDR_MC} `,
      pageSize: 50,
    });
    expect(byName.body.Data.list.map((r) => r.id)).toContain(String(row.id));
    expect(byName.body.Data.list.every((r) => r.xK_XDR_MC.includes(row.XK_XDR_MC))).toBe(true);
    const byDoc = await get<PermitSearchPage>(API_PATHS.permitSearch, { entNameOrLicenseDocNo: row.XK_WSH });
    expect(byDoc.body.Data.list.map((r) => r.id)).toEqual([String(row.id)]);
    const byCode = await get<PermitSearchPage>(API_PATHS.permitSearch, {
      entNameOrLicenseDocNo: `\u3000${toFullWidth(row.XK_XDR_SHXYM)}`,
      pageSize: 50,
    });
    const held = app.db.prepare('SELECT COUNT(*) FROM licences WHERE XK_XDR_SHXYM = ?').pluck().get(row.XK_XDR_SHXYM);
    expect(byCode.body.Data.totalCount).toBe(held);
    expect(byCode.body.Data.list.map((r) => r.id)).toContain(String(row.id));
  });

  it('searches literally: wildcards, quotes and a 200-character keyword are just text', async () => {
    for (const keyword of ['%', '_', '\\', "' OR 1=1 --", '科技%', '"; DROP TABLE licences; --', '字'.repeat(200)]) {
      const { status, body } = await get<PermitSearchPage>(API_PATHS.permitSearch, { entNameOrLicenseDocNo: keyword });
      expect(status, keyword).toBe(200);
      expect(body.Data, keyword).toEqual({ list: [], totalCount: 0 });
    }
    const tooLong = await get<null>(API_PATHS.permitSearch, { entNameOrLicenseDocNo: '字'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.ErrorCode).toBe(400);
  });
});

describe('penalty search (punishpublicitysearch) and the publicity rules', () => {
  const today = localToday();
  const hiddenOf = (where: string) =>
    one<{ id: number; CF_WSH: string; CF_XDR_MC: string }>(
      `SELECT id, CF_WSH, CF_XDR_MC FROM penalties WHERE ${where} ORDER BY id LIMIT 1`,
      today,
    );

  it('lists the penalties in publicity with their authority and state, ten a page', async () => {
    const { body } = await get<PunishSearchPage>(API_PATHS.punishSearch);
    const current = app.db.prepare(`SELECT COUNT(*) FROM penalties WHERE ${penaltyPublicizedSql('?')}`).pluck();
    expect(body.Data.totalCount).toBe(current.get(today));
    expect(body.Data.list).toHaveLength(10);
    expect(Object.keys(body.Data.list[0]!).sort()).toEqual(
      ['id', 'cF_WSH', 'cF_XDR_MC', 'cF_JDRQ', 'cF_CFJG', 'cF_ZT'].sort(),
    );
    const page2 = await get<PunishSearchPage>(API_PATHS.punishSearch, { pageIndex: 2 });
    const first20 = await get<PunishSearchPage>(API_PATHS.punishSearch, { pageSize: 20 });
    expect(page2.body.Data.list).toEqual(first20.body.Data.list.slice(10, 20));
  });

  it('never finds an expired, minor (轻微) or repaired penalty; their details say they are not publicized', async () => {
    const cases = [
      { where: "CF_GSJZQ < ? AND severity <> '轻微' AND repaired_on IS NULL", note: PUBLICITY_NOTES.expired },
      { where: "severity = '轻微' AND ? <> ''", note: PUBLICITY_NOTES.minor },
      { where: 'repaired_on IS NOT NULL AND ? <> ""', note: PUBLICITY_NOTES.repaired },
    ];
    for (const { where, note } of cases) {
      const row = hiddenOf(where.replace('""', "''"));
      expect(row, note).toBeDefined();
      const byDoc = await get<PunishSearchPage>(API_PATHS.punishSearch, { entNameOrPunishDocNo: row.CF_WSH });
      expect(byDoc.body.Data, note).toEqual({ list: [], totalCount: 0 });
      const byName = await get<PunishSearchPage>(API_PATHS.punishSearch, {
        entNameOrPunishDocNo: row.CF_XDR_MC,
        pageSize: 50,
      });
      expect(byName.body.Data.list.map((r) => r.id)).not.toContain(String(row.id));
      const notices = await get<{ list: { RecordId: string }[] }>(API_PATHS.punishPublicity, { pageSize: 50 });
      expect(notices.body.Data.list.map((n) => n.RecordId)).not.toContain(String(row.id));
      const detail = await get<PenaltyDetail>(API_PATHS.punishDetail, { id: row.id });
      expect(detail.status).toBe(200);
      expect(detail.body.Data).toMatchObject({
        id: String(row.id),
        CF_WSH: row.CF_WSH,
        publicized: false,
        publicityNote: note,
      });
    }
    const repaired = hiddenOf("repaired_on IS NOT NULL AND ? <> ''");
    const detail = await get<PenaltyDetail>(API_PATHS.punishDetail, { id: repaired.id });
    expect(detail.body.Data.CF_ZT).toBe('已修复');
    const minor = hiddenOf("severity = '轻微' AND ? <> ''");
    expect((await get<PenaltyDetail>(API_PATHS.punishDetail, { id: minor.id })).body.Data.severity).toBe('轻微');
  });

  it('shows a penalty under objection as 异议处理中 in the search and its detail', async () => {
    const row = hiddenOf(`CF_ZT = '异议处理中' AND ${penaltyPublicizedSql('?')}`);
    const { body } = await get<PunishSearchPage>(API_PATHS.punishSearch, { entNameOrPunishDocNo: row.CF_WSH });
    expect(body.Data.list).toEqual([expect.objectContaining({ id: String(row.id), cF_ZT: '异议处理中' })]);
    const detail = await get<PenaltyDetail>(API_PATHS.punishDetail, { id: row.id });
    expect(detail.body.Data).toMatchObject({ CF_ZT: '异议处理中', publicized: true, publicityNote: '' });
  });

  it('masks the ID number of a natural person and shows sole proprietors as such', async () => {
    const person = one<{ id: number; CF_XDR_ZJHM: string }>(
      "SELECT id, CF_XDR_ZJHM FROM penalties WHERE CF_XDR_LB = '自然人' LIMIT 1",
    );
    const detail = await get<PenaltyDetail>(API_PATHS.punishDetail, { id: person.id });
    expect(detail.body.Data).toMatchObject({
      CF_XDR_LB: '自然人',
      CF_XDR_ZJLX: '身份证',
      CF_XDR_ZJHM: `${person.CF_XDR_ZJHM.slice(0, 6)}******${person.CF_XDR_ZJHM.slice(-4)}`,
    });
    expect(detail.raw).not.toContain(person.CF_XDR_ZJHM);
    const shop = one<{ id: number }>("SELECT id FROM penalties WHERE CF_XDR_LB = '个体工商户' LIMIT 1");
    const shopDetail = await get<PenaltyDetail>(API_PATHS.punishDetail, { id: shop.id });
    expect(shopDetail.body.Data.CF_XDR_LB).toBe('个体工商户');
    expect(shopDetail.body.Data).not.toHaveProperty('CF_XDR_ZJHM');
  });

  it('answers 404 for an unknown penalty and 400 for bad paging', async () => {
    const missing = await get<null>(API_PATHS.punishDetail, { id: '99999999' });
    expect(missing.body).toEqual({ ErrorCode: 404, Data: null, Msg: '未找到该记录' });
    const bad = await get<null>(API_PATHS.punishSearch, { pageSize: 51 });
    expect(bad.status).toBe(400);
  });
});

describe('credit promises (promisepublicity, promisedetail)', () => {
  it('lists published promises only, ten a page, and finds them by name or credit code', async () => {
    const { body } = await get<PromisePage>(API_PATHS.promiseList);
    const published = app.db.prepare("SELECT COUNT(*) FROM credit_promises WHERE status = '已公示'").pluck().get();
    expect(body.Data.totalCount).toBe(published);
    expect(body.Data.list.length).toBe(Math.min(10, published as number));
    expect(body.Data.list.every((p) => p.Status === '已公示')).toBe(true);
    const sample = body.Data.list[1]!;
    const page2 = await get<PromisePage>(API_PATHS.promiseList, { pageIndex: 2, pageSize: 1 });
    expect(page2.body.Data.list).toEqual([sample]);
    const byCode = await get<PromisePage>(API_PATHS.promiseList, { keyword: toFullWidth(sample.CreditCode) });
    expect(byCode.body.Data.list.map((p) => p.ID)).toContain(sample.ID);
    const byName = await get<PromisePage>(API_PATHS.promiseList, { keyword: sample.EntName });
    expect(byName.body.Data.list.map((p) => p.ID)).toContain(sample.ID);
    const literal = await get<PromisePage>(API_PATHS.promiseList, { keyword: '%' });
    expect(literal.body.Data).toEqual({ list: [], totalCount: 0 });
  });

  it('gives a published promise and hides one under review', async () => {
    const { body } = await get<PromisePage>(API_PATHS.promiseList, { pageSize: 1 });
    const detail = await get<CreditPromise>(API_PATHS.promiseDetail, { id: body.Data.list[0]!.ID });
    expect(detail.body.Data).toEqual(body.Data.list[0]);
    expect(detail.body.Data.SourceUnit).toBe('云州市公共信用信息中心');
    expect(detail.body.Data.UpdateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const entity = one<{ id: number }>('SELECT entity_id AS id FROM credit_promises LIMIT 1');
    const pending = app.db
      .prepare(
        `INSERT INTO credit_promises (entity_id, owner, promise_type, content, promiser, promised_on, status, created_at)
         VALUES (?, 'user:1', '主动型', '本单位承诺依法诚信经营，接受社会监督。', '张三', '2026-01-01', '待审核', '2026-01-01 09:00:00')`,
      )
      .run(entity.id).lastInsertRowid;
    for (const id of [String(pending), '99999999', 'x']) {
      const missing = await get<null>(API_PATHS.promiseDetail, { id });
      expect(missing.status).toBe(404);
      expect(missing.body.Msg).toBe('未找到该记录');
    }
  });
});

describe('kept promises (promisefulfilment, promisefulfilmentdetail)', () => {
  it('lists the checks of published promises, newest first, ten a page, and finds them by name or code', async () => {
    const { body } = await get<PromiseFulfilmentPage>(API_PATHS.promiseFulfilmentList);
    const checked = app.db.prepare('SELECT COUNT(*) FROM promise_fulfilments').pluck().get() as number;
    expect(checked).toBeGreaterThan(10);
    expect(body.ErrorCode).toBe(200);
    expect(body.Data.totalCount).toBe(checked);
    expect(body.Data.list).toHaveLength(10);
    const dates = body.Data.list.map((row) => row.CheckedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const row of body.Data.list) {
      expect(row.CheckedOn > row.PromiseDate).toBe(true);
      expect(row.CheckedOn <= localToday()).toBe(true);
    }
    const sample = body.Data.list[3]!;
    const page4 = await get<PromiseFulfilmentPage>(API_PATHS.promiseFulfilmentList, { pageIndex: 4, pageSize: 1 });
    expect(page4.body.Data.list).toEqual([sample]);
    const byCode = await get<PromiseFulfilmentPage>(API_PATHS.promiseFulfilmentList, {
      keyword: ` ${toFullWidth(sample.CreditCode)} `,
    });
    expect(byCode.body.Data.list.map((row) => row.id)).toContain(sample.id);
    expect(byCode.body.Data.list.every((row) => row.CreditCode === sample.CreditCode)).toBe(true);
    const byName = await get<PromiseFulfilmentPage>(API_PATHS.promiseFulfilmentList, { keyword: sample.EntName });
    expect(byName.body.Data.list.map((row) => row.id)).toContain(sample.id);
    for (const keyword of ['%', "' OR 1=1 --", '字'.repeat(200)]) {
      const literal = await get<PromiseFulfilmentPage>(API_PATHS.promiseFulfilmentList, { keyword });
      expect(literal.body.Data, keyword).toEqual({ list: [], totalCount: 0 });
    }
    const past = await get<PromiseFulfilmentPage>(API_PATHS.promiseFulfilmentList, { pageIndex: 10000 });
    expect(past.body.Data).toEqual({ list: [], totalCount: checked });
    for (const bad of [
      { pageIndex: 0 },
      { pageIndex: -1 },
      { pageIndex: 'x' },
      { pageSize: 51 },
      { keyword: '字'.repeat(201) },
    ]) {
      const refused = await get<null>(API_PATHS.promiseFulfilmentList, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.ErrorCode).toBe(400);
    }
  });

  it('gives a check with its promise, source unit and update time; 404 for an unknown one', async () => {
    const { body } = await get<PromiseFulfilmentPage>(API_PATHS.promiseFulfilmentList, { pageSize: 1 });
    const row = body.Data.list[0]!;
    const { status, body: detail } = await get<PromiseFulfilmentDetail>(API_PATHS.promiseFulfilmentDetail, {
      id: row.id,
    });
    expect(status).toBe(200);
    expect(detail.Data).toMatchObject(row);
    expect(detail.Data.SourceUnit).toBe(row.Checker);
    expect(detail.Data.UpdateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(detail.Data.UpdateTime.slice(0, 10) >= row.CheckedOn).toBe(true);
    expect(detail.Data.Fulfilment.length).toBeGreaterThan(10);
    const promise = await get<CreditPromise>(API_PATHS.promiseDetail, { id: detail.Data.PromiseId });
    expect(promise.body.Data).toMatchObject({
      EntName: row.EntName,
      PromiseDate: row.PromiseDate,
      Content: detail.Data.Content,
      Promiser: detail.Data.Promiser,
    });
    for (const id of ['99999999', 'x', '1 OR 1=1']) {
      const missing = await get<null>(API_PATHS.promiseFulfilmentDetail, { id });
      expect(missing.status, id).toBe(404);
      expect(missing.body).toEqual({ ErrorCode: 404, Data: null, Msg: '未找到该记录' });
    }
    const empty = await get<null>(API_PATHS.promiseFulfilmentDetail, {});
    expect(empty.status).toBe(400);
  });
});

describe('red and black lists (redblackinfo, redblackdetail)', () => {
  let token = '';
  beforeAll(async () => {
    ({ token } = await account(testApp));
  });
  const list = (payload: object, auth = token) =>
    injectJson<ErrorCodeBody<RedBlackPage>>(app, {
      method: 'POST',
      url: API_PATHS.redBlackList,
      payload,
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
    });

  it('refuses a call without a valid token with 用户未登录！', async () => {
    for (const auth of ['', 'not-a-token']) {
      const refused = await list({}, auth);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ ErrorCode: 401, Data: null, Msg: '用户未登录！' });
      const detail = await injectJson(app, {
        url: `${API_PATHS.redBlackDetail}?id=1`,
        headers: auth ? { authorization: `Bearer ${auth}` } : {},
      });
      expect(detail.status).toBe(401);
    }
  });

  it('lists entries in force, by list, paged, and finds them by name or code', async () => {
    const today = localToday();
    const inForce = app.db.prepare('SELECT COUNT(*) FROM red_black_list WHERE valid_until >= ?').pluck();
    const all = await list({});
    expect(all.body.Data.totalCount).toBe(inForce.get(today));
    expect(all.body.Data.list).toHaveLength(10);
    expect(Object.keys(all.body.Data.list[0]!).sort()).toEqual(
      [
        'id',
        'EntName',
        'CreditCode',
        'ListType',
        'ListName',
        'Reason',
        'Authority',
        'IncludedOn',
        'ValidUntil',
        'SourceUnit',
        'UpdateTime',
      ].sort(),
    );
    const red = await list({ listType: 'red', pageSize: 50 });
    const black = await list({ listType: 'black', pageSize: 50 });
    expect(red.body.Data.totalCount + black.body.Data.totalCount).toBe(all.body.Data.totalCount);
    expect(red.body.Data.list.every((e) => e.ListType === 'red')).toBe(true);
    expect(black.body.Data.list.every((e) => e.ListType === 'black' && e.ValidUntil >= today)).toBe(true);
    const page2 = await list({ pageIndex: 2, pageSize: 3 });
    const first6 = await list({ pageSize: 6 });
    expect(page2.body.Data.list).toEqual(first6.body.Data.list.slice(3, 6));
    const sample = all.body.Data.list[2]!;
    const byCode = await list({ keyword: ` ${sample.CreditCode.toLowerCase()} ` });
    expect(byCode.body.Data.list.map((e) => e.id)).toContain(sample.id);
    const byName = await list({ keyword: sample.EntName });
    expect(byName.body.Data.list.map((e) => e.id)).toContain(sample.id);
    expect((await list({ keyword: "_' OR 1=1" })).body.Data).toEqual({ list: [], totalCount: 0 });
    expect((await list({ listType: 'grey' })).status).toBe(400);
  });

  it('gives an entry with its entity and measures; 404 for an unknown or lapsed one', async () => {
    const sample = (await list({ listType: 'black' })).body.Data.list[0]!;
    const detail = await injectJson<ErrorCodeBody<RedBlackDetail>>(app, {
      url: `${API_PATHS.redBlackDetail}?id=${sample.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.body.Data).toMatchObject({ ...sample, Measures: expect.stringContaining('限制') });
    expect(detail.body.Data.LegalRep).not.toBe('');
    expect(Array.isArray(detail.body.Data.Related)).toBe(true);
    const lapsed = one<{ id: number } | undefined>(
      'SELECT id FROM red_black_list WHERE valid_until < ? LIMIT 1',
      localToday(),
    );
    for (const [id, message] of [
      ['99999999', '未找到该记录'],
      ...(lapsed ? [[String(lapsed.id), '该记录已超过公示期']] : []),
    ]) {
      const missing = await injectJson<ErrorCodeBody<null>>(app, {
        url: `${API_PATHS.redBlackDetail}?id=${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(missing.status).toBe(404);
      expect(missing.body.Msg).toBe(message);
    }
  });
});
