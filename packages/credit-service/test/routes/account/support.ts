import { randomBytes } from 'node:crypto';
import { expect, onTestFinished, vi } from 'vitest';
import { API_PATHS, MESSAGES, type LoginResult } from '@credit-portal/shared';
import { WECHAT_AUTHORIZE_PATH } from '../../../src/app.js';
import { injectJson, registerWithCode, type TestApp } from '../../helper.js';

/*
 * Helpers of the account tests (test/account-*.test.ts): the API's answer envelope, calls as the
 * SPA makes them, registration and logins, and the chat app's stand-in authorization page walked
 * as a phone would. Each test file builds its own service in its beforeAll and makes its own set
 * of helpers with accountHelpers(() => testApp): nothing here keeps state between files.
 */

export type Answer<T> = { ErrorCode: number; Data: T | null; Msg: string };

export const PORTAL_CALLBACK = 'http://localhost:8080/#/grzx/wxauth';

/**
 * Moves the clock (Date only: sockets and timers keep running) by `ms` from now, until the end of
 * the test.
 */
export function travel(ms: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/** A random state, as the SPA makes one. */
export const newState = (): string => randomBytes(16).toString('hex');

export const expectNotLoggedIn = (answer: { status: number; body: Answer<unknown> }) => {
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ ErrorCode: 401, Data: null, Msg: MESSAGES.notLoggedInUpstream });
};

/** The helpers acting on one test file's service, `current()` (read when a helper runs, after beforeAll). */
export function accountHelpers(current: () => TestApp) {
  let nextMobile = 13_600_000_000;
  const freshMobile = (): string => String(nextMobile++);

  async function call<T>(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; token?: string; ip?: string } = {},
  ): Promise<{ status: number; body: Answer<T> }> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    const { status, body } = await injectJson<Answer<T>>(current().app, {
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return { status, body };
  }

  /** Registers as a person does: the SMS code from the outbox, then the form. */
  async function register(mobile = freshMobile(), password = 'Abc12345'): Promise<LoginResult> {
    const { app, dataDir } = current();
    const { status, body } = await registerWithCode(app, dataDir, mobile, password);
    expect(status).toBe(200);
    return body.Data!;
  }

  /** Asks for a registration code for a number (the SMS goes to the outbox). */
  const askCode = (mobile: string, ip?: string) =>
    call<{ ExpiresIn: number; ResendIn: number }>('POST', API_PATHS.registerCode, { body: { Mobile: mobile }, ip });

  const loginAs = async (account: { mobile: string; password: string }): Promise<LoginResult> => {
    const { status, body } = await call<LoginResult>('POST', API_PATHS.login, {
      body: { Mobile: account.mobile, Password: account.password },
    });
    expect(status).toBe(200);
    return body.Data!;
  };

  /** The chat-app identities of the data set: [openId, nickname, bound]. */
  function identities(): { openId: string; nickname: string; bound: boolean }[] {
    return (
      current()
        .app.db.prepare('SELECT open_id, nickname, user_id FROM wechat_identities ORDER BY sort_order')
        .all() as {
        open_id: string;
        nickname: string;
        user_id: number | null;
      }[]
    ).map((row) => ({ openId: row.open_id, nickname: row.nickname, bound: row.user_id !== null }));
  }

  /**
   * Walks the chat app's stand-in authorization page as a phone would: opens it (its consent form
   * and CSRF cookie), picks the identity, confirms, and returns the redirect it answers with.
   */
  async function authorize(openId: string, state: string, redirectUri = PORTAL_CALLBACK) {
    const { app } = current();
    const query = new URLSearchParams({
      appid: 'wx-demo',
      redirect_uri: redirectUri,
      state,
      response_type: 'code',
      scope: 'snsapi_login',
    });
    const form = await app.inject({ method: 'GET', url: `${WECHAT_AUTHORIZE_PATH}?${query.toString()}` });
    expect(form.statusCode).toBe(200);
    const cookie = String(form.headers['set-cookie']).split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1]!;
    const confirmed = await app.inject({
      method: 'POST',
      url: WECHAT_AUTHORIZE_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ ...Object.fromEntries(query), csrf, open_id: openId }).toString(),
    });
    expect(confirmed.statusCode).toBe(303);
    const location = new URL(String(confirmed.headers.location));
    return { location, code: location.searchParams.get('code')!, state: location.searchParams.get('state')! };
  }

  /** Logs a chat-app identity in through the authorization page and the code exchange. */
  async function wechatLogin(openId: string): Promise<LoginResult> {
    const state = newState();
    const { code } = await authorize(openId, state);
    const { status, body } = await call<LoginResult>('POST', API_PATHS.wechatLogin, {
      body: { Code: code, State: state },
    });
    expect(status).toBe(200);
    return body.Data!;
  }

  function anEntity(where = '1 = 1'): { id: number; credit_code: string; name: string } {
    return current()
      .app.db.prepare(`SELECT id, credit_code, name FROM entities WHERE ${where} ORDER BY id LIMIT 1`)
      .get() as {
      id: number;
      credit_code: string;
      name: string;
    };
  }

  return { freshMobile, call, register, askCode, loginAs, identities, authorize, wechatLogin, anEntity };
}
