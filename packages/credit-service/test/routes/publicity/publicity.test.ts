import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  LicenceDetailSchema,
  PenaltyDetailSchema,
  type NoticePage,
  type PenaltyDetail,
} from '@credit-portal/shared';
import { Value } from 'typebox/value';
import { localToday } from '../../../src/lib/dates.js';
import { penaltyPublicizedSql } from '../../../src/repositories/publicity.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

type ErrorCodeBody<T> = { ErrorCode: number; Data: T; Msg: string };
const get = <T>(url: string) => injectJson<ErrorCodeBody<T>>(app, { method: 'GET', url });

async function allNotices(path: string): Promise<NoticePage> {
  const list: NoticePage['list'] = [];
  let totalCount = 0;
  for (let pageIndex = 1; ; pageIndex++) {
    const { body } = await get<NoticePage>(`${path}?pageIndex=${pageIndex}&pageSize=50`);
    expect(body.ErrorCode).toBe(200);
    totalCount = body.Data.totalCount;
    list.push(...body.Data.list);
    if (body.Data.list.length < 50) break;
  }
  return { list, totalCount };
}

describe('licence and penalty publicity', () => {
  it('pages licence notices newest first', async () => {
    const { body } = await get<NoticePage>(API_PATHS.permitPublicity);
    expect(body.Msg).toBe('');
    expect(body.Data.list).toHaveLength(10);
    expect(body.Data.totalCount).toBe(app.db.prepare('SELECT COUNT(*) FROM licences').pluck().get());
    expect(body.Data.list[0]).toEqual({
      RecordId: expect.any(String),
      EntName: expect.any(String),
      LicenseDocNo: expect.stringMatching(/〔20\d\d〕\d+号$/),
      DecisionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const dates = body.Data.list.map((n) => n.DecisionDate!);
    expect(dates).toEqual([...dates].sort().reverse());
    const page3 = await get<NoticePage>(`${API_PATHS.permitPublicity}?pageIndex=3&pageSize=4`);
    const first12 = await get<NoticePage>(`${API_PATHS.permitPublicity}?pageSize=12`);
    expect(page3.body.Data.list).toEqual(first12.body.Data.list.slice(8, 12));
  });

  it('lists only penalties in publicity: never one past its deadline, minor or repaired', async () => {
    const today = localToday();
    const hidden = new Set(
      app.db
        .prepare(`SELECT CAST(id AS TEXT) FROM penalties WHERE NOT (${penaltyPublicizedSql('?')})`)
        .pluck()
        .all(today) as string[],
    );
    const current = app.db
      .prepare(`SELECT COUNT(*) FROM penalties WHERE ${penaltyPublicizedSql('?')}`)
      .pluck()
      .get(today);
    const expired = app.db.prepare('SELECT COUNT(*) FROM penalties WHERE CF_GSJZQ < ?').pluck().get(today);
    expect(expired).toBeGreaterThan(0);
    const notices = await allNotices(API_PATHS.punishPublicity);
    expect(notices.totalCount).toBe(current);
    expect(notices.list).toHaveLength(notices.totalCount);
    expect(notices.list.filter((n) => hidden.has(n.RecordId))).toEqual([]);
    expect(notices.list.every((n) => n.PunishDocNo && !('LicenseDocNo' in n))).toBe(true);
  });

  it('gives details, the ones out of publicity flagged as such, and refuses unknown records', async () => {
    const licence = await get<unknown>(`${API_PATHS.permitDetail}?id=1`);
    expect(licence.body.ErrorCode).toBe(200);
    expect(Value.Check(LicenceDetailSchema, licence.body.Data)).toBe(true);

    const today = localToday();
    const currentId = app.db
      .prepare(`SELECT id FROM penalties WHERE ${penaltyPublicizedSql('?')} LIMIT 1`)
      .pluck()
      .get(today);
    const penalty = await get<PenaltyDetail>(`${API_PATHS.punishDetail}?id=${currentId}`);
    expect(Value.Check(PenaltyDetailSchema, penalty.body.Data)).toBe(true);
    expect(penalty.body.Data.CF_GSJZQ >= today).toBe(true);
    expect(penalty.body.Data).toMatchObject({ publicized: true, publicityNote: '' });

    const expiredId = app.db
      .prepare("SELECT id FROM penalties WHERE CF_GSJZQ < ? AND severity <> '轻微' AND repaired_on IS NULL LIMIT 1")
      .pluck()
      .get(today);
    for (const path of [API_PATHS.punishDetail, API_PATHS.districtPenaltyDetail]) {
      const expired = await injectJson<Record<string, unknown>>(app, { url: `${path}?id=${expiredId}` });
      expect(expired.status).toBe(200);
      expect(expired.body.Data).toMatchObject({ publicized: false, publicityNote: '该记录已超过公示期，不再公示' });
    }

    for (const id of ['0', 'abc', '99999999']) {
      const missing = await get<null>(`${API_PATHS.permitDetail}?id=${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ ErrorCode: 404, Data: null, Msg: '未找到该记录' });
    }
  });

  it('rejects bad paging with 400 in the errorCode dialect', async () => {
    const bad = await get<null>(`${API_PATHS.punishPublicity}?pageSize=500`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ ErrorCode: 400, Data: null, Msg: '参数错误：pageSize 不能大于 50' });
  });
});
