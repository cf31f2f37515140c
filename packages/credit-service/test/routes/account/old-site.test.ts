import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, API_PATHS, type LoginResult, type Profile } from '@credit-portal/shared';
import { buildApp } from '../../../src/app.js';
import { DEMO_ACCOUNT } from '../../../src/demo/seed/index.js';
import { buildTestApp, injectJson, removeDir, tempDir, type TestApp } from '../../helper.js';
import { accountHelpers, type Answer, expectNotLoggedIn, newState, travel } from './support.js';

/* The old site's pages the portal hands a login to, and the one-time logintoken that brings it back. */

let testApp: TestApp;
let app: FastifyInstance;
const { freshMobile, call, register, identities, authorize, wechatLogin } = accountHelpers(() => testApp);

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('old-site pages and the logintoken', () => {
  const page = (url: string) => app.inject({ method: 'GET', url });
  /** The one-time code the portal opens the old site's personal centre with (never the JwtToken). */
  const oldSiteCode = async (token: string): Promise<string> =>
    (await call<{ LoginToken: string }>('POST', API_PATHS.oldSiteHandoff, { body: {}, token })).body.Data!.LoginToken;

  it('shows the personal centre for a one-time code, with a one-time logintoken back to the portal', async () => {
    const mobile = freshMobile();
    const user = await register(mobile);
    const response = await page(
      `/oldsite/NewLinkTo.aspx?LoginToken=${encodeURIComponent(await oldSiteCode(user.JwtToken))}&PageType=grzl`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.body).toContain(mobile);
    const link = /href="(http:\/\/localhost:8080\/#\/newszxy\?[^"]+)"/
      .exec(response.body)![1]!
      .replaceAll('&amp;', '&');
    const query = new URLSearchParams(link.split('?')[1]);
    expect(query.get('pageType')).toBe('index');
    const loginToken = query.get('logintoken')!;

    const exchanged = await call<LoginResult>('POST', API_PATHS.loginTokenExchange, {
      body: { LoginToken: loginToken },
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.Data!.UserInfo).toMatchObject({ User: { Mobile: mobile } });
    const again = await call('POST', API_PATHS.loginTokenExchange, { body: { LoginToken: loginToken } });
    expect(again.status).toBe(401);
    expect(again.body.Msg).toBe(ACCOUNT_MESSAGES.loginTokenInvalid);
  });

  it('refuses an expired logintoken', async () => {
    const user = await register();
    const response = await page(`/oldsite/NewLinkTo.aspx?LoginToken=${await oldSiteCode(user.JwtToken)}`);
    const loginToken = /logintoken=([\w-]+)/.exec(response.body)![1]!;
    travel(11 * 60_000);
    const answer = await call('POST', API_PATHS.loginTokenExchange, { body: { LoginToken: loginToken } });
    expect(answer.status).toBe(401);
  });

  it('asks to log in again for a bad token, and escapes what it shows', async () => {
    const response = await page('/oldsite/NewLinkTo.aspx?LoginToken=%3Cscript%3E&PageType=grzl');
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('登录已失效');
    expect(response.body).not.toContain('<script>');
    expect((await page('/oldsite/NewLinkTo.aspx?PageType=evil')).statusCode).toBe(404);
  });

  it('binds nothing from a login that came by a link: an attacker’s own logintoken cannot take a victim’s account', async () => {
    /** The logintoken the old site's page links back with, for a login's session. */
    const linkFor = async (token: string): Promise<string> => {
      const response = await page(`/oldsite/NewLinkTo.aspx?LoginToken=${await oldSiteCode(token)}&PageType=grzl`);
      return /logintoken=([\w-]+)/.exec(response.body)![1]!;
    };
    const exchange = async (loginToken: string) =>
      (await call<LoginResult>('POST', API_PATHS.loginTokenExchange, { body: { LoginToken: loginToken } })).body.Data!
        .JwtToken;
    const [mine, theirs] = identities().filter((identity) => !identity.bound);

    // The attacker logs in with their own chat-app identity and sends its link to the victim, who
    // arrives logged in on 绑定账号 and types their own number and password.
    const victimMobile = freshMobile();
    await register(victimMobile, 'Victim1234x');
    const attacker = await wechatLogin(mine!.openId);
    const asAttacker = await exchange(await linkFor(attacker.JwtToken));
    const bind = await call('POST', API_PATHS.bindMobile, {
      body: { Mobile: victimMobile, Password: 'Victim1234x' },
      token: asAttacker,
    });
    expect(bind.status).toBe(403);
    expect(bind.body).toEqual({ ErrorCode: 403, Data: null, Msg: ACCOUNT_MESSAGES.bindNeedsOwnLogin });
    // The attacker's chat-app login still acts for nobody else.
    expect((await call<Profile>('GET', API_PATHS.profile, { token: attacker.JwtToken })).body.Data).toMatchObject({
      LoginType: 'Wechat',
      Mobile: '',
    });

    // The other way round: an attacker's mobile account, and the victim's chat-app authorization.
    const attackerAccount = await register(freshMobile(), 'Attack1234x');
    const asAccount = await exchange(await linkFor(attackerAccount.JwtToken));
    const state = newState();
    const { code } = await authorize(theirs!.openId, state);
    const bindWechat = await call('POST', API_PATHS.bindWechat, {
      body: { Code: code, State: state },
      token: asAccount,
    });
    expect(bindWechat.status).toBe(403);
    expect(bindWechat.body.Msg).toBe(ACCOUNT_MESSAGES.bindNeedsOwnLogin);
    expect(
      (await call<Profile>('GET', API_PATHS.profile, { token: attackerAccount.JwtToken })).body.Data,
    ).toMatchObject({
      Nickname: '',
    });

    // The link's login is otherwise a login: the profile reads.
    expect((await call<Profile>('GET', API_PATHS.profile, { token: asAccount })).status).toBe(200);
  });

  it('logs out: POST /user/logout ends the session, and the logout page takes its code once', async () => {
    const user = await register();
    const out = await call<{ LoginToken: string }>('POST', API_PATHS.logout, { body: {}, token: user.JwtToken });
    expectNotLoggedIn(await call('GET', API_PATHS.profile, { token: user.JwtToken }));
    const response = await page(`/oldsite/NewLoginOut.aspx?LoginToken=${out.body.Data!.LoginToken}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('您已安全退出');
    expect(response.body).toContain('href="http://localhost:8080/#/index"');
    // Used, missing or a JwtToken: no logout happened here, and the page says how to log out.
    for (const query of [`?LoginToken=${out.body.Data!.LoginToken}`, '', `?LoginToken=${user.JwtToken}`]) {
      const again = await page(`/oldsite/NewLoginOut.aspx${query}`);
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('href="http://localhost:8080/#/index"');
    }
  });

  it('serves the data-submission login page, which checks the account and reports no permission', async () => {
    const form = await page('/oldsite/login.aspx');
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<form method="post" action="/oldsite/login.aspx">');
    const post = (body: string) =>
      app.inject({
        method: 'POST',
        url: '/oldsite/login.aspx',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.7.7.7' },
        payload: body,
      });
    const wrong = await post(`account=${DEMO_ACCOUNT.mobile}&password=nope`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(ACCOUNT_MESSAGES.wrongCredentials);
    const right = await post(`account=${DEMO_ACCOUNT.mobile}&password=${DEMO_ACCOUNT.password}`);
    expect(right.statusCode).toBe(403);
    expect(right.body).toContain('尚未开通数据报送权限');
  });

  it('keeps the token of an old-site address out of the request log', async () => {
    const dataDir = await tempDir();
    const lines: string[] = [];
    try {
      const logged = await buildApp({
        dataDir,
        seedEntities: 50,
        demo: true,
        logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      });
      const login = await injectJson<Answer<LoginResult>>(logged, {
        method: 'POST',
        url: API_PATHS.login,
        payload: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
      });
      const token = login.body.Data!.JwtToken;
      const codeFor = async (url: string) =>
        (
          await injectJson<Answer<{ LoginToken: string }>>(logged, {
            method: 'POST',
            url,
            payload: {},
            headers: { authorization: `Bearer ${token}` },
          })
        ).body.Data!.LoginToken;
      const personal = await codeFor(API_PATHS.oldSiteHandoff);
      const centre = await logged.inject({
        method: 'GET',
        url: `/oldsite/NewLinkTo.aspx?LoginToken=${personal}&PageType=grzl`,
      });
      const handoff = /logintoken=([\w-]+)/.exec(centre.body)![1]!;
      const out = await codeFor(API_PATHS.logout);
      await logged.inject({ method: 'GET', url: `/oldsite/NewLoginOut.aspx?LoginToken=${out}` });
      await logged.close();
      expect(lines.some((line) => line.includes(API_PATHS.login))).toBe(true);
      for (const secret of [token, personal, handoff, out]) expect(lines.join('')).not.toContain(secret);
    } finally {
      await removeDir(dataDir);
    }
  });

  it('links back to the configured portal address', async () => {
    const dataDir = await tempDir();
    try {
      const other = await buildApp({ dataDir, seedEntities: 50, portalUrl: 'https://xy.example.gov.cn/portal' });
      const response = await other.inject({ method: 'GET', url: '/oldsite/NewLoginOut.aspx' });
      await other.close();
      expect(response.body).toContain('href="https://xy.example.gov.cn/portal/#/index"');
    } finally {
      await removeDir(dataDir);
    }
  });
});
