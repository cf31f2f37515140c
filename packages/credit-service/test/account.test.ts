import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  LOGIN_TICKET_TTL_SECONDS,
  MESSAGES,
  isValidCreditCode,
  type CreditPromise,
  type EntityBaseInfo,
  type EntityDetailInfo,
  type LoginResult,
  type LoginTicket,
  type LoginTicketState,
  type Profile,
  type WechatIdentity,
} from '@credit-portal/shared';
import { buildApp } from '../src/app.js';
import { readSettings } from '../src/env.js';
import { signToken, verifyToken } from '../src/lib/jwt.js';
import { localToday } from '../src/lib/dates.js';
import { penaltyPublicizedSql } from '../src/repositories/publicity.js';
import { DEMO_ACCOUNT, ensureAccountSeed } from '../src/seed/account-seed.js';
import { buildTestApp, injectJson, removeDir, tempDir, type TestApp } from './helper.js';

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
  const { status, body } = await injectJson<Answer<T>>(app, {
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status, body };
}

async function register(mobile = freshMobile(), password = 'abc12345'): Promise<LoginResult> {
  const { status, body } = await call<LoginResult>('POST', API_PATHS.register, {
    body: { Mobile: mobile, Password: password, ConfirmPassword: password },
  });
  expect(status).toBe(200);
  return body.Data!;
}

const expectNotLoggedIn = (answer: { status: number; body: Answer<unknown> }) => {
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ ErrorCode: 401, Data: null, Msg: MESSAGES.notLoggedInUpstream });
};

function anEntity(where = '1 = 1'): { id: number; credit_code: string; name: string } {
  return app.db.prepare(`SELECT id, credit_code, name FROM entities WHERE ${where} ORDER BY id LIMIT 1`).get() as {
    id: number;
    credit_code: string;
    name: string;
  };
}

describe('registration', () => {
  it('creates an account and logs it in with a signed token and the login info of spec §3', async () => {
    const mobile = freshMobile();
    const result = await register(mobile);
    expect(result.UserInfo).toEqual({ User: { Mobile: mobile, JwtToken: result.JwtToken } });
    expect(result.RealAuthInfo.LoginType).toBe('User');
    const [header, payload, signature] = result.JwtToken.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(2 * 60 * 60);
    expect(new Date(result.RealAuthInfo.ExpireTime).getTime()).toBe(claims.exp * 1000);
    expect(signature).toMatch(/^[\w-]{43}$/);
    const stored = app.db.prepare('SELECT password_hash FROM users WHERE mobile = ?').pluck().get(mobile) as string;
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(stored).not.toContain('abc12345');
  });

  it('salts every password on its own', async () => {
    const [a, b] = [freshMobile(), freshMobile()];
    await register(a, 'same1234pass');
    await register(b, 'same1234pass');
    const hashes = app.db.prepare('SELECT password_hash FROM users WHERE mobile IN (?, ?)').pluck().all(a, b);
    expect(new Set(hashes).size).toBe(2);
  });

  it.each([
    [{ Mobile: '1380013800', Password: 'abc12345' }, ACCOUNT_MESSAGES.mobileInvalid],
    [{ Mobile: '12800138000', Password: 'abc12345' }, ACCOUNT_MESSAGES.mobileInvalid],
    [{ Mobile: '', Password: 'abc12345' }, ACCOUNT_MESSAGES.mobileRequired],
    [{ Password: 'abc12345' }, ACCOUNT_MESSAGES.mobileRequired],
    [{ Mobile: '13800138000', Password: 'abcdefgh' }, ACCOUNT_MESSAGES.passwordWeak],
    [{ Mobile: '13800138000', Password: '12345678' }, ACCOUNT_MESSAGES.passwordWeak],
    [{ Mobile: '13800138000', Password: 'ab12' }, ACCOUNT_MESSAGES.passwordWeak],
    [{ Mobile: '13800138000', Password: 'abc12345', ConfirmPassword: 'abc12346' }, ACCOUNT_MESSAGES.passwordMismatch],
  ])('refuses %j with a clear message', async (body, message) => {
    const { status, body: answer } = await call('POST', API_PATHS.register, { body });
    expect(status).toBe(400);
    expect(answer).toEqual({ ErrorCode: 400, Data: null, Msg: message });
  });

  it('refuses a number that is already registered', async () => {
    const mobile = freshMobile();
    await register(mobile);
    const { status, body } = await call('POST', API_PATHS.register, {
      body: { Mobile: mobile, Password: 'other999x' },
    });
    expect(status).toBe(409);
    expect(body.Msg).toBe(ACCOUNT_MESSAGES.mobileTaken);
  });

  it('accepts full-width digits and spaces in the number', async () => {
    const { status, body } = await call<LoginResult>('POST', API_PATHS.register, {
      body: { Mobile: ' １３７ ０００１ ２３４５ ', Password: 'abc12345' },
    });
    expect(status).toBe(200);
    expect(body.Data!.UserInfo).toMatchObject({ User: { Mobile: '13700012345' } });
  });
});

