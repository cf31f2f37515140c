import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  PRIVACY_RULES_VERSION,
  STORAGE_KEYS,
  type LoginResult,
} from '@credit-portal/shared';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeaderSearch } from '@/app/layouts/header-search';
import RegisterPage from '@/features/account/components/register-page';
import { WechatAuthorizeButton } from '@/features/account/components/wechat-authorize-button';
import WechatCallbackPage from '@/features/account/components/wechat-callback-page';
import { oldSiteEntryTarget } from '@/features/account/old-site-entry';
import * as wechat from '@/features/account/wechat-authorization';
import {
  currentLogin,
  lastSessionContact,
  markLoggedOut,
  noteSessionContact,
  oldSiteLogoutUrl,
  oldSitePersonalUrl,
  safeInternalPath,
  saveReturnPath,
  storeLogin,
  takeReturnPath,
  tokenExpiry,
  tokenSubject,
} from '@/lib/login-session';
import { TEST_RUNTIME_CONFIG, TestProviders } from '../../test-providers';

/** A JWT-shaped token with the given claims (the browser only reads exp; the server verifies). */
const tokenWith = (claims: object): string =>
  ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', btoa(JSON.stringify(claims)).replace(/=+$/, ''), 'c2ln'].join('.');

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

function loginResult(token: string): LoginResult {
  return {
    UserInfo: { User: { Mobile: '13900000000', JwtToken: token } },
    JwtToken: token,
    RealAuthInfo: { LoginType: 'User', AuthTime: new Date().toISOString(), ExpireTime: new Date().toISOString() },
  };
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

/** The gateway's envelope, as the API client receives it. */
const envelope = (status: number, data: unknown, message = '') =>
  new Response(
    JSON.stringify({ ok: status < 400, code: status < 400 ? 200 : status, message, data: status < 400 ? data : null }),
    {
      status,
      headers: { 'content-type': 'application/json' },
    },
  );

/** Stubs the API client's edge (fetch): `answer` gets each call's path and JSON body. */
function stubApi(answer: (path: string, body: Record<string, unknown>) => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    return answer(path, init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {});
  });
}

/**
 * A user without user-event's pointer-events check, as render-app.tsx's setupUser (not imported
 * here: it loads the whole app's router): it reads the computed style of the target and its
 * ancestors on every click, seconds per test with antd's styles in the document. Whether CSS
 * lets a click through is checked in Chromium (e2e/).
 */
const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Types into a field at once (a paste), as quick as a person's autofill. */
async function fill(user: ReturnType<typeof setupUser>, field: HTMLElement, value: string): Promise<void> {
  await user.click(field);
  await user.paste(value);
}

/** Where the router is: the path and query a page navigated to. */
function Here() {
  const location = useLocation();
  return <p data-testid="here">{`${location.pathname}${location.search}`}</p>;
}

describe('the /newszxy target', () => {
  const target = (query: string) => oldSiteEntryTarget(new URLSearchParams(query));

  it.each([
    ['pageType=index', '/index'],
    ['pageType=xyfw/search&searchKey=%E7%A7%91%E6%8A%80', `/xyfw/search?searchKey=${encodeURIComponent('科技')}`],
    ['pageType=xyfw/search&searchKey=%EF%BC%99%EF%BC%91abc', '/xyfw/search?searchKey=91abc'],
    ['pageType=xyfw/search/details&id=42', '/xyfw/search/details?id=42'],
    ['pageType=xyfw/search/details', '/xyfw/search'],
    ['pageType=xyfw/search/details&id=%22%3E%3Cscript%3E', '/xyfw/search'],
    ['pageType=GRZX/MYCENTER', '/grzx/myCenter'],
    ['pageType=/grzx', '/grzx'],
    ['pageType=sxcn/NewEntPromiseInfo', '/sxcn/NewEntPromiseInfo'],
  ])('%s → %s', (query, expected) => {
    expect(target(query)).toBe(expected);
  });

  it.each([
    '',
    'pageType=https://evil.example/',
    'pageType=//evil.example',
    'pageType=javascript:alert(1)',
    'pageType=../../grzx',
    'pageType=newszxy',
    'pageType=xyfw/search/../../evil',
    'pageType=index%0d%0aLocation:%20https://evil.example',
  ])('%s → /index (allow-list only)', (query) => {
    expect(target(query)).toBe('/index');
  });
});

