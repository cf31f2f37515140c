import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  CONTENT_SECTIONS,
  CONTRACTS,
  MESSAGES,
  PAGE_SIZE,
  type ContentDetail,
  type ContentListAll,
  type ContentListItem,
  type ContentListQuery,
  type NoticeListItem,
  type NoticePage,
} from '@credit-portal/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HIGHLIGHTS_QUERY, prefetchHome } from '@/features/home/api/prefetch-home';
import { paths } from '@/lib/paths';
import { fakeGateway, upstreamError } from '../../fake-gateway';
import { findRetry, preloadPages, renderAppAt } from '../../render-app';
import { TEST_RUNTIME_CONFIG } from '../../test-providers';

/*
 * The home page and the content pages with the API client stubbed at its edge
 * (test/fake-gateway.ts): every block shows what the gateway answered, with the links it leads
 * to; a failed block offers 重试; a section is paged 8 at a time and searched, both kept in the
 * address; an article's body is sanitized. The seeded content in a real browser: e2e/smoke.e2e.ts.
 */

// The pages' code, loaded once before the tests (render-app.tsx: preloadPages).
beforeAll(() => preloadPages(paths.home, paths.newsList, paths.policyDetails));

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A CMS item of a section (typed by the shared ContentListItem schema). */
function contentItem(categoryId: string, n: number, over: Partial<ContentListItem> = {}): ContentListItem {
  return {
    record_id: `${categoryId}${String(n).padStart(3, '0')}`,
    content_title: `${categoryId}栏目第${n}篇文章`,
    is_url: '0',
    url: '',
    release_date: `2026-03-${String((n % 28) + 1).padStart(2, '0')}`,
    category_id: categoryId,
    ...over,
  };
}

const HOME_BLOCKS = [
  CONTENT_SECTIONS.news,
  CONTENT_SECTIONS.notices,
  CONTENT_SECTIONS.policy,
  CONTENT_SECTIONS.riskWarnings,
];

/** The first items of the four content blocks; each block's third item leaves the site. */
const HIGHLIGHTS: ContentListAll = Object.fromEntries(
  HOME_BLOCKS.map(({ categoryId }) => [
    categoryId,
    [1, 2, 3, 4].map((n) =>
      contentItem(categoryId, n, n === 3 ? { is_url: '1', url: 'https://www.creditchina.gov.cn/' } : {}),
    ),
  ]),
);

const LICENCES: NoticePage = {
  list: [1, 2, 3].map((n) => ({
    RecordId: `70${n}`,
    EntName: `云州市恒信科技有限公司${n}`,
    LicenseDocNo: `云市监许〔2026〕${n}号`,
  })),
  totalCount: 3,
};
const PENALTIES: NoticePage = {
  list: [1, 2].map((n) => ({
    RecordId: `90${n}`,
    EntName: `云州市某餐饮店${n}`,
    PunishDocNo: `云市监罚〔2026〕${n}号`,
  })),
  totalCount: 2,
};

/** The home page's gateway: highlights and both notice lists. */
function homeGateway() {
  return fakeGateway()
    .onPath(API_PATHS.contentListAll, () => HIGHLIGHTS)
    .onPath(API_PATHS.permitPublicity, () => LICENCES)
    .onPath(API_PATHS.punishPublicity, () => PENALTIES);
}

const detailHref = (prefix: string, item: NoticeListItem) =>
  `${prefix}${encodeURIComponent(item.RecordId)}&title=${encodeURIComponent(item.EntName).replace(/%20/g, '+')}`;

