import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  CONTENT_SECTIONS,
  ContentDetailSchema,
  ContentPageSchema,
  FlipbookSchema,
  PAGE_SIZE,
  type ContentListItem,
  type ContentPage,
} from '@credit-portal/shared';
import { Value } from 'typebox/value';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';

let testApp: TestApp;
let app: FastifyInstance;
const OLD_SITE = 'https://old.xyyz.example';

beforeAll(async () => {
  testApp = await buildTestApp({ oldSiteUrl: OLD_SITE });
  app = testApp.app;
});
afterAll(() => testApp.close());

type Msg<T> = { status: number; msg: string; data: T };
const post = <T>(url: string, payload: object) => injectJson<Msg<T>>(app, { method: 'POST', url, payload });
const get = <T>(url: string) => injectJson<Msg<T>>(app, { method: 'GET', url });

/** Pinned first, then newest first. */
function expectListOrder(list: readonly ContentListItem[]) {
  for (let i = 1; i < list.length; i++) {
    const [a, b] = [list[i - 1]!, list[i]!];
    expect(Number(a.top) >= Number(b.top)).toBe(true);
    if (a.top === b.top) expect(a.release_date! >= b.release_date!).toBe(true);
  }
}

describe('POST /Cms/mrlb', () => {
  it('pages a section, pinned first then newest, with the total', async () => {
    const categoryId = CONTENT_SECTIONS.news.categoryId;
    const first = await post<ContentPage>(API_PATHS.contentList, { categoryId });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe(200);
    expect(first.body.msg).toBe('ok');
    expect(Value.Check(ContentPageSchema, first.body.data)).toBe(true);
    expect(first.body.data.list).toHaveLength(PAGE_SIZE.article);
    expect(first.body.data.list[0]!.top).toBe(true);

    const all = await post<ContentPage>(API_PATHS.contentList, { categoryId, pageSize: 100 });
    expect(all.body.data.list).toHaveLength(all.body.data.totalCount);
    expectListOrder(all.body.data.list);
    const second = await post<ContentPage>(API_PATHS.contentList, { categoryId, pageIndex: 2, pageSize: 5 });
    expect(second.body.data.list).toEqual(all.body.data.list.slice(5, 10));
    expect(second.body.data.totalCount).toBe(all.body.data.totalCount);
  });

  it('searches titles and body text', async () => {
    const categoryId = CONTENT_SECTIONS.news.categoryId;
    const byTitle = await post<ContentPage>(API_PATHS.contentList, { categoryId, searchWord: '信易贷', pageSize: 100 });
    expect(byTitle.body.data.totalCount).toBeGreaterThan(0);
    for (const item of byTitle.body.data.list) {
      const detail = await post<{ content_title: string; content: string }>(API_PATHS.contentDetail, {
        recordId: item.record_id,
      });
      expect(detail.body.data.content_title + detail.body.data.content).toContain('信易贷');
    }
    // A phrase that only occurs inside article bodies.
    const byBody = await post<ContentPage>(API_PATHS.contentList, {
      categoryId,
      searchWord: '无事不扰',
      pageSize: 100,
    });
    expect(byBody.body.data.list.length).toBeGreaterThan(0);
    expect(byBody.body.data.list.every((i) => !i.content_title.includes('无事不扰'))).toBe(true);
    // Wildcards are literal: as a LIKE pattern this would match every article mentioning both words.
    const none = await post<ContentPage>(API_PATHS.contentList, { categoryId, searchWord: '信用%修复' });
    expect(none.body.data).toEqual({ list: [], totalCount: 0 });
  });

  it('lists a district site’s own articles by cmsBaseId and resolves old-site links', async () => {
    const district = await post<ContentPage>(API_PATHS.contentList, {
      categoryId: CONTENT_SECTIONS.news.categoryId,
      cmsBaseId: '11',
    });
    expect(district.body.data.totalCount).toBeGreaterThan(0);
    expect(district.body.data.list.every((i) => i.content_title.startsWith('云州市东湖区'))).toBe(true);
    const commitments = await post<ContentPage>(API_PATHS.contentList, {
      categoryId: CONTENT_SECTIONS.commitmentList.categoryId,
      pageSize: 100,
    });
    const oldSiteItem = commitments.body.data.list.find((i) => i.url.startsWith(OLD_SITE));
    expect(oldSiteItem).toMatchObject({ is_url: '1', url: `${OLD_SITE}/Xycn/CommitmentApply.aspx` });
  });

  it('answers a schema failure with 400 in the msg dialect', async () => {
    const bad = await post<null>(API_PATHS.contentList, { categoryId: '1001', pageSize: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ status: 400, msg: '参数错误：pageSize 不能小于 1', data: null });
    const missing = await post<null>(API_PATHS.contentList, {});
    expect(missing.body.msg).toBe('参数错误：缺少参数 categoryId');
  });
});

