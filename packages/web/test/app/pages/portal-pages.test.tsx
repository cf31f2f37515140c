import { render, screen, waitFor, within } from '@testing-library/react';
import {
  API_PATHS,
  CONTENT_SECTIONS,
  CONTRACTS,
  PATH_LOG,
  decodeVisitLogMessage,
  type AnnualReport,
  type EncodedMessageBody,
  type ArticleSearchItem,
  type InteractionListItem,
  type InteractionListQuery,
  type NoticeListItem,
  type VisitLogPayload,
  type VisitLogRecord,
} from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { licenceDetailsPath, paths, penaltyDetailsPath } from '@/lib/paths';
import { fakeGateway } from '../../fake-gateway';
import { licenceDetail, penaltyDetail } from '../../fixtures';
import { preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * The portal's own pages with the API client stubbed at its edge (test/fake-gateway.ts): the
 * running app's visit log reaches the intake, the message list filters by type in the address,
 * article search opens its titles in a new tab, an annual report shows its figures and chapters,
 * and the licence and penalty details show the record a notice links to. The same pages against
 * the built product in Chromium: e2e/portal.e2e.ts (every route, the visit log accepted).
 */

// The pages' code, loaded once before the tests (render-app.tsx: preloadPages).
beforeAll(() =>
  preloadPages(
    paths.interaction,
    paths.interactionList,
    paths.articleSearch,
    paths.annualReport2023,
    paths.licenceDetails,
    paths.penaltyDetails,
  ),
);

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the visit log of the running app', () => {
  it('logs the navigations and its timer sends them to the intake', async () => {
    const gateway = fakeGateway()
      .on(CONTRACTS.interactionStatistics, () => ({
        year: 2026,
        years: [2026],
        total: 0,
        replied: 0,
        processing: 0,
        replyRate: 0,
        averageReplyDays: 0,
        byType: [],
        byMonth: [],
        byDept: [],
        satisfaction: [],
      }))
      .on(CONTRACTS.interactionList, () => ({ list: [], totalCount: 0 }));
    window.history.replaceState(null, '', '/#/hdjl/Index');
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: '互动交流' });
    // The app's timer sends the queue about every second (VISIT_LOG_FLUSH_MS).
    await waitFor(() => expect(gateway.calls(API_PATHS.visitLog).length).toBeGreaterThan(0));
    const sent = gateway.calls(API_PATHS.visitLog).flatMap((call) => {
      const { message } = call.body as EncodedMessageBody;
      return (decodeVisitLogMessage(message) as VisitLogPayload<VisitLogRecord>).messages;
    });
    expect(sent).toContainEqual(expect.objectContaining({ contentCode: PATH_LOG.home, param: '/hdjl/Index' }));
  });
});

/** Public messages of every type (typed by the shared InteractionListItem schema). */
const MESSAGES: InteractionListItem[] = Array.from({ length: 14 }, (_, i) => ({
  id: String(i + 1),
  code: `HD2026031200${String(i + 1).padStart(2, '0')}`,
  type: (['consult', 'complaint', 'suggestion'] as const)[i % 3]!,
  title: `关于信用修复办理时限的留言${i + 1}`,
  asker: '张**',
  createdAt: '2026-03-12 09:30:00',
  status: i % 2 === 0 ? 'replied' : 'processing',
  dept: '市公共信用信息中心',
  repliedAt: null,
}));

function messagePage(query: InteractionListQuery) {
  const found = MESSAGES.filter((message) => !query.type || message.type === query.type);
  const start = ((query.pageIndex ?? 1) - 1) * (query.pageSize ?? 10);
  return { list: found.slice(start, start + (query.pageSize ?? 10)), totalCount: found.length };
}

