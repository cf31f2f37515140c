import { screen, waitFor, within } from '@testing-library/react';
import {
  CONTRACTS,
  H5_MESSAGES,
  H5_REPORT_ACCESS_DAYS,
  PRIVACY_PAGE_PATH,
  type H5ReportAccessItem,
  type H5ReportAccessList,
} from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { failure, fakeGateway } from '../../fake-gateway';
import { renderAppAt, setupUser } from '../../render-app';
import { TEST_RUNTIME_CONFIG } from '../../test-providers';
import {
  USER,
  byParameters,
  clearStorage,
  findMessage,
  h5Gateway,
  loginButton,
  makeRsaKey,
  preloadH5Pages,
  leaveApp,
  resetMocks,
  watchLeaving,
  type RsaKey,
} from './pages-support';

/*
 * The resident's rights in the H5 app, with the API client stubbed at its edge: the
 * face-verification notice before the hand-off (what it says, the consent of its own, the way
 * back), and who looked at my report (its rows, the masked address or 邮箱未记录, its pages, its
 * empty and error states).
 */

let rsa: RsaKey;
beforeAll(async () => {
  rsa = await makeRsaKey();
  await preloadH5Pages(paths.h5Login, paths.h5ReportAccess);
});
beforeEach(clearStorage);
beforeEach(watchLeaving);
afterEach(resetMocks);

describe('the face-verification notice', () => {
  it('says why, who receives what, what is kept, the other way and the rules; hands off only with its consent', async () => {
    const user = setupUser();
    const gateway = fakeGateway(TEST_RUNTIME_CONFIG)
      .on(CONTRACTS.h5Encode, () => 'sealed')
      .on(CONTRACTS.h5CertToken, () => 'cert-token-1');
    renderAppAt(`#${paths.h5Login}`);
    await user.click(await loginButton());

    const notice = await screen.findByRole('region', { name: '人脸识别告知' });
    expect(within(notice).getByRole('heading', { name: '人脸识别告知' })).toHaveFocus();
    expect(notice).toHaveTextContent('核验您的身份');
    expect(notice).toHaveTextContent('姓名、证件号码和人脸图像');
    expect(notice).toHaveTextContent('本网站不保存任何人脸图像或视频');
    expect(notice).toHaveTextContent('安全审计日志');
    expect(notice).toHaveTextContent(`携带本人有效身份证件到信用中心服务窗口`);
    expect(notice).toHaveTextContent(TEST_RUNTIME_CONFIG.contactAddress);
    expect(within(notice).getByRole('link', { name: TEST_RUNTIME_CONFIG.contactPhone })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(within(notice).getByRole('link', { name: '《个人信息处理规则》' })).toHaveAttribute(
      'href',
      `#${PRIVACY_PAGE_PATH}`,
    );

    // Not agreed: a warning, no token asked for.
    await user.click(within(notice).getByRole('button', { name: /同意并开始人脸识别/ }));
    expect(await findMessage(H5_MESSAGES.faceConsentMissing)).toBe('warning');
    expect(gateway.calls(CONTRACTS.h5CertToken.path)).toEqual([]);
    expect(leaveApp).not.toHaveBeenCalled();

    // 不同意: back to 登录, nothing asked.
    await user.click(within(notice).getByRole('button', { name: /不同意/ }));
    expect(await loginButton()).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '人脸识别告知' })).toBeNull();

    // Agreed: the hand-off.
    await user.click(await loginButton());
    const again = await screen.findByRole('region', { name: '人脸识别告知' });
    await user.click(within(again).getByRole('checkbox'));
    await user.click(within(again).getByRole('button', { name: /同意并开始人脸识别/ }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledTimes(1));
    expect(gateway.calls(CONTRACTS.h5CertToken.path)).toHaveLength(1);
  });
});

const item = (over: Partial<H5ReportAccessItem>): H5ReportAccessItem => ({
  Time: '2026-12-05T02:30:00.000Z',
  Channel: 'view',
  ReportNumber: 'GRXY20261205000001',
  MaskedEmail: null,
  ...over,
});
const page = (Items: H5ReportAccessItem[], over: Partial<H5ReportAccessList> = {}): H5ReportAccessList => ({
  Items,
  Total: Items.length,
  Page: 1,
  PageSize: 10,
  Days: H5_REPORT_ACCESS_DAYS,
  Capped: false,
  ...over,
});

describe('who looked at my report', () => {
  it('lists the accesses newest first with the masked address, or 邮箱未记录, and pages', async () => {
    const user = setupUser();
    const gateway = h5Gateway(rsa).on(CONTRACTS.h5ReportAccess, ({ body }) => {
      const { Infotoken, Page } = body as { Infotoken: string; Page: number };
      if (Infotoken !== USER.Infotoken) return failure(401, 'unauthorized', H5_MESSAGES.loginExpired);
      return Page === 2
        ? page([item({ Time: '2026-11-01T01:00:00.000Z', Channel: 'download' })], { Total: 13, Page: 2 })
        : page(
            [
              item({ Channel: 'email', MaskedEmail: 'l***@example.cn' }),
              item({ Time: '2026-12-04T08:00:00.000Z' }),
              item({ Time: '2026-12-03T08:00:00.000Z', Channel: 'email' }),
            ],
            { Total: 13 },
          );
    });
    renderAppAt(byParameters(paths.h5ReportAccess));
    const list = await screen.findByRole('list', { name: '访问记录' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('发送至邮箱');
    expect(rows[0]).toHaveTextContent('2026-12-05 10:30');
    expect(rows[0]).toHaveTextContent('收件邮箱：l***@example.cn');
    expect(rows[1]).toHaveTextContent('渠道：手机页面查看');
    expect(rows[1]).not.toHaveTextContent('收件邮箱');
    expect(rows[2]).toHaveTextContent(`收件邮箱：${H5_MESSAGES.reportAccessEmailUnknown}`);
    expect(screen.getByText(/第 1 \/ 2 页，共 13 条/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText(/第 2 \/ 2 页/);
    expect(within(screen.getByRole('list', { name: '访问记录' })).getByRole('listitem')).toHaveTextContent('PDF 下载');
    expect(gateway.calls(CONTRACTS.h5ReportAccess.path).map((c) => (c.body as { Page: number }).Page)).toEqual([1, 2]);
  });

  it('says so when nobody looked, and offers a retry when the list cannot be read', async () => {
    const user = setupUser();
    let fail = true;
    h5Gateway(rsa).on(CONTRACTS.h5ReportAccess, () => (fail ? failure(502, 'upstream_error') : page([])));
    renderAppAt(byParameters(paths.h5ReportAccess));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('访问记录加载失败');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: /重新加载/ }));
    expect(await screen.findByText(new RegExp(H5_MESSAGES.reportAccessEmpty))).toBeInTheDocument();
  });
});
