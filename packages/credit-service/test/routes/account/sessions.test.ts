import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  LOGIN_TICKET_TTL_SECONDS,
  MESSAGES,
  OLD_SITE_CODE_TTL_SECONDS,
  type LoginResult,
  type LoginTicket,
  type LoginTicketState,
  type LogoutResult,
  type OldSiteCode,
} from '@credit-portal/shared';
import { readSettings } from '../../../src/env.js';
import { signToken } from '../../../src/lib/jwt.js';
import { DEFAULT_SESSION_IDLE_SECONDS } from '../../../src/plugins/auth.js';
import { DEMO_ACCOUNT } from '../../../src/demo/seed/index.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';

/*
 * Sessions that end: every login is a server-side
 * session; logout ends every token and hand-off of it; the old-site pages take one-time codes,
 * never the JwtToken; an idle session ends. Each attack of the review is a test here.
 */

type Answer<T> = { ErrorCode: number; Data: T | null; Msg: string };

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock (Date only: sockets and timers keep running) by `ms` from now. */
function travel(ms: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Answer<T> }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const { status, body } = await injectJson<Answer<T>>(app, {
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status, body };
}

let nextMobile = 13_700_000_000;

/** A new mobile account, logged in through app.auth.issueLogin (the one way every login route mints). */
function loginAsNewUser(): LoginResult {
  const id = Number(
    app.db
      .prepare(
        "INSERT INTO users (mobile, password_hash, created_at) VALUES (?, 'scrypt$unused', '2026-01-01 00:00:00')",
      )
      .run(String(nextMobile++)).lastInsertRowid,
  );
  return app.auth.issueLogin(app.auth.accounts.resolve(`user:${id}`)!);
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid?: string; exp: number; sub: string };

const profile = (token: string) => call('GET', API_PATHS.profile, { token });
const logout = (token?: string) => call<LogoutResult>('POST', API_PATHS.logout, { body: {}, token });
const exchange = (loginToken: string) =>
  call<LoginResult>('POST', API_PATHS.loginTokenExchange, { body: { LoginToken: loginToken } });

async function handoffCode(token: string): Promise<string> {
  const answer = await call<OldSiteCode>('POST', API_PATHS.oldSiteHandoff, { body: {}, token });
  expect(answer.status).toBe(200);
  return answer.body.Data!.LoginToken;
}

const oldSitePage = (url: string) => app.inject({ method: 'GET', url });
const personalCentre = (code: string) =>
  oldSitePage(`/oldsite/NewLinkTo.aspx?LoginToken=${encodeURIComponent(code)}&PageType=grzl`);
const logoutPage = (code: string) => oldSitePage(`/oldsite/NewLoginOut.aspx?LoginToken=${encodeURIComponent(code)}`);

/** The one-time logintoken of the personal centre's links back to the portal (/newszxy). */
async function portalHandoff(token: string): Promise<string> {
  const page = await personalCentre(await handoffCode(token));
  expect(page.statusCode).toBe(200);
  return /logintoken=([\w-]+)/.exec(page.body)![1]!;
}

const expectNotLoggedIn = (answer: { status: number; body: Answer<unknown> }) => {
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ ErrorCode: 401, Data: null, Msg: MESSAGES.notLoggedInUpstream });
};

const expectExchangeRefused = (answer: { status: number; body: Answer<unknown> }) => {
  expect(answer.status).toBe(401);
  expect(answer.body.Msg).toBe(ACCOUNT_MESSAGES.loginTokenInvalid);
};

