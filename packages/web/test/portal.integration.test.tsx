import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  STORAGE_KEYS,
  type AnnualReport,
  type ArticleSearchPage,
  type InteractionPage,
  type NoticePage,
} from '@credit-portal/shared';
import { buildApp as buildCreditService, CONTROL_PATHS, type VisitLogSummary } from '@credit-portal/credit-service';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { postVisitLogs } from '@/features/visit-log/send-visit-logs';
import { buildVisitRecord, createVisitLog } from '@/features/visit-log/visit-log';
import { request } from '@/lib/api-client';
import { startInProcessProduct, type InProcessProduct } from './in-process-product';

/*
 * The portal's own pages and the visit-log sender against the real thing: the reference
 * credit-service (seeded SQLite in a temporary directory) and the gateway, in-process on free
 * ports. What a page must show is read from the gateway through the same client.
 */

const SLOW = { timeout: 15_000 };

let product: InProcessProduct;
let dataDir: string;
let creditServiceUrl: string;
let gatewayUrl: string;
let visitLogUrl: string;

async function storedVisitLogs(): Promise<VisitLogSummary> {
  const response = await fetch(`${creditServiceUrl}${CONTROL_PATHS.visitLogs}`);
  return (await response.json()) as VisitLogSummary;
}

function renderAppAt(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  // The page's own visit log posts to the in-process gateway too.
  return render(<App visitLog={createVisitLog({ send: (records) => postVisitLogs(records, visitLogUrl) })} />);
}

beforeAll(async () => {
  product = await startInProcessProduct({
    seedEntities: 300,
    env: {
      RATE_LIMIT_STRICT_MAX: '100000',
      RATE_LIMIT_VISITLOG_MAX: '100000',
      VISITLOG_BATCH_WAIT_MS: '50',
    },
  });
  ({ dataDir, creditServiceUrl, gatewayUrl } = product);
  visitLogUrl = `${gatewayUrl}${API_PATHS.visitLog}`;
});

afterAll(async () => {
  await product?.stop();
});

beforeEach(() => window.localStorage.clear());

describe('the visit-log sender against the gateway', () => {
  it('posts the encoded message, is answered 202, and the records reach the upstream', async () => {
    const before = (await storedVisitLogs()).distinct;
    const log = createVisitLog({ send: (records) => postVisitLogs(records, visitLogUrl) });
    log.log({ contentCode: '0103', param: '/xydt/list?page=2' });
    log.log({ contentCode: '010501', param: '/xygs?currentTab=1' });
    log.log({ contentCode: '0105', param: '/XygsDetailsXK?id=7', visitorDevice: '1' });
    await log.flush();
    // Sent records leave the queue only after the gateway's 202.
    expect(window.localStorage.getItem(STORAGE_KEYS.visitLogQueue)).toBe('[]');
    // The gateway forwards in batches: the three records arrive upstream, each stored once.
    await waitFor(async () => expect((await storedVisitLogs()).distinct).toBe(before + 3), SLOW);
  });

  it('is told when the gateway refuses a malformed record, and keeps records when it cannot reach it', async () => {
    const broken = { ...buildVisitRecord({ contentCode: '01', param: '/index' }), visitTime: '2026-13-45 99:00:00' };
    expect(await postVisitLogs([broken], visitLogUrl)).toBe('rejected');

    const closed = await buildCreditService({ dataDir, seedEntities: 300 });
    const unreachable = await closed.listen({ host: '127.0.0.1', port: 0 });
    await closed.close();
    const log = createVisitLog({ send: (records) => postVisitLogs(records, `${unreachable}${API_PATHS.visitLog}`) });
    log.log({ contentCode: '01', param: '/index' });
    await log.flush();
    const kept = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.visitLogQueue) ?? '[]') as unknown[];
    expect(kept).toHaveLength(1);
  });

  it('logs the navigations of the running app', async () => {
    const before = (await storedVisitLogs()).distinct;
    renderAppAt('#/hdjl/Index');
    await screen.findByRole('heading', { level: 1, name: '互动交流' }, SLOW);
    // The app's timer sends the queue about every second; the record arrives upstream.
    await waitFor(async () => expect((await storedVisitLogs()).distinct).toBeGreaterThan(before), SLOW);
  });
});

