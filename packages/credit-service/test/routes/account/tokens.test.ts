import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  LOGIN_TICKET_TTL_SECONDS,
  type LoginResult,
  type LoginTicket,
  type LoginTicketState,
  type Profile,
} from '@credit-portal/shared';
import { buildApp } from '../../../src/app.js';
import { signToken, verifyToken } from '../../../src/lib/jwt.js';
import { DEMO_ACCOUNT } from '../../../src/demo/seed/index.js';
import { buildTestApp, injectJson, removeDir, tempDir, type TestApp } from '../../helper.js';
import { accountHelpers, type Answer, expectNotLoggedIn, travel } from './support.js';

/* The login's token (JWT) on the endpoints behind login, and the QR login tickets that hand one to a desktop. */

let testApp: TestApp;
let app: FastifyInstance;
const { call, register, identities, wechatLogin, anEntity } = accountHelpers(() => testApp);

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

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
      const first = await buildApp({ dataDir, seedEntities: 50, demo: true });
      const login = await injectJson<Answer<LoginResult>>(first, {
        method: 'POST',
        url: API_PATHS.login,
        payload: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
      });
      await first.close();
      const token = login.body.Data!.JwtToken;
      const second = await buildApp({ dataDir, seedEntities: 50, demo: true });
      const again = await second.inject({
        method: 'GET',
        url: API_PATHS.profile,
        headers: { authorization: `Bearer ${token}` },
      });
      await second.close();
      expect(again.statusCode).toBe(200);
      const configured = await buildApp({ dataDir, seedEntities: 50, jwtSecret: 'c'.repeat(40), demo: true });
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
    const identity = identities()[1]!;
    const phone = await wechatLogin(identity.openId);
    await scan(ticket);
    await confirm(ticket, phone.JwtToken);
    expect((await poll(ticket)).body.Data!.Login!.UserInfo).toEqual({ Wechat: { Nickname: identity.nickname } });
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
