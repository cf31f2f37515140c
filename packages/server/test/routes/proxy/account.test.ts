import { createHmac } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  ERROR_CODES,
  LOGIN_TICKET_TTL_SECONDS,
  MESSAGES,
  PRIVACY_RULES_VERSION,
  type LoginResult,
  type LoginTicket,
} from '@credit-portal/shared';
import { loadConfig } from '../../../src/config.js';
import { ENVELOPE_KEYS, startGateway, testConfig, type RunningGateway, upstreamEnv } from '../../support/gateway.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';
import { registerThroughGateway, smsCodeFor } from '../../support/accounts.js';

/*
 * Login and the pages behind it, through the gateway: the QR ticket lifecycle, tokens
 * refused by the credit-service becoming the gateway's not_logged_in answer (spec §7), and the
 * strict rate-limit class on login paths.
 */
describe('accounts through the gateway', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;
  let mobile = 13_500_000_000;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startGateway(testConfig(upstreamEnv(upstream.url)));
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const register = (): Promise<LoginResult> => registerThroughGateway(gateway.url, upstream.dataDir, String(mobile++));

  const post = (path: string, body: object, token?: string) => {
    const call = request(gateway.url).post(path).send(body);
    return token ? call.set('authorization', `Bearer ${token}`) : call;
  };

  function expectNotLoggedIn(response: request.Response): void {
    expect(response.status).toBe(401);
    expect(Object.keys(response.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(response.body).toEqual({
      ok: false,
      code: ERROR_CODES.notLoggedIn,
      message: MESSAGES.notRealNameLoggedIn,
      data: null,
    });
  }

  it('runs a QR ticket from pending through scanned to confirmed, and never caches it', async () => {
    const created = await post(API_PATHS.loginTicketCreate, {}).expect(200);
    expect(created.headers['x-cache']).toBe('BYPASS');
    const ticket = created.body.data as LoginTicket;
    const poll = () => post(API_PATHS.loginTicketStatus, { Ticket: ticket.Ticket, PollToken: ticket.PollToken });

    expect((await poll()).body.data).toMatchObject({ Status: 'pending', Login: null });
    expect((await post(API_PATHS.loginTicketScan, { Ticket: ticket.Ticket })).body.data.Status).toBe('scanned');
    expect((await poll()).body.data.Status).toBe('scanned');

    const phone = await register();
    const confirmed = await post(API_PATHS.loginTicketConfirm, { Ticket: ticket.Ticket }, phone.JwtToken).expect(200);
    expect(confirmed.body).toMatchObject({ ok: true, data: { Status: 'confirmed' } });
    const done = await poll().expect(200);
    expect(done.headers['x-cache']).toBe('BYPASS');
    expect(done.body.data.Status).toBe('confirmed');
    const login = done.body.data.Login as LoginResult;
    await request(gateway.url).get(API_PATHS.profile).set('authorization', `Bearer ${login.JwtToken}`).expect(200);
    expect((await poll()).body.data.Status).toBe('used');
  });

  it('expires a ticket after a few minutes', async () => {
    const ticket = (await post(API_PATHS.loginTicketCreate, {}).expect(200)).body.data as LoginTicket;
    const phone = await register();
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + LOGIN_TICKET_TTL_SECONDS * 1000 + 1000);
    const polled = await post(API_PATHS.loginTicketStatus, { Ticket: ticket.Ticket, PollToken: ticket.PollToken });
    expect(polled.body.data).toMatchObject({ Status: 'expired', Login: null });
    const scanned = await post(API_PATHS.loginTicketScan, { Ticket: ticket.Ticket });
    expect(scanned.status).toBe(410);
    expect(scanned.body).toEqual({ ok: false, code: 410, message: ACCOUNT_MESSAGES.ticketExpired, data: null });
    expect((await post(API_PATHS.loginTicketConfirm, { Ticket: ticket.Ticket }, phone.JwtToken)).status).toBe(410);
  });

  it('turns a missing, forged or expired token into not_logged_in on the entity details', async () => {
    const { JwtToken } = await register();
    const details = (token?: string) => {
      const call = request(gateway.url).get(API_PATHS.entityBaseInfo).query({ id: '1' });
      return token ? call.set('authorization', `Bearer ${token}`) : call;
    };
    const ok = await details(JwtToken).expect(200);
    expect(ok.headers['x-cache']).toBe('BYPASS');
    expect(ok.body.data.ID).toBe('1');

    expectNotLoggedIn(await details());
    const [header, payload] = JwtToken.split('.') as [string, string];
    const forged = `${header}.${payload}.${createHmac('sha256', 'guess').update(`${header}.${payload}`).digest('base64url')}`;
    expectNotLoggedIn(await details(forged));
    expectNotLoggedIn(
      await request(gateway.url).get(API_PATHS.entityDetailInfo).query({ id: '1' }).set('jwttoken', forged),
    );

    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 2 * 60 * 60 * 1000 + 1000);
    expectNotLoggedIn(await details(JwtToken));
  });

  it('passes the service’s own refusals through with their Chinese messages', async () => {
    const bad = await post(API_PATHS.login, { Mobile: '123', Password: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ ok: false, code: 400, message: ACCOUNT_MESSAGES.mobileInvalid, data: null });
    const user = await register();
    const mobileOf = (user.UserInfo as { User: { Mobile: string } }).User.Mobile;
    // Without the SMS code nothing is registered, and nothing is said about the number (the
    // gateway's own schema check already asks for the code).
    const noCode = await post(API_PATHS.register, { Mobile: mobileOf, Password: 'Gate1234x' });
    expect(noCode.status).toBe(400);
    expect(noCode.body).toMatchObject({ ok: false, message: ACCOUNT_MESSAGES.smsCodeRequired, data: null });
    const consented = { Password: 'Gate1234x', PrivacyVersion: PRIVACY_RULES_VERSION };
    const wrongCode = await post(API_PATHS.register, { Mobile: mobileOf, ...consented, Code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toEqual({ ok: false, code: 400, message: ACCOUNT_MESSAGES.smsCodeInvalid, data: null });
    // The number's owner, proven by the code, is told it is registered.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    await post(API_PATHS.registerCode, { Mobile: mobileOf }).expect(200);
    vi.useRealTimers();
    const Code = await smsCodeFor(upstream.dataDir, mobileOf);
    const duplicate = await post(API_PATHS.register, { Mobile: mobileOf, ...consented, Code });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(ACCOUNT_MESSAGES.mobileTaken);
  });

  it('never proxies the old identity list, and refuses a bare identifier before the service hears it', async () => {
    expect((await request(gateway.url).get('/user/wechat/identities')).status).toBe(404);
    const before = await upstream.count(API_PATHS.wechatLogin);
    const bare = await post(API_PATHS.wechatLogin, { OpenId: 'o-wechat-anyone' });
    expect(bare.status).toBe(400);
    expect(bare.body.ok).toBe(false);
    const bind = await post(API_PATHS.bindWechat, { OpenId: 'o-wechat-anyone' }, (await register()).JwtToken);
    expect(bind.status).toBe(400);
    expect(await upstream.count(API_PATHS.wechatLogin)).toBe(before);
    // A made-up code reaches the service, which refuses it.
    const made = await post(API_PATHS.wechatLogin, { Code: 'made-up', State: '0123456789abcdef0123' });
    expect(made.status).toBe(401);
    expect(made.body).toEqual({ ok: false, code: 401, message: ACCOUNT_MESSAGES.wechatCodeInvalid, data: null });
  });

  it('locks out repeated failures per number and client address (the address the gateway saw)', async () => {
    const user = await register();
    const mobileOf = (user.UserInfo as { User: { Mobile: string } }).User.Mobile;
    for (let i = 0; i < 4; i++) {
      const wrong = await post(API_PATHS.login, { Mobile: mobileOf, Password: 'wrong1234' });
      expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.wrongCredentials);
    }
    const locked = await post(API_PATHS.login, { Mobile: mobileOf, Password: 'wrong1234' });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ ok: false, code: 429, message: ACCOUNT_MESSAGES.lockedOut, data: null });
    // A client cannot spoof its way out: the gateway sends the address it saw, not the header it was given.
    const spoofed = await post(API_PATHS.login, { Mobile: mobileOf, Password: 'Gate1234x' }).set(
      'x-forwarded-for',
      '203.0.113.9',
    );
    expect(spoofed.status).toBe(429);
  });
});

