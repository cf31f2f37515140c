import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNT_MESSAGES,
  CONTRACTS,
  MESSAGES,
  PRIVACY_RULES_VERSION,
  STORAGE_KEYS,
  type EntityBaseInfo,
  type EntityDetailInfo,
  type Profile,
} from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeLogin } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { failure, fakeGateway } from '../../fake-gateway';
import { loginResult } from '../../fixtures';
import { findMain, preloadPages, renderAppAt, setupUser } from '../../render-app';
import * as oldSiteNavigation from '@/features/account/old-site-navigation';

/*
 * The account pages with the API client stubbed at its edge (test/fake-gateway.ts): logout asks
 * first and 取消 keeps the login, another tab's logout reaches this one; the registration form's
 * checks, the SMS code sent and the service's refusals shown; a wrong password on the account
 * login page; /newszxy with the old site's logintoken and no login here. What the service decides
 * (a registered number answered as a new one until its code is proven, a session ended with every
 * hand-off): packages/credit-service/test/account.test.ts and sessions.test.ts; logout, the old
 * site's pages and registration in real Chromium: e2e/account.e2e.ts; the rest of logout and
 * /newszxy with the client stubbed: test/features/account/sessions.test.tsx, test/features/account/units.test.tsx.
 */

// Full-page navigations to the old site are watched, not followed (jsdom has no navigation).

beforeAll(() =>
  preloadPages(
    paths.personal,
    paths.scanLogin,
    paths.register,
    paths.resetPassword,
    paths.bindWechat,
    paths.passwordLogin,
    paths.oldSiteEntry,
    paths.searchDetails,
  ),
);

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Leaving for the old site does nothing here. A spy, not vi.mock: the test files share one
  // module graph (isolate: false); made anew for each test, as restoreAllMocks ends it.
  vi.spyOn(oldSiteNavigation, 'leaveForOldSite').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MOBILE = '13912345678';

/** Types a value the quick way: a click, then a paste. */
async function fill(user: ReturnType<typeof setupUser>, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

describe('logout', () => {
  it('asks first: 取消 keeps the login; another tab’s logout logs this one out', async () => {
    const user = setupUser();
    const profile: Profile = {
      LoginType: 'User',
      Mobile: MOBILE,
      Nickname: '',
      RegisteredAt: '2026-01-01 00:00:00',
      TokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const gateway = fakeGateway().on(CONTRACTS.profile, () => profile);
    storeLogin(loginResult(MOBILE));
    renderAppAt(`#${paths.personal}`);
    // The top bar: found by its texts (role queries over the whole page are slow in jsdom).
    const logout = (await screen.findAllByText('退出'))[0]!.closest('button')!;
    const topBar = logout.parentElement!;
    // The number masked as on the repair page: never in full on screen.
    expect(within(topBar).getByText('139****5678')).toBeInTheDocument();
    expect(topBar).not.toHaveTextContent(MOBILE);
    await user.click(logout);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MESSAGES.logoutTitle);
    expect(dialog).toHaveTextContent(MESSAGES.logoutConfirm);
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).not.toBeNull();
    expect(gateway.calls(CONTRACTS.logout.path)).toEqual([]);

    // Another tab logs out: it clears the shared storage and sets the flag, which arrives here as an event.
    window.localStorage.setItem(STORAGE_KEYS.logoutFlag, String(Date.now()));
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: STORAGE_KEYS.logoutFlag,
        newValue: window.localStorage.getItem(STORAGE_KEYS.logoutFlag),
      }),
    );
    await waitFor(() => expect(screen.queryAllByText('退出')).toHaveLength(0));
    expect(within(topBar).getByText('登录')).toBeInTheDocument();
    expect(within(topBar).queryByText('139****5678')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    // This tab only forgets: the session was ended by the tab that logged out.
    expect(gateway.calls(CONTRACTS.logout.path)).toEqual([]);
  });
});