describe('the login session', () => {
  it('reads the expiry of a token and treats an expired login as none', () => {
    expect(tokenExpiry(tokenWith({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
    expect(tokenExpiry('not a token')).toBeNull();
    storeLogin(loginResult(tokenWith({ exp: inAnHour() })));
    expect(currentLogin()).toMatchObject({ kind: 'User', displayName: '139****0000' });
    window.localStorage.setItem(STORAGE_KEYS.jwtToken, tokenWith({ exp: 1 }));
    expect(currentLogin()).toBeNull();
  });

  it('stores a login as spec §3 says and clears the logout flag', () => {
    window.localStorage.setItem(STORAGE_KEYS.logoutFlag, '1');
    const token = tokenWith({ exp: inAnHour() });
    storeLogin(loginResult(token));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo)!)).toEqual({
      User: { Mobile: '13900000000', JwtToken: token },
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).toBe(token);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.realAuthInfo)!)).toMatchObject({ LoginType: 'User' });
    expect(window.localStorage.getItem(STORAGE_KEYS.logoutFlag)).toBeNull();
  });

  it('logs out by setting the flag and clearing the login', () => {
    storeLogin(loginResult(tokenWith({ exp: inAnHour() })));
    markLoggedOut();
    expect(window.localStorage.getItem(STORAGE_KEYS.logoutFlag)).not.toBeNull();
    for (const key of [STORAGE_KEYS.userInfo, STORAGE_KEYS.jwtToken, STORAGE_KEYS.realAuthInfo]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
  });

  it('removes its token and login info when another tab sets the logout flag', () => {
    const token = tokenWith({ exp: inAnHour() });
    storeLogin(loginResult(token));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.logoutFlag, newValue: '1' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(currentLogin()).toBeNull();
  });

  it('remembers only paths inside the app to return to', () => {
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'grzx', '']) {
      expect(safeInternalPath(bad)).toBeNull();
      saveReturnPath(bad);
      expect(takeReturnPath()).toBeNull();
    }
    saveReturnPath('/xyfw/search/details?id=7');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.returnPath)).toBe('/xyfw/search/details?id=7');
    expect(takeReturnPath()).toBe('/xyfw/search/details?id=7');
    expect(takeReturnPath()).toBeNull();
  });

  it('builds the old-site addresses with a one-time code in LoginToken (never the JwtToken)', () => {
    expect(oldSitePersonalUrl('https://old.example/site', 'code+1')).toBe(
      'https://old.example/site/NewLinkTo.aspx?LoginToken=code%2B1&PageType=grzl',
    );
    expect(oldSiteLogoutUrl('https://old.example/site', 'code')).toBe(
      'https://old.example/site/NewLoginOut.aspx?LoginToken=code',
    );
    expect(oldSitePersonalUrl('', 'code')).toBe('');
  });

  it('keeps the time of the last contact with the service, from the login on, and forgets it with the login', () => {
    const before = Date.now();
    storeLogin(loginResult(tokenWith({ exp: inAnHour(), sub: 'user:9' })));
    expect(lastSessionContact()).toBeGreaterThanOrEqual(before);
    noteSessionContact(1234);
    expect(lastSessionContact()).toBe(1234);
    expect(tokenSubject(currentLogin()!.token)).toBe('user:9');
    markLoggedOut();
    expect(lastSessionContact()).toBeNull();
  });
});

describe('the header search subjects', () => {
  it('offers only the enterprise subject on the home banner', () => {
    const router = createMemoryRouter([{ path: '/', element: <HeaderSearch variant="hero" /> }]);
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    const tabs = document.querySelectorAll('[aria-current="true"]');
    expect([...tabs].map((tab) => tab.textContent)).toEqual(['信用主体查询']);
    expect(screen.queryByPlaceholderText('请输入姓名或身份证号')).not.toBeInTheDocument();
  });
});

