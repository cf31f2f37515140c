import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LicenceBlock } from '@credit-portal/shared';
import { MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '@/app/router';
import { BarChart } from '@/components/bar-chart';
import { LICENCE_BLOCK_LABELS, LicenceBlocks } from '@/components/licence-block';
import { PieChart } from '@/components/pie-chart';
import { RecordTable } from '@/components/record-table';
import { RichText } from '@/components/rich-text';
import { centreShift, pageOrder, visiblePages } from '@/features/flipbook/components/flipbook-viewer';
import { feedback } from '@/lib/feedback';
import { paths } from '@/lib/paths';
import { TestProviders } from '../test-providers';

declare global {
  interface Window {
    __xss?: number;
  }
}

describe('article bodies', () => {
  afterEach(() => {
    delete window.__xss;
    vi.restoreAllMocks();
  });

  it('never run a script or an event handler from the CMS', async () => {
    const html = [
      '<p>正文</p>',
      '<script>window.__xss = 1</script>',
      '<img src="data:," onerror="window.__xss = 2" alt="图">',
      '<p onclick="window.__xss = 3">段落</p>',
      '<a href="javascript:window.__xss = 4">链接</a>',
      '<svg><script>window.__xss = 5</script></svg>',
      '<iframe srcdoc="<script>parent.__xss = 6</script>"></iframe>',
    ].join('');
    const { container } = render(
      <TestProviders>
        <RichText html={html} />
      </TestProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByText('段落'));
    await user.click(screen.getByText('链接'));
    // Give an image error event the chance to fire, were the handler still there.
    container.querySelector('img')?.dispatchEvent(new Event('error'));
    expect(window.__xss).toBeUndefined();
    expect(container.querySelector('script, iframe')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|onclick|javascript:/i);
    expect(container.querySelector('img')?.getAttribute('loading')).toBe('lazy');
  });

  it('send a link that leaves the site through the warning dialog: 取消 stays, 确定 opens it', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    render(
      <TestProviders>
        <RichText html='<p>详见<a href="https://www.creditchina.gov.cn/">信用中国</a>网站。</p>' />
      </TestProviders>,
    );
    await user.click(screen.getByRole('link', { name: '信用中国' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('温馨提示');
    expect(dialog).toHaveTextContent('https://www.creditchina.gov.cn/');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: '信用中国' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    expect(open).toHaveBeenCalledWith('https://www.creditchina.gov.cn/', '_blank', 'noopener,noreferrer');
  });

  it('send a protocol-relative link through the dialog too, with the address it really goes to', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    render(
      <TestProviders>
        <RichText html='<p><a href="//evil.example/x">政策原文</a></p>' />
      </TestProviders>,
    );
    await user.click(screen.getByRole('link', { name: '政策原文' }));
    const dialog = await screen.findByRole('dialog');
    const address = `${window.location.protocol}//evil.example/x`;
    expect(dialog).toHaveTextContent(address);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(open).toHaveBeenCalledWith(address, '_blank', 'noopener,noreferrer');
  });
});

describe('the collapsible licence block', () => {
  const block: LicenceBlock = {
    xzxkCode: '云市监许〔2026〕12号',
    xzxkName: '食品经营许可决定书',
    xkName: '食品经营许可证',
    type: '普通',
    xkCode: 'JY13502020012345',
    decisionDate: '2026-03-01',
    dateFrom: '2026-03-01',
    dateTo: '2031-02-28',
    content: '预包装食品销售',
    dept: '云州市市场监督管理局',
    deptCode: '11350200MB0000000X',
    sourceFrom: '云州市市场监督管理局',
    sourceCode: '11350200MB0000000X',
  };

  it('shows every field of the licence block and folds away', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <LicenceBlocks blocks={[block, { ...block, xzxkCode: '云市监许〔2026〕13号' }]} />
      </TestProviders>,
    );
    const [first, second] = screen.getAllByRole('button', { name: /食品经营许可决定书/ });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    for (const label of Object.values(LICENCE_BLOCK_LABELS)) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText('预包装食品销售')).toBeInTheDocument();
    await user.click(first!);
    await waitFor(() => expect(first).toHaveAttribute('aria-expanded', 'false'));
  });
});