describe('the home page', () => {
  it('shows an error state with retry when a block fails, and the data after retrying', async () => {
    let failing = true;
    const gateway = homeGateway().onPath(API_PATHS.punishPublicity, () => (failing ? upstreamError() : PENALTIES));
    const user = userEvent.setup();
    renderAppAt('#/index');
    const penalties = await screen.findByRole('region', { name: '行政处罚' });
    const retry = await findRetry(penalties);
    // The other blocks are not held up by the failing one.
    expect(
      await within(screen.getByRole('region', { name: '行政许可' })).findByText(LICENCES.list[0]!.EntName, {
        exact: false,
      }),
    ).toBeInTheDocument();
    failing = false;
    await user.click(retry);
    await waitFor(() => expect(penalties).toHaveTextContent(PENALTIES.list[0]!.EntName));
    expect(gateway.calls(API_PATHS.punishPublicity)).toHaveLength(2);
  });

  it('renders what the gateway serves: news, notices, policy, risk warnings, licences, penalties', async () => {
    const gateway = homeGateway();
    renderAppAt('#/index?from=oldsite');

    for (const block of HOME_BLOCKS) {
      const items = HIGHLIGHTS[block.categoryId]!;
      const region = await screen.findByRole('region', { name: block.label });
      await waitFor(() => expect(region).toHaveTextContent(items[0]!.content_title));
      for (const item of items) expect(region).toHaveTextContent(item.content_title);
      const internal = items.find((item) => item.is_url === '0')!;
      const link = within(region)
        .getAllByRole('link')
        .find((a) => a.textContent?.includes(internal.content_title));
      expect(link?.getAttribute('href')).toContain(`id=${internal.record_id}`);
    }
    // One call for the four blocks, seven items each.
    expect(gateway.calls(API_PATHS.contentListAll).map((call) => call.body)).toEqual([
      { categoryIds: HOME_BLOCKS.map((block) => block.categoryId), pageSize: 7 },
    ]);

    for (const [label, page, path, prefix] of [
      ['行政许可', LICENCES, API_PATHS.permitPublicity, '#/XygsDetailsXK?id='],
      ['行政处罚', PENALTIES, API_PATHS.punishPublicity, '#/XygsDetailsCF?id='],
    ] as const) {
      const region = await screen.findByRole('region', { name: label });
      await waitFor(() => expect(region).toHaveTextContent(page.list[0]!.EntName));
      const first = page.list[0]!;
      // 更多 leads to the double-disclosure tab of the box.
      expect(
        within(region)
          .getByRole('link', { name: `${label}：更多` })
          .getAttribute('href'),
      ).toBe(`#/xygs/xygsList?currentTab=${label === '行政许可' ? 1 : 2}`);
      const link = within(region)
        .getAllByRole('link')
        .find((a) => a.textContent?.includes(first.EntName))!;
      expect(link.getAttribute('href')).toBe(detailHref(prefix, first));
      expect(Object.fromEntries(gateway.calls(path)[0]!.query)).toEqual({ pageIndex: '1', pageSize: '7' });
    }

    // Shell: the title from the runtime configuration, the address without its query, the footer.
    expect(document.title).toBe(`${TEST_RUNTIME_CONFIG.siteName} - 首页`);
    expect(window.location.hash).toBe('#/index');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(TEST_RUNTIME_CONFIG.contactPhone);
    expect(screen.getByRole('search', { name: '信用主体查询' })).toBeInTheDocument();
  });
});

/** A news section of 20 articles, paged and searched by title as the CMS does. */
const NEWS = Array.from({ length: 20 }, (_, i) =>
  contentItem(CONTENT_SECTIONS.news.categoryId, i + 1, {
    content_title: `${i % 3 === 0 ? '信用修复' : '诚信建设'}动态${i + 1}`,
  }),
);

function newsList(body: ContentListQuery) {
  const found = NEWS.filter((item) => !body.searchWord || item.content_title.includes(body.searchWord));
  const start = ((body.pageIndex ?? 1) - 1) * (body.pageSize ?? 10);
  return { list: found.slice(start, start + (body.pageSize ?? 10)), totalCount: found.length };
}