describe('registration with an SMS code', () => {
  const renderRegister = () => {
    const router = createMemoryRouter(
      [
        { path: '/register', element: <RegisterPage /> },
        { path: '*', element: <Here /> },
      ],
      { initialEntries: ['/register'] },
    );
    // Without antd's run-time styles, as render-app.tsx renders the app: every role query reads
    // computed styles, which costs seconds per test with antd's rules in the document.
    render(
      <TestProviders>
        <ConfigProvider theme={{ zeroRuntime: true }}>
          <RouterProvider router={router} />
        </ConfigProvider>
      </TestProviders>,
    );
  };

  it('asks for a valid number before sending, counts 60 s down, and registers with the code', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    const user = setupUser();
    const api = stubApi((path, body) => {
      if (path === API_PATHS.registerCode)
        return envelope(200, { ExpiresIn: 300, ResendIn: 60 }, ACCOUNT_MESSAGES.smsSent);
      if (path === API_PATHS.register && body.Code === '123456') {
        return envelope(200, loginResult(tokenWith({ exp: inAnHour() })), '注册成功');
      }
      return envelope(400, null, ACCOUNT_MESSAGES.smsCodeInvalid);
    });
    renderRegister();
    const send = screen.getByRole('button', { name: '获取验证码' });

    // No number, or a bad one: nothing is sent.
    await user.click(send);
    expect(await screen.findByText(ACCOUNT_MESSAGES.mobileRequired)).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: '手机号码' }), '1380013800');
    await user.click(send);
    expect(await screen.findByText(ACCOUNT_MESSAGES.mobileInvalid)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();

    await fill(user, screen.getByRole('textbox', { name: '手机号码' }), '0');
    await user.click(send);
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeDisabled();
    expect(api).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({ Mobile: '13800138000' });
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: '30秒后重新获取' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();

    // The code is checked for shape here, and by the service for the rest.
    await fill(user, screen.getByLabelText('密码', { selector: 'input' }), 'Good1234pass');
    await fill(user, screen.getByLabelText('确认密码', { selector: 'input' }), 'Good1234pass');
    const code = screen.getByRole('textbox', { name: '短信验证码' });
    await fill(user, code, '12a');
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.smsCodeFormat)).toBeInTheDocument();
    await user.clear(code);
    await fill(user, code, '654321');
    // Not without the consent to the 个人信息处理规则: the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect(await screen.findByText('请阅读并同意《个人信息处理规则》')).toBeInTheDocument();
    expect(api.mock.calls.filter(([input]) => String(input).endsWith(API_PATHS.register))).toHaveLength(0);
    expect(screen.getByRole('link', { name: '《个人信息处理规则》' })).toHaveAttribute('href', '/grzx/privacy');
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.smsCodeInvalid);
    await user.clear(code);
    await fill(user, code, '123456');
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect(await screen.findByTestId('here')).toHaveTextContent('/index');
    const registered = api.mock.calls.filter(([input]) => String(input).endsWith(API_PATHS.register));
    expect(JSON.parse(String(registered.at(-1)![1]!.body))).toEqual({
      Mobile: '13800138000',
      Code: '123456',
      Password: 'Good1234pass',
      ConfirmPassword: 'Good1234pass',
      PrivacyVersion: PRIVACY_RULES_VERSION,
    });
    expect(currentLogin()).toMatchObject({ kind: 'User' });
  });

  it('says plainly when no SMS can be sent (the gateway answers 5xx without the service’s text)', async () => {
    const user = setupUser();
    stubApi(() => envelope(502, null, '服务暂时出现问题，请稍后再试'));
    renderRegister();
    await fill(user, screen.getByRole('textbox', { name: '手机号码' }), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.smsServiceDown);
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });
});