describe('the portal pages', () => {
  it('hdjl/List shows the public messages, filters by type and pages', async () => {
    const gateway = fakeGateway().on(CONTRACTS.interactionList, ({ body }) =>
      messagePage(body as InteractionListQuery),
    );
    const user = setupUser();
    renderAppAt('#/hdjl/List');
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main).toHaveTextContent(MESSAGES[0]!.code));
    expect(main).toHaveTextContent(`共 ${MESSAGES.length} 条`);

    // antd draws the radio over its input: the visitor clicks the label.
    const complaintOption = within(within(main).getByRole('group', { name: '留言类型' })).getByRole('radio', {
      name: '投诉',
    });
    await user.click(complaintOption.closest('label')!);
    const complaints = messagePage({ type: 'complaint', pageIndex: 1, pageSize: 10 });
    await waitFor(() => expect(window.location.hash).toBe('#/hdjl/List?type=complaint'));
    await waitFor(() => expect(main).toHaveTextContent(`共 ${complaints.totalCount} 条`));
    expect(gateway.calls(CONTRACTS.interactionList.path).at(-1)!.body).toEqual({
      type: 'complaint',
      pageIndex: 1,
      pageSize: 10,
    });
    const link = within(main).getAllByRole('link', { name: complaints.list[0]!.title })[0]!;
    expect(link).toHaveAttribute('href', `#/hdjl/Detail?id=${complaints.list[0]!.id}`);
  });

  it('index/articleList searches every section and opens a title in a new tab with zcfgDetails', async () => {
    const found: ArticleSearchItem[] = [
      {
        id: '2001003',
        title: '信用修复管理办法',
        content: '为规范信用修复工作……',
        author: '市发展改革委',
        date: '2026-01-05',
        top: true,
        category_id: CONTENT_SECTIONS.policy.categoryId,
        is_url: '0',
        url: '',
      },
      {
        id: '1001009',
        title: '我市开展信用修复集中服务',
        content: '……',
        author: '市公共信用信息中心',
        date: '2026-02-10',
        top: false,
        category_id: CONTENT_SECTIONS.news.categoryId,
        is_url: '0',
        url: '',
      },
    ];
    const gateway = fakeGateway().on(CONTRACTS.articleSearch, () => ({ list: found, totalCount: 12 }));
    renderAppAt('#/index/articleList?keyword=信用修复');
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main).toHaveTextContent('“信用修复”共 12 篇'));
    // Every section: no category filter in the call.
    expect(gateway.calls(CONTRACTS.articleSearch.path)[0]!.body).toEqual({
      searchWord: '信用修复',
      pageIndex: 1,
      pageSize: 8,
    });
    for (const item of found) {
      const link = within(main)
        .getAllByRole('link')
        .find((a) => a.textContent?.includes(item.title))!;
      expect(link).toHaveAttribute('href', `#/zcfgDetails?id=${item.id}`);
      expect(link).toHaveAttribute('target', '_blank');
      if (item.top) expect(link).toHaveTextContent('[置顶]');
      else expect(link).not.toHaveTextContent('[置顶]');
    }
  });

  it('an annual report shows its figures against the year before and its chapters', async () => {
    const report: AnnualReport = {
      year: 2023,
      title: '云州市2023年社会信用体系建设年度报告',
      releaseDate: '2024-03-01',
      summary: '2023年，全市社会信用体系建设稳步推进。',
      highlights: [],
      figures: [
        { key: 'records', label: '归集信用信息', value: 1280, previous: 1010, unit: '万条' },
        { key: 'repairs', label: '完成信用修复', value: 3120, previous: 2400, unit: '件' },
        { key: 'reports', label: '出具信用报告', value: 8600, previous: null, unit: '份' },
      ],
      sections: [
        { heading: '一、信用信息归集共享', html: '<p>全年归集信用信息……</p>' },
        { heading: '二、信用修复与异议处理', html: '<p>全年完成信用修复……</p>' },
      ],
    };
    report.highlights = report.figures.slice(0, 2);
    const gateway = fakeGateway().on(CONTRACTS.annualReportDetail, () => report);
    renderAppAt('#/xyzx/xn2023Details');
    await screen.findByRole('heading', { level: 1, name: report.title });
    expect(gateway.calls(CONTRACTS.annualReportDetail.path)[0]!.body).toEqual({ year: 2023 });
    const figures = screen.getAllByRole('term');
    expect(figures.map((term) => term.textContent)).toEqual(
      expect.arrayContaining(report.figures.map((figure) => figure.label)),
    );
    // Growth against the year before, for the figures that have one.
    expect(screen.getByRole('img', { name: '2023年主要指标比上年增长（%）' })).toBeInTheDocument();
    for (const section of report.sections) {
      expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();
    }
  });
});

const LICENCE = licenceDetail();
const PENALTY = penaltyDetail();

describe('licence and penalty publications', () => {
  it.each([
    ['licence', LICENCE.XK_XDR_MC, LICENCE.XK_WSH, '行政许可决定文书号'],
    ['penalty', PENALTY.CF_XDR_MC, PENALTY.CF_WSH, '行政处罚决定书文号'],
  ] as const)('the %s details page shows the record the notice list links to', async (kind, name, docNo, label) => {
    const gateway = fakeGateway()
      .on(CONTRACTS.permitDetail, () => LICENCE)
      .on(CONTRACTS.punishDetail, () => PENALTY);
    const notice: NoticeListItem = { RecordId: kind === 'licence' ? LICENCE.id : PENALTY.id, EntName: name };
    const path = (kind === 'licence' ? licenceDetailsPath : penaltyDetailsPath)(notice.RecordId, notice.EntName);
    renderAppAt(`#${path}`);
    expect(await screen.findByRole('heading', { name: notice.EntName })).toBeInTheDocument();
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getAllByText(docNo).length).toBeGreaterThan(0);
    const detailPath = kind === 'licence' ? CONTRACTS.permitDetail.path : CONTRACTS.punishDetail.path;
    expect(gateway.calls(detailPath)[0]!.query.get('id')).toBe(notice.RecordId);
  });

  it('says what is missing when the address has no id', async () => {
    const gateway = fakeGateway();
    renderAppAt('#/XygsDetailsXK');
    expect(await screen.findByText('缺少记录编号')).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.permitDetail.path)).toEqual([]);
  });
});
