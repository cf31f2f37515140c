import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { GATEWAY_PATHS, PATH_LOG, STORAGE_KEYS, type NoticeListItem, type VisitLogRecord } from '@credit-portal/shared';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { NoticeList } from '@/components/notice-list';
import { VisitLogContext } from '@/components/visit-log-context';
import { createVisitLog } from '@/features/visit-log/visit-log';
import { TEST_RUNTIME_CONFIG } from './test-providers';

/*
 * The route guard with the visit-log queue wired in, as the app runs it (in StrictMode, whose
 * doubled effects must not double the log): one record per navigation, committed to local
 * storage, with the route's pathLog (currentTab included) and the address as opened.
 */

// user-event without its pointer-events check (as render-app.tsx: setupUser): it reads the computed
// style of the target and its ancestors on every click; what CSS lets through is checked in Chromium.

const queued = (): VisitLogRecord[] =>
  (JSON.parse(window.localStorage.getItem(STORAGE_KEYS.visitLogQueue) ?? '[]') as { record: VisitLogRecord }[]).map(
    (entry) => entry.record,
  );

const meta = (name: string) => document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content');

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

describe('the route guard with the visit log', () => {
  it('replaces title and meta, drops the query on /index, and queues one record per navigation', async () => {
    const send = vi.fn(async () => 'failed' as const);
    window.history.replaceState(null, '', '/#/index?from=oldsite');
    render(
      <StrictMode>
        <App visitLog={createVisitLog({ send })} />
      </StrictMode>,
    );
    const { siteName } = TEST_RUNTIME_CONFIG;
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
