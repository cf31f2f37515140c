import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { GATEWAY_PATHS, PATH_LOG, STORAGE_KEYS, type NoticeListItem, type VisitLogRecord } from '@credit-portal/shared';
import { ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { ADDRESS_QUERY_DROPPED } from '@/app/route-guard';
import { createAppRouter } from '@/app/router';
import type { RouteVisit } from '@/app/route-guard';
import { NoticeList } from '@/components/notice-list';
import { VisitLogContext } from '@/components/visit-log-context';
import { createVisitLog } from '@/features/visit-log/visit-log';
import { paths } from '@/lib/paths';
import { TEST_RUNTIME_CONFIG, TestProviders } from '../test-providers';

/*
 * The route guard: title, meta tags and the address's query from the route table, the scroll on
 * navigation, the redirects; with the visit-log queue wired in as the app runs it (in StrictMode,
 * whose doubled effects must not double the log): one record per navigation, committed to local
 * storage, with the route's pathLog (currentTab included) and the address as opened. And the
 * notice list's links, logged as visits. (One file: each jsdom file pays the window and antd's
 * import again.)
 */

const { siteName } = TEST_RUNTIME_CONFIG;

function meta(name: string): string | null {
  return document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

function renderAt(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  const visits: RouteVisit[] = [];
  const router = createAppRouter({ onVisit: (visit) => visits.push(visit) });
  // Without antd's run-time styles, as render-app.tsx renders the app (every role query reads computed styles).
  render(
    <TestProviders>
      <ConfigProvider theme={{ zeroRuntime: true }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </TestProviders>,
  );
  return { router, visits };
}

describe('the route guard', () => {
  beforeEach(() => {
    // Component tests run without a gateway: every call fails as if offline.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    if (!document.head.querySelector('title')) document.head.append(document.createElement('title'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sets the title and meta tags from the route table and drops the query from the address on /index', async () => {
    const { router, visits } = renderAt('#/index?from=oldsite&x=1');
    await waitFor(() => expect(document.title).toBe(`${siteName} - 首页`));
    expect(meta('keywords')).toMatch(new RegExp(`^${siteName},`));
    expect(meta('description')).toContain('公共信用信息服务门户');
    // The address loses the query; the router's location keeps it for the page.
    expect(window.location.hash).toBe('#/index');
    expect(router.state.location.search).toBe('?from=oldsite&x=1');
    expect(visits.at(-1)).toMatchObject({ path: '/index', search: '?from=oldsite&x=1', pathLog: '01' });
  });

  it('keeps the query in the address on other routes and updates title and meta on navigation', async () => {
    const { router, visits } = renderAt('#/index/webMap');
    await waitFor(() => expect(document.title).toBe(`${siteName} - 网站地图`));
    await act(() => router.navigate('/xydt/list?page=2&currentTab=3'));
    await waitFor(() => expect(document.title).toBe(`${siteName} - 信用动态`));
    expect(meta('description')).toContain('信用动态列表');
    expect(window.location.hash).toBe('#/xydt/list?page=2&currentTab=3');
    // currentTab alters the pathLog code (spec §9).
    expect(visits.at(-1)).toMatchObject({ path: '/xydt/list', pathLog: '010303' });
  });

  it('drops the query only on the three routes of spec §4', () => {
    expect([...ADDRESS_QUERY_DROPPED].sort()).toEqual([paths.home, paths.publicCheck, paths.searchList].sort());
  });

  it('scrolls to the top on navigation', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = renderAt('#/index/webMap');
    await waitFor(() => expect(document.title).toBe(`${siteName} - 网站地图`));
    scrollTo.mockClear();
    await act(() => router.navigate('/xydt'));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });

  it('logs a console error when the document has no <title> tag', async () => {
    document.head.querySelectorAll('title').forEach((tag) => tag.remove());
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('#/index/webMap');
    await waitFor(() => expect(error).toHaveBeenCalledWith('页面缺少 <title> 标签'));
    expect(document.title).toBe(`${siteName} - 网站地图`);
  });

  it('redirects / to /index and unknown paths to /404', async () => {
    const { router } = renderAt('#/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    await act(() => router.navigate('/no/such/page'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByRole('heading', { name: '页面未找到' })).toBeInTheDocument();
    expect(document.title).toBe(`${siteName} - 页面未找到`);
  });

  it('opens an unknown address on /404 at once, not after a render of nothing', async () => {
    const { router } = renderAt('#/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByRole('heading', { name: '页面未找到' })).toBeInTheDocument();
  });
});

describe('the router', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const rowPaths = (objects: readonly { path?: string; children?: unknown[] }[]): string[] =>
    objects.flatMap((object) => [
      ...(object.path && object.path !== '/' && object.path !== '*' ? [object.path] : []),
      ...rowPaths((object.children ?? []) as { path?: string; children?: unknown[] }[]),
    ]);
  const shownRow = (router: ReturnType<typeof createAppRouter>) =>
    (router.state.matches.at(-1)?.route.handle as { route?: { path: string } } | undefined)?.route?.path;

  it('starts with the opening row only and learns each other row when a navigation reaches it', async () => {
    window.history.replaceState(null, '', '/#/xyfw/search');
    const router = createAppRouter();
    expect(rowPaths(router.routes)).toEqual([paths.searchList]);
    expect(shownRow(router)).toBe(paths.searchList);

    await router.navigate('/XYGS/xygsList/?tab=1');
    expect(shownRow(router)).toBe(paths.doubleDisclosure);
    await router.navigate(paths.h5Home);
    expect(shownRow(router)).toBe(paths.h5Home);
    expect(rowPaths(router.routes).sort()).toEqual([paths.searchList, paths.h5Home, paths.doubleDisclosure].sort());

    // Back to a row it knows: nothing added twice. An unknown path stays on '*' (its redirect).
    await router.navigate(paths.searchList);
    await router.navigate('/no/such/page');
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    expect(rowPaths(router.routes)).toHaveLength(3);
    router.dispose();
  });
});

const queued = (): VisitLogRecord[] =>
  (JSON.parse(window.localStorage.getItem(STORAGE_KEYS.visitLogQueue) ?? '[]') as { record: VisitLogRecord }[]).map(
    (entry) => entry.record,
  );

describe('the route guard with the visit log', () => {
  beforeEach(() => {
    window.localStorage.clear();
    if (!document.head.querySelector('title')) document.head.append(document.createElement('title'));
    // The runtime configuration loads; every other call fails as if offline.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).endsWith(GATEWAY_PATHS.runtimeConfig)
          ? Promise.resolve(
              new Response(JSON.stringify({ ok: true, code: 200, message: '', data: TEST_RUNTIME_CONFIG }), {
                headers: { 'content-type': 'application/json' },
              }),
            )
          : Promise.reject(new TypeError('offline')),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('replaces title and meta, drops the query on /index, and queues one record per navigation', async () => {
    const send = vi.fn(async () => 'failed' as const);
    window.history.replaceState(null, '', '/#/index?from=oldsite');
    render(
      <StrictMode>
        <App visitLog={createVisitLog({ send })} />
      </StrictMode>,
    );
    await waitFor(() => expect(document.title).toBe(`${siteName} - 首页`));
    expect(window.location.hash).toBe('#/index');
    expect(queued()).toMatchObject([{ contentCode: PATH_LOG.home, param: '/index?from=oldsite', visitorDevice: '1' }]);

    window.location.hash = '#/xydt/list?page=2&currentTab=3';
    await waitFor(() => expect(document.title).toBe(`${siteName} - 信用动态`));
    expect(meta('description')).toContain('信用动态列表');
    expect(meta('keywords')).toMatch(new RegExp(`^${siteName},信用动态`));
    // The query stays in the address outside the three routes of spec §4.
    expect(window.location.hash).toBe('#/xydt/list?page=2&currentTab=3');

    window.location.hash = '#/hdjl/statistics';
    await waitFor(() => expect(document.title).toBe(`${siteName} - 留言统计`));

    expect(queued().map((record) => [record.contentCode, record.param])).toEqual([
      ['01', '/index?from=oldsite'],
      ['010303', '/xydt/list?page=2&currentTab=3'],
      ['01', '/hdjl/statistics'],
    ]);
    for (const record of queued()) expect(record.visitTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

// user-event without its pointer-events check (as render-app.tsx: setupUser): it reads the computed
// style of the target and its ancestors on every click; what CSS lets through is checked in Chromium.

describe('the notice list', () => {
  const items: NoticeListItem[] = [
    {
      RecordId: '7',
      EntName: '云州市恒信科技有限公司',
      LicenseDocNo: '云市监许〔2026〕12号',
      DecisionDate: '2026-10-01',
    },
  ];

  it('opens the licence detail and logs the click as a desktop visit', async () => {
    const logClick = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <MemoryRouter>
        <VisitLogContext.Provider value={logClick}>
          <NoticeList kind="licence" items={items} />
        </VisitLogContext.Provider>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /云州市恒信科技有限公司/ });
    expect(link).toHaveTextContent('许可文书号：云市监许〔2026〕12号');
    await user.click(link);
    expect(logClick).toHaveBeenCalledWith({
      contentCode: PATH_LOG.disclosure,
      param: `/XygsDetailsXK?id=7&title=${encodeURIComponent('云州市恒信科技有限公司')}`,
      visitorDevice: '1',
    });
  });

  it('is labelled by the breadcrumb it sits under: 行政处罚 shows punishment numbers and opens the penalty', () => {
    const penalties: NoticeListItem[] = [
      { RecordId: '9', EntName: '云州市某餐饮店', PunishDocNo: '云市监罚〔2026〕3号' },
    ];
    render(
      <MemoryRouter>
        <NoticeList breadcrumb="行政处罚" items={penalties} variant="compact" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /云州市某餐饮店/ });
    expect(link).toHaveTextContent('处罚文书号：云市监罚〔2026〕3号');
    expect(link.getAttribute('href')).toMatch(/^\/XygsDetailsCF\?id=9&/);
  });

  it('shows at most the count it is given', () => {
    const many: NoticeListItem[] = Array.from({ length: 9 }, (_, i) => ({
      RecordId: String(i),
      EntName: `企业${i}`,
      LicenseDocNo: `号${i}`,
    }));
    render(
      <MemoryRouter>
        <NoticeList kind="licence" items={many} limit={7} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link')).toHaveLength(7);
  });
});
