import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import {
  API_PATHS,
  GATEWAY_PATHS,
  MESSAGES,
  STORAGE_KEYS,
  type LoginResult,
  type LoginTicketState,
  type RuntimeConfig,
} from '@credit-portal/shared';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createAppRouter } from '@/app/router';
import { idleDeadline, idleTiming } from '@/features/account/idle-timing';
import * as oldSiteNavigation from '@/features/account/old-site-navigation';
import { currentLogin, noteSessionContact, storeLogin } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { setupUser } from '../../render-app';
import { TEST_RUNTIME_CONFIG, TestProviders } from '../../test-providers';

/*
 * Sessions that end, in the SPA, with the API
 * client stubbed at its edge (fetch): the old-site addresses carry one-time codes, never the
 * JwtToken; a logout the service had no session for stays in the portal; /newszxy neither wipes
 * storage nor silently switches accounts; an unused login warns and ends; the phone sees who asks
 * to log in. A logout walked through (asked first, ended at the service, the login and nothing
 * else forgotten, the old site's logout page with a code, the other tab logged out) is walked once
 * in Chromium: e2e/account.e2e.ts.
 */

// A spy on the module's export, not vi.mock: the test files share one module graph (isolate: false).
let leave: MockInstance<typeof oldSiteNavigation.leaveForOldSite>;

