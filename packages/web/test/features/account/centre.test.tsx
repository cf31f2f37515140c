import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNT_MESSAGES,
  CONTRACTS,
  LOGIN_REQUIRED_MESSAGE,
  MESSAGES,
  STORAGE_KEYS,
  type Application,
  type LoginResult,
} from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { newPasswordProblem } from '@/features/account/components/change-password-page';
import { storeLogin } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { failure, fakeGateway } from '../../fake-gateway';
import { bearerOf, loginResult } from '../../fixtures';
import { addressQuery, findMain, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * The login a page asks for, on a phone and on a desktop: a visitor who never logged in is told
 * 您尚未登录 (登录失效 only to a login that ran out), and a phone lands on the account login, not
 * on a QR code it cannot scan. 个人中心's 我的办件 (filings with their timelines) and 修改密码 (the
 * form's rules; the service's answer shown). The API client is stubbed at its edge
 * (test/fake-gateway.ts); what the service decides: packages/credit-service/test/password-change.test.ts;
 * the walk in Chromium: e2e/account.e2e.ts.
 */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DETAILS = withQuery(paths.searchDetails, { id: '1001' });

beforeAll(() =>
  preloadPages(
    paths.searchDetails,
    paths.scanLogin,
    paths.passwordLogin,
    paths.personal,
    paths.myFilings,
    paths.changePassword,
  ),
);
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const asPhone = () => vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE);

