import { act, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_QUERY_DROPPED } from '@/app/route-guard';
import { createAppRouter } from '@/app/router';
import type { RouteVisit } from '@/app/route-guard';
import { paths } from '@/lib/paths';
import { TEST_RUNTIME_CONFIG, TestProviders } from './test-providers';

const { siteName } = TEST_RUNTIME_CONFIG;

function meta(name: string): string | null {
  return document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

function renderAt(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  const visits: RouteVisit[] = [];
  const router = createAppRouter({ onVisit: (visit) => visits.push(visit) });
  render(
    <TestProviders>
      <RouterProvider router={router} />
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
});