describe('registration and account login', () => {
  /** The registration page's fields and buttons. */
  async function registrationForm(user: ReturnType<typeof setupUser>) {
    renderAppAt(`#${paths.register}`);
    const main = await findMain();
    const fields = {
      mobile: await main.findByRole('textbox', { name: '手机号码' }),
      code: main.getByRole('textbox', { name: '短信验证码' }),
      password: main.getByLabelText('密码', { selector: 'input' }),
      confirm: main.getByLabelText('确认密码', { selector: 'input' }),
    };
    const submitButton = main.getByRole('button', { name: /注\s*册/ });
    return {
      main,
      fill: (field: keyof typeof fields, value: string) => fill(user, fields[field], value),
      submit: () => user.click(submitButton),
    };
  }

  it('checks the form before anything is sent', async () => {
    const user = setupUser();
    const gateway = fakeGateway();
    const form = await registrationForm(user);
    await form.fill('mobile', '12345');
    await form.fill('password', 'letters1');
    await form.fill('confirm', 'letterz');
    await form.submit();
    expect(await screen.findByText(ACCOUNT_MESSAGES.mobileInvalid)).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT_MESSAGES.smsCodeRequired)).toBeInTheDocument();
    expect(
      await screen.findByText(ACCOUNT_MESSAGES.passwordWeak, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    // Said once: the rule under the field, which says the same, gives way to the error.
    await waitFor(() => expect(screen.queryAllByText(/中的至少三种/)).toHaveLength(1));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordMismatch)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.register.path)).toEqual([]);
  });

  it('sends the SMS code, and shows the service’s refusals of the registration', async () => {
    const user = setupUser();
    let registered = 0;
    const gateway = fakeGateway()
      .on(CONTRACTS.registerCode, () => ({ ExpiresIn: 300, ResendIn: 60 }))
      // The service: a wrong code first; the right one proves the owner of a registered number.
      .on(CONTRACTS.register, () =>
        ++registered === 1
          ? failure(400, 400, ACCOUNT_MESSAGES.smsCodeInvalid)
          : failure(409, 409, ACCOUNT_MESSAGES.mobileTaken),
      );
    const form = await registrationForm(user);
    await form.fill('mobile', '13900000001');
    await user.click(form.main.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.smsSent)).toBeInTheDocument();
    expect(form.main.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
    expect(gateway.calls(CONTRACTS.registerCode.path).map((call) => call.body)).toEqual([{ Mobile: '13900000001' }]);

    await form.fill('code', '000000');
    await form.fill('password', 'Good1234pass');
    await form.fill('confirm', 'Good1234pass');
    await user.click(form.main.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await form.submit();
    expect(await form.main.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.smsCodeInvalid);
    await form.submit();
    await waitFor(() => expect(form.main.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.mobileTaken));
    const sent = {
      Mobile: '13900000001',
      Code: '000000',
      Password: 'Good1234pass',
      ConfirmPassword: 'Good1234pass',
      PrivacyVersion: PRIVACY_RULES_VERSION,
    };
    expect(gateway.calls(CONTRACTS.register.path).map((call) => call.body)).toEqual([sent, sent]);
    // Not logged in by a refusal.
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).toBeNull();
    expect(window.location.hash).toBe(`#${paths.register}`);
  });

  it('resets a forgotten password with the number’s SMS code, then asks for a login with it', async () => {
    const user = setupUser();
    let tries = 0;
    const gateway = fakeGateway()
      .on(CONTRACTS.passwordResetCode, () => ({ ExpiresIn: 300, ResendIn: 60 }))
      .on(CONTRACTS.passwordReset, () =>
        ++tries === 1 ? failure(400, 400, ACCOUNT_MESSAGES.smsCodeInvalid) : { SessionsEnded: 2 },
      );
    renderAppAt(`#${paths.passwordLogin}`);
    await user.click(await screen.findByRole('link', { name: '找回密码' }));
    await screen.findByRole('heading', { level: 1, name: '找回密码' }, { timeout: 5_000 });
    const main = await findMain();
    await fill(user, await main.findByRole('textbox', { name: '手机号码' }), MOBILE);
    await user.click(main.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.smsSent)).toBeInTheDocument();
    await fill(user, main.getByRole('textbox', { name: '短信验证码' }), '123456');
    await fill(user, main.getByLabelText('新密码', { selector: 'input' }), 'Fresh1234pass');
    await fill(user, main.getByLabelText('确认密码', { selector: 'input' }), 'Fresh1234pass');
    const submit = main.getByRole('button', { name: '重置密码' });
    await user.click(submit);
    expect(await main.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.smsCodeInvalid);
    await user.click(submit);
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordResetDone)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.passwordLogin}`));
    const sent = { Mobile: MOBILE, Code: '123456', Password: 'Fresh1234pass', ConfirmPassword: 'Fresh1234pass' };
    expect(gateway.calls(CONTRACTS.passwordResetCode.path).map((call) => call.body)).toEqual([{ Mobile: MOBILE }]);
    expect(gateway.calls(CONTRACTS.passwordReset.path).map((call) => call.body)).toEqual([sent, sent]);
    // No login comes of a reset.
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).toBeNull();
  });

  it('lets the bound 微信 go with the account’s password, and shows the refusal of a wrong one', async () => {
    const user = setupUser();
    const profile = (Nickname: string) => ({
      LoginType: 'User' as const,
      Mobile: MOBILE,
      Nickname,
      RegisteredAt: '2026-01-02 08:00:00',
      TokenExpiresAt: '2026-12-31T00:00:00Z',
    });
    let tries = 0;
    const gateway = fakeGateway()
      .on(CONTRACTS.profile, () => profile('海风'))
      .on(CONTRACTS.unbindWechat, () =>
        ++tries === 1 ? failure(401, 401, ACCOUNT_MESSAGES.wrongCredentials) : profile(''),
      );
    storeLogin(loginResult(MOBILE));
    renderAppAt(`#${paths.bindWechat}`);
    const main = await findMain();
    expect(await main.findByText('当前账号已绑定微信“海风”')).toBeInTheDocument();
    const password = main.getByLabelText('登录密码', { selector: 'input' });
    const unbind = main.getByRole('button', { name: '解除绑定' });
    await fill(user, password, 'Wrong1234x');
    await user.click(unbind);
    expect(await main.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.wrongCredentials);
    await fill(user, password, 'Right1234x');
    await user.click(unbind);
    expect(await screen.findByText(ACCOUNT_MESSAGES.wechatUnbound)).toBeInTheDocument();
    expect(await main.findByRole('button', { name: /授权绑定/ })).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.unbindWechat.path).map((call) => call.body)).toEqual([
      { Password: 'Wrong1234x' },
      { Password: 'Right1234x' },
    ]);
  });

  it('shows a wrong password clearly on the account login page', async () => {
    const user = setupUser();
    const gateway = fakeGateway().on(CONTRACTS.login, () => failure(401, 401, ACCOUNT_MESSAGES.wrongCredentials));
    renderAppAt(`#${paths.passwordLogin}`);
    const main = await findMain();
    await fill(user, await main.findByRole('textbox', { name: '手机号码' }), MOBILE);
    await fill(user, main.getByLabelText('密码', { selector: 'input' }), 'Wrong1234');
    await user.click(main.getByRole('button', { name: /登\s*录/ }));
    expect(await main.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.wrongCredentials);
    expect(gateway.calls(CONTRACTS.login.path).map((call) => call.body)).toEqual([
      { Mobile: MOBILE, Password: 'Wrong1234' },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).toBeNull();
  });
});