describe('password login', () => {
  it('logs in the demo account of the seed', async () => {
    const { status, body } = await call<LoginResult>('POST', API_PATHS.login, {
      body: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
    });
    expect(status).toBe(200);
    expect(body.Msg).toBe('登录成功');
    expect(body.Data!.UserInfo).toMatchObject({ User: { Mobile: DEMO_ACCOUNT.mobile } });
  });

  it('answers the same for a wrong password and an unknown number', async () => {
    const mobile = freshMobile();
    await register(mobile);
    const wrong = await call('POST', API_PATHS.login, {
      body: { Mobile: mobile, Password: 'wrong1234' },
      ip: '10.0.0.1',
    });
    const unknown = await call('POST', API_PATHS.login, {
      body: { Mobile: freshMobile(), Password: 'wrong1234' },
      ip: '10.0.0.1',
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ ErrorCode: 401, Data: null, Msg: ACCOUNT_MESSAGES.wrongCredentials });
    }
  });

  it('refuses a malformed number before checking anything', async () => {
    const { status, body } = await call('POST', API_PATHS.login, { body: { Mobile: 'abc', Password: 'x1234567' } });
    expect(status).toBe(400);
    expect(body.Msg).toBe(ACCOUNT_MESSAGES.mobileInvalid);
  });

  it('locks a number out for one address after five failures, for fifteen minutes', async () => {
    const mobile = freshMobile();
    await register(mobile, 'right1234');
    const attempt = (password: string, ip: string) =>
      call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: password }, ip });
    for (let i = 1; i <= 4; i++) expect((await attempt('wrong1234', '10.1.1.1')).status).toBe(401);
    const fifth = await attempt('wrong1234', '10.1.1.1');
    expect(fifth.status).toBe(429);
    expect(fifth.body.Msg).toBe(ACCOUNT_MESSAGES.lockedOut);
    // Locked: even the right password is refused from that address …
    expect((await attempt('right1234', '10.1.1.1')).body.Msg).toBe(ACCOUNT_MESSAGES.lockedOut);
    // … but not from another one.
    expect((await attempt('right1234', '10.2.2.2')).status).toBe(200);
    travel(15 * 60_000 + 1000);
    expect((await attempt('right1234', '10.1.1.1')).status).toBe(200);
  });

  it('forgets failures after a successful login', async () => {
    const mobile = freshMobile();
    await register(mobile, 'right1234');
    const attempt = (password: string) =>
      call('POST', API_PATHS.login, { body: { Mobile: mobile, Password: password }, ip: '10.3.3.3' });
    for (let i = 0; i < 4; i++) await attempt('wrong1234');
    expect((await attempt('right1234')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('wrong1234')).status).toBe(401);
  });
});

