import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  CONTENT_SECTIONS,
  ERROR_CODES,
  GATEWAY_PATHS,
  MESSAGES,
  PAGE_SIZE,
  type ContentListAll,
  type ContentPage,
  type NoticePage,
  type RuntimeConfig,
} from '@credit-portal/shared';
import { buildApp as buildCreditService, CONTROL_PATHS } from '@credit-portal/credit-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { ApiError, CLIENT_ERROR_CODES, request, setApiBaseUrl } from '@/lib/api-client';
import { startInProcessProduct, type InProcessProduct } from './in-process-product';

/*
 * The SPA against the real thing: the reference credit-service (seeded SQLite in a temporary
 * directory) and the gateway, both in-process on free ports. What the page must show is read
 * from the gateway through the same API client, never written down here.
 */

const SLOW = { timeout: 15_000 };
const CONTACT_PHONE = '0851-8888 6666';

let product: InProcessProduct;
let dataDir: string;
let creditServiceUrl: string;
let gatewayUrl: string;

async function setFault(pathPrefix: string, mode: 'error' | 'off') {
  const response = await fetch(`${creditServiceUrl}${CONTROL_PATHS.fault}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pathPrefix, mode, status: 500 }),
  });
  expect(response.ok).toBe(true);
}

function renderAppAt(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  return render(<App />);
}

beforeAll(async () => {
  product = await startInProcessProduct({
    seedEntities: 300,
    env: {
      CONTACT_PHONE,
      // Injected faults must not open the circuit for the tests that follow.
      CIRCUIT_FAILURE_THRESHOLD: '1000',
      UPSTREAM_RETRIES: '0',
    },
  });
  ({ dataDir, creditServiceUrl, gatewayUrl } = product);
});

afterAll(async () => {
  await product?.stop();
});

describe('the API client against the gateway', () => {
  it('unwraps the normalized envelope into its data', async () => {
    const config = await request<RuntimeConfig>(GATEWAY_PATHS.runtimeConfig);
    expect(config.siteName).not.toBe('');
    expect(config.contactPhone).toBe(CONTACT_PHONE);
  });

  it('throws an ApiError with the envelope code, a Chinese message and the status', async () => {
    const error = await request('/Cms/no-such-path', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ERROR_CODES.notFound, status: 404 });
    expect((error as ApiError).message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('turns a network failure into an ApiError with a Chinese message', async () => {
    const closed = await buildCreditService({ dataDir, seedEntities: 300 });
    const url = await closed.listen({ host: '127.0.0.1', port: 0 });
    await closed.close();
    setApiBaseUrl(url);
    try {
      const error = await request(GATEWAY_PATHS.runtimeConfig).catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: CLIENT_ERROR_CODES.network,
        status: 0,
        message: '网络连接失败，请检查网络后重试',
      });
    } finally {
      setApiBaseUrl(gatewayUrl);
    }
  });
});

describe('the home page', () => {
  it('shows an error state with retry when a block fails, and the data after retrying', async () => {
    await setFault(API_PATHS.punishPublicity, 'error');
    const user = userEvent.setup();
    try {
      renderAppAt('#/index');
      const penalties = await screen.findByRole('region', { name: '行政处罚' }, SLOW);
      const retry = await within(penalties).findByRole('button', { name: /重\s*试/ }, SLOW);
      await setFault(API_PATHS.punishPublicity, 'off');
      await user.click(retry);
      const expected = await request<NoticePage>(API_PATHS.punishPublicity, { query: { pageIndex: 1, pageSize: 7 } });
      expect(expected.list.length).toBeGreaterThan(0);
      await waitFor(() => expect(penalties).toHaveTextContent(expected.list[0]!.EntName), SLOW);
    } finally {
      await setFault(API_PATHS.punishPublicity, 'off');
    }
  });

  it('renders the seeded content the gateway serves: news, notices, policy, risk warnings, licences, penalties', async () => {
    renderAppAt('#/index?from=oldsite');
    const config = await request<RuntimeConfig>(GATEWAY_PATHS.runtimeConfig);
    const blocks = [
      CONTENT_SECTIONS.news,
      CONTENT_SECTIONS.notices,
      CONTENT_SECTIONS.policy,
      CONTENT_SECTIONS.riskWarnings,
    ];
    const highlights = await request<ContentListAll>(API_PATHS.contentListAll, {
      method: 'POST',
      body: { categoryIds: blocks.map((block) => block.categoryId), pageSize: 7 },
    });

    for (const block of blocks) {
      const items = highlights[block.categoryId] ?? [];
      expect(items.length, block.label).toBeGreaterThan(0);
      const region = await screen.findByRole('region', { name: block.label }, SLOW);
      await waitFor(() => expect(region).toHaveTextContent(items[0]!.content_title), SLOW);
      for (const item of items) expect(region).toHaveTextContent(item.content_title);
      const internal = items.find((item) => item.is_url === '0');
      if (internal) {
        const link = within(region)
          .getAllByRole('link')
          .find((a) => a.textContent?.includes(internal.content_title));
        expect(link?.getAttribute('href')).toContain(`id=${internal.record_id}`);
      }
    }

    for (const [label, path, prefix] of [
      ['行政许可', API_PATHS.permitPublicity, '#/XygsDetailsXK?id='],
      ['行政处罚', API_PATHS.punishPublicity, '#/XygsDetailsCF?id='],
    ] as const) {
      const expected = await request<NoticePage>(path, { query: { pageIndex: 1, pageSize: 7 } });
      expect(expected.list.length, label).toBeGreaterThan(0);
      const region = await screen.findByRole('region', { name: label }, SLOW);
      await waitFor(() => expect(region).toHaveTextContent(expected.list[0]!.EntName), SLOW);
      const first = expected.list[0]!;
      // 更多 leads to the double-disclosure tab of the box.
      expect(
        within(region)
          .getByRole('link', { name: `${label}：更多` })
          .getAttribute('href'),
      ).toBe(`#/xygs/xygsList?currentTab=${label === '行政许可' ? 1 : 2}`);
      const link = within(region)
        .getAllByRole('link')
        .find((a) => a.textContent?.includes(first.EntName))!;
      expect(link.getAttribute('href')).toBe(
        `${prefix}${encodeURIComponent(first.RecordId)}&title=${encodeURIComponent(first.EntName).replace(/%20/g, '+')}`,
      );
    }

    // Shell: the title from the runtime configuration, the address without its query, the footer.
    expect(document.title).toBe(`${config.siteName} - 首页`);
    expect(window.location.hash).toBe('#/index');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(CONTACT_PHONE);
    expect(screen.getByRole('search', { name: '信用主体查询' })).toBeInTheDocument();
  });
});

