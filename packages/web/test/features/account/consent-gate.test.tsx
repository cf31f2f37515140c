import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { API_PATHS, PRIVACY_RULES_VERSION, type ConsentStatus, type LoginResult } from '@credit-portal/shared';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsentGate } from '@/features/account/components/consent-gate';
import { currentLogin, storeLogin } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { TestProviders } from '../../test-providers';

/*
 * The consent gate: a logged-in person whose consent to the 个人信息处理规则 in force is missing
 * is asked on every page until they agree; the rules' page and 注销账号 stay open; declining logs
 * out. The API client is stubbed at its edge (fetch). Walked in Chromium: e2e/privacy.e2e.ts.
 */

const token = [
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
  btoa(JSON.stringify({ sub: 'user:7', sid: 's', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, ''),
  'c2ln',
].join('.');

const login: LoginResult = {
  UserInfo: { User: { Mobile: '13900000000', JwtToken: token } },
  JwtToken: token,
  RealAuthInfo: { LoginType: 'User', AuthTime: new Date().toISOString(), ExpireTime: new Date().toISOString() },
};

const envelope = (status: number, data: unknown, message = '') =>
  new Response(
    JSON.stringify({ ok: status < 400, code: status < 400 ? 200 : status, message, data: status < 400 ? data : null }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const stale: ConsentStatus = { Version: PRIVACY_RULES_VERSION, AcceptedVersion: '2025.01', Required: true };
const agreed: ConsentStatus = {
  Version: PRIVACY_RULES_VERSION,
  AcceptedVersion: PRIVACY_RULES_VERSION,
  Required: false,
};

/** Stubs fetch: the consent status (`status`), its acceptance, and the logout; records each call. */
function stubApi(status: () => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === API_PATHS.consentStatus) return status();
    if (path === API_PATHS.consentAccept) return envelope(200, agreed, '已同意个人信息处理规则');
    if (path === API_PATHS.logout) return envelope(200, { OldSiteCode: '' });
    return envelope(404, null, '未找到该记录');
  });
}
const callsTo = (api: ReturnType<typeof stubApi>, path: string) =>
  api.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);

function Here() {
  const location = useLocation();
  return <p data-testid="here">{location.pathname}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <ConsentGate />
            <Here />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders>
      <ConfigProvider theme={{ zeroRuntime: true }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </TestProviders>,
  );
  return router;
}

const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the consent gate', () => {
  it('asks nothing of an anonymous visitor, and makes no call', async () => {
    const api = stubApi(() => envelope(200, stale));
    renderAt(paths.home);
    expect(await screen.findByTestId('here')).toHaveTextContent(paths.home);
    expect(api).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks a login whose consent is of an older version, and lets it go on once it agrees', async () => {
    storeLogin(login);
    const user = setupUser();
    const api = stubApi(() => envelope(200, stale));
    renderAt(paths.follows);
    const dialog = await screen.findByRole('dialog', { name: '个人信息处理规则已更新' });
    expect(dialog).toHaveTextContent(`已更新为 ${PRIVACY_RULES_VERSION} 版`);
    expect(dialog).toHaveTextContent('您此前同意的是 2025.01 版');
    expect(screen.getByRole('link', { name: '《个人信息处理规则》' })).toHaveAttribute('href', paths.privacy);
    // No way around it: no close button.
    expect(screen.queryByRole('button', { name: /close|关闭/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /同意并继续/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const accepted = callsTo(api, API_PATHS.consentAccept);
    expect(accepted).toHaveLength(1);
    expect(JSON.parse(String(accepted[0]![1]!.body))).toEqual({ Version: PRIVACY_RULES_VERSION });
  });

  it('asks an account with no consent on record in the words of a first time', async () => {
    storeLogin(login);
    stubApi(() => envelope(200, { ...stale, AcceptedVersion: null }));
    renderAt(paths.personal);
    expect(await screen.findByRole('dialog', { name: '请阅读并同意个人信息处理规则' })).toBeInTheDocument();
  });

  it('shows nothing when the consent in force is the current version', async () => {
    storeLogin(login);
    const api = stubApi(() => envelope(200, agreed));
    renderAt(paths.personal);
    await waitFor(() => expect(callsTo(api, API_PATHS.consentStatus)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves the rules’ page and 注销账号 open, and asks again on the next page', async () => {
    storeLogin(login);
    const user = setupUser();
    const api = stubApi(() => envelope(200, stale));
    const router = renderAt(paths.privacy);
    expect(await screen.findByTestId('here')).toHaveTextContent(paths.privacy);
    expect(callsTo(api, API_PATHS.consentStatus)).toHaveLength(0);
    await router.navigate(paths.myCenter);
    await screen.findByRole('dialog');

    await user.click(screen.getByRole('button', { name: '注销账号' }));
    await waitFor(() => expect(screen.getByTestId('here')).toHaveTextContent(paths.closeAccount));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('logs out when the person does not agree', async () => {
    storeLogin(login);
    const user = setupUser();
    const api = stubApi(() => envelope(200, stale));
    renderAt(paths.follows);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: /不同意，退出登录/ }));
    await waitFor(() => expect(screen.getByTestId('here')).toHaveTextContent(paths.home));
    expect(currentLogin()).toBeNull();
    expect(callsTo(api, API_PATHS.logout)).toHaveLength(1);
    expect(callsTo(api, API_PATHS.consentAccept)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('never locks anyone out when the status cannot be read', async () => {
    storeLogin(login);
    const api = stubApi(() => envelope(503, null, '服务暂时不可用'));
    renderAt(paths.follows);
    await waitFor(() => expect(callsTo(api, API_PATHS.consentStatus).length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
