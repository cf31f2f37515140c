import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  API_PATHS,
  ARTICLE_SEARCH_SECTIONS,
  AnnualReportListSchema,
  AnnualReportSchema,
  ArticleSearchPageSchema,
  CONTENT_SECTIONS,
  InteractionDetailSchema,
  InteractionPageSchema,
  InteractionStatisticsSchema,
  LendingOverviewSchema,
  ServiceGuideListSchema,
  type AnnualReport,
  type AnnualReportSummary,
  type ArticleSearchPage,
  type InteractionDetail,
  type InteractionPage,
  type InteractionStatistics,
  type LendingOverview,
  type ServiceGuide,
} from '@credit-portal/shared';
import { buildApp, DATABASE_FILE } from '../../../src/app.js';
import { INTERACTION_COUNT, interactionRows } from '../../../src/demo/seed/portal.js';
import { ANNUAL_REPORTS, BANKS, GUIDES, PRODUCTS } from '../../../src/demo/seed/portal-texts.js';
import { TEST_SEED, buildTestApp, injectJson, removeDir, tempDir, type TestApp } from '../../helper.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

type Msg<T> = { status: number; msg: string; data: T };
const post = <T>(url: string, payload: object) => injectJson<Msg<T>>(app, { method: 'POST', url, payload });

// The data set's messages, straight from the generator: the oracle the answers are checked against.
const messages = interactionRows(TEST_SEED);
const publicMessages = messages
  .filter((m) => m.isPublic)
  .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

describe('the portal seed', () => {
  it('generates the same messages for the same seed, numbered uniquely, replies after the messages', () => {
    expect(interactionRows(TEST_SEED)).toEqual(messages);
    expect(messages).toHaveLength(INTERACTION_COUNT);
    expect(new Set(messages.map((m) => m.code)).size).toBe(messages.length);
    for (const m of messages) {
      expect(m.code).toMatch(/^HD\d{11}$/);
      if (m.status === 'replied') {
        expect(m.reply).toBeTruthy();
        expect(m.repliedAt! > m.createdAt).toBe(true);
      } else {
        expect(m.reply).toBeNull();
        expect(m.satisfaction).toBeNull();
      }
      expect(`${m.title}${m.content}${m.reply ?? ''}`).not.toMatch(/\{[区数]\}/);
    }
    expect(messages.some((m) => !m.isPublic)).toBe(true);
    expect(interactionRows(TEST_SEED + 1)).not.toEqual(messages);
  });

  it('fills the portal tables of a database seeded before migration 5 when the service starts', async () => {
    const dataDir = await tempDir();
    try {
      const first = await buildApp({ dataDir, seed: TEST_SEED, seedEntities: 200, demo: true });
      await first.close();
      // Turn the database back into one made before migration 5.
      const db = new BetterSqlite3(path.join(dataDir, DATABASE_FILE));
      db.exec(`DROP TABLE interaction_messages; DROP TABLE lending_products; DROP TABLE lending_banks;
        DROP TABLE lending_stats; DROP TABLE service_guides; DROP TABLE annual_reports;
        DELETE FROM schema_migrations WHERE version = 5;`);
      db.close();

      const second = await buildApp({ dataDir, seed: 999, seedEntities: 200, demo: true });
      try {
        const page = await injectJson<Msg<InteractionPage>>(second, {
          method: 'POST',
          url: API_PATHS.interactionList,
          payload: { pageSize: 1 },
        });
        // Filled with the data set's own seed, not the new config's.
        expect(page.body.data.totalCount).toBe(publicMessages.length);
        const reports = await injectJson<Msg<AnnualReportSummary[]>>(second, {
          method: 'POST',
          url: API_PATHS.annualReportList,
          payload: {},
        });
        expect(reports.body.data).toHaveLength(ANNUAL_REPORTS.length);
      } finally {
        await second.close();
      }
    } finally {
      await removeDir(dataDir);
    }
  });
});

