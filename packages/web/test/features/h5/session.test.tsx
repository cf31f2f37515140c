import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import {
  API_PATHS,
  H5,
  H5_CODE_PARAM,
  H5_MESSAGES,
  MESSAGES,
  PRIVACY_RULES_VERSION,
  type H5UserInfo,
} from '@credit-portal/shared';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sessionSource } from '@/features/h5/api/get-session';
import { H5_SESSION_EVIDENCE } from '@/features/h5/session-evidence';
import H5HomePage from '@/features/h5/components/h5-home-page';
import H5LoginPage from '@/features/h5/components/h5-login-page';
import * as h5Navigation from '@/features/h5/h5-navigation';
import { codeChallenge, createPkcePair } from '@/features/h5/pkce';
import { paths } from '@/lib/paths';
import { TEST_RUNTIME_CONFIG, TestProviders } from '../../test-providers';

// Hand-offs leave nothing here: a spy on the module's export, not vi.mock, since the test files
// share one module graph (isolate: false).
let leaveApp: MockInstance<typeof h5Navigation.leaveApp>;

/*
 * The H5 login bound to its browser, in jsdom with the gateway stubbed at the API
 * client's edge (fetch): the verifier and its challenge, the login without a face-verification
 * service or without WebCrypto, the load rules with the one-time code, the code taken out of the
 * address, the tab's login kept on a reload, and 退出登录.
 */

// user-event without its pointer-events check (as render-app.tsx: setupUser): it reads the computed
// style of the target and its ancestors on every click; what CSS lets through is checked in Chromium.

const USER: H5UserInfo = { Name: '林晓云', IdCard: '350203198806150240', Infotoken: 'info-token-1' };

interface Call {
  path: string;
  method: string;
  body: Record<string, unknown> | undefined;
}