describe('chat-app identities', () => {
  it('lists the seeded identities and logs one in with the Wechat login info', async () => {
    const { body } = await call<WechatIdentity[]>('GET', API_PATHS.wechatIdentities);
    expect(body.Data!.length).toBeGreaterThanOrEqual(5);
    const identity = body.Data![0]!;
    const login = await call<LoginResult>('POST', API_PATHS.wechatLogin, { body: { OpenId: identity.OpenId } });
    expect(login.status).toBe(200);
    expect(login.body.Data!.UserInfo).toEqual({ Wechat: { Nickname: identity.Nickname } });
    expect(login.body.Data!.RealAuthInfo.LoginType).toBe('Wechat');
  });

  it('refuses an unknown identity', async () => {
    const { status, body } = await call('POST', API_PATHS.wechatLogin, { body: { OpenId: 'o-no-such-identity' } });
    expect(status).toBe(404);
    expect(body.Msg).toBe(ACCOUNT_MESSAGES.wechatNotFound);
  });
});

describe('tokens', () => {
  it('refuses every endpoint behind login without a token, answering 用户未登录！', async () => {
    const id = String(anEntity().id);
    expectNotLoggedIn(await call('GET', `${API_PATHS.entityBaseInfo}?id=${id}`));
    expectNotLoggedIn(await call('GET', `${API_PATHS.entityDetailInfo}?id=${id}`));
    expectNotLoggedIn(await call('GET', API_PATHS.profile));
    expectNotLoggedIn(await call('GET', API_PATHS.myPromises));
    expectNotLoggedIn(await call('POST', API_PATHS.myPromises, { body: {} }));
    expectNotLoggedIn(await call('POST', API_PATHS.bindWechat, { body: {} }));
    expectNotLoggedIn(await call('POST', API_PATHS.bindMobile, { body: {} }));
    expectNotLoggedIn(await call('POST', API_PATHS.loginTicketConfirm, { body: { Ticket: 'x' } }));
    // Before validation: a bad query or body does not reveal more than the missing login.
    expectNotLoggedIn(await call('GET', API_PATHS.entityBaseInfo));
  });

  it('accepts the token as a bearer token or in a JwtToken header', async () => {
    const { JwtToken } = await register();
    expect((await call<Profile>('GET', API_PATHS.profile, { token: JwtToken })).status).toBe(200);
    const viaHeader = await injectJson(app, { method: 'GET', url: API_PATHS.profile, headers: { jwttoken: JwtToken } });
    expect(viaHeader.status).toBe(200);
  });

  it('refuses a token signed with another secret, a tampered one, alg none and garbage', async () => {
    const { JwtToken } = await register();
    const [header, payload] = JwtToken.split('.') as [string, string, string];
    const forgedSignature = createHmac('sha256', 'not-the-secret').update(`${header}.${payload}`).digest('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'user:1' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [
      `${header}.${payload}.${forgedSignature}`,
      `${header}.${otherPayload}.${JwtToken.split('.')[2]}`,
      `${none}.${payload}.`,
      `${none}.${payload}`,
      'not-a-token',
      `${JwtToken}x`,
    ]) {
      expectNotLoggedIn(await call('GET', API_PATHS.profile, { token }));
    }
  });

  it('refuses a token once it has expired', async () => {
    const { JwtToken } = await register();
    expect((await call('GET', API_PATHS.profile, { token: JwtToken })).status).toBe(200);
    travel(2 * 60 * 60 * 1000 + 1000);
    expectNotLoggedIn(await call('GET', API_PATHS.profile, { token: JwtToken }));
  });

  it('verifies only HS256 tokens of its issuer (unit)', () => {
    const token = signToken('user:7', 's'.repeat(32), 60, 1_000_000);
    expect(verifyToken(token, 's'.repeat(32), 1_000_000)?.sub).toBe('user:7');
    expect(verifyToken(token, 's'.repeat(32), 1_000_000 + 60_000)).toBeNull();
    expect(verifyToken(token, 't'.repeat(32), 1_000_000)).toBeNull();
    // Issued in the future beyond the allowed skew.
    expect(
      verifyToken(signToken('user:7', 's'.repeat(32), 600, 1_000_000 + 120_000), 's'.repeat(32), 1_000_000),
    ).toBeNull();
  });

  it('keeps its random secret in the database across restarts, and uses a configured one instead', async () => {
    const dataDir = await tempDir();
    try {
      const first = await buildApp({ dataDir, seedEntities: 50 });
      const login = await injectJson<Answer<LoginResult>>(first, {
        method: 'POST',
        url: API_PATHS.login,
        payload: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
      });
      await first.close();
      const token = login.body.Data!.JwtToken;
      const second = await buildApp({ dataDir, seedEntities: 50 });
      const again = await second.inject({
        method: 'GET',
        url: API_PATHS.profile,
        headers: { authorization: `Bearer ${token}` },
      });
      await second.close();
      expect(again.statusCode).toBe(200);
      const configured = await buildApp({ dataDir, seedEntities: 50, jwtSecret: 'c'.repeat(40) });
      const refused = await configured.inject({
        method: 'GET',
        url: API_PATHS.profile,
        headers: { authorization: `Bearer ${token}` },
      });
      await configured.close();
      expect(refused.statusCode).toBe(401);
    } finally {
      await removeDir(dataDir);
    }
  });
});