describe("the home page's early request", () => {
  it('asks once for the blocks when the app opens at the home page, and a failure stays the blocks’ to show', async () => {
    const gateway = fakeGateway().onPath(API_PATHS.contentListAll, () => upstreamError());
    // Vitest fails the run on an unhandled rejection: a failed early request must not make one.
    prefetchHome();
    await waitFor(() => expect(gateway.calls(API_PATHS.contentListAll)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gateway.calls(API_PATHS.contentListAll)[0]!.body).toEqual(HIGHLIGHTS_QUERY);
  });
});

describe('the content pages', () => {
  it('page a section 8 at a time and search it by keyword, keeping both in the address', async () => {
    const gateway = fakeGateway().on(CONTRACTS.contentList, ({ body }) => newsList(body as ContentListQuery));
    const user = userEvent.setup();
    const first = newsList({ categoryId: '1001', pageIndex: 1, pageSize: PAGE_SIZE.article });
    const second = newsList({ categoryId: '1001', pageIndex: 2, pageSize: PAGE_SIZE.article });

    renderAppAt('#/xydt/list');
    const main = await screen.findByRole('main');
    await waitFor(() => expect(within(main).getAllByRole('article')).toHaveLength(first.list.length));
    expect(main).toHaveTextContent(`共 ${first.totalCount} 条`);
    expect(gateway.calls(CONTRACTS.contentList.path)[0]!.body).toMatchObject({
      categoryId: CONTENT_SECTIONS.news.categoryId,
      pageIndex: 1,
      pageSize: PAGE_SIZE.article,
    });

    await user.click(within(main).getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(main).toHaveTextContent(second.list[0]!.content_title));
    expect(window.location.hash).toBe('#/xydt/list?page=2');

    await user.type(within(main).getByRole('textbox', { name: '标题关键字' }), '信用修复');
    await user.click(within(main).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(window.location.hash).toBe(`#/xydt/list?keyword=${encodeURIComponent('信用修复')}`));
    const found = newsList({ categoryId: '1001', pageIndex: 1, pageSize: PAGE_SIZE.article, searchWord: '信用修复' });
    await waitFor(() => expect(main).toHaveTextContent(`“信用修复”共找到 ${found.totalCount} 条结果`));
    expect(gateway.calls(CONTRACTS.contentList.path).at(-1)!.body).toMatchObject({
      pageIndex: 1,
      searchWord: '信用修复',
    });
    for (const item of found.list) expect(main).toHaveTextContent(item.content_title);

    await user.click(within(main).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(window.location.hash).toBe('#/xydt/list'));
  });

  it('shows an article with its title, date and sanitized body', async () => {
    const article: ContentDetail = {
      record_id: '2001007',
      content_title: '云州市社会信用体系建设条例',
      category_id: CONTENT_SECTIONS.policy.categoryId,
      content:
        '<p>第一条 为了推进社会信用体系建设。</p><script>window.__xss = 1</script>' +
        '<p>第二条 本条例适用于本市行政区域。</p><img src="/Cms/image/law.svg" alt="条例">',
      author: '市公共信用信息中心',
      source: '云州日报',
      release_date: '2026-02-18',
      is_url: '0',
      url: '',
    };
    fakeGateway().on(CONTRACTS.contentDetail, ({ body }) => {
      expect(body).toEqual({ recordId: article.record_id });
      return article;
    });
    renderAppAt(`#/zcfg/details?id=${article.record_id}`);
    const heading = await screen.findByRole('heading', { level: 1, name: article.content_title });
    const body = heading.closest('article')!;
    expect(body).toHaveTextContent('发布日期：2026-02-18');
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelectorAll('p').length).toBeGreaterThan(1);
    expect(body.querySelectorAll('img').length).toBeGreaterThan(0);
    for (const img of Array.from(body.querySelectorAll('img'))) expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('navigation', { name: '当前位置' })).toHaveTextContent('正文');
    expect(screen.queryByText(MESSAGES.noData)).toBeNull();
  });
});
