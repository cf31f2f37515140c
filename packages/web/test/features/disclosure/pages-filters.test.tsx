import { screen, waitFor, within } from '@testing-library/react';
import { CONTRACTS, PUBLICITY_SEARCH_COUNT_MAX } from '@credit-portal/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/lib/paths';
import { PUNISHMENTS, forgetLogin, pageOf } from './pages-support';
import { failure, fakeGateway, fileReply } from '../../fake-gateway';
import { addressQuery, findMain, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * 双公示's filters with the API client stubbed at its edge: the form sends every filter to the
 * search, keeps them in the address (back restores them), clears them, says a refused filter in
 * the service's words, and exports the filtered matches as CSV. What the filters find is tested
 * against the service (credit-service test/routes/credit-lists/publicity-search.test.ts).
 */

// The page, and the tabs and wide table it loads after its heading.
beforeAll(() =>
  Promise.all([
    preloadPages(paths.doubleDisclosure),
    import('@/features/disclosure/components/double-disclosure-tabs'),
    import('@/components/record-table-wide'),
  ]),
);
afterEach(forgetLogin);

const CSV = new TextEncoder().encode('\uFEFFCF_XDR_MC,CF_WSH\r\n');

function gateway() {
  return fakeGateway()
    .on(CONTRACTS.punishSearch, (request) =>
      request.query.get('dateFrom') === '2026-05-01' && request.query.get('dateTo') === '2026-04-01'
        ? failure(400, 400, '参数错误：开始日期不能晚于结束日期')
        : pageOf(PUNISHMENTS, request, 'entNameOrPunishDocNo', (row) => [row.cF_WSH, row.cF_XDR_MC]),
    )
    .on(CONTRACTS.punishExport, () => fileReply(CSV, '行政处罚-2026-12-05.csv', 'text/csv; charset=utf-8'));
}

const openPenalties = async () => {
  renderAppAt(`#${withQuery(paths.doubleDisclosure, { currentTab: 2 })}`);
  const main = await findMain();
  // The first list of the file also loads the wide table's chunk: a generous wait.
  await screen.findByText(PUNISHMENTS[0]!.cF_WSH, { selector: 'td' }, { timeout: 15_000 });
  return main;
};

describe('双公示 filters', () => {
  it('applies the filters together and keeps them in the address', async () => {
    const fake = gateway();
    const user = setupUser();
    const main = await openPenalties();
    const form = main.getByRole('form', { name: '筛选条件' });
    await user.type(within(form).getByLabelText('处罚机关'), '云州市市场监督管理局');
    await user.type(within(form).getByLabelText('决定日期（起）'), '2026-01-01');
    await user.type(within(form).getByLabelText('决定日期（止）'), '2026-03-31');
    await user.selectOptions(within(form).getByLabelText('处罚类别'), '罚款');
    await user.selectOptions(within(form).getByLabelText('违法行为程度'), '严重');
    await user.selectOptions(within(form).getByLabelText('记录状态'), '异议处理中');
    await user.selectOptions(within(form).getByLabelText('排序'), 'asc');
    // 已修复 is not offered: repaired records are no longer published, and the form says so.
    expect(within(within(form).getByLabelText('记录状态')).queryByRole('option', { name: '已修复' })).toBeNull();
    expect(within(form).getByText(/已完成信用修复的记录依规不再公示/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: /^筛\s?选$/ }));

    const expected = {
      authority: '云州市市场监督管理局',
      dateFrom: '2026-01-01',
      dateTo: '2026-03-31',
      kind: '罚款',
      severity: '严重',
      state: '异议处理中',
      sort: 'asc',
    };
    await waitFor(() => expect(addressQuery().get('state')).toBe('异议处理中'));
    for (const [name, value] of Object.entries(expected)) expect(addressQuery().get(name), name).toBe(value);
    expect(addressQuery().get('currentTab')).toBe('2');
    const asked = fake.calls(CONTRACTS.punishSearch.path).at(-1)!.query;
    for (const [name, value] of Object.entries(expected)) expect(asked.get(name), name).toBe(value);
    expect(await main.findByText(/按筛选条件共找到 15 条/)).toBeInTheDocument();
    expect(main.getByText('（已选 6 项）')).toBeInTheDocument();
  });

  it('opens with the filters of a shared address, clears them, and says a refused filter in Chinese', async () => {
    const fake = gateway();
    const user = setupUser();
    renderAppAt(
      `#${withQuery(paths.doubleDisclosure, { currentTab: 2, dateFrom: '2026-05-01', dateTo: '2026-04-01', kind: '罚款' })}`,
    );
    const main = await findMain();
    expect(await main.findByText('参数错误：开始日期不能晚于结束日期')).toBeInTheDocument();
    const form = main.getByRole('form', { name: '筛选条件' });
    expect(within(form).getByLabelText('处罚类别')).toHaveValue('罚款');
    await user.click(within(form).getByRole('button', { name: '清除筛选' }));
    await screen.findByText(PUNISHMENTS[0]!.cF_WSH, { selector: 'td' });
    expect(addressQuery().get('kind')).toBeNull();
    expect(addressQuery().get('currentTab')).toBe('2');
    expect(fake.calls(CONTRACTS.punishSearch.path).at(-1)!.query.get('kind')).toBeNull();
  });

  it('ignores values an address cannot hold (an unknown kind, a malformed day)', async () => {
    const fake = gateway();
    renderAppAt(`#${withQuery(paths.doubleDisclosure, { currentTab: 2, kind: '罚酒', dateFrom: '2026/1/1' })}`);
    await screen.findByText(PUNISHMENTS[0]!.cF_WSH, { selector: 'td' });
    const asked = fake.calls(CONTRACTS.punishSearch.path).at(-1)!.query;
    expect(asked.get('kind')).toBeNull();
    expect(asked.get('dateFrom')).toBeNull();
  });

  it('says when a keyword matches more than the count reaches, and offers no page beyond it', async () => {
    // The service counts a keyword's matches up to PUBLICITY_SEARCH_COUNT_MAX and says when more match.
    gateway().on(CONTRACTS.punishSearch, (request) => ({
      list: pageOf(PUNISHMENTS, request, 'entNameOrPunishDocNo', (row) => [row.cF_XDR_MC]).list,
      totalCount: PUBLICITY_SEARCH_COUNT_MAX,
      totalCapped: true,
    }));
    renderAppAt(`#${withQuery(paths.doubleDisclosure, { currentTab: 2, keyword: '餐饮' })}`);
    const main = await findMain();
    expect(
      await main.findByText(
        '“餐饮”找到超过 1,000 条，只能显示前 1,000 条。请输入更完整的名称、文书号，或增加筛选条件，缩小查找范围。',
      ),
    ).toBeInTheDocument();
    const pager = main.getByRole('navigation', { name: '分页' });
    expect(within(pager).getByTitle('100')).toBeInTheDocument();
    expect(within(pager).queryByTitle('101')).toBeNull();
    // The pager's own total says the same, not 共 1000 条.
    expect(within(pager).getByText('超过 1000 条')).toBeInTheDocument();
  });

  it('exports the filtered matches as CSV under the name the service gives', async () => {
    const fake = gateway();
    const objectUrl = vi.fn((_blob: Blob) => 'blob:csv');
    URL.createObjectURL = objectUrl;
    URL.revokeObjectURL = vi.fn();
    const user = setupUser();
    renderAppAt(`#${withQuery(paths.doubleDisclosure, { currentTab: 2, severity: '一般', keyword: '餐饮' })}`);
    const main = await findMain();
    await main.findByText(/共找到/);
    await user.click(main.getByRole('button', { name: /导出CSV/ }));
    await waitFor(() => expect(objectUrl).toHaveBeenCalledTimes(1));
    const asked = fake.calls(CONTRACTS.punishExport.path).at(-1)!.query;
    expect(asked.get('severity')).toBe('一般');
    expect(asked.get('entNameOrPunishDocNo')).toBe('餐饮');
    expect(asked.get('pageIndex')).toBeNull();
    expect(objectUrl.mock.calls[0]![0].type).toMatch(/^text\/csv/);
  });

  it('says why an export failed', async () => {
    gateway().on(CONTRACTS.punishExport, () => failure(429, 'rate_limited'));
    const user = setupUser();
    const main = await openPenalties();
    await user.click(main.getByRole('button', { name: /导出CSV/ }));
    expect(await main.findByRole('alert')).toHaveTextContent(/^导出失败：/);
  });
});