describe('QR login tickets', () => {
  async function createTicket(): Promise<LoginTicket> {
    const { status, body } = await call<LoginTicket>('POST', API_PATHS.loginTicketCreate, { body: {} });
    expect(status).toBe(200);
    return body.Data!;
  }
  const poll = (ticket: LoginTicket, pollToken = ticket.PollToken) =>
    call<LoginTicketState>('POST', API_PATHS.loginTicketStatus, {
      body: { Ticket: ticket.Ticket, PollToken: pollToken },
    });
  const scan = (ticket: LoginTicket) =>
    call<LoginTicketState>('POST', API_PATHS.loginTicketScan, { body: { Ticket: ticket.Ticket } });
  const confirm = (ticket: LoginTicket, token: string) =>
    call<LoginTicketState>('POST', API_PATHS.loginTicketConfirm, { body: { Ticket: ticket.Ticket }, token });

  it('goes pending → scanned → confirmed, and hands the desktop its own login once', async () => {
    const ticket = await createTicket();
    expect(ticket.Status).toBe('pending');
    expect(new Date(ticket.ExpiresAt).getTime() - Date.now()).toBeLessThanOrEqual(LOGIN_TICKET_TTL_SECONDS * 1000);
    expect((await poll(ticket)).body.Data).toMatchObject({ Status: 'pending', Login: null });
    expect((await scan(ticket)).body.Data!.Status).toBe('scanned');
    expect((await poll(ticket)).body.Data).toMatchObject({ Status: 'scanned', Login: null });

    const phone = await register();
    expect((await confirm(ticket, phone.JwtToken)).body.Data!.Status).toBe('confirmed');
    const confirmed = (await poll(ticket)).body.Data!;
    expect(confirmed.Status).toBe('confirmed');
    expect(confirmed.Login!.UserInfo).toEqual({
      User: {
        Mobile: (phone.UserInfo as { User: { Mobile: string } }).User.Mobile,
        JwtToken: confirmed.Login!.JwtToken,
      },
    });
    expect(confirmed.Login!.JwtToken).not.toBe(phone.JwtToken);
    expect((await call('GET', API_PATHS.profile, { token: confirmed.Login!.JwtToken })).status).toBe(200);
    // Once: the next poll says used, and the code cannot be scanned or confirmed again.
    expect((await poll(ticket)).body.Data).toMatchObject({ Status: 'used', Login: null });
    expect((await scan(ticket)).body).toMatchObject({ ErrorCode: 409, Msg: ACCOUNT_MESSAGES.ticketUsed });
    expect((await confirm(ticket, phone.JwtToken)).body).toMatchObject({ ErrorCode: 409 });
  });

  it('confirms as a chat-app identity too', async () => {
    const ticket = await createTicket();
    const identities = (await call<WechatIdentity[]>('GET', API_PATHS.wechatIdentities)).body.Data!;
    const phone = (await call<LoginResult>('POST', API_PATHS.wechatLogin, { body: { OpenId: identities[1]!.OpenId } }))
      .body.Data!;
    await scan(ticket);
    await confirm(ticket, phone.JwtToken);
    expect((await poll(ticket)).body.Data!.Login!.UserInfo).toEqual({ Wechat: { Nickname: identities[1]!.Nickname } });
  });

  it('expires after a few minutes: polls say expired, the phone is told to refresh', async () => {
    const ticket = await createTicket();
    await scan(ticket);
    const phone = await register();
    travel(LOGIN_TICKET_TTL_SECONDS * 1000 + 1000);
    expect((await poll(ticket)).body.Data).toMatchObject({ Status: 'expired', Login: null });
    const scanned = await scan(ticket);
    expect(scanned.status).toBe(410);
    expect(scanned.body.Msg).toBe(ACCOUNT_MESSAGES.ticketExpired);
    const confirmed = await confirm(ticket, phone.JwtToken);
    expect(confirmed.status).toBe(410);
  });

  it('gives the login only to the page holding the poll token', async () => {
    const ticket = await createTicket();
    const phone = await register();
    await confirm(ticket, phone.JwtToken);
    const stolen = await poll(ticket, 'someone-elses-guess');
    expect(stolen.status).toBe(404);
    expect(stolen.body.Msg).toBe(ACCOUNT_MESSAGES.ticketNotFound);
    expect((await poll(ticket)).body.Data!.Login).not.toBeNull();
  });

  it('refuses unknown tickets and a confirmation without a login', async () => {
    expect((await scan({ Ticket: 'no-such-ticket', PollToken: '', Status: 'pending', ExpiresAt: '' })).status).toBe(
      404,
    );
    const ticket = await createTicket();
    expectNotLoggedIn(await call('POST', API_PATHS.loginTicketConfirm, { body: { Ticket: ticket.Ticket } }));
  });
});