describe('POST /Cms/articleSearch', () => {
  it('pages every article section, pinned first then newest, as article list items', async () => {
    const all = await post<ArticleSearchPage>(API_PATHS.articleSearch, { pageSize: 50 });
    expect(all.status).toBe(200);
    expect(Value.Check(ArticleSearchPageSchema, all.body.data)).toBe(true);
    const { list, totalCount } = all.body.data;
    expect(list).toHaveLength(50);
    const articleCategories = new Set<string>(ARTICLE_SEARCH_SECTIONS.map((key) => CONTENT_SECTIONS[key].categoryId));
    expect(list.every((item) => articleCategories.has(item.category_id))).toBe(true);
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1]!, list[i]!];
      expect(Number(a.top) >= Number(b.top)).toBe(true);
      if (a.top === b.top) expect(a.date >= b.date).toBe(true);
    }
    const second = await post<ArticleSearchPage>(API_PATHS.articleSearch, { pageIndex: 2, pageSize: 25 });
    expect(second.body.data.list).toEqual(list.slice(25, 50));
    expect(second.body.data.totalCount).toBe(totalCount);
  });

  it('never lists static pages, images or books', async () => {
    const leader = await post<ArticleSearchPage>(API_PATHS.articleSearch, { searchWord: '陈建华', pageSize: 50 });
    expect(leader.body.data.list.every((item) => item.category_id !== CONTENT_SECTIONS.leaders.categoryId)).toBe(true);
    const only = await post<ArticleSearchPage>(API_PATHS.articleSearch, {
      categoryIds: [CONTENT_SECTIONS.office.categoryId],
    });
    expect(only.body.data).toEqual({ list: [], totalCount: 0 });
  });

  it('finds a keyword in titles and bodies across sections, or within the sections asked for', async () => {
    const found = await post<ArticleSearchPage>(API_PATHS.articleSearch, { searchWord: '信用修复', pageSize: 50 });
    expect(found.body.data.totalCount).toBeGreaterThan(0);
    expect(new Set(found.body.data.list.map((item) => item.category_id)).size).toBeGreaterThan(1);
    const news = CONTENT_SECTIONS.news.categoryId;
    const inNews = await post<ArticleSearchPage>(API_PATHS.articleSearch, {
      searchWord: '信用修复',
      categoryIds: [news],
      pageSize: 50,
    });
    expect(inNews.body.data.totalCount).toBeGreaterThan(0);
    expect(inNews.body.data.totalCount).toBeLessThan(found.body.data.totalCount);
    expect(inNews.body.data.list.every((item) => item.category_id === news)).toBe(true);
    const none = await post<ArticleSearchPage>(API_PATHS.articleSearch, { searchWord: '100%_无此内容' });
    expect(none.body.data).toEqual({ list: [], totalCount: 0 });
  });
});

