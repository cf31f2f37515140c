import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, API_PATHS, type LoginResult, WECHAT_CODE_TTL_SECONDS } from '@credit-portal/shared';
import { WECHAT_AUTHORIZE_PATH } from '../../../src/app.js';
import { buildTestApp, type TestApp } from '../../helper.js';
import { accountHelpers, newState, PORTAL_CALLBACK, travel } from './support.js';

/* The chat-app login: the authorization code and its exchange, and the chat app's stand-in page. */

let testApp: TestApp;
let app: FastifyInstance;
const { call, identities, authorize } = accountHelpers(() => testApp);

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('chat-app login by authorization code', () => {
  it('logs an identity in through the chat app’s authorization page, with the Wechat login info', async () => {
    const identity = identities()[0]!;
    const state = newState();
    const { location, code } = await authorize(identity.openId, state);
    // Back to the portal with code and state in the query, before the hash route (as the chat app does).
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:8080/');
    expect(location.hash).toBe('#/grzx/wxauth');
    expect(location.searchParams.get('state')).toBe(state);
    expect(code).toMatch(/^[\w-]{43}$/);
    // Kept hashed: the code itself is nowhere in the database.
    const row = app.db.prepare('SELECT * FROM wechat_auth_codes').all();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(state);

    const login = await call<LoginResult>('POST', API_PATHS.wechatLogin, { body: { Code: code, State: state } });
    expect(login.status).toBe(200);
    expect(login.body.Data!.UserInfo).toEqual({ Wechat: { Nickname: identity.nickname } });
    expect(login.body.Data!.RealAuthInfo.LoginType).toBe('Wechat');
  });

  it('refuses a bare identifier: no endpoint takes an OpenId as proof', async () => {
    const identity = identities()[0]!;
    const bare = await call('POST', API_PATHS.wechatLogin, { body: { OpenId: identity.openId } });
    expect(bare.status).toBe(400);
    expect(bare.body.Data).toBeNull();
    const guessed = await call('POST', API_PATHS.wechatLogin, { body: { Code: identity.openId, State: newState() } });
    expect(guessed.status).toBe(401);
    expect(guessed.body).toEqual({ ErrorCode: 401, Data: null, Msg: ACCOUNT_MESSAGES.wechatCodeInvalid });
    // The public list of identities is gone.
    expect((await app.inject({ method: 'GET', url: '/user/wechat/identities' })).statusCode).toBe(404);
  });

  it('takes a code once: a replay is refused', async () => {
    const state = newState();
    const { code } = await authorize(identities()[1]!.openId, state);
    const first = await call('POST', API_PATHS.wechatLogin, { body: { Code: code, State: state } });
    expect(first.status).toBe(200);
    const replay = await call('POST', API_PATHS.wechatLogin, { body: { Code: code, State: state } });
    expect(replay.status).toBe(401);
    expect(replay.body.Msg).toBe(ACCOUNT_MESSAGES.wechatCodeInvalid);
  });

  it('refuses a code brought back with another state, and spends it', async () => {
    const state = newState();
    const { code } = await authorize(identities()[1]!.openId, state);
    const foreign = await call('POST', API_PATHS.wechatLogin, { body: { Code: code, State: newState() } });
    expect(foreign.status).toBe(401);
    expect(foreign.body.Msg).toBe(ACCOUNT_MESSAGES.wechatCodeInvalid);
    expect((await call('POST', API_PATHS.wechatLogin, { body: { Code: code, State: state } })).status).toBe(401);
  });

  it('refuses a code older than five minutes', async () => {
    const state = newState();
    const { code } = await authorize(identities()[2]!.openId, state);
    travel(WECHAT_CODE_TTL_SECONDS * 1000 + 1000);
    expect((await call('POST', API_PATHS.wechatLogin, { body: { Code: code, State: state } })).status).toBe(401);
  });
});

describe('the chat app’s stand-in authorization page', () => {
  const authorizeUrl = (params: Record<string, string>) =>
    `${WECHAT_AUTHORIZE_PATH}?${new URLSearchParams({
      appid: 'wx-demo',
      redirect_uri: PORTAL_CALLBACK,
      state: newState(),
      response_type: 'code',
      scope: 'snsapi_login',
      ...params,
    }).toString()}`;

  it('shows the phone’s identities on a consent screen in Chinese, kept out of the API docs', async () => {
    const page = await app.inject({ method: 'GET', url: authorizeUrl({}) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://localhost:8080");
    expect(page.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Strict/);
    expect(page.body).toContain('确认授权');
    for (const identity of identities()) expect(page.body).toContain(identity.nickname);
    const docs = JSON.parse((await app.inject({ method: 'GET', url: '/docs/json' })).body) as { paths: object };
    expect(Object.keys(docs.paths)).not.toContain(WECHAT_AUTHORIZE_PATH);
  });

  it.each([
    [{ redirect_uri: 'https://evil.example/#/grzx/wxauth' }, '回调地址'],
    [{ redirect_uri: 'javascript:alert(1)' }, '回调地址'],
    [{ redirect_uri: 'http://user:pw@localhost:8080/' }, '回调地址'],
    [{ response_type: 'token' }, 'response_type'],
    [{ scope: 'snsapi_everything' }, 'scope'],
    [{ state: '' }, 'state'],
    [{ state: '<script>alert(1)</script>' }, 'state'],
  ])('refuses %j', async (params, reason) => {
    const page = await app.inject({ method: 'GET', url: authorizeUrl(params) });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(reason);
    expect(page.body).not.toContain('<script>alert');
  });

  it('issues nothing for a form posted from another site or without its page’s cookie (CSRF)', async () => {
    const state = newState();
    const page = await app.inject({ method: 'GET', url: authorizeUrl({ state }) });
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const fields = {
      appid: 'wx-demo',
      redirect_uri: PORTAL_CALLBACK,
      state,
      response_type: 'code',
      scope: 'snsapi_login',
      open_id: identities()[0]!.openId,
    };
    const codes = () => app.db.prepare('SELECT COUNT(*) FROM wechat_auth_codes').pluck().get();
    const before = codes();
    const post = (headers: Record<string, string>, extra: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: WECHAT_AUTHORIZE_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ ...fields, ...extra }).toString(),
      });
    for (const [headers, extra] of [
      [{}, { csrf }],
      [{ cookie }, { csrf: 'x'.repeat(43) }],
      [{ cookie, 'sec-fetch-site': 'cross-site' }, { csrf }],
      [{ cookie, 'sec-fetch-site': 'same-site' }, { csrf }],
    ] as const) {
      const refused = await post(headers, extra);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers.location).toBeUndefined();
    }
    expect(codes()).toBe(before);
    const accepted = await post({ cookie, 'sec-fetch-site': 'same-origin' }, { csrf });
    expect(accepted.statusCode).toBe(303);
  });

  it('sends a cancelled authorization back with error=access_denied and no code', async () => {
    const state = newState();
    const page = await app.inject({ method: 'GET', url: authorizeUrl({ state }) });
    const cancel = /href="([^"]*error=access_denied[^"]*)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    const url = new URL(cancel);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('code')).toBeNull();
    expect(url.hash).toBe('#/grzx/wxauth');
  });
});
