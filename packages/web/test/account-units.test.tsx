import { render, screen } from '@testing-library/react';
import { STORAGE_KEYS, type LoginResult } from '@credit-portal/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { HeaderSearch } from '@/app/layouts/header-search';
import { oldSiteEntryTarget } from '@/features/auth/old-site-entry';
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
import { TestProviders } from './test-providers';

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
    expect(currentLogin()).toMatchObject({ kind: 'User', displayName: '13900000000' });
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