/** Types a value the quick way: a click, then a paste. */
async function fill(user: ReturnType<typeof setupUser>, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

describe('a page that needs a login', () => {
  it('on a phone: tells a visitor who never logged in to log in, and shows the account login first', async () => {
    asPhone();
    const user = setupUser();
    const gateway = fakeGateway().on(CONTRACTS.login, () => loginResult());
    renderAppAt(`#${DETAILS}`);
    expect(await screen.findByText(LOGIN_REQUIRED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.passwordLogin}`));
    expect(screen.queryByText(MESSAGES.loginExpired)).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.returnPath)).toBe(DETAILS);
    const main = await findMain();
    expect(await main.findByText('登录后将返回您刚才访问的页面。')).toBeInTheDocument();
    const tabs = within(main.getByRole('navigation', { name: '登录方式' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['账号登录', '扫码登录']);
    expect(tabs[0]).toHaveAttribute('aria-current', 'page');
    expect(main.getByRole('button', { name: /微信授权登录/ })).toBeInTheDocument();
    // No QR ticket was made for a phone that cannot scan it.
    expect(gateway.calls(CONTRACTS.loginTicketCreate.path)).toEqual([]);

    // The login brings the visitor back to the company.
    await fill(user, main.getByRole('textbox', { name: '手机号码' }), '13912345678');
    await fill(user, main.getByLabelText('密码', { selector: 'input' }), 'Good1234pass');
    await user.click(main.getByRole('button', { name: /^登\s*录$/ }));
    await waitFor(() => expect(window.location.hash).toBe(`#${DETAILS}`));
  });

  it('on a phone: the QR page opened by itself says to use the account login instead', async () => {
    asPhone();
    fakeGateway();
    renderAppAt(`#${paths.scanLogin}`);
    const main = await findMain();
    const note = await main.findByText(/手机无法扫描本机屏幕上的二维码/);
    expect(within(note).getByRole('link', { name: '账号登录' })).toHaveAttribute('href', `#${paths.passwordLogin}`);
    expect(window.location.hash).toBe(`#${paths.scanLogin}`);
  });

  it('on a desktop: 您尚未登录 to a visitor who never logged in, 登录失效 to a login that ran out; QR login either way', async () => {
    fakeGateway();
    const first = renderAppAt(`#${DETAILS}`);
    expect(await screen.findByText(LOGIN_REQUIRED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.scanLogin}`));
    expect(screen.queryByText(MESSAGES.loginExpired)).not.toBeInTheDocument();
    const nav = await (await findMain()).findByRole('navigation', { name: '登录方式' });
    const tabs = within(nav).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['扫码登录', '账号登录']);
    first.unmount();

    // The login info is still stored, its token gone: it did log in.
    window.localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(loginResult().UserInfo));
    renderAppAt(`#${DETAILS}`);
    expect(await screen.findByText(MESSAGES.loginExpired)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.scanLogin}`));
    expect(screen.queryByText(LOGIN_REQUIRED_MESSAGE)).not.toBeInTheDocument();
  });
});

describe('个人中心', () => {
  it('leads a mobile account to 我的办件 and 修改密码; a chat-app login has no password to change', async () => {
    fakeGateway();
    storeLogin(loginResult());
    const view = renderAppAt(`#${paths.personal}`);
    let main = await findMain();
    expect(await main.findByRole('link', { name: /我的办件/ })).toHaveAttribute('href', `#${paths.myFilings}`);
    expect(main.getByRole('link', { name: /修改密码/ })).toHaveAttribute('href', `#${paths.changePassword}`);
    view.unmount();

    const wechat: LoginResult = {
      ...loginResult(),
      UserInfo: { Wechat: { Nickname: '云州小王' } },
      RealAuthInfo: { ...loginResult().RealAuthInfo, LoginType: 'Wechat' },
    };
    storeLogin(wechat);
    renderAppAt(`#${paths.personal}`);
    main = await findMain();
    expect(await main.findByRole('link', { name: /我的办件/ })).toBeInTheDocument();
    expect(main.queryByRole('link', { name: /修改密码/ })).not.toBeInTheDocument();
  });
});

function filing(over: Partial<Application> = {}): Application {
  return {
    ApplyNo: 'XF2026030500001',
    Kind: 'repair',
    KindLabel: '信用修复',
    Status: 'accepted',
    StatusLabel: '已受理',
    EntityId: '1001',
    EntName: '云州市恒信科技有限公司',
    CreditCode: '91520100MA6H00001X',
    PunishId: '2001',
    CF_WSH: '云市监罚〔2025〕12号',
    Purpose: '参加招标投标',
    ContactName: '王晓明',
    ContactPhone: '139****0000',
    Description: '已缴清罚款并完成整改。',
    SubmittedAt: '2026-03-05 16:42:00',
    UpdatedAt: '2026-03-06 10:15:00',
    Result: '',
    Materials: [],
    Steps: [
      { Step: 'submitted', Label: '已提交', Time: '2026-03-05 16:42:00', HandlingUnit: '申请人', Comment: '' },
      {
        Step: 'accepted',
        Label: '已受理',
        Time: '2026-03-06 10:15:00',
        HandlingUnit: '市公共信用信息中心',
        Comment: '材料齐全，予以受理。',
      },
    ],
    Promise: null,
    ...over,
  };
}

describe('我的办件', () => {
  it('lists the user’s filings with their timelines, and one kind at a time', async () => {
    const user = setupUser();
    const objection = filing({
      ApplyNo: 'YY2026030700002',
      Kind: 'objection',
      KindLabel: '信用异议',
      Purpose: '信息内容有误',
    });
    const gateway = fakeGateway().on(CONTRACTS.myApplications, (request) => {
      const kind = request.query.get('kind');
      const list = [filing(), objection].filter((item) => !kind || item.Kind === kind);
      return { list, totalCount: list.length };
    });
    storeLogin(loginResult());
    renderAppAt(`#${paths.myFilings}`);
    const main = await findMain();
    expect(await main.findByText('共 2 件信用修复或信用异议申请')).toBeInTheDocument();
    const card = (await main.findByRole('heading', { name: /申请编号 XF2026030500001/ })).closest('article')!;
    expect(within(card).getByText('办理单位：市公共信用信息中心')).toBeInTheDocument();
    expect(within(card).getByText('办理意见：材料齐全，予以受理。')).toBeInTheDocument();
    expect(within(card).getByText('2026-03-06 10:15:00')).toBeInTheDocument();
    expect(main.getByRole('heading', { name: /申请编号 YY2026030700002/ })).toBeInTheDocument();
    const first = gateway.calls(CONTRACTS.myApplications.path)[0]!;
    expect(first.headers.get('authorization')).toBe(bearerOf());
    expect(first.query.get('kind')).toBeNull();

    await user.click(main.getByRole('radio', { name: '信用异议' }));
    expect(await main.findByText('共 1 件信用异议申请')).toBeInTheDocument();
    expect(addressQuery().get('kind')).toBe('objection');
    expect(main.queryByRole('heading', { name: /申请编号 XF2026030500001/ })).not.toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.myApplications.path).at(-1)!.query.get('kind')).toBe('objection');
  });

  it('says when there is nothing yet, and where to file', async () => {
    fakeGateway().on(CONTRACTS.myApplications, () => ({ list: [], totalCount: 0 }));
    storeLogin(loginResult());
    renderAppAt(`#${withQuery(paths.myFilings, { kind: 'repair' })}`);
    const main = await findMain();
    expect(await main.findByText('您还没有提交过信用修复申请')).toBeInTheDocument();
    expect(main.getByRole('link', { name: '信用修复' })).toHaveAttribute('href', `#${paths.creditRepair}`);
  });
});

describe('修改密码', () => {
  it('checks the new password against the rules and the current one (unit)', () => {
    expect(newPasswordProblem({ current: 'Old1234pass', password: '' })).toBe(ACCOUNT_MESSAGES.newPasswordRequired);
    expect(newPasswordProblem({ current: 'Old1234pass', password: 'short1' })).toBe(ACCOUNT_MESSAGES.passwordWeak);
    expect(newPasswordProblem({ current: 'Old1234pass', password: 'Old1234pass' })).toBe(
      ACCOUNT_MESSAGES.newPasswordSame,
    );
    expect(newPasswordProblem({ current: 'Old1234pass', password: 'New1234pass' })).toBeNull();
  });

  it('checks the form before sending, shows the service’s refusal, and says which logins ended', async () => {
    const user = setupUser();
    let answer: 'wrong' | 'ok' = 'wrong';
    const gateway = fakeGateway().on(CONTRACTS.passwordChange, () =>
      answer === 'wrong' ? failure(400, 400, ACCOUNT_MESSAGES.currentPasswordWrong) : { SessionsEnded: 2 },
    );
    storeLogin(loginResult());
    renderAppAt(`#${paths.changePassword}`);
    const main = await findMain();
    const current = await main.findByLabelText('当前密码', { selector: 'input' });
    const next = main.getByLabelText('新密码', { selector: 'input' });
    const confirm = main.getByLabelText('确认新密码', { selector: 'input' });
    const submit = main.getByRole('button', { name: /修改密码/ });
    // A form error may be drawn anew as antd's list of errors changes: asked for until it is there.
    const shows = (text: string) => waitFor(() => expect(main.getByText(text)).toBeInTheDocument());

    await user.click(submit);
    await shows(ACCOUNT_MESSAGES.currentPasswordRequired);
    await shows(ACCOUNT_MESSAGES.newPasswordRequired);
    await fill(user, current, 'Old1234pass');
    await fill(user, next, 'Old1234pass');
    await fill(user, confirm, 'Other1234x');
    await user.click(submit);
    await shows(ACCOUNT_MESSAGES.newPasswordSame);
    await shows(ACCOUNT_MESSAGES.passwordMismatch);
    await fill(user, next, 'weak');
    // The rule under the field is not said twice: the error replaces the hint.
    await shows(ACCOUNT_MESSAGES.passwordWeak);
    await waitFor(() => expect(main.queryByText(/位以上，含大写字母/)).not.toBeInTheDocument());
    expect(gateway.calls(CONTRACTS.passwordChange.path)).toEqual([]);

    await fill(user, next, 'New1234pass');
    await fill(user, confirm, 'New1234pass');
    await user.click(submit);
    await shows(ACCOUNT_MESSAGES.currentPasswordWrong);
    const sent = gateway.calls(CONTRACTS.passwordChange.path);
    expect(sent.map((call) => call.body)).toEqual([
      { Password: 'Old1234pass', NewPassword: 'New1234pass', ConfirmPassword: 'New1234pass' },
    ]);
    expect(sent[0]!.headers.get('authorization')).toBe(bearerOf());

    answer = 'ok';
    await user.click(submit);
    expect(await main.findByText('密码已修改')).toBeInTheDocument();
    expect(main.getByText(/其他设备或浏览器上的 2 处登录已退出；本机登录保持有效/)).toBeInTheDocument();
    // This login stays.
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).toBe(loginResult().JwtToken);
  });
});