describe('the strict rate-limit class on login paths', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startGateway(
      testConfig({
        ...upstreamEnv(upstream.url),
        RATE_LIMIT_STRICT_MAX: '3',
      }),
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('limits login attempts per client, but not the ticket poll', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await request(gateway.url).post(API_PATHS.login).send({ Mobile: '13900000000', Password: 'x1' });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);

    const ticket = (await request(gateway.url).post(API_PATHS.loginTicketCreate).send({}).expect(200)).body
      .data as LoginTicket;
    for (let i = 0; i < 5; i++) {
      await request(gateway.url)
        .post(API_PATHS.loginTicketStatus)
        .send({ Ticket: ticket.Ticket, PollToken: ticket.PollToken })
        .expect(200);
    }
  });

  it('puts every password, registration and ticket path in the strict class, and caches none of them', () => {
    const table = gateway.app.config.routes;
    const row = (path: string) => table.find((candidate) => candidate.path === path)!;
    for (const path of [
      API_PATHS.login,
      API_PATHS.registerCode,
      API_PATHS.register,
      API_PATHS.wechatLogin,
      API_PATHS.bindWechat,
      API_PATHS.loginTicketCreate,
      API_PATHS.loginTicketScan,
      API_PATHS.loginTicketConfirm,
      API_PATHS.loginTokenExchange,
      API_PATHS.oldSiteHandoff,
      API_PATHS.bindMobile,
      API_PATHS.unbindWechat,
      API_PATHS.passwordResetCode,
      API_PATHS.passwordReset,
    ]) {
      expect(row(path).rateLimit, path).toBe('strict');
      expect(row(path).cache, path).toBeNull();
    }
    // A password check is scrypt at OWASP's cost: those calls get a longer deadline than the default.
    for (const path of [API_PATHS.login, API_PATHS.register, API_PATHS.bindMobile]) {
      expect(row(path).timeoutMs, path).toBeGreaterThanOrEqual(15_000);
    }
    for (const path of [
      API_PATHS.loginTicketStatus,
      API_PATHS.entityBaseInfo,
      API_PATHS.entityDetailInfo,
      API_PATHS.profile,
      API_PATHS.logout,
    ]) {
      expect(row(path).cache, path).toBeNull();
      expect(row(path).rateLimit, path).toBe('default');
    }
  });
});

describe('old-site addresses', () => {
  it('default to the reference credit-service’s old-site pages', () => {
    const config = loadConfig({ CREDIT_SERVICE_PORT: '9123' });
    expect(config.runtime.oldSiteUrl).toBe('http://localhost:9123/oldsite');
    expect(config.runtime.dataSubmissionUrl).toBe('http://localhost:9123/oldsite/login.aspx');
    expect(loadConfig({}).runtime.oldSiteUrl).toBe('http://localhost:8090/oldsite');
  });

  it('follow OLD_SITE_URL, and DATA_SUBMISSION_URL when set', () => {
    const moved = loadConfig({ OLD_SITE_URL: 'https://old.example.gov.cn/site/' });
    expect(moved.runtime.oldSiteUrl).toBe('https://old.example.gov.cn/site');
    expect(moved.runtime.dataSubmissionUrl).toBe('https://old.example.gov.cn/site/login.aspx');
    const own = loadConfig({ DATA_SUBMISSION_URL: 'https://submit.example.gov.cn/login' });
    expect(own.runtime.dataSubmissionUrl).toBe('https://submit.example.gov.cn/login');
  });
});