describe('the charts', () => {
  it('a bar chart draws a bar per value and gives screen readers the numbers as a table', () => {
    render(
      <BarChart
        title="各月留言数量"
        unit="件"
        categories={['1月', '2月', '3月']}
        series={[
          { name: '收到留言', values: [4, 9, 0] },
          { name: '已答复', values: [4, 7, 0] },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: '各月留言数量' })).toBeInTheDocument();
    expect(document.querySelectorAll('svg rect')).toHaveLength(6);
    const table = screen.getByRole('table', { name: '各月留言数量' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['项目收到留言（件）已答复（件）', '1月44', '2月97', '3月00']);
  });

  it('a pie chart lists each slice with its value and share', () => {
    render(
      <PieChart
        title="留言类型分布"
        unit="件"
        slices={[
          { label: '咨询', value: 30 },
          { label: '投诉', value: 10 },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: '留言类型分布' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['咨询30件75%', '投诉10件25%']);
    expect(document.querySelectorAll('svg path')).toHaveLength(2);
  });
});

describe('the flipbook', () => {
  it('lays a right-to-left book out reversed and counts pages in reading order', () => {
    expect(pageOrder(['a', 'b', 'c'], 'rtl')).toEqual(['c', 'b', 'a']);
    expect(visiblePages(0, 12, 'landscape', 'ltr')).toEqual([1]);
    expect(visiblePages(1, 12, 'landscape', 'ltr')).toEqual([2, 3]);
    expect(visiblePages(11, 12, 'landscape', 'ltr')).toEqual([12]);
    expect(visiblePages(5, 12, 'portrait', 'ltr')).toEqual([6]);
    expect(visiblePages(11, 12, 'landscape', 'rtl')).toEqual([1]);
    expect(visiblePages(9, 12, 'landscape', 'rtl')).toEqual([2, 3]);
  });

  it('centres a lone cover, in landscape only', () => {
    expect(centreShift(0, 12, 'landscape', 461)).toBe(-230.5);
    expect(centreShift(11, 12, 'landscape', 461)).toBe(230.5);
    expect(centreShift(3, 12, 'landscape', 461)).toBe(0);
    expect(centreShift(0, 12, 'portrait', 461)).toBe(0);
    // An odd page count ends on a spread, not on a lone back cover.
    expect(centreShift(10, 11, 'landscape', 461)).toBe(0);
  });
});

describe('the lending pages', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36';
  const DESKTOP =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

  function device(userAgent: string, width: number, height: number) {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(height);
  }

  function openAt(path: string) {
    window.history.replaceState(null, '', `/#${path}`);
    const router = createAppRouter();
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    return router;
  }

  beforeEach(() => {
    if (!document.head.querySelector('title')) document.head.append(document.createElement('title'));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['an iPhone', IPHONE, 390, 844],
    ['an Android phone', ANDROID, 412, 915],
    ['a portrait screen', DESKTOP, 800, 1280],
  ])('/xyd sends %s to /xyd/mobile, which it keeps', async (_name, agent, width, height) => {
    device(agent, width, height);
    const router = openAt(paths.lending);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.lendingMobile));
    expect(await screen.findByRole('heading', { level: 1, name: '信易贷（手机版）' })).toBeInTheDocument();
  });

  it('/xyd/mobile sends a desktop back to /xyd, which it keeps', async () => {
    device(DESKTOP, 1440, 900);
    const router = openAt(paths.lendingMobile);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.lending));
    expect(await screen.findByRole('navigation', { name: '当前位置' })).toHaveTextContent('信易贷');
    expect(router.state.location.pathname).toBe(paths.lending);
  });

  it('/xyd/mobile follows a window widened to a desktop’s shape back to /xyd, in the portal’s frame', async () => {
    device(DESKTOP, 800, 1280);
    const router = openAt(paths.lending);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.lendingMobile));
    device(DESKTOP, 1440, 900);
    window.dispatchEvent(new Event('resize'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.lending));
    expect(await screen.findByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '返回' })).not.toBeInTheDocument();
  });
});

describe('record lists by screen width', () => {
  afterEach(() => vi.restoreAllMocks());

  const ROWS = [
    { id: 'a', name: '甲公司', code: '91510100MA00000001' },
    { id: 'b', name: '乙公司', code: '91510100MA00000002' },
  ];

  /** Renders a RecordTable at the given width; says whether a <table> entered the DOM at any moment. */
  function renderAt(width: number) {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
    // Every node added or removed while rendering: a table React mounted and at once replaced is
    // among the removed ones.
    const touched: Node[] = [];
    const collect = (records: MutationRecord[]) =>
      records.forEach((record) => touched.push(...record.addedNodes, ...record.removedNodes));
    const watch = new MutationObserver(collect);
    watch.observe(document.body, { childList: true, subtree: true });
    render(
      <TestProviders>
        <MemoryRouter>
          <RecordTable
            rows={ROWS}
            columns={[
              { title: '名称', render: (row) => row.name },
              { title: '统一社会信用代码', render: (row) => row.code },
            ]}
            rowKey={(row) => row.id}
            cardTitle={(row) => row.name}
            detailPath={(row) => `/detail/${row.id}`}
            firstNumber={11}
          />
        </MemoryRouter>
      </TestProviders>,
    );
    collect(watch.takeRecords());
    watch.disconnect();
    const tableMounted = touched.some(
      (node) => node instanceof Element && (node.matches('table') || node.querySelector('table') !== null),
    );
    return { tableMounted };
  }

  it('shows numbered cards on a phone from the first render, never building the desktop table first', () => {
    const { tableMounted } = renderAt(375);
    const cards = screen.getByRole('list');
    expect(cards).toHaveAttribute('start', '11');
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByRole('link', { name: '查看详情：乙公司' })).toHaveAttribute('href', '/detail/b');
    expect(tableMounted).toBe(false);
  });

  it('shows the table with 序号 from 768 px, antd’s, loaded for a wide screen only', async () => {
    renderAt(768);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: '序号' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '12' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('messages and dialogs (lib/feedback.ts)', () => {
  it('keeps what is said before the holder is mounted, then shows it there, in order', async () => {
    feedback.message.success('第一条提示');
    feedback.message.error('第二条提示');
    expect(document.body).not.toHaveTextContent('第一条提示');
    render(<TestProviders>{null}</TestProviders>);
    const first = await screen.findByText('第一条提示');
    const second = await screen.findByText('第二条提示');
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('opens a confirmation with the caller’s texts and answers its buttons', async () => {
    render(<TestProviders>{null}</TestProviders>);
    const onOk = vi.fn();
    feedback.modal.confirm({ title: '确认退出？', okText: '退出', cancelText: '取消', onOk });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确认退出？');
    await userEvent.click(within(dialog).getByRole('button', { name: /退\s*出/ }));
    expect(onOk).toHaveBeenCalledTimes(1);
  });
});
