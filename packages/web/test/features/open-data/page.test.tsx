import { render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import {
  OPEN_DATA_CONTRACTS,
  OPEN_DATA_PATHS,
  type OpenDataCatalog,
  type OpenDataset,
} from '@credit-portal/shared/contracts/open-data';
import { ERROR_CODES, OPEN_DATASETS } from '@credit-portal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '@/app/routes';
import OpenDataPage from '@/features/open-data/components/open-data-page';
import { fileSizeLabel } from '@/features/open-data/format';
import { paths } from '@/lib/paths';
import { failure, fakeGateway, upstreamError } from '../../fake-gateway';
import { findRetry, setupUser } from '../../render-app';
import { TestProviders } from '../../test-providers';

/*
 * 开放数据 with the API client stubbed at its edge (test/fake-gateway.ts): the datasets
 * with their files, hashes, download links and field descriptions; loading, empty and failed
 * states in Chinese; keyboard access. What the files hold is tested against the credit-service
 * (src/routes/open-data/open-data.test.ts); a CSV downloaded in Chromium: e2e/open-data.e2e.ts.
 */

const DATE = '2026-11-27';
const SHA = 'a'.repeat(64);

function datasetOf(id: string, rows: number): OpenDataset {
  const definition = OPEN_DATASETS.find((d) => d.id === id)!;
  return {
    id,
    title: definition.title,
    description: definition.description,
    rows,
    files: (['csv', 'jsonl'] as const).map((format, i) => ({
      format,
      name: `${id}-${DATE}.${format}`,
      bytes: 1536 * (i + 1),
      sha256: i === 0 ? SHA : 'b'.repeat(64),
      url: `${OPEN_DATA_PATHS.filesPrefix}${DATE}/${id}-${DATE}.${format}`,
    })),
    fields: [...definition.fields],
  };
}

const CATALOG: OpenDataCatalog = {
  date: DATE,
  generatedAt: '2026-11-27T00:05:00.000Z',
  manifestUrl: `${OPEN_DATA_PATHS.filesPrefix}${DATE}/manifest.json`,
  manifestSignatureUrl: `${OPEN_DATA_PATHS.filesPrefix}${DATE}/manifest.json.sig`,
  datasets: [datasetOf('xzxk', 1200), datasetOf('xzcf', 345)],
};

function renderPage() {
  return render(
    <TestProviders>
      <ConfigProvider theme={{ zeroRuntime: true }}>
        <OpenDataPage />
      </ConfigProvider>
    </TestProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('开放数据 page', () => {
  it('shows loading, then each dataset with its date, rows, files (size, SHA-256, download) and field descriptions', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const gateway = fakeGateway().on(OPEN_DATA_CONTRACTS.openDatasets, async () => {
      await answered;
      return CATALOG;
    });
    const { container } = renderPage();
    expect(await screen.findByText('正在加载…')).toBeTruthy();
    release();
    const penalties = await screen.findByRole('region', { name: /行政处罚/ });
    expect(gateway.calls(OPEN_DATA_PATHS.datasets)).toHaveLength(1);

    expect(within(penalties).getByText('记录数：345 条')).toBeTruthy();
    expect(within(penalties).getByText(`数据日期：${DATE}`)).toBeTruthy();
    expect(within(penalties).getByText(SHA)).toBeTruthy();
    expect(within(penalties).getByText('1.5 KB')).toBeTruthy();
    const csv = within(penalties).getByRole('link', { name: /下载 CSV/ });
    expect(csv.getAttribute('href')).toBe(`${OPEN_DATA_PATHS.filesPrefix}${DATE}/xzcf-${DATE}.csv`);
    expect(csv.getAttribute('download')).toBe(`xzcf-${DATE}.csv`);
    expect(
      within(penalties)
        .getByRole('link', { name: /下载 JSONL/ })
        .getAttribute('href'),
    ).toContain('.jsonl');

    const fields = within(penalties).getByRole('table', { hidden: true });
    const rowOf = (code: string) => within(fields).getByText(code, { selector: 'code' }).closest('tr')!;
    expect(within(rowOf('CF_WSH')).getByText('行政处罚决定书文号')).toBeTruthy();
    expect(within(rowOf('CF_XDR_ZJHM')).getByText(/已脱敏/)).toBeTruthy();
    expect(within(rowOf('CF_GSJZQ')).getByText(/公示截止日期/)).toBeTruthy();
    expect(screen.getByRole('region', { name: /行政许可/ })).toBeTruthy();
    expect(
      within(container)
        .getByRole('link', { name: /manifest\.json/ })
        .getAttribute('href'),
    ).toBe(CATALOG.manifestUrl);
    // The API in short: its three paths.
    const api = screen.getByRole('region', { name: '数据接口' });
    for (const path of Object.values(OPEN_DATA_PATHS)) expect(api.textContent).toContain(path);
  });

  // Enter on the summary (a browser's own behaviour, which jsdom lacks) is pressed in Chromium: e2e/open-data.e2e.ts.
  it('keeps the field descriptions folded behind a focusable summary, and every download in the tab order', async () => {
    fakeGateway().on(OPEN_DATA_CONTRACTS.openDatasets, () => CATALOG);
    renderPage();
    const licences = await screen.findByRole('region', { name: /行政许可/ });
    const user = setupUser();
    const summary = within(licences).getByText(/^字段说明/);
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    summary.focus();
    expect(document.activeElement).toBe(summary);
    await user.tab();
    // Tab order goes from the summary on to the next dataset's first download link.
    expect(document.activeElement?.getAttribute('href')).toContain('xzcf-');
    await user.click(summary);
    await waitFor(() => expect(details.open).toBe(true));
    summary.focus();
    await user.tab();
    expect(document.activeElement?.textContent).toContain('下载 CSV');
    expect(document.activeElement?.getAttribute('href')).toContain('xzcf-');
    for (const link of screen.getAllByRole('link', { name: /下载 (CSV|JSONL)/ })) expect(link.tabIndex).toBe(0);
  });

  it('says 暂无数据 when no dataset is published', async () => {
    fakeGateway().on(OPEN_DATA_CONTRACTS.openDatasets, () => ({ ...CATALOG, datasets: [] }));
    const { container } = renderPage();
    await waitFor(() => expect(container.querySelector('.ant-empty-description')?.textContent).toBe('暂无数据'));
    expect(screen.queryByRole('region', { name: /行政/ })).toBeNull();
  });

  it('says what failed in Chinese and loads again with 重试', async () => {
    let fail = true;
    fakeGateway().on(OPEN_DATA_CONTRACTS.openDatasets, () => (fail ? upstreamError() : CATALOG));
    const { container } = renderPage();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    fail = false;
    await setupUser().click(await findRetry(container));
    expect(await screen.findByRole('region', { name: /行政处罚/ })).toBeTruthy();
  });

  it('passes on the quota refusal (429) in its own words', async () => {
    fakeGateway().on(OPEN_DATA_CONTRACTS.openDatasets, () => failure(429, ERROR_CODES.rateLimited));
    renderPage();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/频繁|稍后/);
  });
});

describe('开放数据 in the site', () => {
  it('is a page of 信息公示 on the site map', () => {
    const row = findRoute(paths.openData)!;
    expect(row.label).toBe('开放数据');
    expect(row.inSiteMap).toBe(true);
    expect(row.breadcrumb.map((crumb) => crumb.label)).toEqual(['信息公示', '开放数据']);
  });

  it('writes file sizes as people read them', () => {
    expect(fileSizeLabel(512)).toBe('512 B');
    expect(fileSizeLabel(1536)).toBe('1.5 KB');
    expect(fileSizeLabel(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