describe('the content pages', () => {
  it('page a section 8 at a time and search it by keyword, keeping both in the address', async () => {
    const user = userEvent.setup();
    const categoryId = CONTENT_SECTIONS.news.categoryId;
    const first = await request<ContentPage>(API_PATHS.contentList, {
      method: 'POST',
      body: { categoryId, pageIndex: 1, pageSize: PAGE_SIZE.article },
    });
    const second = await request<ContentPage>(API_PATHS.contentList, {
      method: 'POST',
      body: { categoryId, pageIndex: 2, pageSize: PAGE_SIZE.article },
    });
    expect(first.totalCount).toBeGreaterThan(PAGE_SIZE.article);

    renderAppAt('#/xydt/list');
    const main = await screen.findByRole('main', {}, SLOW);
    await waitFor(() => expect(within(main).getAllByRole('article')).toHaveLength(first.list.length), SLOW);
    expect(main).toHaveTextContent(`共 ${first.totalCount} 条`);

    await user.click(within(main).getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(main).toHaveTextContent(second.list[0]!.content_title), SLOW);
    expect(window.location.hash).toBe('#/xydt/list?page=2');

    // A keyword taken from a real title finds that article.
    const keyword = Array.from(first.list[0]!.content_title).slice(0, 4).join('');
    await user.type(within(main).getByRole('textbox', { name: '标题关键字' }), keyword);
    await user.click(within(main).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(window.location.hash).toBe(`#/xydt/list?keyword=${encodeURIComponent(keyword)}`));
    const found = await request<ContentPage>(API_PATHS.contentList, {
      method: 'POST',
      body: { categoryId, pageIndex: 1, pageSize: PAGE_SIZE.article, searchWord: keyword },
    });
    expect(found.list.length).toBeGreaterThan(0);
    await waitFor(() => expect(main).toHaveTextContent(`“${keyword}”共找到 ${found.totalCount} 条结果`), SLOW);
    for (const item of found.list) expect(item.content_title).toContain(keyword);

    await user.click(within(main).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(window.location.hash).toBe('#/xydt/list'));
  });

  it('shows an article with its title, date and sanitized body', async () => {
    const page = await request<ContentPage>(API_PATHS.contentList, {
      method: 'POST',
      body: { categoryId: CONTENT_SECTIONS.policy.categoryId, pageIndex: 1, pageSize: PAGE_SIZE.article },
    });
    const item = page.list.find((entry) => entry.is_url === '0');
    expect(item).toBeDefined();
    renderAppAt(`#/zcfg/details?id=${item!.record_id}`);
    const heading = await screen.findByRole('heading', { level: 1, name: item!.content_title }, SLOW);
    const article = heading.closest('article')!;
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelectorAll('p').length).toBeGreaterThan(1);
    for (const img of Array.from(article.querySelectorAll('img'))) expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('navigation', { name: '当前位置' })).toHaveTextContent('正文');
    expect(screen.queryByText(MESSAGES.noData)).toBeNull();
  });
});
