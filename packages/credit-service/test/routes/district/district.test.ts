import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  CONTENT_SECTIONS,
  LicenceDetailSchema,
  PAGE_SIZE,
  PenaltyDetailSchema,
  SiteInfoSchema,
  type DistrictSummary,
  type LicencePage,
  type PenaltyPage,
  type SiteInfo,
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

type Msg<T> = { status: number; msg: string; data: T };
const get = <T>(url: string) => injectJson<Msg<T>>(app, { method: 'GET', url });

const FULL = '9001';
const PLACEHOLDER = '9002';

describe('district site calls', () => {
  it('lists the district sites', async () => {
    const { status, body } = await get<DistrictSummary[]>(API_PATHS.districtList);
    expect(status).toBe(200);
    expect(body.status).toBe(200);
    expect(body.data.map((d) => d.recordId)).toEqual(['9001', '9002', '9003', '9004']);
    expect(body.data[0]).toEqual({ recordId: '9001', categoryId: '6001', cmsBaseId: '11', siteName: '信用东湖' });
  });

  it('gives site info with the first licence and penalty rows', async () => {
    const { body } = await get<SiteInfo>(`${API_PATHS.siteInfo}?recordId=${FULL}&categoryId=6001&cmsBaseId=11`);
    expect(Value.Check(SiteInfoSchema, body.data)).toBe(true);
    expect(body.data).toMatchObject({ recordId: FULL, siteName: '信用东湖', layout: 'full' });
    expect(body.data.xkInfo).toHaveLength(PAGE_SIZE.districtOverview);
    expect(body.data.cfInfo).toHaveLength(PAGE_SIZE.districtOverview);
    const licences = await get<LicencePage>(`${API_PATHS.districtLicenceList}?recordid=${FULL}&pageSize=7`);
    expect(body.data.xkInfo).toEqual(licences.body.data.xkInfo);
    const three = await get<SiteInfo>(`${API_PATHS.siteInfo}?recordId=${FULL}&pageSize=3`);
    expect(three.body.data.cfInfo).toHaveLength(3);

    const placeholder = await get<SiteInfo>(`${API_PATHS.siteInfo}?recordId=${PLACEHOLDER}`);
    expect(placeholder.body.data).toMatchObject({ layout: 'placeholder', xkInfo: [], cfInfo: [] });

    const unknown = await get<null>(`${API_PATHS.siteInfo}?recordId=404`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 404, msg: '站点不存在', data: null });
  });

  it('lists a district’s articles as a plain array', async () => {
    const query = new URLSearchParams({
      categoryId: CONTENT_SECTIONS.policy.categoryId,
      cmsBaseId: '11',
      pageIndex: '1',
      pageSize: '4',
      dataFlag: '1',
      propertyType: '1',
      systemTypeCode: '10',
      showImage: '0',
      searchWord: '',
    });
    const { body } = await get<{ content_title: string }[]>(`${API_PATHS.districtContentList}?${query}`);
    expect(body.status).toBe(200);
    expect(body.data).toHaveLength(4);
    expect(body.data.every((i) => i.content_title.startsWith('云州市东湖区'))).toBe(true);
  });

  it('pages the licence list newest first and searches name or document number', async () => {
    const all = await get<LicencePage>(`${API_PATHS.districtLicenceList}?recordid=${FULL}&pageSize=100`);
    const total = all.body.data.totalCount;
    expect(total).toBeGreaterThan(10);
    expect(all.body.data.xkInfo.map((r) => r.xK_JDRQ)).toEqual(
      [...all.body.data.xkInfo.map((r) => r.xK_JDRQ)].sort().reverse(),
    );
    const page2 = await get<LicencePage>(`${API_PATHS.districtLicenceList}?recordid=${FULL}&pageIndex=2`);
    expect(page2.body.data.xkInfo).toEqual(all.body.data.xkInfo.slice(10, 20));
    expect(page2.body.data.totalCount).toBe(total);

    const sample = all.body.data.xkInfo[3]!;
    const byDoc = await get<LicencePage>(
      `${API_PATHS.districtLicenceList}?recordid=${FULL}&searchWord=${encodeURIComponent(sample.xK_WSH)}`,
    );
    expect(byDoc.body.data.xkInfo.map((r) => r.id)).toContain(sample.id);
    const byName = await get<LicencePage>(
      `${API_PATHS.districtLicenceList}?recordid=${FULL}&searchWord=${encodeURIComponent(sample.xK_XDR_MC)}`,
    );
    expect(byName.body.data.xkInfo.every((r) => r.xK_XDR_MC.includes(sample.xK_XDR_MC))).toBe(true);
    expect(byName.body.data.xkInfo.map((r) => r.id)).toContain(sample.id);
  });

  it('lists only penalties within their publicity period', async () => {
    const today = localToday();
    const { body } = await get<PenaltyPage>(`${API_PATHS.districtPenaltyList}?recordid=${FULL}&pageSize=100`);
    const expired = app.db
      .prepare(`SELECT CAST(id AS TEXT) FROM penalties WHERE district_id = ? AND NOT (${penaltyPublicizedSql('?')})`)
      .pluck()
      .all(FULL, today) as string[];
    const current = app.db
      .prepare(`SELECT COUNT(*) FROM penalties WHERE district_id = ? AND ${penaltyPublicizedSql('?')}`)
      .pluck()
      .get(FULL, today) as number;
    expect(expired.length).toBeGreaterThan(0);
    expect(body.data.totalCount).toBe(current);
    expect(body.data.cfInfo.some((r) => expired.includes(r.id))).toBe(false);
  });

  it('gives licence and penalty details in the errorCode dialect with a lowercase msg', async () => {
    const licences = await get<LicencePage>(`${API_PATHS.districtLicenceList}?recordid=${FULL}`);
    const licence = await injectJson<Record<string, unknown>>(app, {
      url: `${API_PATHS.districtLicenceDetail}?id=${licences.body.data.xkInfo[0]!.id}`,
    });
    expect(licence.body).toMatchObject({ ErrorCode: 200, msg: 'ok' });
    expect(licence.body).not.toHaveProperty('Msg');
    expect(Value.Check(LicenceDetailSchema, licence.body.Data)).toBe(true);

    const penalties = await get<PenaltyPage>(`${API_PATHS.districtPenaltyList}?recordid=${FULL}`);
    const penalty = await injectJson<Record<string, unknown>>(app, {
      url: `${API_PATHS.districtPenaltyDetail}?id=${penalties.body.data.cfInfo[0]!.id}`,
    });
    expect(penalty.body).toMatchObject({ ErrorCode: 200, msg: 'ok' });
    expect(Value.Check(PenaltyDetailSchema, penalty.body.Data)).toBe(true);

    const missing = await injectJson(app, { url: `${API_PATHS.districtLicenceDetail}?id=987654321` });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ ErrorCode: 404, Data: null, msg: '未找到该记录' });
    const noId = await injectJson(app, { url: API_PATHS.districtPenaltyDetail });
    expect(noId.body).toEqual({ ErrorCode: 400, Data: null, msg: '参数错误：缺少参数 id' });
  });

  it('rejects a list call without a district and an unknown district', async () => {
    const missing = await get<null>(API_PATHS.districtLicenceList);
    expect(missing.body).toEqual({ status: 400, msg: '参数错误：缺少参数 recordid', data: null });
    const unknown = await get<null>(`${API_PATHS.districtPenaltyList}?recordid=1`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('站点不存在');
  });
});