/** A JWT-shaped token naming `sub` (the browser only reads exp and sub; the service verifies). */
const tokenFor = (sub: string, sid = 'sid-1'): string =>
  [
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
    btoa(JSON.stringify({ sub, sid, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, ''),
    'c2lnbmF0dXJl',
  ].join('.');

function loginOf(mobile: string, sub: string): LoginResult {
  const token = tokenFor(sub);
  return {
    UserInfo: { User: { Mobile: mobile, JwtToken: token } },
    JwtToken: token,
    RealAuthInfo: { LoginType: 'User', AuthTime: new Date().toISOString(), ExpireTime: new Date().toISOString() },
  };
}

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The bearer token sent, or null. */
  token: string | null;
  body: unknown;
}

type Answer = { ok: boolean; code: number | string; message: string; data: unknown };
const ok = (data: unknown, message = ''): Answer => ({ ok: true, code: 200, message, data });

/** The gateway as the SPA sees it: the runtime configuration, the answers a test gives, offline for the rest. */
let answers: Map<string, (call: Call) => Answer>;
let calls: Call[];
let config: RuntimeConfig;

const callsTo = (path: string) => calls.filter((call) => call.path === path);

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (!document.head.querySelector('title')) document.head.append(document.createElement('title'));
  // Made for each test: restoreAllMocks in afterEach ends it.
  leave = vi.spyOn(oldSiteNavigation, 'leaveForOldSite').mockImplementation(() => undefined);
  calls = [];
  config = TEST_RUNTIME_CONFIG;
  answers = new Map<string, (call: Call) => Answer>([
    [API_PATHS.logout, () => ok({ LoginToken: 'logout-code-1' }, '您已退出登录')],
    [API_PATHS.oldSiteHandoff, () => ok({ LoginToken: 'personal-code-1', ExpiresAt: new Date().toISOString() })],
    [
      API_PATHS.profile,
      () =>
        ok({
          LoginType: 'User',
          Mobile: '13900000001',
          Nickname: '',
          RegisteredAt: '2026-01-01 00:00:00',
          TokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        }),
    ],
  ]);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const authorization = new Headers(init?.headers).get('authorization');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        token: authorization?.replace(/^Bearer /, '') ?? null,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const answer = url.pathname === GATEWAY_PATHS.runtimeConfig ? () => ok(config) : answers.get(url.pathname);
      if (!answer) return Promise.reject(new TypeError('offline'));
      return Promise.resolve(
        new Response(JSON.stringify(answer(call)), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function openAt(hash: string) {
  window.history.replaceState(null, '', `/#${hash}`);
  const router = createAppRouter();
  // Without antd's run-time styles, as render-app.tsx renders the app (every role query reads computed styles).
  render(
    <TestProviders config={config}>
      <ConfigProvider theme={{ zeroRuntime: true }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </TestProviders>,
  );
  return router;
}

const ME = loginOf('13900000001', 'user:1');
const OTHER = loginOf('13900000002', 'user:2');

/** Every address on the page (links, form targets, frames), to check none carries the token. */
const addressesOnPage = (): string[] =>
  [...document.querySelectorAll('[href], [src], [action]')].map(
    (element) => element.getAttribute('href') ?? element.getAttribute('src') ?? element.getAttribute('action') ?? '',
  );

describe('the old site gets one-time codes, never the JwtToken', () => {
  it('opens the personal centre from the header and the page with a code asked for first', async () => {
    const user = setupUser();
    storeLogin(ME);
    openAt(paths.personal);
    const entry = await screen.findByRole('button', { name: /个人资料/ });
    expect(addressesOnPage().join(' ')).not.toContain(ME.JwtToken);

    await user.click(entry);
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(callsTo(API_PATHS.oldSiteHandoff)).toMatchObject([{ method: 'POST', token: ME.JwtToken, body: {} }]);
    expect(leave).toHaveBeenCalledWith(`${config.oldSiteUrl}/NewLinkTo.aspx?LoginToken=personal-code-1&PageType=grzl`);

    // The header's account name does the same.
    await user.click(screen.getAllByRole('button', { name: /139\*\*\*\*0001/ })[0]!);
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(2));
    for (const [url] of leave.mock.calls) expect(url).not.toContain(ME.JwtToken);
  });

  it('stays in the portal when the service had no session left to end', async () => {
    const user = setupUser();
    answers.set(API_PATHS.logout, () => ok({ LoginToken: null }, '您已退出登录'));
    storeLogin(ME);
    const router = openAt(paths.personal);
    await user.click((await screen.findAllByRole('button', { name: /退出/ }))[0]!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(currentLogin()).toBeNull();
    expect(leave).not.toHaveBeenCalled();
    // The page left did not ask to log in on the way out; a page that needs the login asks again now.
    expect(screen.queryByText(MESSAGES.loginExpired)).not.toBeInTheDocument();
    await act(() => router.navigate(paths.myCenter));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.scanLogin));
  });
});

describe('/newszxy', () => {
  it('without a logintoken opens pageType and touches no login and no storage', async () => {
    storeLogin(ME);
    window.localStorage.setItem('someOtherKey', 'kept');
    window.sessionStorage.setItem('tabState', 'kept');
    const router = openAt('/newszxy?pageType=grzx/myCenter');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.myCenter));
    expect(currentLogin()?.token).toBe(ME.JwtToken);
    expect(window.localStorage.getItem('someOtherKey')).toBe('kept');
    expect(window.sessionStorage.getItem('tabState')).toBe('kept');
    expect(window.localStorage.getItem(STORAGE_KEYS.logoutFlag)).toBeNull();
    expect(callsTo(API_PATHS.loginTokenExchange)).toEqual([]);
    expect(callsTo(API_PATHS.logout)).toEqual([]);
  });

  it('asks before another account replaces the current login; keeping it ends the link’s login', async () => {
    const user = setupUser();
    answers.set(API_PATHS.loginTokenExchange, () => ok(OTHER, '登录成功'));
    storeLogin(ME);
    const router = openAt('/newszxy?logintoken=attackers-handoff&pageType=index');
    const dialog = await screen.findByRole('dialog');
    expect(callsTo(API_PATHS.loginTokenExchange)).toMatchObject([{ body: { LoginToken: 'attackers-handoff' } }]);
    expect(dialog).toHaveTextContent('当前登录账号：139****0001');
    expect(dialog).toHaveTextContent('链接中的账号：139****0002');
    // The safe choice has the focus.
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/保持当前账号/));
    await user.click(within(dialog).getByRole('button', { name: /保持当前账号/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(currentLogin()?.token).toBe(ME.JwtToken);
    await waitFor(() => expect(callsTo(API_PATHS.logout)).toMatchObject([{ token: OTHER.JwtToken }]));
  });

  it('switches when asked to', async () => {
    const user = setupUser();
    answers.set(API_PATHS.loginTokenExchange, () => ok(OTHER, '登录成功'));
    storeLogin(ME);
    const router = openAt('/newszxy?logintoken=handoff&pageType=grzx/myCenter');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /切换账号/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.myCenter));
    expect(currentLogin()?.token).toBe(OTHER.JwtToken);
    expect(callsTo(API_PATHS.logout)).toEqual([]);
  });

  it('asks a visitor who is not logged in before logging in as the link’s account; declining ends that login', async () => {
    const user = setupUser();
    answers.set(API_PATHS.loginTokenExchange, () => ok(OTHER, '登录成功'));
    const router = openAt('/newszxy?logintoken=attackers-handoff&pageType=grzx/myCenter');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('以 139****0002 账号登录？');
    // Nothing is stored while the question is open, and the safe choice has the focus.
    expect(currentLogin()).toBeNull();
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/不登录/));
    await user.click(within(dialog).getByRole('button', { name: /不登录/ }));
    await waitFor(() => expect(callsTo(API_PATHS.logout)).toMatchObject([{ token: OTHER.JwtToken }]));
    expect(currentLogin()).toBeNull();
    // The page it names still opens; being a personal page, it asks for a login of one's own.
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/newszxy'));
  });

  it('logs the visitor in as the link’s account when they say so', async () => {
    const user = setupUser();
    answers.set(API_PATHS.loginTokenExchange, () => ok(OTHER, '登录成功'));
    const router = openAt('/newszxy?logintoken=handoff&pageType=grzx/myCenter');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /^登\s*录$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.myCenter));
    expect(currentLogin()?.token).toBe(OTHER.JwtToken);
    expect(callsTo(API_PATHS.logout)).toEqual([]);
  });

  it('continues without asking for the same account', async () => {
    const again = loginOf('13900000001', 'user:1');
    answers.set(API_PATHS.loginTokenExchange, () => ok(again, '登录成功'));
    storeLogin(ME);
    const router = openAt('/newszxy?logintoken=handoff&pageType=grzx/myCenter');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.myCenter));
    expect(currentLogin()?.token).toBe(again.JwtToken);
    expect(screen.queryByText('链接中的账号', { exact: false })).not.toBeInTheDocument();
  });
});