describe('profile and binding', () => {
  it('binds a chat-app identity to a mobile account, both ways round', async () => {
    const mobile = freshMobile();
    const user = await register(mobile, 'bind1234x');
    const identities = (await call<WechatIdentity[]>('GET', API_PATHS.wechatIdentities)).body.Data!;
    const free = identities.filter((identity) => !identity.Bound);
    expect(free.length).toBeGreaterThanOrEqual(2);

    const before = (await call<Profile>('GET', API_PATHS.profile, { token: user.JwtToken })).body.Data!;
    expect(before).toMatchObject({ LoginType: 'User', Mobile: mobile, Nickname: '' });
    const bound = await call<Profile>('POST', API_PATHS.bindWechat, {
      body: { OpenId: free[0]!.OpenId },
      token: user.JwtToken,
    });
    expect(bound.status).toBe(200);
    expect(bound.body.Data).toMatchObject({ Mobile: mobile, Nickname: free[0]!.Nickname });
    const twice = await call('POST', API_PATHS.bindWechat, { body: { OpenId: free[1]!.OpenId }, token: user.JwtToken });
    expect(twice.status).toBe(409);

    // The bound identity now shows its mobile account.
    const wechat = (await call<LoginResult>('POST', API_PATHS.wechatLogin, { body: { OpenId: free[0]!.OpenId } })).body
      .Data!;
    expect((await call<Profile>('GET', API_PATHS.profile, { token: wechat.JwtToken })).body.Data).toMatchObject({
      LoginType: 'Wechat',
      Mobile: mobile,
    });

    // The other way: a chat-app login binds a mobile account with its password.
    const other = freshMobile();
    await register(other, 'other1234x');
    const second = (await call<LoginResult>('POST', API_PATHS.wechatLogin, { body: { OpenId: free[1]!.OpenId } })).body
      .Data!;
    const wrong = await call('POST', API_PATHS.bindMobile, {
      body: { Mobile: other, Password: 'nope12345' },
      token: second.JwtToken,
      ip: '10.9.9.9',
    });
    expect(wrong.body.Msg).toBe(ACCOUNT_MESSAGES.wrongCredentials);
    const ok = await call<Profile>('POST', API_PATHS.bindMobile, {
      body: { Mobile: other, Password: 'other1234x' },
      token: second.JwtToken,
    });
    expect(ok.body.Data).toMatchObject({ LoginType: 'Wechat', Mobile: other, Nickname: free[1]!.Nickname });
    // A mobile account cannot take a second identity through the other door either.
    const taken = await call('POST', API_PATHS.bindMobile, {
      body: { Mobile: mobile, Password: 'bind1234x' },
      token: second.JwtToken,
    });
    expect(taken.status).toBe(409);
  });

  it('tells a mobile login that it has nothing to bind through 绑定账号', async () => {
    const user = await register();
    const { status, body } = await call('POST', API_PATHS.bindMobile, {
      body: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
      token: user.JwtToken,
    });
    expect(status).toBe(400);
    expect(body.Msg).toMatch(/无需绑定/);
  });
});

