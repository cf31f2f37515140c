import { screen, waitFor, within } from '@testing-library/react';
import { CONTRACTS, SPECIAL_REPORT_AREA_MESSAGES, SPECIAL_REPORT_AREAS, type MyBusiness } from '@credit-portal/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearLogin, storeLogin } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { failure, fakeGateway, fileReply } from '../../fake-gateway';
import { loginResult } from '../../fixtures';
import { findMain, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * The 专项信用报告's areas on its page, the API client stubbed at its edge: none chosen at first
 * (the button waits and says why), ticked by pointer or keyboard, all or none at once, and sent
 * in the list's order with the request; the service's refusal is shown as it says it.
 */

beforeAll(() => preloadPages(paths.specialReportInfo));

afterEach(() => {
  clearLogin();
  vi.unstubAllGlobals();
});

const BUSINESS: MyBusiness = {
  EntityId: '1024',
  EntName: '云州测试实业有限公司',
  CreditCode: '91350200MA2XXXXX1K',
  EntType: '有限责任公司',
  Status: '存续',
  Role: '经办人',
};

/** The page with the business chosen; the gateway answers the report as `report` says. */
async function openWithBusiness(report: () => ReturnType<typeof fileReply> | ReturnType<typeof failure>) {
  storeLogin(loginResult('13900000000'));
  const gateway = fakeGateway()
    .on(CONTRACTS.myBusinessList, () => [BUSINESS])
    .on(CONTRACTS.specialReport, report);
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  const user = setupUser();
  renderAppAt(`#${paths.specialReportInfo}`);
  const main = await findMain();
  await user.click(await main.findByRole('combobox', { name: '报告主体' }));
  await user.click(await screen.findByTitle(`${BUSINESS.EntName}（${BUSINESS.CreditCode}，${BUSINESS.Role}）`));
  const areas = main.getByRole('group', { name: /报告涵盖的领域/ });
  return { gateway, user, main, areas: within(areas) };
}

const box = (areas: ReturnType<typeof within>, name: string) =>
  areas.getByRole('checkbox', { name: new RegExp(`^${name}（`) });

describe('the special report’s areas', () => {
  it('waits for an area, takes them by keyboard too, and sends them in the list’s order', async () => {
    const { gateway, user, main, areas } = await openWithBusiness(() =>
      fileReply(new TextEncoder().encode('%PDF-1.7'), '专项信用报告.pdf'),
    );
    const generate = main.getByRole('button', { name: '生成并下载报告' });
    expect(generate).toBeDisabled();
    expect(main.getAllByText(SPECIAL_REPORT_AREA_MESSAGES.none).length).toBeGreaterThan(0);
    // Every area offered, with its departments.
    for (const area of SPECIAL_REPORT_AREAS) {
      expect(areas.getByRole('checkbox', { name: `${area.area}（${area.dept}）` })).not.toBeChecked();
    }

    await user.click(box(areas, '税务'));
    // The keyboard: focus the first box, Space ticks it.
    box(areas, '市场监管').focus();
    await user.keyboard(' ');
    expect(box(areas, '市场监管')).toBeChecked();
    expect(areas.getByText('已选择 2 个领域：市场监管、税务')).toBeInTheDocument();
    await waitFor(() => expect(generate).toBeEnabled());

    await user.click(generate);
    expect(await screen.findByText('报告已生成')).toBeInTheDocument();
    const [asked] = gateway.calls(CONTRACTS.specialReport.path);
    expect(asked!.body).toMatchObject({ entityId: BUSINESS.EntityId, areas: ['市场监管', '税务'] });
  });

  it('chooses all or none at once', async () => {
    const { user, main, areas } = await openWithBusiness(() => fileReply(new Uint8Array([37]), 'r.pdf'));
    await user.click(areas.getByRole('button', { name: '全部选择' }));
    for (const area of SPECIAL_REPORT_AREAS) expect(box(areas, area.area)).toBeChecked();
    expect(areas.getByText(new RegExp(`^已选择 ${SPECIAL_REPORT_AREAS.length} 个领域`))).toBeInTheDocument();
    await user.click(areas.getByRole('button', { name: '全部取消' }));
    for (const area of SPECIAL_REPORT_AREAS) expect(box(areas, area.area)).not.toBeChecked();
    expect(main.getByRole('button', { name: '生成并下载报告' })).toBeDisabled();
  });

  it('shows the service’s refusal as it says it', async () => {
    const refusal = SPECIAL_REPORT_AREA_MESSAGES.unknown('火星');
    const { user, main, areas } = await openWithBusiness(() => failure(400, 400, refusal));
    await user.click(box(areas, '卫生健康'));
    await user.click(main.getByRole('button', { name: '生成并下载报告' }));
    expect(await main.findByText(`报告生成失败：${refusal}`)).toBeInTheDocument();
  });
});