describe('the idle timeout', () => {
  const timing = idleTiming(TEST_RUNTIME_CONFIG.sessionIdleSeconds);

  it('times the warning, the keep-alive and the end within the service’s idle timeout', () => {
    expect(idleTiming(1800)).toEqual({ idleMs: 1_800_000, keepAliveMs: 120_000, warningMs: 60_000, slackMs: 30_000 });
    for (const seconds of [60, 300, 1800, 86_400]) {
      const t = idleTiming(seconds);
      // Ends before the service does (it records a use at most every 30 s); an active person's
      // keep-alive always comes before the warning.
      expect(idleDeadline(0, t)).toBeLessThanOrEqual(t.idleMs - Math.min(30_000, t.idleMs / 4));
      expect(t.keepAliveMs).toBeLessThan(idleDeadline(0, t) - t.warningMs);
    }
  });
  /** Records the last contact so that the login ends `ms` from now. */
  const endsIn = (ms: number) => noteSessionContact(Date.now() + ms - timing.idleMs + timing.slackMs);

  it('warns a minute before the end, and 继续使用 keeps the session alive at the service', async () => {
    const user = setupUser();
    storeLogin(ME);
    endsIn(50_000);
    openAt(paths.personal);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('登录即将超时');
    expect(dialog).toHaveTextContent(/您已较长时间未操作，登录将在 \d+ 秒后自动退出/);
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/继续使用/));
    // Moving the pointer is not an answer: the warning stays until a button is chosen.
    fireEvent.pointerMove(document.body);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /继续使用/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(API_PATHS.profile).at(-1)).toMatchObject({ method: 'GET', token: ME.JwtToken });
    expect(currentLogin()?.token).toBe(ME.JwtToken);
    expect(callsTo(API_PATHS.logout)).toEqual([]);
  });

  it('logs out at once with 立即退出, as the header’s 退出 does', async () => {
    const user = setupUser();
    storeLogin(ME);
    endsIn(50_000);
    openAt(paths.personal);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /立即退出/ }));
    await waitFor(() =>
      expect(leave).toHaveBeenCalledWith(`${config.oldSiteUrl}/NewLoginOut.aspx?LoginToken=logout-code-1`),
    );
    expect(callsTo(API_PATHS.logout)).toMatchObject([{ token: ME.JwtToken }]);
    expect(currentLogin()).toBeNull();
  });

  it('logs out by itself when the countdown runs out, and says so on the home page', async () => {
    storeLogin(ME);
    endsIn(1500);
    const router = openAt(paths.personal);
    expect(await screen.findByText('由于较长时间未操作，为保护您的账号安全，登录已自动退出。')).toBeInTheDocument();
    expect(callsTo(API_PATHS.logout)).toMatchObject([{ token: ME.JwtToken }]);
    expect(currentLogin()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.logoutFlag)).not.toBeNull();
    expect(router.state.location.pathname).toBe(paths.home);
    // Not the login page's 登录失效 warning: the page that needed the login was left first.
    expect(screen.queryByText(MESSAGES.loginExpired)).not.toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });

  it('keeps an active login alive with a throttled call, and counts another tab’s contact', async () => {
    storeLogin(ME);
    noteSessionContact(Date.now() - timing.keepAliveMs - 1000);
    openAt(paths.personal);
    await screen.findByRole('heading', { name: '个人中心' });
    const before = callsTo(API_PATHS.profile).length;
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await waitFor(() => expect(callsTo(API_PATHS.profile)).toHaveLength(before + 1));
    fireEvent.pointerDown(document.body);
    fireEvent.scroll(window);
    expect(callsTo(API_PATHS.profile)).toHaveLength(before + 1);

    // Another tab was in use: its contact arrives as a storage event and the warning goes.
    endsIn(30_000);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.sessionContact }));
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('登录即将超时');
    noteSessionContact();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.sessionContact }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentLogin()?.token).toBe(ME.JwtToken);
  });
});

describe('the phone’s QR confirmation', () => {
  it('shows which browser, address and time asks, before 确认登录', async () => {
    const requestedAt = '2026-11-02T03:04:05.000Z';
    answers.set(API_PATHS.loginTicketScan, () =>
      ok({
        Status: 'scanned',
        ExpiresAt: new Date(Date.now() + 120_000).toISOString(),
        Login: null,
        Requester: { Browser: 'Chrome 131 · Windows', Ip: '203.0.113.9', RequestedAt: requestedAt },
      } satisfies LoginTicketState),
    );
    storeLogin(ME);
    openAt(`${paths.scanConfirm}?ticket=T1`);
    const list = await screen.findByLabelText('请求登录的电脑');
    expect(list).toHaveTextContent('请求登录的浏览器');
    expect(list).toHaveTextContent('Chrome 131 · Windows');
    expect(list).toHaveTextContent('IP 地址');
    expect(list).toHaveTextContent('203.0.113.9');
    expect(list).toHaveTextContent('请求时间');
    // In Beijing time, whatever the phone's zone.
    expect(list).toHaveTextContent('2026-11-02 11:04:05');
    const confirm = screen.getByRole('button', { name: /确认登录/ });
    expect(list.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