/** The gateway as the API client sees it: one normalized envelope per path, every call recorded. */
function stubGateway(answers: Record<string, { status?: number; data?: unknown; message?: string }>): Call[] {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ path: url.pathname, method: init?.method ?? 'GET', body });
    const answer = answers[url.pathname] ?? { status: 404, message: '未找到' };
    const status = answer.status ?? 200;
    const envelope = { ok: status < 400, code: status, message: answer.message ?? '', data: answer.data ?? null };
    return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** Where the router is (the address the person sees). */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(entry: string, config = TEST_RUNTIME_CONFIG) {
  const router = createMemoryRouter(
    [
      {
        path: paths.h5Home,
        element: (
          <>
            <H5HomePage />
            <Where />
          </>
        ),
      },
      {
        path: paths.h5Login,
        element: (
          <>
            <H5LoginPage flow="entities" />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  // Without antd's run-time styles, as render-app.tsx renders the app (every role query reads computed styles).
  render(
    <TestProviders config={config}>
      <ConfigProvider theme={{ zeroRuntime: true }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </TestProviders>,
  );
}

const where = () => screen.getByTestId('where').textContent;

/** 登录, then the face-verification notice's consent and its button (the hand-off). */
async function agreeAndHandOff() {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  await user.click(screen.getByRole('button', { name: /^登\s*录$/ }));
  await user.click(await screen.findByRole('checkbox', { name: /单独同意/ }));
  await user.click(screen.getByRole('button', { name: /同意并开始人脸识别/ }));
}

const HOME_ANSWERS = {
  [API_PATHS.h5Entities]: { data: { Data: '[]' } },
  [API_PATHS.h5ReportAvailability]: { data: { Status: 10, ReportNumber: '' } },
};

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Made for each test: restoreAllMocks below ends it.
  leaveApp = vi.spyOn(h5Navigation, 'leaveApp').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the verifier and its challenge', () => {
  it('is S256 as RFC 7636 has it (its appendix B example)', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('is 32 random bytes in base64url, new each time', async () => {
    const first = await createPkcePair();
    const second = await createPkcePair();
    expect(first.verifier).toMatch(/^[\w-]{43}$/);
    expect(first.challenge).toBe(await codeChallenge(first.verifier));
    expect(second.verifier).not.toBe(first.verifier);
  });
});

describe('the H5 login', () => {
  it('sends the challenge, keeps the verifier beside the cert token and leaves for the face verification in place of the login', async () => {
    const calls = stubGateway({
      [API_PATHS.h5Encode]: { data: 'sealed' },
      [API_PATHS.h5CertToken]: { data: 'cert-token-1' },
    });
    renderAt(paths.h5Login);
    await agreeAndHandOff();
    await waitFor(() => expect(leaveApp).toHaveBeenCalledTimes(1));
    const verifier = window.localStorage.getItem(H5.storageKeys.certVerifier)!;
    expect(window.localStorage.getItem(H5.storageKeys.certToken)).toBe('cert-token-1');
    // Marked as the H5 (face-verified) login: its availability check applies on the home page.
    expect(window.localStorage.getItem(H5.storageKeys.loginType)).toBe(H5.loginTypeMarker);
    const request = calls.find((call) => call.path === API_PATHS.h5CertToken)!;
    expect(request.body).toMatchObject({
      CodeChallenge: await codeChallenge(verifier),
      ConsentVersion: PRIVACY_RULES_VERSION,
    });
    expect(JSON.stringify(calls)).not.toContain(verifier);
    expect(leaveApp.mock.calls[0]![0]).toBe(`${TEST_RUNTIME_CONFIG.faceVerifyUrl}?certToken=cert-token-1`);
    // The login page leaves the history: Back after the login returns to the page before it.
    expect(leaveApp.mock.calls[0]![1]).toBe('replace');
  });

  it('says the face verification is not available when FACE_VERIFY_URL is unset, and goes nowhere', async () => {
    const calls = stubGateway({ [API_PATHS.h5Encode]: { data: 'sealed' } });
    renderAt(paths.h5Login, { ...TEST_RUNTIME_CONFIG, faceVerifyUrl: '' });
    await userEvent
      .setup({ pointerEventsCheck: PointerEventsCheckLevel.Never })
      .click(screen.getByRole('button', { name: /^登\s*录$/ }));
    expect(await screen.findByText(H5_MESSAGES.faceVerifyUnavailable)).toBeInTheDocument();
    expect(leaveApp).not.toHaveBeenCalled();
    expect(calls.some((call) => call.path === API_PATHS.h5CertToken)).toBe(false);
    expect(where()).toBe(paths.h5Login);
  });

  it('asks for HTTPS where the browser offers no WebCrypto (an http origin)', async () => {
    const calls = stubGateway({ [API_PATHS.h5Encode]: { data: 'sealed' } });
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    renderAt(paths.h5Login);
    await agreeAndHandOff();
    expect(await screen.findByText(H5_MESSAGES.insecureContext)).toBeInTheDocument();
    expect(leaveApp).not.toHaveBeenCalled();
    expect(calls.some((call) => call.path === API_PATHS.h5CertToken)).toBe(false);
  });
});

describe('the load rules', () => {
  const search = (query: string) => new URLSearchParams(query);

  it('take test parameters, else the alternate token, else cert token + code + verifier, else the tab’s Infotoken', () => {
    window.localStorage.setItem(H5.storageKeys.certToken, 'cert');
    window.localStorage.setItem(H5.storageKeys.certVerifier, 'verifier');
    window.sessionStorage.setItem(H5.storageKeys.infotoken, 'info');
    expect(sessionSource(search('name=a&idCard=b&code=c'), '')).toMatchObject({ kind: 'test' });
    expect(sessionSource(search('code=c'), 'grxybg')).toEqual({
      kind: 'cert',
      token: 'cert',
      code: 'c',
      verifier: 'verifier',
      type: 'grxybg',
    });
    expect(sessionSource(search(''), '')).toEqual({ kind: 'tab', infotoken: 'info' });
    window.localStorage.setItem(H5.storageKeys.izgtxytoken, 'iz');
    expect(sessionSource(search('code=c'), '')).toEqual({ kind: 'alternate', token: 'iz' });
  });

  it('ignore a code without this browser’s cert token and verifier (a verification finished elsewhere)', () => {
    expect(sessionSource(search('code=c'), '')).toBeNull();
    window.localStorage.setItem(H5.storageKeys.certToken, 'cert');
    expect(sessionSource(search('code=c'), '')).toBeNull();
    // A new tab: the Infotoken of another tab is not here.
    window.localStorage.setItem(H5.storageKeys.infotoken, 'old-local-info');
    expect(sessionSource(search(''), '')).toBeNull();
  });

  it('find a source only where H5_SESSION_EVIDENCE looks (frame.js sends the rest to /h5/login first)', () => {
    const evident = (query: URLSearchParams) =>
      H5_SESSION_EVIDENCE.query.some((name) => query.has(name)) ||
      H5_SESSION_EVIDENCE.local.some((key) => window.localStorage.getItem(key)) ||
      H5_SESSION_EVIDENCE.session.some((key) => window.sessionStorage.getItem(key));
    // Every kind of source, made one at a time, each in a browser with everything else stored.
    const sources: [string, () => void][] = [
      ['test', () => undefined],
      ['alternate', () => window.localStorage.setItem(H5.storageKeys.izgtxytoken, 'iz')],
      ['cert', () => window.localStorage.setItem(H5.storageKeys.certToken, 'cert')],
      ['tab', () => window.sessionStorage.setItem(H5.storageKeys.infotoken, 'info')],
    ];
    const queries = { test: 'name=a&idCard=b', alternate: '', cert: 'code=c', tab: '' };
    for (const [kind, store] of sources) {
      window.localStorage.clear();
      window.sessionStorage.clear();
      window.localStorage.setItem(H5.storageKeys.certVerifier, 'verifier');
      window.localStorage.setItem(H5.storageKeys.loginType, H5.loginTypeMarker);
      window.localStorage.setItem(H5.storageKeys.infotoken, 'old-local-info');
      store();
      const query = search(queries[kind as keyof typeof queries]);
      expect(sessionSource(query, '')).toMatchObject({ kind });
      expect(evident(query)).toBe(true);
      window.localStorage.removeItem(H5.storageKeys.izgtxytoken);
      window.sessionStorage.clear();
      // The same browser without the source's own trace: nothing evident, and no source.
      const bare = search('');
      expect(evident(bare)).toBe(false);
      expect(sessionSource(bare, '')).toBeNull();
    }
  });
});

describe('the home page', () => {
  it('exchanges the code with the cert token and verifier in a body, once, and takes the code out of the address', async () => {
    window.localStorage.setItem(H5.storageKeys.certToken, 'cert-token-1');
    window.localStorage.setItem(H5.storageKeys.certVerifier, 'the-verifier');
    const calls = stubGateway({ ...HOME_ANSWERS, [API_PATHS.h5CertExchange]: { data: USER } });
    renderAt(`${paths.h5Home}?${H5_CODE_PARAM}=one-time-code`);
    expect(await screen.findByTestId('h5-masked-name')).toHaveTextContent('**云');
    await waitFor(() => expect(where()).toBe(paths.h5Home));
    const exchanges = calls.filter((call) => call.path === API_PATHS.h5CertExchange);
    expect(exchanges).toEqual([
      {
        path: API_PATHS.h5CertExchange,
        method: 'POST',
        body: { certToken: 'cert-token-1', code: 'one-time-code', verifier: 'the-verifier', type: '' },
      },
    ]);
    // The login is this tab's: in sessionStorage, never in the storage other tabs share.
    expect(window.sessionStorage.getItem(H5.storageKeys.infotoken)).toBe(USER.Infotoken);
    expect(window.localStorage.getItem(H5.storageKeys.infotoken)).toBeNull();
    expect(window.localStorage.getItem(H5.storageKeys.certToken)).toBeNull();
    expect(window.localStorage.getItem(H5.storageKeys.certVerifier)).toBeNull();
  });

  it('keeps the tab logged in on a reload with the same Infotoken', async () => {
    window.sessionStorage.setItem(H5.storageKeys.infotoken, USER.Infotoken);
    const calls = stubGateway({ ...HOME_ANSWERS, [API_PATHS.h5Session]: { data: USER } });
    renderAt(paths.h5Home);
    expect(await screen.findByTestId('h5-masked-name')).toHaveTextContent('**云');
    expect(calls.find((call) => call.path === API_PATHS.h5Session)?.body).toEqual({ Infotoken: USER.Infotoken });
  });

  it('sends an expired tab login to /h5/login and forgets it', async () => {
    window.sessionStorage.setItem(H5.storageKeys.infotoken, USER.Infotoken);
    stubGateway({ [API_PATHS.h5Session]: { status: 401, message: H5_MESSAGES.loginExpired } });
    renderAt(paths.h5Home);
    expect(await screen.findByText(H5_MESSAGES.loginExpired)).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe(paths.h5Login));
    expect(window.sessionStorage.getItem(H5.storageKeys.infotoken)).toBeNull();
  });

  it('asks before 退出登录, then revokes the login, forgets the H5 tokens and opens /h5/login', async () => {
    window.sessionStorage.setItem(H5.storageKeys.infotoken, USER.Infotoken);
    window.localStorage.setItem(H5.storageKeys.loginType, H5.loginTypeMarker);
    const calls = stubGateway({
      ...HOME_ANSWERS,
      [API_PATHS.h5Session]: { data: USER },
      [API_PATHS.h5Logout]: { data: { Revoked: true } },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAt(paths.h5Home);
    await user.click(await screen.findByRole('button', { name: /退出登录/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MESSAGES.logoutTitle);
    expect(dialog).toHaveTextContent(MESSAGES.logoutConfirm);
    // 取消 keeps everything as it was.
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.path === API_PATHS.h5Logout)).toBe(false);

    await user.click(screen.getByRole('button', { name: /退出登录/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(where()).toBe(paths.h5Login));
    expect(calls.find((call) => call.path === API_PATHS.h5Logout)?.body).toEqual({ Infotoken: USER.Infotoken });
    expect(window.sessionStorage.getItem(H5.storageKeys.infotoken)).toBeNull();
    expect(window.localStorage.getItem(H5.storageKeys.loginType)).toBeNull();
    expect(await screen.findByText(H5_MESSAGES.loggedOut)).toBeInTheDocument();
  });
});