describe('chat-app authorization', () => {
  const STATE = '0123456789abcdef0123456789abcdef';

  function renderCallback(search: string) {
    window.history.replaceState(null, '', `/${search}#/grzx/wxauth`);
    const router = createMemoryRouter(
      [
        { path: '/grzx/wxauth', element: <WechatCallbackPage /> },
        { path: '*', element: <Here /> },
      ],
      { initialEntries: ['/grzx/wxauth'] },
    );
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
  }

  function pending(state: string, purpose: 'login' | 'bind', returnTo: string) {
    window.sessionStorage.setItem(
      'wechatAuthorization',
      JSON.stringify({ state, purpose, returnTo, startedAt: Date.now() }),
    );
  }

  it('goes to the chat app with a fresh random state, keeping it and the way back in this tab', () => {
    const first = wechat.beginWechatAuthorization(
      'http://localhost:8090/oauth/wechat/authorize?appid=wx123',
      'login',
      '/grzx/confirm?ticket=t-1',
    );
    const url = new URL(first);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8090/oauth/wechat/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      appid: 'wx123',
      redirect_uri: 'http://localhost:3000/#/grzx/wxauth',
      response_type: 'code',
      scope: 'snsapi_login',
    });
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(window.sessionStorage.getItem('wechatAuthorization')!)).toMatchObject({
      state,
      purpose: 'login',
      returnTo: '/grzx/confirm?ticket=t-1',
    });
    const second = new URL(wechat.beginWechatAuthorization('http://localhost:8090/x', 'bind', 'https://evil.example/'));
    expect(second.searchParams.get('state')).not.toBe(state);
    expect(JSON.parse(window.sessionStorage.getItem('wechatAuthorization')!)).toMatchObject({ returnTo: '/index' });
  });

  it('leaves for the authorization page from the button, or says 微信登录暂未开通 without one', async () => {
    const user = setupUser();
    const leave = vi.spyOn(wechat, 'leaveForWechat').mockImplementation(() => undefined);
    const { unmount } = render(
      <TestProviders>
        <WechatAuthorizeButton purpose="bind" returnTo="/grzx/bdwx">
          授权绑定
        </WechatAuthorizeButton>
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: /授权绑定/ }));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(leave.mock.calls[0]![0]).toMatch(/^http:\/\/localhost:8090\/oauth\/wechat\/authorize\?/);
    unmount();

    render(
      <TestProviders config={{ ...TEST_RUNTIME_CONFIG, wechatAuthorizeUrl: '' }}>
        <WechatAuthorizeButton purpose="login" returnTo="/grzx/confirm">
          微信授权登录
        </WechatAuthorizeButton>
      </TestProviders>,
    );
    expect(screen.getByRole('button', { name: new RegExp(ACCOUNT_MESSAGES.wechatUnavailable) })).toBeDisabled();
  });

  it('refuses an answer whose state this tab did not make, without calling the service', async () => {
    const api = stubApi(() => envelope(200, loginResult(tokenWith({ exp: inAnHour() }))));
    pending(STATE, 'login', '/grzx/confirm?ticket=t-1');
    renderCallback(`?code=stolen-code&state=${'f'.repeat(32)}`);
    expect(await screen.findByText(wechat.STATE_MISMATCH_MESSAGE)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
    expect(currentLogin()).toBeNull();
    // The code left the address bar at once.
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#/grzx/wxauth');
    // The tab's own authorization is still pending.
    expect(window.sessionStorage.getItem('wechatAuthorization')).toContain(STATE);
  });

  it('logs in with the code and its state, and returns to the phone’s confirmation with the ticket', async () => {
    const wechatLogin: LoginResult = {
      UserInfo: { Wechat: { Nickname: '海风' } },
      JwtToken: tokenWith({ exp: inAnHour() }),
      RealAuthInfo: { LoginType: 'Wechat', AuthTime: new Date().toISOString(), ExpireTime: new Date().toISOString() },
    };
    const api = stubApi(() => envelope(200, wechatLogin, '登录成功'));
    pending(STATE, 'login', '/grzx/confirm?ticket=t-1');
    renderCallback(`?code=the-code&state=${STATE}`);
    expect(await screen.findByTestId('here')).toHaveTextContent('/grzx/confirm?ticket=t-1');
    expect(api).toHaveBeenCalledTimes(1);
    expect(String(api.mock.calls[0]![0])).toContain(API_PATHS.wechatLogin);
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({ Code: 'the-code', State: STATE });
    expect(currentLogin()).toMatchObject({ kind: 'Wechat', displayName: '海风' });
    expect(window.location.search).toBe('');
    expect(window.sessionStorage.getItem('wechatAuthorization')).toBeNull();
  });

  it('binds with the code, and says so plainly when the service refuses it or the person cancelled', async () => {
    const api = stubApi(() => envelope(401, null, ACCOUNT_MESSAGES.wechatCodeInvalid));
    pending(STATE, 'bind', '/grzx/bdwx');
    renderCallback(`?code=old-code&state=${STATE}`);
    expect(await screen.findByText(ACCOUNT_MESSAGES.wechatCodeInvalid)).toBeInTheDocument();
    expect(String(api.mock.calls[0]![0])).toContain(API_PATHS.bindWechat);
    await setupUser().click(screen.getByRole('button', { name: /返\s*回/ }));
    expect(await screen.findByTestId('here')).toHaveTextContent('/grzx/bdwx');
  });

  it('says a cancelled authorization was cancelled', async () => {
    const api = stubApi(() => envelope(500, null));
    pending(STATE, 'login', '/grzx/confirm?ticket=t-2');
    renderCallback(`?error=access_denied&state=${STATE}`);
    expect(await screen.findByText(ACCOUNT_MESSAGES.wechatCancelled)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
    await waitFor(() => expect(window.location.search).toBe(''));
  });
});