describe('the /newszxy entry from the old site', () => {
  it('with a logintoken and no login here: asks, stores the link’s login and opens the details of id', async () => {
    const entity: EntityBaseInfo = {
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
    const detail: EntityDetailInfo = { Licences: [], Penalties: [], RedBlack: [], Promises: [], PublicLists: [] };
    const login = loginResult(MOBILE);
    const gateway = fakeGateway()
      .on(CONTRACTS.loginTokenExchange, () => login)
      .on(CONTRACTS.entityBaseInfo, () => entity)
      .on(CONTRACTS.entityDetailInfo, () => detail);
    renderAppAt(
      `#${withQuery(paths.oldSiteEntry, { logintoken: 'old-site-code', pageType: 'xyfw/search/details', id: entity.ID })}`,
    );
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent(`以 ${MOBILE.slice(0, 3)}****${MOBILE.slice(-4)} 账号登录？`);
    await setupUser().click(within(question).getByRole('button', { name: /^登\s*录$/ }));
    const main = await findMain();
    expect(await main.findByRole('heading', { level: 1, name: entity.EntName })).toBeInTheDocument();
    expect(window.location.hash).toBe(`#${withQuery(paths.searchDetails, { id: entity.ID })}`);
    expect(gateway.calls(CONTRACTS.loginTokenExchange.path).map((call) => call.body)).toEqual([
      { LoginToken: 'old-site-code' },
    ]);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo)!)).toMatchObject({ User: { Mobile: MOBILE } });
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).toBe(login.JwtToken);
  });
});