describe('entity details', () => {
  it('answers the registration information and the details as of today', async () => {
    const { JwtToken } = await register();
    const row = app.db
      .prepare(
        `SELECT e.id FROM entities e WHERE EXISTS (SELECT 1 FROM licences l WHERE l.entity_id = e.id)
           AND EXISTS (SELECT 1 FROM penalties p WHERE p.entity_id = e.id) ORDER BY e.id LIMIT 1`,
      )
      .get() as { id: number };
    const id = String(row.id);
    const base = await call<EntityBaseInfo>('GET', `${API_PATHS.entityBaseInfo}?id=${id}`, { token: JwtToken });
    const entity = anEntity(`id = ${id}`);
    expect(base.body.Data).toMatchObject({ ID: id, EntName: entity.name, CreditCode: entity.credit_code });
    expect(base.body.Data!.RegAuthority).toMatch(/市场监督管理局$/);

    const detail = (await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${id}`, { token: JwtToken }))
      .body.Data!;
    const licences = app.db.prepare('SELECT XK_WSH FROM licences WHERE entity_id = ?').pluck().all(row.id);
    expect(detail.Licences.map((l) => l.xzxkCode).sort()).toEqual([...licences].sort());
    const today = localToday();
    const inForce = app.db
      .prepare(
        `SELECT CAST(id AS TEXT) FROM penalties WHERE entity_id = ? AND CF_XDR_LB <> '自然人' AND ${penaltyPublicizedSql('?')}`,
      )
      .pluck()
      .all(row.id, today);
    expect(detail.Penalties.map((p) => p.id).sort()).toEqual([...inForce].sort());
    expect(detail.Penalties.every((p) => p.CF_GSJZQ >= today)).toBe(true);
  });

  it('lists red and black list entries in force only', async () => {
    const { JwtToken } = await register();
    const listed = app.db.prepare('SELECT entity_id, valid_until FROM red_black_list ORDER BY id').all() as {
      entity_id: number;
      valid_until: string;
    }[];
    expect(listed.length).toBeGreaterThan(0);
    const today = localToday();
    const current = listed.find((entry) => entry.valid_until >= today)!;
    const detail = (
      await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${current.entity_id}`, { token: JwtToken })
    ).body.Data!;
    expect(detail.RedBlack.length).toBeGreaterThan(0);
    expect(detail.RedBlack.every((entry) => entry.ValidUntil >= today)).toBe(true);
    const lapsed = listed.find((entry) => entry.valid_until < today);
    if (lapsed) {
      const other = (
        await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${lapsed.entity_id}`, { token: JwtToken })
      ).body.Data!;
      expect(other.RedBlack.some((entry) => entry.ValidUntil < today)).toBe(false);
    }
  });

  it('answers 404 for an unknown entity', async () => {
    const { JwtToken } = await register();
    for (const path of [API_PATHS.entityBaseInfo, API_PATHS.entityDetailInfo]) {
      const { status, body } = await call('GET', `${path}?id=99999999`, { token: JwtToken });
      expect(status).toBe(404);
      expect(body.Msg).toBe('未找到该记录');
    }
  });
});

describe('credit promises', () => {
  it('files a promise for a registered code, lists it as the user’s, and keeps it off the details until reviewed', async () => {
    const { JwtToken } = await register();
    const entity = anEntity("status = '存续'");
    const created = await call<CreditPromise>('POST', API_PATHS.myPromises, {
      token: JwtToken,
      body: {
        CreditCode: entity.credit_code.toLowerCase(),
        PromiseType: '主动型',
        Content: '本单位承诺依法诚信经营，接受社会监督。',
        Promiser: '张三',
        ContactMobile: '13800138000',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.Data).toMatchObject({ EntName: entity.name, CreditCode: entity.credit_code, Status: '待审核' });
    const mine = (await call<CreditPromise[]>('GET', API_PATHS.myPromises, { token: JwtToken })).body.Data!;
    expect(mine.map((p) => p.ID)).toEqual([created.body.Data!.ID]);
    const detail = (
      await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${entity.id}`, { token: JwtToken })
    ).body.Data!;
    expect(detail.Promises.some((p) => p.ID === created.body.Data!.ID)).toBe(false);
    // Another user sees none of it.
    const other = await register();
    expect((await call<CreditPromise[]>('GET', API_PATHS.myPromises, { token: other.JwtToken })).body.Data).toEqual([]);
  });

  it.each([
    [{ CreditCode: '123' }, '请输入18位统一社会信用代码', 400],
    [{ CreditCode: '91350200MA2YJ1XR9G' }, '未找到该统一社会信用代码对应的主体', 404],
    [{ ContactMobile: '12345' }, ACCOUNT_MESSAGES.mobileInvalid, 400],
    [{ Content: '太短' }, '请填写承诺内容（至少10个字）', 400],
  ])('refuses %j', async (change, message, status) => {
    const { JwtToken } = await register();
    const entity = anEntity();
    const answer = await call('POST', API_PATHS.myPromises, {
      token: JwtToken,
      body: {
        CreditCode: entity.credit_code,
        PromiseType: '主动型',
        Content: '本单位承诺依法诚信经营，接受社会监督。',
        Promiser: '张三',
        ContactMobile: '13800138000',
        ...change,
      },
    });
    expect(answer.status).toBe(status);
    expect(answer.body.Msg).toBe(message);
  });
});

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

