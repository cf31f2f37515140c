import {
  maskPhone,
  OLD_SITE_PAGES,
  OLD_SITE_PERSONAL_PAGE,
  STORAGE_KEYS,
  type LoginInfo,
  type LoginResult,
} from '@credit-portal/shared';
import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, writeStorage, writeStorageJson } from './storage';

/*
 * The login state of spec §3 and §4, kept in localStorage exactly as the spec names it:
 * SETUSERINFO ({ User: { Mobile, JwtToken } } or { Wechat: { Nickname } }), JwtToken,
 * realAuthInfo and the logout flag; the return path lives in sessionStorage (one per tab).
 * "Logged in" means stored login info with a token that has not expired. Every tab follows
 * the others through storage events: a logout flag set elsewhere removes this tab's token
 * and login info. Beside them, the time this browser last kept its login alive at the service
 * (sessionContact), from which every tab counts the idle timeout.
 */

export interface LoginSession {
  info: LoginInfo;
  kind: 'User' | 'Wechat';
  /** The mobile number or the chat-app nickname, as the header shows it. */
  displayName: string;
  token: string;
  /** Expiry of the token (ms since the epoch), read from its exp claim; null when unreadable. */
  expiresAt: number | null;
}

/** The claims of a JWT as the browser can read them; null when it is not a readable JWT. Not a verification. */
function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The exp claim of a JWT, in ms; null when the token is not a readable JWT. Not a verification: the server verifies. */
export function tokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** Whom a JWT names (its sub claim: user:<id> or wechat:<openId>); null when unreadable. Not a verification. */
export function tokenSubject(token: string): string | null {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === 'string' ? sub : null;
}

/**
 * The mobile number (masked as the repair page masks it: 139****0000) or chat-app nickname of login
 * info, as the header and the account pages show it: a screen seen over a shoulder or in a
 * screenshot does not give the number away.
 */
export const loginDisplayName = (info: LoginInfo): string =>
  'User' in info ? maskPhone(info.User.Mobile) : info.Wechat.Nickname;

function parseLoginInfo(raw: string | null): LoginInfo | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const user = value.User as Record<string, unknown> | undefined;
    if (user && typeof user.Mobile === 'string' && typeof user.JwtToken === 'string') {
      return { User: { Mobile: user.Mobile, JwtToken: user.JwtToken } };
    }
    const wechat = value.Wechat as Record<string, unknown> | undefined;
    if (wechat && typeof wechat.Nickname === 'string') return { Wechat: { Nickname: wechat.Nickname } };
  } catch {
    // Not JSON: not a login.
  }
  return null;
}

function sessionOf(infoRaw: string | null, token: string | null, now: number): LoginSession | null {
  const info = parseLoginInfo(infoRaw);
  if (!info || !token) return null;
  const expiresAt = tokenExpiry(token);
  if (expiresAt !== null && expiresAt <= now) return null;
  return { info, kind: 'User' in info ? 'User' : 'Wechat', displayName: loginDisplayName(info), token, expiresAt };
}

const listeners = new Set<() => void>();
const emit = (): void => listeners.forEach((listener) => listener());

/** The stored token (JwtToken), whether or not the login is still valid. */
export const storedToken = (): string | null => readStorage(STORAGE_KEYS.jwtToken);

/** True when login info is stored, valid or not (an expired login still has to be cleared). */
export const hasStoredLoginInfo = (): boolean => readStorage(STORAGE_KEYS.userInfo) !== null;

/** The current login, or null. */
export function currentLogin(): LoginSession | null {
  return sessionOf(readStorage(STORAGE_KEYS.userInfo), storedToken(), Date.now());
}

/** Records that the service saw this browser's login at `at` (ms): a login, or a keep-alive call sent then. */
export function noteSessionContact(at: number = Date.now()): void {
  writeStorage(STORAGE_KEYS.sessionContact, String(at));
}

