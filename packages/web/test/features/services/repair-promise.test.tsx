import { render, screen, waitFor, within } from '@testing-library/react';
import {
  CONTRACTS,
  FOLLOW_LIMIT,
  REPAIR_FILING_PAGE_PATH,
  REPAIR_PROMISE,
  repairFilingUrl,
  type Application,
  type FollowNotice,
} from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApplicationCard } from '@/features/services/components/application-card';
import { clearLogin, storeLogin } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { fakeGateway } from '../../fake-gateway';
import { loginResult } from '../../fixtures';
import { findMain, preloadPages, renderAppAt, setupUser } from '../../render-app';
import { TestProviders } from '../../test-providers';
import { ROW } from './fixtures';

/*
 * The day a penalty becomes repairable, in the SPA (API stubbed at its edge): the notice's link
 * and the mail's link open the repair filing with the penalty and its entity chosen; the filing's
 * 信用修复承诺书 step (the text, the signer's name, the box — both required) goes with the filing;
 * the signed promise shows in 我的办件's timeline. The service's side:
 * packages/credit-service/test/routes/services/repair-promise.test.ts and
 * packages/credit-service/test/routes/follow/repairable.test.ts.
 */

beforeAll(() => preloadPages(paths.creditRepairReport, paths.follows));

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  clearLogin();
  vi.unstubAllGlobals();
});

const PROMISE = {
  Version: REPAIR_PROMISE.version,
  TextSha256: 'c0ffee'.padEnd(64, '0'),
  Signer: '王经理',
  SignedAt: '2026-03-05 16:42:00',
};

function filed(over: Partial<Application> = {}): Application {
  return {
    ApplyNo: 'XF202603050001',
    Kind: 'repair',
    KindLabel: '信用修复',
    Status: 'submitted',
    StatusLabel: '已提交',
    EntityId: ROW.EntityId,
    EntName: ROW.CF_XDR_MC,
    CreditCode: ROW.CF_XDR_SHXYM,
    PunishId: ROW.id,
    CF_WSH: ROW.CF_WSH,
    Purpose: '招标投标',
    ContactName: '王经理',
    ContactPhone: '138****5678',
    Description: '已缴清罚款并完成整改。',
    SubmittedAt: PROMISE.SignedAt,
    UpdatedAt: PROMISE.SignedAt,
    Result: '',
    Materials: [{ FileName: '履行证明.png', MimeType: 'image/png', Size: 33 }],
    Steps: [
      { Step: 'submitted', Label: '已提交', Time: PROMISE.SignedAt, HandlingUnit: '申请人（网上提交）', Comment: '' },
    ],
    Promise: PROMISE,
    ...over,
  };
}

/** The filing's gateway: the penalty by its document number, the entity the user's, the purposes, the filing. */
function filingGateway() {
  return fakeGateway()
    .on(CONTRACTS.repairPunishSearch, ({ query }) =>
      query.get('entNameOrPunishDocNo') === ROW.CF_WSH ? { list: [ROW], totalCount: 1 } : { list: [], totalCount: 0 },
    )
    .on(CONTRACTS.judgeMyBusiness, () => ({
      isMine: true,
      EntityId: ROW.EntityId,
      EntName: ROW.CF_XDR_MC,
      CreditCode: ROW.CF_XDR_SHXYM,
    }))
    .on(CONTRACTS.repairPurposes, () => [{ id: 'P1', name: '招标投标', description: '参加招标投标活动需要' }])
    .on(CONTRACTS.repairUpload, () => filed());
}

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xde,
]);