describe('seed and settings', () => {
  it('gives a data set red/black entries, promises and chat-app identities, once', () => {
    const counts = () =>
      app.db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM red_black_list) AS lists, (SELECT COUNT(*) FROM credit_promises WHERE owner IS NULL) AS promises,
             (SELECT COUNT(*) FROM wechat_identities) AS identities`,
        )
        .get() as { lists: number; promises: number; identities: number };
    const before = counts();
    expect(before.lists).toBeGreaterThan(0);
    expect(before.promises).toBeGreaterThan(0);
    expect(before.identities).toBe(6);
    expect(ensureAccountSeed(app.db)).toBeNull();
    expect(counts()).toEqual(before);
    const codes = app.db.prepare('SELECT credit_code FROM entities LIMIT 50').pluck().all() as string[];
    expect(codes.every(isValidCreditCode)).toBe(true);
  });

  it('seeds a database made before migration 6 when the service starts', async () => {
    const dataDir = await tempDir();
    try {
      const first = await buildApp({ dataDir, seedEntities: 80, seed: 3 });
      const lists = first.db.prepare('SELECT entity_id, list_name FROM red_black_list ORDER BY id').all();
      // As an older database would be: the tables exist (migration 6 ran) but hold nothing.
      first.db.exec(
        `DELETE FROM red_black_list; DELETE FROM promise_fulfilments; DELETE FROM credit_promises;
         DELETE FROM wechat_identities; DELETE FROM users;`,
      );
      await first.close();
      const second = await buildApp({ dataDir, seedEntities: 80, seed: 3 });
      expect(second.db.prepare('SELECT entity_id, list_name FROM red_black_list ORDER BY id').all()).toEqual(lists);
      expect(second.db.prepare('SELECT COUNT(*) FROM wechat_identities').pluck().get()).toBe(6);
      expect(second.db.prepare('SELECT COUNT(*) FROM promise_fulfilments').pluck().get()).toBeGreaterThan(0);
      await second.close();
    } finally {
      await removeDir(dataDir);
    }
  });

  it('dates entries, promises and their checks back from the day the database is created', async () => {
    const dates = (db: FastifyInstance['db']) =>
      db
        .prepare(
          `SELECT (SELECT MAX(included_on) FROM red_black_list) AS listed,
             (SELECT MIN(valid_until) FROM red_black_list) AS firstLapse,
             (SELECT MAX(promised_on) FROM credit_promises) AS promised,
             (SELECT MAX(checked_on) FROM promise_fulfilments) AS checked,
             (SELECT MAX(updated_at) FROM promise_fulfilments) AS updated,
             (SELECT COUNT(*) FROM red_black_list) AS entries,
             (SELECT COUNT(*) FROM promise_fulfilments) AS checks,
             (SELECT created_at FROM users WHERE mobile = '${DEMO_ACCOUNT.mobile}') AS demo`,
        )
        .get() as Record<string, string | number>;
    const built = await Promise.all(
      ['2026-10-31', '2026-10-31', '2028-06-30'].map((seedAsOf) => buildTestApp({ seedEntities: 600, seedAsOf })),
    );
    try {
      const [first, same, later] = built.map((t) => dates(t.app.db));
      expect(same).toEqual(first);
      for (const [day, row] of [
        ['2026-10-31', first!],
        ['2028-06-30', later!],
      ] as const) {
        expect(row.listed! <= day && row.promised! <= day && row.checked! <= day, day).toBe(true);
        expect(String(row.updated).slice(0, 10) <= day).toBe(true);
        expect(row.demo).toBe(`${day} 08:00:00`);
      }
      expect(later!.entries).toBe(first!.entries);
      expect(later!.checks).toBeGreaterThan(0);
      // Started later, the data set is as current then as the first one is now.
      expect(later!.listed! > '2028-01-01' && later!.promised! > '2028-01-01').toBe(true);
      expect(later!.firstLapse! > first!.firstLapse!).toBe(true);
    } finally {
      await Promise.all(built.map((t) => t.close()));
    }
  }, 60_000);

  it('validates CREDIT_SERVICE_JWT_SECRET and PORTAL_URL', () => {
    expect(readSettings({ CREDIT_SERVICE_JWT_SECRET: 'short' }).errors).toEqual([
      'CREDIT_SERVICE_JWT_SECRET: must be at least 32 characters long (got 5)',
    ]);
    expect(readSettings({ PORTAL_URL: 'ftp://x' }).errors).toEqual(['PORTAL_URL: must use http or https (got "ftp:")']);
    expect(
      readSettings({ CREDIT_SERVICE_JWT_SECRET: 'k'.repeat(32), PORTAL_URL: 'https://xy.example/' }).settings,
    ).toMatchObject({ jwtSecret: 'k'.repeat(32), portalUrl: 'https://xy.example/' });
  });
});
