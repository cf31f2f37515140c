import { screen, waitFor, within } from '@testing-library/react';
import { API_PATHS, CONTRACTS, H5, H5_MESSAGES } from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths, withQuery } from '@/lib/paths';
import { FakeReply, failure, fakeGateway, upstreamError } from '../../fake-gateway';
import {
  ENTITIES,
  PERSON,
  REPORT,
  TEST_MODE,
  USER,
  byParameters,
  clearStorage,
  fill,
  findDialog,
  findMessage,
  h5Gateway,
  loginButton,
  makeRsaKey,
  preloadH5Pages,
  queryDialog,
  leaveApp,
  resetMocks,
  type RsaKey,
  watchLeaving,
} from './pages-support';
import { renderAppAt, setupUser } from '../../render-app';

/*
 * The H5 app's reports with the API client stubbed at its edge (test/fake-gateway.ts): the entity
 * report by e-mail from the home page, with every message and its kind; the personal report page,
 * its sections, the report PDF by e-mail and its download address. The way in: h5-pages.test.tsx.
 * Leaving the SPA (the report file) is watched, not followed: jsdom cannot.
 */

let rsa: RsaKey;

beforeAll(async () => {
  rsa = await makeRsaKey();
  await preloadH5Pages(paths.h5Login, paths.h5Home, paths.h5Report);
});

beforeEach(clearStorage);
beforeEach(watchLeaving);
afterEach(resetMocks);

describe('the entity report by e-mail', () => {
  /** The home page with the mail calls: the request recorded, then the sender's answer (`send`). */
  async function openDialog(send: () => FakeReply) {
    const user = setupUser();
    const gateway = h5Gateway(rsa)
      .on(CONTRACTS.h5EntityReportRequest, () => ({ RequestId: 'REQ-1' }))
      .on(CONTRACTS.h5SendEmail, send);
    renderAppAt(byParameters(paths.h5Home));
    const [article] = await screen.findAllByRole('article');
    await user.click(within(article!).getByRole('button', { name: '信用报告' }));
    const dialog = await findDialog('发送信用报告');
    return { user, gateway, dialog };
  }

  const sent = (message: string) =>
    new FakeReply(200, { ok: true, code: 200, message, data: { ReportNumber: 'QY2026112100001' } });

  it('warns on an empty address, confirms the address, 返回修改 goes back, and 发送 mails it with the server message', async () => {
    const { user, gateway, dialog } = await openDialog(() => sent(H5_MESSAGES.entityMailSent));
    const [entity] = ENTITIES;
    expect(dialog).toHaveTextContent(entity!.EntName);
    expect(dialog).toHaveTextContent(H5_MESSAGES.entityEmailNote);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await findMessage(H5_MESSAGES.entityEmailEmpty)).toBe('warning');
    expect(queryDialog('请确认邮箱地址')).not.toBeInTheDocument();

    // No format check: whatever is typed is confirmed.
    await fill(user, within(dialog).getByLabelText('邮箱地址'), 'lin@example');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    let confirm = await findDialog('请确认邮箱地址');
    expect(confirm).toHaveTextContent('lin@example');
    // A click outside the confirmation does not close it: only 返回修改 and 发送 do.
    await user.click(confirm.closest<HTMLElement>('.ant-modal-wrap')!);
    expect(queryDialog('请确认邮箱地址')).toBe(confirm);
    await user.click(within(confirm).getByRole('button', { name: '返回修改' }));
    await waitFor(() => expect(queryDialog('请确认邮箱地址')).not.toBeInTheDocument());
    expect(gateway.calls(CONTRACTS.h5SendEmail.path)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('邮箱地址'));
    await fill(user, within(dialog).getByLabelText('邮箱地址'), 'lin@example.cn');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    confirm = await findDialog('请确认邮箱地址');
    expect(confirm).toHaveTextContent('lin@example.cn');
    await user.click(within(confirm).getByRole('button', { name: /发\s*送/ }));
    expect(await findMessage(H5_MESSAGES.entityMailSent)).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The request recorded for the entity, then the mail of its report.
    expect(gateway.calls(CONTRACTS.h5EntityReportRequest.path).map((call) => call.body)).toEqual([
      {
        BaseID: entity!.BaseId,
        VersionCode: 'G',
        Infotoken: USER.Infotoken,
        CertNo: entity!.CertNo,
        InquiryMode: H5.entityReportPurpose,
      },
    ]);
    expect(gateway.calls(CONTRACTS.h5SendEmail.path).map((call) => call.body)).toEqual([
      {
        email: 'lin@example.cn',
        entID: entity!.BaseId,
        entName: entity!.EntName,
        userID: PERSON.name,
        versionCode: 'G',
        Infotoken: USER.Infotoken,
      },
    ]);
  });

  it('shows a failure as an error and keeps the dialogs open', async () => {
    const { user, dialog } = await openDialog(() => upstreamError());
    await fill(user, within(dialog).getByLabelText('邮箱地址'), 'lin@example.cn');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    const confirm = await findDialog('请确认邮箱地址');
    await user.click(within(confirm).getByRole('button', { name: /发\s*送/ }));
    expect(await findMessage(/稍后再试/)).toBe('error');
    expect(queryDialog('请确认邮箱地址')).toBeInTheDocument();
    expect(queryDialog('发送信用报告')).toBeInTheDocument();
  });
});

