import { screen, waitFor } from '@testing-library/react';
import {
  CONTRACTS,
  FOLLOW_LIMIT,
  FOLLOW_MESSAGES,
  FOLLOW_WITHDRAW_PAGE_PATH,
  type FollowList,
  type FollowSettings,
} from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withoutPersonalQuery } from '@/features/visit-log/visit-log';
import { storeLogin } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { FakeReply, failure, fakeGateway } from '../../fake-gateway';
import { loginResult } from '../../fixtures';
import { findMain, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * Withdrawing the consent to 信用关注's mails in one click (PIPL Art. 15): on 信用关注, and on the
 * page every mail's signed link opens (the token dropped from the address, sent on a click only).
 * The API client is stubbed at its edge (test/fake-gateway.ts); what the service does:
 * packages/credit-service/test/routes/follow/mail-consent.test.ts.
 */

beforeAll(() => preloadPages(paths.follows, paths.followWithdrawLink));
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const listWith = (Settings: FollowSettings): FollowList => ({ list: [], totalCount: 0, Limit: FOLLOW_LIMIT, Settings });
const ok = (data: unknown, message: string) => new FakeReply(200, { ok: true, code: 200, message, data });

describe('withdrawing the mail consent on 信用关注', () => {
  it('withdraws in one click: the mails stop and the address is gone', async () => {
    const user = setupUser();
    let settings: FollowSettings = {
      EmailDigest: true,
      Email: 'me@example.com',
      EmailConfirmed: true,
      RepairableNotice: false,
    };
    const gateway = fakeGateway()
      .on(CONTRACTS.followList, () => listWith(settings))
      .on(CONTRACTS.followNotices, () => ({ list: [], totalCount: 0, Unread: 0 }))
      .on(CONTRACTS.followWithdrawMail, () => {
        settings = { EmailDigest: false, Email: '', EmailConfirmed: false, RepairableNotice: false };
        return ok({ Withdrawn: true }, FOLLOW_MESSAGES.mailWithdrawn);
      });
    storeLogin(loginResult());
    renderAppAt(`#${paths.follows}`);
    const main = await findMain();
    expect(await main.findByText(/提醒邮件将发送至 me@example\.com/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: '《个人信息处理规则》' })).toHaveAttribute('href', `#${paths.privacy}`);
    await user.click(main.getByRole('button', { name: '撤回邮件提醒同意' }));
    expect(await screen.findByText(FOLLOW_MESSAGES.mailWithdrawn)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.followWithdrawMail.path).map((call) => call.body)).toEqual([{}]);
    await waitFor(() => expect(main.queryByText(/提醒邮件将发送至/)).not.toBeInTheDocument());
    expect(main.queryByRole('button', { name: '撤回邮件提醒同意' })).not.toBeInTheDocument();
    expect(main.getByLabelText('电子邮箱')).toHaveValue('');
    expect(main.getByRole('switch', { name: '每日邮件提醒' })).not.toBeChecked();
  });
});

describe('the mails’ withdrawal link', () => {
  const TOKEN = 'WyJ1c2VyOjEiLDNd.c2lnbmF0dXJlLW9mLXRoZS1saW5r';

  it('drops the token from the address, sends it on 确认撤回 only, and says 已撤回', async () => {
    const user = setupUser();
    const gateway = fakeGateway().on(CONTRACTS.followWithdrawMailByLink, () =>
      ok({ Withdrawn: true }, FOLLOW_MESSAGES.mailWithdrawn),
    );
    renderAppAt(`#${withQuery(paths.followWithdrawLink, { token: TOKEN })}`);
    const confirm = (await screen.findByText('确认撤回')).closest('button')!;
    await waitFor(() => expect(window.location.hash).not.toContain(TOKEN));
    expect(gateway.calls(CONTRACTS.followWithdrawMailByLink.path)).toHaveLength(0);
    await user.click(confirm);
    expect(await screen.findByText('已撤回')).toBeInTheDocument();
    expect(screen.getByText(FOLLOW_MESSAGES.mailWithdrawn)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.followWithdrawMailByLink.path).map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it('says so when the link was used already, and why a forged one withdraws nothing', async () => {
    const user = setupUser();
    let answers = 0;
    fakeGateway().on(CONTRACTS.followWithdrawMailByLink, () =>
      ++answers === 1
        ? ok({ Withdrawn: false }, FOLLOW_MESSAGES.withdrawLinkUsed)
        : failure(400, 400, FOLLOW_MESSAGES.withdrawLinkInvalid),
    );
    renderAppAt(`#${withQuery(paths.followWithdrawLink, { token: TOKEN })}`);
    await user.click((await screen.findByText('确认撤回')).closest('button')!);
    expect(await screen.findByText('无需重复撤回')).toBeInTheDocument();
    expect(screen.getByText(FOLLOW_MESSAGES.withdrawLinkUsed)).toBeInTheDocument();

    renderAppAt(`#${withQuery(paths.followWithdrawLink, { token: TOKEN })}`);
    await user.click((await screen.findAllByText('确认撤回')).at(-1)!.closest('button')!);
    expect(await screen.findByText(FOLLOW_MESSAGES.withdrawLinkInvalid)).toBeInTheDocument();
    expect(screen.getByText('无法撤回')).toBeInTheDocument();
  });

  it('is the shared page path, and never writes the token to a visit log', () => {
    expect(paths.followWithdrawLink).toBe(FOLLOW_WITHDRAW_PAGE_PATH);
    expect(withoutPersonalQuery(withQuery(paths.followWithdrawLink, { token: TOKEN }))).toBe(paths.followWithdrawLink);
  });
});