describe('the portal pages on the real data', () => {
  it('hdjl/List shows the public messages, filters by type and pages', async () => {
    const user = userEvent.setup();
    const first = await request<InteractionPage>(API_PATHS.interactionList, {
      method: 'POST',
      body: { pageIndex: 1, pageSize: 10 },
    });
    renderAppAt('#/hdjl/List');
    const main = await screen.findByRole('main', {}, SLOW);
    await waitFor(() => expect(main).toHaveTextContent(first.list[0]!.code), SLOW);
    expect(main).toHaveTextContent(`共 ${first.totalCount} 条`);

    // antd draws the radio over its input: the visitor clicks the label.
    const complaintOption = within(within(main).getByRole('group', { name: '留言类型' })).getByRole('radio', {
      name: '投诉',
    });
    await user.click(complaintOption.closest('label')!);
    const complaints = await request<InteractionPage>(API_PATHS.interactionList, {
      method: 'POST',
      body: { type: 'complaint', pageIndex: 1, pageSize: 10 },
    });
    await waitFor(() => expect(window.location.hash).toBe('#/hdjl/List?type=complaint'));
    await waitFor(() => expect(main).toHaveTextContent(`共 ${complaints.totalCount} 条`), SLOW);
    const link = within(main).getAllByRole('link', { name: complaints.list[0]!.title })[0]!;
    expect(link).toHaveAttribute('href', `#/hdjl/Detail?id=${complaints.list[0]!.id}`);
  });

  it('index/articleList searches every section and opens a title in a new tab with zcfgDetails', async () => {
    const found = await request<ArticleSearchPage>(API_PATHS.articleSearch, {
      method: 'POST',
      body: { searchWord: '信用修复', pageIndex: 1, pageSize: 8 },
    });
    expect(found.totalCount).toBeGreaterThan(0);
    renderAppAt('#/index/articleList?keyword=信用修复');
    const main = await screen.findByRole('main', {}, SLOW);
    await waitFor(() => expect(main).toHaveTextContent(`“信用修复”共 ${found.totalCount} 篇`), SLOW);
    const internal = found.list.find((item) => item.is_url === '0')!;
    const link = within(main)
      .getAllByRole('link')
      .find((a) => a.textContent?.includes(internal.title))!;
    expect(link).toHaveAttribute('href', `#/zcfgDetails?id=${internal.id}`);
    expect(link).toHaveAttribute('target', '_blank');
    if (internal.top) expect(link).toHaveTextContent('[置顶]');
  });

  it('an annual report shows its figures against the year before and its chapters', async () => {
    const report = await request<AnnualReport>(API_PATHS.annualReportDetail, { method: 'POST', body: { year: 2023 } });
    renderAppAt('#/xyzx/xn2023Details');
    await screen.findByRole('heading', { level: 1, name: report.title }, SLOW);
    const figures = screen.getAllByRole('term');
    expect(figures.map((term) => term.textContent)).toEqual(
      expect.arrayContaining(report.figures.map((figure) => figure.label)),
    );
    for (const section of report.sections) {
      expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();
    }
  });
});

describe('licence and penalty publications', () => {
  it.each([
    ['licence', API_PATHS.permitPublicity, '#/XygsDetailsXK', '行政许可决定文书号'],
    ['penalty', API_PATHS.punishPublicity, '#/XygsDetailsCF', '行政处罚决定书文号'],
  ] as const)('the %s details page shows the record the notice list links to', async (kind, listPath, route, label) => {
    const notices = await request<NoticePage>(listPath, { query: { pageIndex: 1, pageSize: 1 } });
    const notice = notices.list[0]!;
    renderAppAt(`${route}?id=${notice.RecordId}&title=${encodeURIComponent(notice.EntName)}`);
    expect(await screen.findByRole('heading', { name: notice.EntName }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(label)).toBeInTheDocument();
    const docNo = kind === 'licence' ? notice.LicenseDocNo : notice.PunishDocNo;
    expect(screen.getAllByText(docNo!).length).toBeGreaterThan(0);
  });

  it('says what is missing when the address has no id', async () => {
    renderAppAt('#/XygsDetailsXK');
    expect(await screen.findByText('缺少记录编号', {}, SLOW)).toBeInTheDocument();
  });
});
