import { screen, waitFor, within } from '@testing-library/react';
import {
  CONTRACTS,
  FOLLOW_LIMIT,
  FOLLOW_MESSAGES,
  FOLLOW_CONFIRM_PAGE_PATH,
  FOLLOW_PAGE_PATH,
  FOLLOW_UNFOLLOW_PAGE_PATH,
  type EntityBaseInfo,
  type EntityDetailInfo,
  type FollowList,
  type FollowNotice,
  type FollowNoticePage,
  type FollowSettings,
  type FollowSettingsRequest,
  type FollowState,
} from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withoutPersonalQuery } from '@/features/visit-log/visit-log';
import { storeLogin } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { FakeReply, failure, fakeGateway, upstreamError } from '../../fake-gateway';
import { loginResult } from '../../fixtures';
import { addressQuery, findMain, findRetry, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * 信用关注 in the SPA with the API client stubbed at its edge (test/fake-gateway.ts):
 * the 关注 / 已关注 toggle on entity details (and the limit's refusal), 个人中心 › 信用关注 (the
 * followed list with one-click unfollow, notices with unread state and pages, the mail choice,
 * empty and error states, the address waiting for its owner's confirmation), and the pages the
 * mails link to — unfollow, and the confirmation of the digest address (the token dropped from
 * the address, sent on a click only). What the service decides: packages/credit-service/test/follow-*.test.ts;
 * the walk in real Chromium: e2e/follow.e2e.ts.
 */

beforeAll(() =>
  preloadPages(paths.searchDetails, paths.follows, paths.followUnfollowLink, paths.followConfirmEmail, paths.personal),
);

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ENTITY: EntityBaseInfo = {
  ID: '1007',
  EntName: '云州市恒信科技有限公司',
  Status: '存续',
  CreditCode: '91520100MA6H000077',
  EntType: '有限责任公司',
  SetUpDate: '2015-03-08',
  LegalRep: '王明',
  Address: '云州市东湖区信用路1号',
  District: '云州市东湖区',
  RegAuthority: '云州市市场监督管理局',
};
const DETAIL: EntityDetailInfo = { Licences: [], Penalties: [], RedBlack: [], Promises: [], PublicLists: [] };

const state = (following: boolean, count: number): FollowState => ({
  EntityId: ENTITY.ID,
  Following: following,
  Count: count,
  Limit: FOLLOW_LIMIT,
});

function notice(id: number, over: Partial<FollowNotice> = {}): FollowNotice {
  return {
    id: String(id),
    EntityId: ENTITY.ID,
    EntName: ENTITY.EntName,
    Kind: 'penalty',
    Title: `新增行政处罚：云市监罚〔2026〕${id}号`,
    Detail: '处罚类别 罚款；处罚机关 云州市市场监督管理局；决定日期 2026-11-20；公示截止 2027-11-20',
    PublishedOn: '2026-11-20',
    CreatedAt: '2026-11-20 10:00:00',
    Read: false,
    RecordId: String(9000 + id),
    DocNo: null,
    ...over,
  };
}

const followList = (over: Partial<FollowList> = {}): FollowList => ({
  list: [
    {
      EntityId: ENTITY.ID,
      EntName: ENTITY.EntName,
      CreditCode: ENTITY.CreditCode,
      Status: '存续',
      FollowedAt: '2026-11-01 09:00:00',
      Unread: 2,
    },
    {
      EntityId: '2002',
      EntName: '云州荣诚贸易有限公司',
      CreditCode: '91350202DKU0Y37P5J',
      Status: '存续',
      FollowedAt: '2026-10-01 09:00:00',
      Unread: 0,
    },
  ],
  totalCount: 2,
  Limit: FOLLOW_LIMIT,
  Settings: { EmailDigest: false, Email: '', EmailConfirmed: false, RepairableNotice: false },
  ...over,
});

describe('the 关注 button on entity details', () => {
  it('follows and unfollows with one click, pressed while followed', async () => {
    const user = setupUser();
    let following = false;
    const gateway = fakeGateway()
      .on(CONTRACTS.entityBaseInfo, () => ENTITY)
      .on(CONTRACTS.entityDetailInfo, () => DETAIL)
      .on(CONTRACTS.followState, () => state(following, following ? 1 : 0))
      .on(CONTRACTS.follow, () => {
        following = true;
        return state(true, 1);
      })
      .on(CONTRACTS.unfollow, () => {
        following = false;
        return state(false, 0);
      });
    storeLogin(loginResult());
    renderAppAt(`#${withQuery(paths.searchDetails, { id: ENTITY.ID })}`);
    const button = (await screen.findByText('关注')).closest('button')!;
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText(`已关注 0/${FOLLOW_LIMIT}`)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.followState.path)[0]!.query.get('entityId')).toBe(ENTITY.ID);

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveTextContent('已关注');
    expect(gateway.calls(CONTRACTS.follow.path).map((call) => call.body)).toEqual([{ entityId: ENTITY.ID }]);
    expect(gateway.calls(CONTRACTS.follow.path)[0]!.headers.get('authorization')).toMatch(/^Bearer /);

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(gateway.calls(CONTRACTS.unfollow.path).map((call) => call.body)).toEqual([{ entityId: ENTITY.ID }]);
  });

  it('says why a follow past the limit is refused, and stays unfollowed', async () => {
    const user = setupUser();
    fakeGateway()
      .on(CONTRACTS.entityBaseInfo, () => ENTITY)
      .on(CONTRACTS.entityDetailInfo, () => DETAIL)
      .on(CONTRACTS.followState, () => state(false, FOLLOW_LIMIT))
      .on(CONTRACTS.follow, () => failure(409, 409, FOLLOW_MESSAGES.limitReached));
    storeLogin(loginResult());
    renderAppAt(`#${withQuery(paths.searchDetails, { id: ENTITY.ID })}`);
    const button = (await screen.findByText('关注')).closest('button')!;
    await user.click(button);
    expect(await screen.findByText(FOLLOW_MESSAGES.limitReached)).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('个人中心 › 信用关注', () => {
  it('shares its addresses with the service’s mails', () => {
    expect(paths.follows).toBe(FOLLOW_PAGE_PATH);
    expect(paths.followUnfollowLink).toBe(FOLLOW_UNFOLLOW_PAGE_PATH);
    expect(paths.followConfirmEmail).toBe(FOLLOW_CONFIRM_PAGE_PATH);
  });

  it('shows the unread count on 个人中心’s 信用关注 entry', async () => {
    fakeGateway()
      .on(CONTRACTS.profile, () => ({
        LoginType: 'User' as const,
        Mobile: '13912345678',
        Nickname: '',
        RegisteredAt: '2026-01-01 00:00:00',
        TokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }))
      .on(CONTRACTS.followNotices, () => ({ list: [notice(2), notice(1)], totalCount: 2, Unread: 2 }));
    storeLogin(loginResult());
    renderAppAt(`#${paths.personal}`);
    const main = await findMain();
    const entry = (await main.findByText('2条未读提醒')).closest('a')!;
    expect(entry).toHaveAttribute('href', `#${paths.follows}`);
    expect(entry).toHaveTextContent('信用关注');
  });

  it('lists followed entities and unfollows one in one click', async () => {
    const user = setupUser();
    let list = followList();
    const gateway = fakeGateway()
      .on(CONTRACTS.followList, () => list)
      .on(CONTRACTS.followNotices, () => ({ list: [], totalCount: 0, Unread: 0 }))
      .on(CONTRACTS.unfollow, (request) => {
        const { entityId } = request.body as { entityId: string };
        list = followList({ list: list.list.filter((row) => row.EntityId !== entityId), totalCount: 1 });
        return { EntityId: entityId, Following: false, Count: 1, Limit: FOLLOW_LIMIT };
      });
    storeLogin(loginResult());
    renderAppAt(`#${paths.follows}`);
    const main = await findMain();
    expect(await main.findByText('云州荣诚贸易有限公司')).toBeInTheDocument();
    expect(main.getByText(`2/${FOLLOW_LIMIT}`)).toBeInTheDocument();
    expect(main.getByText('2条未读')).toBeInTheDocument();
    // No notices yet: the list's empty state.
    const notices = (await main.findByRole('heading', { name: '信用提醒' })).closest('section')!;
    expect(await within(notices).findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();

    await user.click(main.getByRole('button', { name: '取消关注云州荣诚贸易有限公司' }));
    await waitFor(() => expect(main.queryByText('云州荣诚贸易有限公司')).not.toBeInTheDocument());
    expect(gateway.calls(CONTRACTS.unfollow.path).map((call) => call.body)).toEqual([{ entityId: '2002' }]);
    expect(main.getByText(`1/${FOLLOW_LIMIT}`)).toBeInTheDocument();
  });

  it('shows an empty list with the way to follow', async () => {
    fakeGateway()
      .on(CONTRACTS.followList, () => followList({ list: [], totalCount: 0 }))
      .on(CONTRACTS.followNotices, () => ({ list: [], totalCount: 0, Unread: 0 }));
    storeLogin(loginResult());
    renderAppAt(`#${paths.follows}`);
    const main = await findMain();
    expect(await main.findByText('暂未关注任何主体。', { exact: false })).toBeInTheDocument();
    expect(main.getByRole('link', { name: '信用主体查询' })).toHaveAttribute('href', `#${paths.searchMore}`);
  });

  it('shows notices unread first-class, marks them read, and pages through them', async () => {
    const user = setupUser();
    const read = new Set<string>();
    const page = (index: number): FollowNoticePage => {
      const ids = index === 1 ? [12, 11, 10, 9, 8, 7, 6, 5, 4, 3] : [2, 1];
      return {
        list: ids.map((id) => notice(id, { Read: read.has(String(id)) })),
        totalCount: 12,
        Unread: 12 - read.size,
      };
    };
    const gateway = fakeGateway()
      .on(CONTRACTS.followList, () => followList())
      .on(CONTRACTS.followNotices, (request) => page(Number(request.query.get('pageIndex'))))
      .on(CONTRACTS.followNoticesRead, (request) => {
        const body = request.body as { ids?: string[]; all?: boolean };
        for (let id = 1; id <= 12; id += 1) if (body.all || body.ids?.includes(String(id))) read.add(String(id));
        return { Unread: 12 - read.size };
      });
    storeLogin(loginResult());
    renderAppAt(`#${paths.follows}`);
    const main = await findMain();
    const first = (await main.findByText('新增行政处罚：云市监罚〔2026〕12号')).closest('li')!;
    expect(main.getByText('12条未读')).toBeInTheDocument();
    expect(main.getByText('共 12 条提醒')).toBeInTheDocument();
    expect(within(first).getByText('未读')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '查看公示信息' })).toHaveAttribute(
      'href',
      `#${withQuery(paths.penaltyDetails, { id: '9012', title: ENTITY.EntName })}`,
    );

    await user.click(within(first).getByRole('button', { name: '标为已读' }));
    await waitFor(() => expect(within(first).queryByText('未读')).not.toBeInTheDocument());
    expect(gateway.calls(CONTRACTS.followNoticesRead.path).map((call) => call.body)).toEqual([{ ids: ['12'] }]);
    expect(main.getByText('11条未读')).toBeInTheDocument();

    await user.click(within(main.getByRole('navigation', { name: '分页' })).getByTitle('2'));
    expect(await main.findByText('新增行政处罚：云市监罚〔2026〕1号')).toBeInTheDocument();
    expect(addressQuery().get('page')).toBe('2');
    expect(gateway.calls(CONTRACTS.followNotices.path).at(-1)!.query.get('pageIndex')).toBe('2');

    await user.click(main.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(main.queryByText('未读')).not.toBeInTheDocument());
    expect(gateway.calls(CONTRACTS.followNoticesRead.path).at(-1)!.body).toEqual({ all: true });
  });

  it('shows a failed load with a retry', async () => {
    const user = setupUser();
    let fail = true;
    fakeGateway()
      .on(CONTRACTS.followList, () => followList())
      .on(CONTRACTS.followNotices, () => (fail ? upstreamError() : { list: [notice(1)], totalCount: 1, Unread: 1 }));
    storeLogin(loginResult());
    renderAppAt(`#${paths.follows}`);
    const main = await findMain();
    expect(await main.findByText('加载失败')).toBeInTheDocument();
    fail = false;
    await user.click(await findRetry(screen.getByRole('main')));
    expect(await main.findByText('新增行政处罚：云市监罚〔2026〕1号')).toBeInTheDocument();
  });

  it('turns the daily mail on with a valid address only, and says the address waits for its owner’s confirmation', async () => {
    const user = setupUser();
    let settings: FollowSettings = { EmailDigest: false, Email: '', EmailConfirmed: false, RepairableNotice: false };
    const gateway = fakeGateway()
      .on(CONTRACTS.followList, () => followList({ Settings: settings }))
      .on(CONTRACTS.followNotices, () => ({ list: [], totalCount: 0, Unread: 0 }))
      .on(CONTRACTS.followSettings, (request) => {
        settings = {
          RepairableNotice: false,
          ...(request.body as FollowSettingsRequest),
          EmailConfirmed: false,
        } as FollowSettings;
        return new FakeReply(200, { ok: true, code: 200, message: FOLLOW_MESSAGES.confirmMailSent, data: settings });
      });
    storeLogin(loginResult());
    renderAppAt(`#${paths.follows}`);
    const main = await findMain();
    const toggle = await main.findByRole('switch', { name: '每日邮件提醒' });
    await user.click(toggle);
    await user.click(main.getByRole('button', { name: /保\s*存/ }));
    expect(await main.findByText('开启邮件提醒需填写电子邮箱')).toBeInTheDocument();
    const email = main.getByLabelText('电子邮箱');
    await user.click(email);
    await user.paste('not-an-address');
    await user.click(main.getByRole('button', { name: /保\s*存/ }));
    expect(await main.findByText('邮箱格式不正确，请输入正确的邮箱！')).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.followSettings.path)).toHaveLength(0);
    await user.clear(email);
    await user.paste('me@example.com');
    await user.click(main.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(gateway.calls(CONTRACTS.followSettings.path).map((call) => call.body)).toEqual([
        { EmailDigest: true, Email: 'me@example.com', RepairableNotice: false },
      ]),
    );
    expect(await screen.findByText(FOLLOW_MESSAGES.confirmMailSent)).toBeInTheDocument();
    expect(await main.findByText('待确认')).toBeInTheDocument();
    expect(main.getByText(/确认邮件已发送至 me@example\.com/)).toBeInTheDocument();
  });

  it('resends the confirmation of the saved address, and shows the service’s refusal of a resend too soon', async () => {
    const user = setupUser();
    let answered = 0;
    const gateway = fakeGateway()
      .on(CONTRACTS.followList, () =>
        followList({
          Settings: { EmailDigest: true, Email: 'me@example.com', EmailConfirmed: false, RepairableNotice: false },
        }),
      )
      .on(CONTRACTS.followNotices, () => ({ list: [], totalCount: 0, Unread: 0 }))
      .on(CONTRACTS.followSettings, () =>
        (answered += 1) === 1
          ? new FakeReply(200, {
              ok: true,
              code: 200,
              message: FOLLOW_MESSAGES.confirmMailFailed,
              data: { EmailDigest: true, Email: 'me@example.com', EmailConfirmed: false, RepairableNotice: false },
            })
          : failure(429, 429, FOLLOW_MESSAGES.confirmMailRecent),
      );
    storeLogin(loginResult());
    renderAppAt(`#${paths.follows}`);
    const main = await findMain();
    // Typed into the box but not saved: the resend names the saved address.
    const email = await main.findByLabelText('电子邮箱');
    await user.clear(email);
    await user.paste('other@example.com');
    const resend = main.getByRole('button', { name: '重新发送确认邮件' });
    await user.click(resend);
    expect(await screen.findByText(FOLLOW_MESSAGES.confirmMailFailed)).toBeInTheDocument();
    await user.click(resend);
    expect(await main.findByRole('alert')).toHaveTextContent(FOLLOW_MESSAGES.confirmMailRecent);
    expect(gateway.calls(CONTRACTS.followSettings.path).map((call) => call.body)).toEqual([
      { EmailDigest: true, Email: 'me@example.com' },
      { EmailDigest: true, Email: 'me@example.com' },
    ]);
  });

  it('shows a confirmed address as confirmed, with no resend', async () => {
    fakeGateway()
      .on(CONTRACTS.followList, () =>
        followList({
          Settings: { EmailDigest: true, Email: 'me@example.com', EmailConfirmed: true, RepairableNotice: false },
        }),
      )
      .on(CONTRACTS.followNotices, () => ({ list: [], totalCount: 0, Unread: 0 }));
    storeLogin(loginResult());
    renderAppAt(`#${paths.follows}`);
    const main = await findMain();
    expect(await main.findByText('已确认')).toBeInTheDocument();
    expect(main.getByText(/提醒邮件将发送至 me@example\.com/)).toBeInTheDocument();
    expect(main.queryByRole('button', { name: '重新发送确认邮件' })).toBeNull();
  });
});

describe('the digest mail’s unfollow link', () => {
  const TOKEN = 'WzEsInVzZXI6MSIsMTAwN10.c2lnbmF0dXJlLW9mLXRoZS1saW5r';

  it('drops the token from the address, sends it on confirmation only, and says what it did', async () => {
    const user = setupUser();
    const gateway = fakeGateway().on(
      CONTRACTS.followUnfollowByLink,
      () =>
        new FakeReply(200, {
          ok: true,
          code: 200,
          message: FOLLOW_MESSAGES.unfollowed,
          data: { EntName: ENTITY.EntName, Unfollowed: true },
        }),
    );
    renderAppAt(`#${withQuery(paths.followUnfollowLink, { token: TOKEN })}`);
    const confirm = (await screen.findByText('确认取消关注')).closest('button')!;
    await waitFor(() => expect(window.location.hash).not.toContain(TOKEN));
    expect(gateway.calls(CONTRACTS.followUnfollowByLink.path)).toHaveLength(0);
    await user.click(confirm);
    expect(await screen.findByText(`您将不再收到“${ENTITY.EntName}”的信用提醒。`)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.followUnfollowByLink.path).map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it('says so when the link was used before, and refuses a forged one', async () => {
    const user = setupUser();
    let used = true;
    fakeGateway().on(CONTRACTS.followUnfollowByLink, () =>
      used
        ? new FakeReply(200, {
            ok: true,
            code: 200,
            message: FOLLOW_MESSAGES.linkUsed,
            data: { EntName: ENTITY.EntName, Unfollowed: false },
          })
        : failure(400, 400, FOLLOW_MESSAGES.linkInvalid),
    );
    const { unmount } = renderAppAt(`#${withQuery(paths.followUnfollowLink, { token: TOKEN })}`);
    await user.click((await screen.findByText('确认取消关注')).closest('button')!);
    expect(await screen.findByText(FOLLOW_MESSAGES.linkUsed)).toBeInTheDocument();
    unmount();

    used = false;
    renderAppAt(`#${withQuery(paths.followUnfollowLink, { token: `${TOKEN}x` })}`);
    await user.click((await screen.findByText('确认取消关注')).closest('button')!);
    expect(await screen.findByText(FOLLOW_MESSAGES.linkInvalid)).toBeInTheDocument();
    expect(screen.getByText('无法取消关注')).toBeInTheDocument();
  });

  it('never writes the token to a visit log', () => {
    expect(withoutPersonalQuery(withQuery(paths.followUnfollowLink, { token: TOKEN }))).toBe(paths.followUnfollowLink);
  });

  it('asks for the whole link when the token is missing', async () => {
    fakeGateway();
    renderAppAt(`#${paths.followUnfollowLink}`);
    expect(await screen.findByText('链接不完整')).toBeInTheDocument();
  });
});

describe('the confirmation of the digest address', () => {
  const TOKEN = 'r3Xc0nF1rmT0k3n-of_43-characters-base64url0';

  it('drops the token from the address, sends it on 确认接收 only, and names the confirmed address', async () => {
    const user = setupUser();
    const gateway = fakeGateway().on(
      CONTRACTS.followConfirmEmail,
      () =>
        new FakeReply(200, {
          ok: true,
          code: 200,
          message: FOLLOW_MESSAGES.emailConfirmed,
          data: { Email: 'm***@example.com' },
        }),
    );
    renderAppAt(`#${withQuery(paths.followConfirmEmail, { token: TOKEN })}`);
    const confirm = (await screen.findByText('确认接收')).closest('button')!;
    await waitFor(() => expect(window.location.hash).not.toContain(TOKEN));
    expect(gateway.calls(CONTRACTS.followConfirmEmail.path)).toHaveLength(0);
    await user.click(confirm);
    expect(await screen.findByText('邮箱已确认')).toBeInTheDocument();
    expect(screen.getByText(/将向 m\*\*\*@example\.com 每天最多发送一封提醒邮件/)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.followConfirmEmail.path).map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it('says why a used, expired or replaced link confirms nothing', async () => {
    const user = setupUser();
    fakeGateway().on(CONTRACTS.followConfirmEmail, () => failure(400, 400, FOLLOW_MESSAGES.confirmLinkInvalid));
    renderAppAt(`#${withQuery(paths.followConfirmEmail, { token: TOKEN })}`);
    await user.click((await screen.findByText('确认接收')).closest('button')!);
    expect(await screen.findByText(FOLLOW_MESSAGES.confirmLinkInvalid)).toBeInTheDocument();
    expect(screen.getByText('无法确认邮箱')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往信用关注' })).toBeInTheDocument();
  });

  it('never writes the token to a visit log, and asks for the whole link without one', async () => {
    expect(withoutPersonalQuery(withQuery(paths.followConfirmEmail, { token: TOKEN }))).toBe(paths.followConfirmEmail);
    fakeGateway();
    renderAppAt(`#${paths.followConfirmEmail}`);
    expect(await screen.findByText('链接不完整')).toBeInTheDocument();
  });
});
