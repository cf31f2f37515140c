import { ACCOUNT_MESSAGES, WECHAT_STATE_PATTERN } from '@credit-portal/shared';
import { errorMessage } from '@/lib/api-client';
import { safeInternalPath, storeLogin } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { readStorageJson, removeStorage, writeStorageJson } from '@/lib/storage';
import { bindWechat } from './api/bind-account';
import { loginWithWechat } from './api/login-with-wechat';

/*
 * Chat-app login and binding by OAuth 2.0 authorization code (RFC 6749 §4.1, with `state` against
 * login CSRF): the portal sends the browser to the chat app's authorization page with a random
 * state it keeps in sessionStorage (with what it was for and where to come back to); the chat app
 * sends the browser back to `<portal>/?code=…&state=…#/grzx/wxauth`; the callback page checks the
 * state, and only then hands code and state to the service, which exchanges the code once.
 */

/** What the portal asked the chat app for: to log in (the phone of a QR login) or to bind. */
export type WechatPurpose = 'login' | 'bind';

/** The authorization this tab started, kept in sessionStorage until the chat app answers. */
interface PendingAuthorization {
  state: string;
  purpose: WechatPurpose;
  /** A path inside the app to go back to (the scan-confirm page with its ticket, the bind page). */
  returnTo: string;
  /** ms since the epoch. */
  startedAt: number;
}

const PENDING_KEY = 'wechatAuthorization';
/** A started authorization is forgotten after this long (the chat app's code lives 5 minutes). */
const PENDING_MAX_AGE_MS = 10 * 60_000;

/** A random state: 16 bytes from the browser's CSPRNG, as 32 hex digits. */
export function newState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Where the chat app sends the browser back: this portal's address with the callback route. */
export function callbackAddress(): string {
  return `${window.location.origin}${window.location.pathname}#${paths.wechatCallback}`;
}

/**
 * The chat app's authorization page for a state. The deployment's `appid` (and anything else the
 * chat app needs) comes with WECHAT_AUTHORIZE_URL's own query; the request's parameters are added.
 */
export function authorizeAddress(authorizeUrl: string, state: string, redirectUri = callbackAddress()): string {
  const url = new URL(authorizeUrl, window.location.href);
  if (!url.searchParams.has('appid')) url.searchParams.set('appid', '');
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'snsapi_login');
  url.searchParams.set('state', state);
  return url.toString();
}

/** Starts an authorization: keeps a new state with its purpose and way back, and returns the address to go to. */
export function beginWechatAuthorization(authorizeUrl: string, purpose: WechatPurpose, returnTo: string): string {
  const state = newState();
  const pending: PendingAuthorization = {
    state,
    purpose,
    returnTo: safeInternalPath(returnTo) ?? paths.home,
    startedAt: Date.now(),
  };
  writeStorageJson(PENDING_KEY, pending, 'session');
  return authorizeAddress(authorizeUrl, state);
}

/** The full-page hand-off to the chat app (one place, so tests can watch it). */
export function leaveForWechat(url: string): void {
  window.location.assign(url);
}

/** What the chat app sent back in the address's query (before the hash). */
export interface AuthorizationResponse {
  code: string;
  state: string;
  /** 'access_denied' when the person cancelled. */
  error: string;
}

/** The chat app's answer in a query string, or null when there is none. */
export function readAuthorizationResponse(search: string): AuthorizationResponse | null {
  const params = new URLSearchParams(search);
  const response = {
    code: params.get('code') ?? '',
    state: params.get('state') ?? '',
    error: params.get('error') ?? '',
  };
  return response.code || response.state || response.error ? response : null;
}

/** Takes code and state out of the address bar (and so out of history and any later Referer). */
export function clearAuthorizationResponse(): void {
  const { pathname, search, hash } = window.location;
  if (!search) return;
  window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
}

/** The pending authorization of this state, forgotten by this call; null for another, an old or no state. */
function takePending(state: string): PendingAuthorization | null {
  const pending = readStorageJson<PendingAuthorization>(PENDING_KEY, 'session');
  if (!pending) return null;
  // Another state is an answer this tab did not ask for (a forged or stale link): keep waiting
  // for the real one, but never act on this.
  if (typeof pending.state !== 'string' || pending.state !== state) return null;
  removeStorage(PENDING_KEY, 'session');
  if (typeof pending.startedAt !== 'number' || Date.now() - pending.startedAt > PENDING_MAX_AGE_MS) return null;
  return {
    ...pending,
    purpose: pending.purpose === 'bind' ? 'bind' : 'login',
    returnTo: safeInternalPath(pending.returnTo) ?? paths.home,
  };
}

/** How an authorization ended. */
export type AuthorizationOutcome =
  { ok: true; purpose: WechatPurpose; returnTo: string } | { ok: false; message: string; returnTo: string };

/** The message for an answer whose state this tab did not make. */
export const STATE_MISMATCH_MESSAGE = '微信授权校验未通过，请返回重新发起授权';

async function complete(response: AuthorizationResponse): Promise<AuthorizationOutcome> {
  const pending = WECHAT_STATE_PATTERN.test(response.state) ? takePending(response.state) : null;
  if (!pending) return { ok: false, message: STATE_MISMATCH_MESSAGE, returnTo: paths.scanLogin };
  const { purpose, returnTo } = pending;
  if (response.error) return { ok: false, message: ACCOUNT_MESSAGES.wechatCancelled, returnTo };
  if (!response.code) return { ok: false, message: ACCOUNT_MESSAGES.wechatCodeInvalid, returnTo };
  const body = { Code: response.code, State: response.state };
  try {
    if (purpose === 'login') storeLogin(await loginWithWechat(body));
    else await bindWechat(body);
    return { ok: true, purpose, returnTo };
  } catch (error) {
    return { ok: false, message: errorMessage(error), returnTo };
  }
}

// One completion per code: a re-run of the page's effect (React's StrictMode) must not spend the
// one-time code twice.
const completions = new Map<string, Promise<AuthorizationOutcome>>();

/** Checks the answer's state against the one this tab made, then logs in or binds with the code. */
export function completeWechatAuthorization(response: AuthorizationResponse): Promise<AuthorizationOutcome> {
  const key = `${response.state}\u0000${response.code}\u0000${response.error}`;
  let completion = completions.get(key);
  if (!completion) {
    completion = complete(response);
    completions.set(key, completion);
  }
  return completion;
}