/** When this browser (any tab) last kept its login alive at the service, ms; null when not recorded. */
export function lastSessionContact(): number | null {
  const value = Number(readStorage(STORAGE_KEYS.sessionContact));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Stores a login as spec §3 says, and clears the logout flag. */
export function storeLogin(result: LoginResult): void {
  loggingOut = false;
  writeStorageJson(STORAGE_KEYS.userInfo, result.UserInfo);
  writeStorage(STORAGE_KEYS.jwtToken, result.JwtToken);
  writeStorageJson(STORAGE_KEYS.realAuthInfo, result.RealAuthInfo);
  removeStorage(STORAGE_KEYS.logoutFlag);
  // A login is a use of its session at the service: the idle timeout counts from here.
  noteSessionContact();
  emit();
}

/** Forgets the login of this browser (token, login info, realAuthInfo). */
export function clearLogin(): void {
  removeStorage(STORAGE_KEYS.userInfo);
  removeStorage(STORAGE_KEYS.jwtToken);
  removeStorage(STORAGE_KEYS.realAuthInfo);
  removeStorage(STORAGE_KEYS.sessionContact);
  emit();
}

let loggingOut = false;

/**
 * True while a logout of this tab is leaving the page it was on — for the old site's logout page,
 * or for the home page — so that the login guards do not send it to log in meanwhile.
 */
export const isLoggingOut = (): boolean => loggingOut;

/** The logout has landed on its page in the app: the login guards act again. */
export function endLoggingOut(): void {
  loggingOut = false;
}

/**
 * Logout in this browser (spec §4): sets the logout flag, which other tabs see as a storage
 * event, and clears the login. The flag's value is the time, so that every logout changes it and
 * fires the event. `leaving`: this tab is about to leave the page it is on (isLoggingOut). The session
 * at the service is ended before this, by POST /user/logout (features/account/logout.ts).
 */
export function markLoggedOut(leaving = false): void {
  loggingOut = leaving;
  writeStorage(STORAGE_KEYS.logoutFlag, String(Date.now()));
  clearLogin();
}

/** A path inside this app (no scheme, no host, no protocol-relative //), or null. */
export function safeInternalPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  return /^[\x21-\x7e]+$/.test(path) ? path : null;
}

/** Remembers where to go back to after logging in (spec §4). */
export function saveReturnPath(path: string): void {
  const safe = safeInternalPath(path);
  if (safe) writeStorage(STORAGE_KEYS.returnPath, safe, 'session');
}

/** The remembered return path, forgotten by this call. */
export function takeReturnPath(): string | null {
  const path = safeInternalPath(readStorage(STORAGE_KEYS.returnPath, 'session'));
  removeStorage(STORAGE_KEYS.returnPath, 'session');
  return path;
}

// Another tab's changes arrive as storage events: a set logout flag removes this tab's token
// and login info (spec §4); any change of the login keys re-renders what shows the login.
function onStorage(event: StorageEvent): void {
  if (event.key === STORAGE_KEYS.logoutFlag && event.newValue) {
    removeStorage(STORAGE_KEYS.jwtToken);
    removeStorage(STORAGE_KEYS.userInfo);
    emit();
    return;
  }
  if (event.key === null || event.key === STORAGE_KEYS.userInfo || event.key === STORAGE_KEYS.jwtToken) emit();
}
if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);

let snapshotKey: string | null = null;
let snapshot: LoginSession | null = null;
let expiryTimer: number | undefined;

// Re-render when the current token expires, so a page left open shows itself logged out.
function scheduleExpiry(session: LoginSession | null): void {
  if (expiryTimer !== undefined) window.clearTimeout(expiryTimer);
  expiryTimer = undefined;
  const delay = session?.expiresAt == null ? null : session.expiresAt - Date.now();
  if (delay !== null && delay > 0 && delay < 2 ** 31) expiryTimer = window.setTimeout(emit, delay);
}

function getSnapshot(): LoginSession | null {
  const infoRaw = readStorage(STORAGE_KEYS.userInfo);
  const token = storedToken();
  const expired = snapshot?.expiresAt != null && snapshot.expiresAt <= Date.now();
  const key = `${infoRaw ?? ''}\u0000${token ?? ''}`;
  if (key !== snapshotKey || expired) {
    snapshotKey = key;
    snapshot = sessionOf(infoRaw, token, Date.now());
    scheduleExpiry(snapshot);
  }
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current login, re-rendering on login, logout (in any tab) and expiry. */
export function useLoginSession(): LoginSession | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}

// The old site's addresses carry a one-time code of the login session in LoginToken (the
// spec's parameter name), never the JwtToken: an address ends up in browser history and proxy
// logs.

/** The old site's personal centre (spec §7: NewLinkTo.aspx, PageType=grzl) for a code of POST /user/oldsite/handoff; '' without an old site. */
export function oldSitePersonalUrl(oldSiteUrl: string, code: string): string {
  if (!oldSiteUrl) return '';
  const query = new URLSearchParams({ LoginToken: code, PageType: OLD_SITE_PERSONAL_PAGE });
  return `${oldSiteUrl}${OLD_SITE_PAGES.linkTo}?${query.toString()}`;
}

/** The old site's logout page (spec §4: NewLoginOut.aspx) for the code POST /user/logout answered; '' without an old site. */
export function oldSiteLogoutUrl(oldSiteUrl: string, code: string): string {
  if (!oldSiteUrl) return '';
  return `${oldSiteUrl}${OLD_SITE_PAGES.loginOut}?${new URLSearchParams({ LoginToken: code }).toString()}`;
}