describe('POST /Cms/mrlbAll, /Cms/nrxq, /Cms/twljlb, /Cms/xydb', () => {
  it('gives the first items of several sections at once', async () => {
    const ids = [CONTENT_SECTIONS.notices.categoryId, CONTENT_SECTIONS.policy.categoryId, '9999'];
    const { body } = await post<Record<string, ContentListItem[]>>(API_PATHS.contentListAll, {
      categoryIds: ids,
      pageSize: 3,
    });
    expect(Object.keys(body.data).sort()).toEqual([...ids].sort());
    expect(body.data[ids[0]!]).toHaveLength(3);
    expect(body.data['9999']).toEqual([]);
    const page = await post<ContentPage>(API_PATHS.contentList, { categoryId: ids[0], pageSize: 3 });
    expect(body.data[ids[0]!]).toEqual(page.body.data.list);
  });

  it('gives a content detail with HTML and extra fields, or 内容不存在', async () => {
    const leaders = await post<ContentPage>(API_PATHS.contentList, { categoryId: CONTENT_SECTIONS.leaders.categoryId });
    const leader = await post<Record<string, unknown>>(API_PATHS.contentDetail, {
      recordId: leaders.body.data.list[0]!.record_id,
    });
    expect(Value.Check(ContentDetailSchema, leader.body.data)).toBe(true);
    expect(leader.body.data.extra).toMatchObject({
      photo: expect.stringMatching(/^\/Cms\/image\/.+\.svg$/),
      title: '主任',
    });
    expect(leader.body.data.content).toMatch(/^<p>/);
    const missing = await post<null>(API_PATHS.contentDetail, { recordId: 'nope' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: 404, msg: '内容不存在', data: null });
  });

  it('lists image links in editorial order', async () => {
    const banners = await post<{ image_url: string; content_title: string }[]>(API_PATHS.imageLinkList, {
      categoryId: CONTENT_SECTIONS.banners.categoryId,
    });
    expect(banners.body.data.length).toBeGreaterThanOrEqual(3);
    expect(banners.body.data.map((b) => b.image_url)).toEqual(
      banners.body.data.map((_, i) => `/Cms/image/banner-${i + 1}.svg`),
    );
    const qr = await post<unknown[]>(API_PATHS.imageLinkList, {
      categoryId: CONTENT_SECTIONS.footerQrCodes.categoryId,
    });
    expect(qr.body.data).toHaveLength(2);
  });

  it('gives a flipbook whose page images are served as SVG', async () => {
    const books = await post<ContentPage>(API_PATHS.contentList, { categoryId: CONTENT_SECTIONS.flipbooks.categoryId });
    const recordId = books.body.data.list[0]!.record_id;
    const { body } = await post<{ title: string; data: { file_Url: string }[] }>(API_PATHS.flipbook, { recordId });
    expect(Value.Check(FlipbookSchema, body.data)).toBe(true);
    expect(body.data.data.length).toBeGreaterThanOrEqual(10);
    for (const page of body.data.data) {
      expect(page.file_Url.startsWith(API_PATHS.flipbookPages)).toBe(true);
      const image = await app.inject({ method: 'GET', url: page.file_Url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(image.body).toMatch(/^<svg [^>]*width="461" height="600"/);
    }
    const notABook = await post<null>(API_PATHS.flipbook, { recordId: books.body.data.list[0]!.record_id + '0' });
    expect(notABook.body).toEqual({ status: 404, msg: '内容不存在', data: null });
    const missingPage = await app.inject({ method: 'GET', url: `${API_PATHS.flipbookPages}${recordId}/99.svg` });
    expect(missingPage.statusCode).toBe(404);
  });

  it('serves every image an article, banner or leader refers to', async () => {
    const names = app.db.prepare('SELECT name FROM media_images').pluck().all() as string[];
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const response = await app.inject({ method: 'GET', url: `${API_PATHS.images}${name}.svg` });
      expect(response.statusCode, name).toBe(200);
      expect(response.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    }
    const bad = await get<null>(`${API_PATHS.images}..%2Fetc.svg`);
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe(400);
  });
});