describe('interaction', () => {
  it('lists public messages newest first, by type and state, paged', async () => {
    const first = await post<InteractionPage>(API_PATHS.interactionList, { pageSize: 10 });
    expect(Value.Check(InteractionPageSchema, first.body.data)).toBe(true);
    expect(first.body.data.totalCount).toBe(publicMessages.length);
    expect(first.body.data.list.map((m) => m.code)).toEqual(publicMessages.slice(0, 10).map((m) => m.code));
    const third = await post<InteractionPage>(API_PATHS.interactionList, { pageIndex: 3, pageSize: 10 });
    expect(third.body.data.list.map((m) => m.code)).toEqual(publicMessages.slice(20, 30).map((m) => m.code));

    const complaints = await post<InteractionPage>(API_PATHS.interactionList, {
      type: 'complaint',
      status: 'replied',
      pageSize: 50,
    });
    const expected = publicMessages.filter((m) => m.type === 'complaint' && m.status === 'replied');
    expect(complaints.body.data.totalCount).toBe(expected.length);
    expect(complaints.body.data.list.every((m) => m.type === 'complaint' && m.status === 'replied')).toBe(true);
  });

  it('searches by keyword (title, text or reply), by number, department and dates', async () => {
    const byKeyword = await post<InteractionPage>(API_PATHS.interactionSearch, { keyword: '预付卡', pageSize: 50 });
    const withWord = publicMessages.filter((m) => `${m.title}${m.content}${m.reply ?? ''}`.includes('预付卡'));
    expect(withWord.length).toBeGreaterThan(0);
    expect(byKeyword.body.data.totalCount).toBe(withWord.length);

    const target = publicMessages[5]!;
    const byCode = await post<InteractionPage>(API_PATHS.interactionSearch, { code: target.code.toLowerCase() });
    expect(byCode.body.data.list.map((m) => m.id)).toEqual([String(target.id)]);
    const codeAsKeyword = await post<InteractionPage>(API_PATHS.interactionSearch, { keyword: target.code });
    expect(codeAsKeyword.body.data.list.map((m) => m.id)).toContain(String(target.id));

    const day = target.createdAt.slice(0, 10);
    const sameDay = await post<InteractionPage>(API_PATHS.interactionSearch, {
      dept: target.dept,
      dateFrom: day,
      dateTo: day,
      pageSize: 50,
    });
    const expected = publicMessages.filter((m) => m.dept === target.dept && m.createdAt.startsWith(day));
    expect(sameDay.body.data.list.map((m) => m.code).sort()).toEqual(expected.map((m) => m.code).sort());
  });

  it('refuses a malformed search in the CMS dialect', async () => {
    const bad = await post<null>(API_PATHS.interactionSearch, { dateFrom: '2026/01/01' });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe(400);
    expect(bad.body.data).toBeNull();
  });

  it('shows a public message with its reply; unknown and private ones are not found', async () => {
    const replied = publicMessages.find((m) => m.status === 'replied')!;
    const detail = await post<InteractionDetail>(API_PATHS.interactionDetail, { id: String(replied.id) });
    expect(Value.Check(InteractionDetailSchema, detail.body.data)).toBe(true);
    expect(detail.body.data).toMatchObject({
      code: replied.code,
      content: replied.content,
      reply: replied.reply,
      repliedAt: replied.repliedAt,
      satisfaction: replied.satisfaction,
    });
    const hidden = messages.find((m) => !m.isPublic)!;
    for (const id of [String(hidden.id), '999999', 'abc']) {
      const missing = await post<null>(API_PATHS.interactionDetail, { id });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ status: 404, msg: '留言不存在或未公开', data: null });
    }
  });

  it('counts a year of messages, public or not, consistently in every breakdown', async () => {
    const latest = await post<InteractionStatistics>(API_PATHS.interactionStatistics, {});
    expect(Value.Check(InteractionStatisticsSchema, latest.body.data)).toBe(true);
    const years = [...new Set(messages.map((m) => Number(m.createdAt.slice(0, 4))))].sort((a, b) => b - a);
    expect(latest.body.data.years).toEqual(years);
    expect(latest.body.data.year).toBe(years[0]);

    for (const year of years) {
      const { data } = (await post<InteractionStatistics>(API_PATHS.interactionStatistics, { year })).body;
      const ofYear = messages.filter((m) => m.createdAt.startsWith(String(year)));
      const replied = ofYear.filter((m) => m.status === 'replied');
      expect(data.total).toBe(ofYear.length);
      expect(data.replied).toBe(replied.length);
      expect(data.processing).toBe(ofYear.length - replied.length);
      expect(data.replyRate).toBeCloseTo(replied.length / ofYear.length, 10);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(sum(data.byType.map((r) => r.count))).toBe(data.total);
      expect(sum(data.byMonth.map((r) => r.total))).toBe(data.total);
      expect(sum(data.byDept.map((r) => r.total))).toBe(data.total);
      expect(sum(data.byMonth.map((r) => r.consult + r.complaint + r.suggestion))).toBe(data.total);
      expect(data.byMonth.map((r) => r.month)).toEqual(
        data.byMonth.map((_, i) => `${year}-${String(i + 1).padStart(2, '0')}`),
      );
      expect(data.byDept.map((r) => r.total)).toEqual([...data.byDept.map((r) => r.total)].sort((a, b) => b - a));
      expect(sum(data.satisfaction.map((r) => r.count))).toBe(replied.filter((m) => m.satisfaction).length);
    }
    const empty = await post<null>(API_PATHS.interactionStatistics, { year: 2001 });
    expect(empty.status).toBe(404);
  });
});