describe('login sessions', () => {
  it('starts a session of its own for every login, named in the token', async () => {
    const password = await call<LoginResult>('POST', API_PATHS.login, {
      body: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
    });
    const again = await call<LoginResult>('POST', API_PATHS.login, {
      body: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
    });
    const sids = [password.body.Data!.JwtToken, again.body.Data!.JwtToken].map((token) => claimsOf(token).sid);
    expect(sids[0]).toMatch(/^[\w-]{24}$/);
    expect(sids[1]).not.toBe(sids[0]);
    const row = app.db.prepare('SELECT * FROM login_sessions WHERE sid = ?').get(sids[0]) as Record<string, unknown>;
    expect(row).toMatchObject({ subject: claimsOf(password.body.Data!.JwtToken).sub, revoked_at: null });
    expect(row.expires_at).toBe(claimsOf(password.body.Data!.JwtToken).exp * 1000);
  });

  it('refuses a token that names no session (one signed before sessions existed)', async () => {
    const { JwtToken } = loginAsNewUser();
    const secret = app.db.prepare("SELECT value FROM service_secrets WHERE name = 'jwt'").pluck().get() as string;
    const legacy = signToken(claimsOf(JwtToken).sub, secret, 3600);
    expectNotLoggedIn(await profile(legacy));
    const unknown = signToken(claimsOf(JwtToken).sub, secret, 3600, Date.now(), 'no-such-session');
    expectNotLoggedIn(await profile(unknown));
    expect((await profile(JwtToken)).status).toBe(200);
  });

  it('ends a session left unused for SESSION_IDLE_SECONDS, and keeps one in use alive', async () => {
    const idleMs = DEFAULT_SESSION_IDLE_SECONDS * 1000;
    const used = loginAsNewUser();
    const left = loginAsNewUser();
    // Used twice, each time just within the idle timeout: still alive after more than the timeout.
    travel(idleMs - 60_000);
    expect((await profile(used.JwtToken)).status).toBe(200);
    travel(idleMs - 60_000);
    expect((await profile(used.JwtToken)).status).toBe(200);
    expectNotLoggedIn(await profile(left.JwtToken));
    travel(idleMs + 1000);
    expectNotLoggedIn(await profile(used.JwtToken));
    // An idle session stays ended, even though its token has not expired.
    expect(claimsOf(used.JwtToken).exp * 1000).toBeGreaterThan(Date.now());
  });

  it('reads SESSION_IDLE_SECONDS (60–86400, default 1800), as the gateway does', async () => {
    const laptop = { DEMO_STANDINS: 'on' };
    expect(readSettings(laptop).settings?.sessionIdleSeconds).toBe(1800);
    expect(readSettings({ ...laptop, SESSION_IDLE_SECONDS: '600' }).settings?.sessionIdleSeconds).toBe(600);
    expect(readSettings({ ...laptop, SESSION_IDLE_SECONDS: '30' }).errors).toEqual([
      'SESSION_IDLE_SECONDS: must be an integer from 60 to 86400 (got "30")',
    ]);
    const short = await buildTestApp({ seedEntities: 50, sessionIdleSeconds: 60 });
    try {
      const demo = short.app.auth.accounts.userByMobile(DEMO_ACCOUNT.mobile)!;
      const user = short.app.auth.issueLogin(short.app.auth.accounts.resolve(`user:${demo.id}`)!);
      const ask = () =>
        short.app.inject({
          method: 'GET',
          url: API_PATHS.profile,
          headers: { authorization: `Bearer ${user.JwtToken}` },
        });
      expect((await ask()).statusCode).toBe(200);
      travel(61_000);
      expect((await ask()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('logout', () => {
  it('ends every token of the session and every hand-off minted from it, and answers a code for the old site', async () => {
    const login = loginAsNewUser();
    // A hand-off exchanged before the logout: a second token of the same session.
    const exchanged = await exchange(await portalHandoff(login.JwtToken));
    expect(exchanged.status).toBe(200);
    const second = exchanged.body.Data!.JwtToken;
    expect(claimsOf(second).sid).toBe(claimsOf(login.JwtToken).sid);
    // A hand-off minted before the logout and kept: the review's attack.
    const kept = await portalHandoff(login.JwtToken);
    const keptCode = await handoffCode(login.JwtToken);

    const answer = await logout(login.JwtToken);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ErrorCode: 200, Msg: '您已退出登录' });
    const code = answer.body.Data!.LoginToken!;
    expect(code).toMatch(/^[\w-]{43}$/);

    expectNotLoggedIn(await profile(login.JwtToken));
    expectNotLoggedIn(await profile(second));
    expectExchangeRefused(await exchange(kept));
    expect((await personalCentre(keptCode)).statusCode).toBe(401);
    expectNotLoggedIn(await call('POST', API_PATHS.oldSiteHandoff, { body: {}, token: second }));

    // The old site's logout page takes the code, once.
    const page = await logoutPage(code);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('您已安全退出');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await logoutPage(code)).statusCode).toBe(400);
  });

  it('ends only its own session: another login of the same account stays', async () => {
    const id = claimsOf(loginAsNewUser().JwtToken).sub;
    const here = app.auth.issueLogin(app.auth.accounts.resolve(id)!);
    const there = app.auth.issueLogin(app.auth.accounts.resolve(id)!);
    await logout(here.JwtToken);
    expectNotLoggedIn(await profile(here.JwtToken));
    expect((await profile(there.JwtToken)).status).toBe(200);
  });

  it('succeeds without a live session, answering no code: no token, garbage, twice, expired', async () => {
    const login = loginAsNewUser();
    expect((await logout(login.JwtToken)).body.Data).toEqual({ LoginToken: expect.any(String) });
    for (const token of [undefined, 'not-a-token', login.JwtToken]) {
      const answer = await logout(token);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ErrorCode: 200, Data: { LoginToken: null }, Msg: '您已退出登录' });
    }
    const expired = loginAsNewUser();
    travel(2 * 60 * 60 * 1000 + 1000);
    expect((await logout(expired.JwtToken)).body.Data).toEqual({ LoginToken: null });
  });
});

describe('the old-site pages take one-time codes, never the JwtToken', () => {
  it('refuses a JwtToken as LoginToken on both pages, and the token stays valid', async () => {
    const { JwtToken } = loginAsNewUser();
    const centre = await personalCentre(JwtToken);
    expect(centre.statusCode).toBe(401);
    expect(centre.body).toContain('登录已失效');
    expect(centre.body).not.toContain('logintoken=');
    const out = await logoutPage(JwtToken);
    expect(out.statusCode).toBe(400);
    expect(out.body).toContain('退出链接无效');
    expect((await profile(JwtToken)).status).toBe(200);
  });

  it('opens the personal centre with the code once, within a minute', async () => {
    const { JwtToken } = loginAsNewUser();
    const answer = await call<OldSiteCode>('POST', API_PATHS.oldSiteHandoff, { body: {}, token: JwtToken });
    const { LoginToken: code, ExpiresAt } = answer.body.Data!;
    expect(code).not.toContain('.');
    expect(new Date(ExpiresAt).getTime() - Date.now()).toBeLessThanOrEqual(OLD_SITE_CODE_TTL_SECONDS * 1000);
    expect((await personalCentre(code)).statusCode).toBe(200);
    expect((await personalCentre(code)).statusCode).toBe(401);

    const late = await handoffCode(JwtToken);
    travel(OLD_SITE_CODE_TTL_SECONDS * 1000 + 1000);
    expect((await personalCentre(late)).statusCode).toBe(401);
  });

  it('keeps the kinds apart: a personal-centre code neither logs out nor logs in, a logout code opens nothing', async () => {
    const { JwtToken } = loginAsNewUser();
    const code = await handoffCode(JwtToken);
    expect((await logoutPage(code)).statusCode).toBe(400);
    expectExchangeRefused(await exchange(code));
    expect((await personalCentre(code)).statusCode).toBe(200);
    const out = (await logout(JwtToken)).body.Data!.LoginToken!;
    expect((await personalCentre(out)).statusCode).toBe(401);
    expectExchangeRefused(await exchange(out));
  });

  it('needs a login for a code', async () => {
    expectNotLoggedIn(await call('POST', API_PATHS.oldSiteHandoff, { body: {} }));
  });
});

describe('the hand-off back to the portal', () => {
  it('continues the same session and never outlives it', async () => {
    const login = loginAsNewUser();
    // An hour of use later (a call every 20 minutes, within the idle timeout).
    for (let i = 0; i < 3; i++) {
      travel(20 * 60 * 1000);
      expect((await profile(login.JwtToken)).status).toBe(200);
    }
    const exchanged = (await exchange(await portalHandoff(login.JwtToken))).body.Data!;
    // Same session, same end: a hand-off is no fresh two-hour login.
    expect(claimsOf(exchanged.JwtToken).sid).toBe(claimsOf(login.JwtToken).sid);
    expect(claimsOf(exchanged.JwtToken).exp).toBe(claimsOf(login.JwtToken).exp);
    expect(new Date(exchanged.RealAuthInfo.ExpireTime).getTime()).toBe(claimsOf(login.JwtToken).exp * 1000);
  });

  it('is refused once its session is idle', async () => {
    const login = loginAsNewUser();
    const handoff = await portalHandoff(login.JwtToken);
    travel(DEFAULT_SESSION_IDLE_SECONDS * 1000 + 1000);
    expectExchangeRefused(await exchange(handoff));
  });

  it('is refused once its session is logged out, even when the hand-off itself has not expired', async () => {
    const login = loginAsNewUser();
    const handoff = await portalHandoff(login.JwtToken);
    // Logged out through the portal's other tokens of the session: the hand-off goes too.
    const other = (await exchange(await portalHandoff(login.JwtToken))).body.Data!.JwtToken;
    await logout(other);
    expectExchangeRefused(await exchange(handoff));
  });
});

describe('a QR login confirmed by a hand-off', () => {
  /** The desktop's answer to a QR ticket that `token` confirms on the phone. */
  async function qrLogin(token: string): Promise<LoginTicketState> {
    const ticket = (await call<LoginTicket>('POST', API_PATHS.loginTicketCreate, { body: {} })).body.Data!;
    const confirmed = await call('POST', API_PATHS.loginTicketConfirm, { body: { Ticket: ticket.Ticket }, token });
    expect(confirmed.status).toBe(200);
    const polled = await call<LoginTicketState>('POST', API_PATHS.loginTicketStatus, {
      body: { Ticket: ticket.Ticket, PollToken: ticket.PollToken },
    });
    return polled.body.Data!;
  }
  const desktopOf = async (token: string): Promise<string> => {
    const state = await qrLogin(token);
    expect(state.Status).toBe('confirmed');
    return state.Login!.JwtToken;
  };
  /** A hand-off login: the old site's logintoken back to the portal, exchanged. */
  const handoffLogin = async (token: string): Promise<string> => {
    const exchanged = await exchange(await portalHandoff(token));
    expect(exchanged.status).toBe(200);
    return exchanged.body.Data!.JwtToken;
  };
  /** 绑定微信 with a code the chat app never issued: refused before the code is looked at, or for it. */
  const bindAttempt = (token: string) =>
    call('POST', API_PATHS.bindWechat, { body: { Code: 'c'.repeat(32), State: 's'.repeat(32) }, token });

  it('stays restricted: the desktop cannot bind, and neither can a login it confirms in turn', async () => {
    const login = loginAsNewUser();
    // A login of its own is let through to the code (and refused for it).
    expect((await bindAttempt(login.JwtToken)).body.Msg).toBe(ACCOUNT_MESSAGES.wechatCodeInvalid);
    const desktop = await desktopOf(await handoffLogin(login.JwtToken));
    expect((await profile(desktop)).status).toBe(200);
    const refused = await bindAttempt(desktop);
    expect(refused.status).toBe(403);
    expect(refused.body.Msg).toBe(ACCOUNT_MESSAGES.bindNeedsOwnLogin);
    const again = await desktopOf(desktop);
    expect((await bindAttempt(again)).body.Msg).toBe(ACCOUNT_MESSAGES.bindNeedsOwnLogin);
  });

  it('dies when the hand-off’s session is logged out, down the whole chain', async () => {
    const login = loginAsNewUser();
    const handoff = await handoffLogin(login.JwtToken);
    const desktop = await desktopOf(handoff);
    const further = await desktopOf(desktop);
    await logout(handoff);
    for (const token of [login.JwtToken, handoff, desktop, further]) expectNotLoggedIn(await profile(token));
    // Its logout on the desktop ends only what was made from it there.
    const next = loginAsNewUser();
    const nextDesktop = await desktopOf(await handoffLogin(next.JwtToken));
    const nextFurther = await desktopOf(nextDesktop);
    await logout(nextDesktop);
    expectNotLoggedIn(await profile(nextFurther));
    expect((await profile(next.JwtToken)).status).toBe(200);
  });

  it('dies when the hand-off’s session ends by idling, and a ticket it confirmed gives nothing once it has', async () => {
    const login = loginAsNewUser();
    const handoff = await handoffLogin(login.JwtToken);
    const desktop = await desktopOf(handoff);
    // The desktop in use, the phone left alone: the desktop's uses do not keep the phone's login alive.
    for (let i = 0; i < 2; i++) {
      travel((DEFAULT_SESSION_IDLE_SECONDS * 1000) / 2 + 1000);
      if (i === 0) expect((await profile(desktop)).status).toBe(200);
    }
    expectNotLoggedIn(await profile(desktop));

    // Confirmed, then logged out before the desktop collects: the ticket answers expired.
    const other = loginAsNewUser();
    const otherHandoff = await handoffLogin(other.JwtToken);
    const ticket = (await call<LoginTicket>('POST', API_PATHS.loginTicketCreate, { body: {} })).body.Data!;
    await call('POST', API_PATHS.loginTicketConfirm, { body: { Ticket: ticket.Ticket }, token: otherHandoff });
    await logout(other.JwtToken);
    const polled = await call<LoginTicketState>('POST', API_PATHS.loginTicketStatus, {
      body: { Ticket: ticket.Ticket, PollToken: ticket.PollToken },
    });
    expect(polled.body.Data).toMatchObject({ Status: 'expired', Login: null });
  });

  it('never outlives the first login: a chain of confirmations ends when it does', async () => {
    const login = loginAsNewUser();
    const end = claimsOf(login.JwtToken).exp;
    const chain = [login.JwtToken, await handoffLogin(login.JwtToken)];
    // Every 20 minutes (each login in use), the last login confirms the next, for 100 minutes.
    for (let i = 0; i < 5; i++) {
      travel(20 * 60 * 1000);
      for (const token of chain) expect((await profile(token)).status).toBe(200);
      const state = await qrLogin(chain.at(-1)!);
      const token = state.Login!.JwtToken;
      expect(claimsOf(token).exp).toBe(end);
      expect(new Date(state.Login!.RealAuthInfo.ExpireTime).getTime()).toBe(end * 1000);
      chain.push(token);
    }
    travel(end * 1000 - Date.now() + 1000);
    for (const token of chain) expectNotLoggedIn(await profile(token));
  });
});

describe('a QR login confirmed by a login of its own', () => {
  it('is another device’s login: it outlives the phone’s logout, but not the phone login’s end', async () => {
    const phone = loginAsNewUser();
    const end = claimsOf(phone.JwtToken).exp;
    for (let i = 0; i < 3; i++) {
      travel(20 * 60 * 1000);
      expect((await profile(phone.JwtToken)).status).toBe(200);
    }
    const ticket = (await call<LoginTicket>('POST', API_PATHS.loginTicketCreate, { body: {} })).body.Data!;
    await call('POST', API_PATHS.loginTicketConfirm, { body: { Ticket: ticket.Ticket }, token: phone.JwtToken });
    const login = (
      await call<LoginTicketState>('POST', API_PATHS.loginTicketStatus, {
        body: { Ticket: ticket.Ticket, PollToken: ticket.PollToken },
      })
    ).body.Data!.Login!;
    expect(claimsOf(login.JwtToken).exp).toBe(end);
    expect(claimsOf(login.JwtToken)).not.toHaveProperty('via');
    await logout(phone.JwtToken);
    expect((await profile(login.JwtToken)).status).toBe(200);
  });
});

describe('the QR login says who asks', () => {
  const CHROME_ON_WINDOWS =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  it('answers the scan with the asking browser, address and time; the desktop poll does not carry them', async () => {
    const before = Date.now();
    const created = await call<LoginTicket>('POST', API_PATHS.loginTicketCreate, {
      body: {},
      // The gateway forwards the browser's agent and, as a trusted proxy, its address.
      headers: { 'user-agent': CHROME_ON_WINDOWS, 'x-forwarded-for': '203.0.113.9' },
    });
    const ticket = created.body.Data!;
    const scanned = await call<LoginTicketState>('POST', API_PATHS.loginTicketScan, {
      body: { Ticket: ticket.Ticket },
    });
    expect(scanned.body.Data!.Requester).toEqual({
      Browser: 'Chrome 131 · Windows',
      Ip: '203.0.113.9',
      RequestedAt: expect.any(String),
    });
    const at = new Date(scanned.body.Data!.Requester!.RequestedAt).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(new Date(ticket.ExpiresAt).getTime() - at).toBe(LOGIN_TICKET_TTL_SECONDS * 1000);

    const phone = loginAsNewUser();
    await call('POST', API_PATHS.loginTicketConfirm, { body: { Ticket: ticket.Ticket }, token: phone.JwtToken });
    const polled = await call<LoginTicketState>('POST', API_PATHS.loginTicketStatus, {
      body: { Ticket: ticket.Ticket, PollToken: ticket.PollToken },
    });
    expect(polled.body.Data!.Requester).toBeUndefined();
    // The desktop's login is a session of its own, not the phone's.
    const desktop = polled.body.Data!.Login!.JwtToken;
    expect(claimsOf(desktop).sid).not.toBe(claimsOf(phone.JwtToken).sid);
    await logout(phone.JwtToken);
    expect((await profile(desktop)).status).toBe(200);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const created = await injectJson<Answer<LoginTicket>>(app, {
      method: 'POST',
      url: API_PATHS.loginTicketCreate,
      payload: {},
      headers: { 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '198.51.100.7',
    });
    const scanned = await call<LoginTicketState>('POST', API_PATHS.loginTicketScan, {
      body: { Ticket: created.body.Data!.Ticket },
    });
    expect(scanned.body.Data!.Requester).toMatchObject({ Browser: '未知浏览器', Ip: '198.51.100.7' });
  });
});