describe('the personal report page', () => {
  /** The report page's gateway: the report's tables (held until `release`), and the PDF mail (`mail`). */
  function reportGateway(mail: () => FakeReply | { Status: number } = () => ({ Status: 10 })) {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gateway = h5Gateway(rsa)
      .on(CONTRACTS.h5ReportData, async () => {
        await held;
        return { Status: 10, Data: JSON.stringify(REPORT) };
      })
      .on(CONTRACTS.h5ReportPdf, mail);
    return { gateway, release };
  }

  it('loads with the full-screen message, then shows the header and sections that toggle on their titles', async () => {
    const user = setupUser();
    const { gateway, release } = reportGateway();
    renderAppAt(byParameters(paths.h5Report));
    expect(await screen.findByText(H5_MESSAGES.loading)).toBeInTheDocument();
    await waitFor(() => expect(gateway.calls(CONTRACTS.h5ReportData.path)).toHaveLength(1));
    release();
    const head = await screen.findByRole('region', { name: '报告信息' });
    expect(within(head).getByText('报告编号').nextElementSibling).toHaveTextContent('GR2026112100001');
    expect(within(head).getByText('查询日期').nextElementSibling).toHaveTextContent('2026-11-21');
    expect(screen.queryByText(H5_MESSAGES.loading)).not.toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.h5ReportData.path)[0]!.body).toEqual({
      Infotoken: USER.Infotoken,
      UserName: PERSON.name,
      IdentityCard: PERSON.idNumber,
      VersionCode: 'C',
      ReportNumber: '',
    });

    for (const title of ['公安信息', '社会保险信息', '教育信息', '税务信息', '行政信息', '司法信息']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    // The description is not a section.
    expect(screen.queryByRole('region', { name: '报告说明' })).not.toBeInTheDocument();
    // A count only above one row; a section without rows greyed.
    expect(screen.getByRole('region', { name: '教育信息' })).toHaveTextContent('2条');
    expect(screen.getByRole('region', { name: '公安信息' })).not.toHaveTextContent(/\d+条/);
    expect(screen.getByRole('region', { name: '税务信息' })).toHaveAttribute('data-empty', 'true');
    expect(screen.getByRole('region', { name: '公安信息' })).not.toHaveAttribute('data-empty');

    const security = screen.getByRole('region', { name: '公安信息' });
    const toggle = within(security).getByRole('button', { name: /公安信息/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(security).getByText('户籍信息')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(security).getByText('户籍信息')).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Social insurance: the latest month, payer, time and per item amounts; never a count.
    const insurance = screen.getByRole('region', { name: '社会保险信息' });
    expect(insurance).not.toHaveTextContent(/\d+条/);
    await user.click(within(insurance).getByRole('button', { name: /社会保险信息/ }));
    expect(within(insurance).getAllByText('缴费单位').length).toBeGreaterThan(0);
    expect(within(insurance).getByText('2026-10')).toBeInTheDocument();
    expect(within(insurance).queryByText('2026-09')).not.toBeInTheDocument();
    expect(within(insurance).getAllByRole('columnheader', { name: '个人缴费金额' }).length).toBeGreaterThan(0);
    expect(within(insurance).getByRole('rowheader', { name: '医疗保险' })).toBeInTheDocument();
  });

  it('checks the PDF e-mail address: empty, bad format, sent, and a refused send', async () => {
    const user = setupUser();
    let sends = 0;
    const { gateway, release } = reportGateway(() =>
      ++sends === 1 ? { Status: 10 } : failure(200, 20, H5_MESSAGES.noReport),
    );
    release();
    renderAppAt(byParameters(paths.h5Report));
    await user.click(await screen.findByRole('button', { name: /下载报告/ }));
    const dialog = await findDialog('发送报告至邮箱');
    const ok = within(dialog).getByRole('button', { name: /确\s*定/ });
    await user.click(ok);
    expect(await findMessage(H5_MESSAGES.reportEmailEmpty)).toBe('error');
    const input = within(dialog).getByLabelText('邮箱地址');
    await fill(user, input, 'not-an-address');
    await user.click(ok);
    expect(await findMessage(H5_MESSAGES.reportEmailInvalid)).toBe('error');
    expect(gateway.calls(CONTRACTS.h5ReportPdf.path)).toEqual([]);
    await user.clear(input);
    await fill(user, input, 'lin@example.cn');
    await user.click(ok);
    expect(await findMessage(H5_MESSAGES.reportMailSent)).toBe('success');
    await waitFor(() => expect(queryDialog('发送报告至邮箱')).not.toBeInTheDocument());
    // The report on the page (its number) to the address given.
    expect(gateway.calls(CONTRACTS.h5ReportPdf.path)[0]!.body).toEqual({
      Infotoken: USER.Infotoken,
      UserName: PERSON.name,
      IdentityCard: PERSON.idNumber,
      VersionCode: 'C',
      ReportNumber: 'GR2026112100001',
      Email: 'lin@example.cn',
    });

    // The service answers a Status other than 10: not sent, said as an error.
    await user.click(screen.getByRole('button', { name: /下载报告/ }));
    const again = await findDialog('发送报告至邮箱');
    await fill(user, within(again).getByLabelText('邮箱地址'), 'lin@example.cn');
    await user.click(within(again).getByRole('button', { name: /确\s*定/ }));
    expect(await findMessage(H5_MESSAGES.reportMailFailed)).toBe('error');
    expect(queryDialog('发送报告至邮箱')).toBeInTheDocument();
  });

  it('downloads the PDF from the 下载报告 dialog, nothing e-mailed', async () => {
    const user = setupUser();
    const { gateway, release } = reportGateway();
    gateway
      .on(CONTRACTS.h5IndividualToken, () => 'first-token')
      .on(CONTRACTS.h5IndividualInfo, ({ body }) =>
        (body as { token: string }).token === 'first-token' ? 'final-token' : failure(400, 'failed'),
      );
    release();
    renderAppAt(byParameters(paths.h5Report));
    await user.click(await screen.findByRole('button', { name: /下载报告/ }));
    const dialog = await findDialog('发送报告至邮箱');
    await user.click(within(dialog).getByRole('button', { name: /直接下载 PDF/ }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledTimes(1));
    expect(leaveApp.mock.calls[0]![0]).toBe(withQuery(API_PATHS.h5ReportFile, { token: 'final-token' }));
    // Nothing was e-mailed.
    expect(gateway.calls(CONTRACTS.h5ReportPdf.path)).toEqual([]);
  });

  it('keeps the dialog open on a click outside it', async () => {
    const user = setupUser();
    reportGateway().release();
    renderAppAt(byParameters(paths.h5Report));
    await user.click(await screen.findByRole('button', { name: /下载报告/ }));
    const dialog = await findDialog('发送报告至邮箱');
    await user.click(document.querySelector<HTMLElement>('.ant-modal-wrap')!);
    expect(dialog).toBeInTheDocument();
    expect(queryDialog('发送报告至邮箱')).toBe(dialog);
  });

  it('goes to /h5/login without a person, and with the server message when there is no report', async () => {
    fakeGateway(TEST_MODE)
      .on(CONTRACTS.h5Encode, () => 'sealed')
      .on(CONTRACTS.h5TestUserInfo, () => USER)
      .on(CONTRACTS.h5ReportData, () => failure(200, 20, H5_MESSAGES.noReport));
    const { unmount } = renderAppAt(`#${paths.h5Report}`);
    expect(await loginButton()).toBeInTheDocument();
    expect(window.location.hash).toBe(`#${paths.h5Login}`);
    unmount();

    renderAppAt(byParameters(paths.h5Report));
    expect(await findMessage(H5_MESSAGES.noReport)).toBe('error');
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.h5Login}`));
  });
});