describe('the lending page, the guides and the annual reports', () => {
  it('serves the partner banks, their products and the platform figures', async () => {
    const { data } = (await post<LendingOverview>(API_PATHS.lendingOverview, {})).body;
    expect(Value.Check(LendingOverviewSchema, data)).toBe(true);
    expect(data.banks.map((b) => b.code)).toEqual(BANKS.map((b) => b.code));
    expect(data.products.map((p) => p.name)).toEqual(PRODUCTS.map((p) => p.name));
    const codes = new Set(data.banks.map((b) => b.code));
    for (const product of data.products) {
      expect(codes.has(product.bankCode)).toBe(true);
      expect(product.rateMin).toBeLessThanOrEqual(product.rateMax);
    }
    for (const bank of data.banks) {
      expect(bank.productCount).toBe(data.products.filter((p) => p.bankCode === bank.code).length);
    }
    expect(data.stats.find((s) => s.key === 'banks')?.value).toBe(String(data.banks.length));
    expect(data.stats.find((s) => s.key === 'products')?.value).toBe(String(data.products.length));
  });

  it('serves every service guide in order, each pointing at a portal page or none', async () => {
    const { data } = (await post<ServiceGuide[]>(API_PATHS.serviceGuides, {})).body;
    expect(Value.Check(ServiceGuideListSchema, data)).toBe(true);
    expect(data.map((g) => g.title)).toEqual(GUIDES.map((g) => g.title));
    for (const guide of data) {
      expect(guide.steps.length).toBeGreaterThan(0);
      expect(guide.onlinePath === '' || guide.onlinePath.startsWith('/')).toBe(true);
    }
    // One name for the report that replaces the certificate, and a way to it that exists (专用/专项, a menu 信用服务—无违法违规证明 that is not there, 校验码 beside 验证码).
    const special = data.find((g) => g.onlinePath === '/xyfw/wwfwgb')!;
    expect(special.title).toContain('专项信用报告');
    expect(special.steps.join('')).toContain('信用服务—专项信用报告');
    expect(JSON.stringify(data)).not.toMatch(/专用信用报告|信用服务—无违法违规证明/);
  });

  it('lists the annual reports newest first and compares each year with the one before', async () => {
    const list = (await post<AnnualReportSummary[]>(API_PATHS.annualReportList, {})).body.data;
    expect(Value.Check(AnnualReportListSchema, list)).toBe(true);
    expect(list.map((r) => r.year)).toEqual([2024, 2023, 2022]);
    const reports = new Map<number, AnnualReport>();
    for (const { year } of list) {
      const detail = await post<AnnualReport>(API_PATHS.annualReportDetail, { year });
      expect(Value.Check(AnnualReportSchema, detail.body.data)).toBe(true);
      reports.set(year, detail.body.data);
    }
    const [r2022, r2023] = [reports.get(2022)!, reports.get(2023)!];
    expect(r2022.figures.every((f) => f.previous === null)).toBe(true);
    for (const figure of r2023.figures) {
      expect(figure.previous).toBe(r2022.figures.find((f) => f.key === figure.key)!.value);
    }
    expect(list.find((r) => r.year === 2023)!.highlights).toEqual(r2023.figures.slice(0, 4));
    expect(r2023.sections.length).toBeGreaterThan(3);
    expect(r2023.sections[0]!.html).toContain('5.83亿条');

    const missing = await post<null>(API_PATHS.annualReportDetail, { year: 2019 });
    expect(missing.status).toBe(404);
    const invalid = await post<null>(API_PATHS.annualReportDetail, { year: 'x' });
    expect(invalid.status).toBe(400);
  });

  it('answers the parameterless calls only with a JSON body', async () => {
    const response = await app.inject({ method: 'POST', url: API_PATHS.lendingOverview });
    expect(response.statusCode).toBe(400);
  });
});