describe('the repairable-day link', () => {
  it('the mail’s link opens the filing with the penalty and its entity chosen, and carries no secret', async () => {
    const link = repairFilingUrl('https://credit.example.gov.cn/', ROW.id, ROW.CF_WSH);
    const hash = link.slice(link.indexOf('#'));
    expect(hash.startsWith(`#${REPAIR_FILING_PAGE_PATH}?`)).toBe(true);
    expect([...new URLSearchParams(hash.split('?')[1]).keys()]).toEqual(['punishId', 'docNo']);
    expect(paths.creditRepairReport).toBe(REPAIR_FILING_PAGE_PATH);

    storeLogin(loginResult());
    const gateway = filingGateway();
    renderAppAt(hash);
    const main = await findMain();
    const picked = await main.findByRole('region', { name: '所选行政处罚' });
    expect(within(picked).getByText(ROW.CF_WSH)).toBeInTheDocument();
    expect(within(picked).getByText(ROW.CF_XDR_MC)).toBeInTheDocument();
    expect(within(picked).getByText(ROW.CF_XDR_SHXYM)).toBeInTheDocument();
    await waitFor(() => expect(main.getByRole('button', { name: '提交修复申请' })).toBeEnabled());
    expect(gateway.calls(CONTRACTS.repairPunishSearch.path)[0]!.query.get('entNameOrPunishDocNo')).toBe(ROW.CF_WSH);
  });

  it('a 可申请信用修复 notice links to the same filing', async () => {
    const notice: FollowNotice = {
      id: '31',
      EntityId: ROW.EntityId,
      EntName: ROW.CF_XDR_MC,
      Kind: 'penalty_repairable',
      Title: `可申请信用修复：${ROW.CF_WSH}`,
      Detail: '该行政处罚已于 2025-04-10 满最短公示期。',
      PublishedOn: ROW.RepairableFrom,
      CreatedAt: '2025-04-10 08:00:00',
      Read: false,
      RecordId: ROW.id,
      DocNo: ROW.CF_WSH,
    };
    filingGateway()
      .on(CONTRACTS.followList, () => ({
        list: [],
        totalCount: 0,
        Limit: FOLLOW_LIMIT,
        Settings: { EmailDigest: false, Email: '', EmailConfirmed: false, RepairableNotice: false },
      }))
      .on(CONTRACTS.followNotices, () => ({ list: [notice], totalCount: 1, Unread: 1 }));
    storeLogin(loginResult());
    const user = setupUser();
    renderAppAt(`#${paths.follows}`);
    const main = await findMain();
    const item = (await main.findByText(notice.Title)).closest('li')!;
    expect(within(item).getByText('可申请信用修复')).toBeInTheDocument();
    await user.click(within(item).getByRole('link', { name: '申请信用修复' }));
    expect(await screen.findByRole('heading', { name: '信用修复申请' })).toBeInTheDocument();
    const picked = await screen.findByRole('region', { name: '所选行政处罚' });
    expect(within(picked).getByText(ROW.CF_XDR_SHXYM)).toBeInTheDocument();
    expect(window.location.hash).toContain(REPAIR_FILING_PAGE_PATH);
  });

  it('the follower’s opt-in is a switch of 信用关注’s settings, off by default, saved with the mail choice', async () => {
    const gateway = fakeGateway()
      .on(CONTRACTS.followList, () => ({
        list: [],
        totalCount: 0,
        Limit: FOLLOW_LIMIT,
        Settings: { EmailDigest: false, Email: '', EmailConfirmed: false, RepairableNotice: false },
      }))
      .on(CONTRACTS.followNotices, () => ({ list: [], totalCount: 0, Unread: 0 }))
      .on(CONTRACTS.followSettings, () => ({
        EmailDigest: false,
        Email: '',
        EmailConfirmed: false,
        RepairableNotice: true,
      }));
    storeLogin(loginResult());
    const user = setupUser();
    renderAppAt(`#${paths.follows}`);
    const main = await findMain();
    const toggle = await main.findByRole('switch', { name: '可申请信用修复提醒' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(main.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(gateway.calls(CONTRACTS.followSettings.path).map((call) => call.body)).toEqual([
        { EmailDigest: false, Email: '', RepairableNotice: true },
      ]),
    );
  });
});

describe('the 信用修复承诺书 step', () => {
  it('shows the promise and sends nothing until it is signed by name and ticked; then it goes with the filing', async () => {
    storeLogin(loginResult());
    const gateway = filingGateway();
    const user = setupUser();
    const { container } = renderAppAt(
      `#${paths.creditRepairReport}?punishId=${ROW.id}&docNo=${encodeURIComponent(ROW.CF_WSH)}`,
    );
    const main = await findMain();
    const submit = await main.findByRole('button', { name: '提交修复申请' });
    await waitFor(() => expect(submit).toBeEnabled());

    const promise = main.getByRole('region', { name: REPAIR_PROMISE.title });
    for (const paragraph of REPAIR_PROMISE.paragraphs) expect(within(promise).getByText(paragraph)).toBeInTheDocument();
    // The text box is reachable by keyboard (it scrolls).
    expect(within(promise).getByRole('document')).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('承诺人姓名', { selector: 'label' })).toHaveClass('ant-form-item-required');

    // Everything else filled; the promise not signed.
    await user.click(main.getByRole('combobox', { name: '修复用途' }));
    await user.click(await screen.findByTitle('招标投标'));
    await user.click(main.getByLabelText('联系人'));
    await user.paste('王经理');
    await user.click(main.getByLabelText('联系电话'));
    await user.paste('13812345678');
    await user.click(main.getByLabelText('情况说明'));
    await user.paste('已缴清罚款并完成整改，特申请信用修复。');
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type=file]')!,
      new File([PNG], '履行证明.png', { type: 'image/png' }),
    );
    await user.click(submit);
    expect(await main.findByText('请填写承诺人姓名')).toBeInTheDocument();
    expect(await main.findByText(`请勾选“${REPAIR_PROMISE.consent}”`)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.repairUpload.path)).toEqual([]);

    // Signed by keyboard: the name typed, the box ticked with the space bar.
    await user.click(main.getByLabelText('承诺人姓名'));
    await user.paste('王经理');
    main.getByRole('checkbox', { name: REPAIR_PROMISE.consent }).focus();
    await user.keyboard(' ');
    await user.click(submit);
    await waitFor(() => expect(gateway.calls(CONTRACTS.repairUpload.path)).toHaveLength(1));
    const form = gateway.calls(CONTRACTS.repairUpload.path)[0]!.form!;
    expect(form.get('promiseSigner')).toBe('王经理');
    expect(form.get('promiseAccepted')).toBe('true');
    expect(form.get('promiseVersion')).toBe(REPAIR_PROMISE.version);
    expect(await screen.findByText('申请已提交', { selector: '.ant-result-title' })).toBeInTheDocument();
  });

  it('shows the signed promise in 我的办件’s timeline, after the submission', () => {
    render(
      <TestProviders>
        <ApplicationCard application={filed()} />
      </TestProviders>,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    const signed = items.findIndex((text) => text.includes('签署信用修复承诺书'));
    expect(signed).toBe(items.findIndex((text) => text.includes('已提交')) + 1);
    expect(items[signed]).toContain('承诺人：王经理');
    expect(items[signed]).toContain(`承诺书版本 ${REPAIR_PROMISE.version}`);
  });
});
