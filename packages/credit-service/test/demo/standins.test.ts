import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, API_PATHS } from '@credit-portal/shared';
import { buildApp, FACE_VERIFY_PATH, OUTBOX_PATH, WECHAT_AUTHORIZE_PATH } from '../../src/app.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createMailer, DEFAULT_MAIL_FROM, MailNotConfiguredError } from '../../src/mail/mailer.js';
import { DEMO_ACCOUNT } from '../../src/demo/seed/account.js';
import { DEMO_ACCOUNT_B } from '../../src/demo/seed/services.js';
import { buildTestApp, type TestApp } from '../helper.js';

/*
 * Demo stand-ins (face verification, the chat app's authorization page, the SMS outbox, the
 * outbox page) exist only where they are safe: off unless
 * the service is built with them (server.ts: a loopback bind, DEMO_STANDINS); and X-Forwarded-For
 * is believed from the configured proxies only.
 */
describe('a credit-service built without the demo stand-ins (a public bind)', () => {
  let service: TestApp;
  beforeAll(async () => {
    service = await buildTestApp({ demo: false, outboxPage: false, trustedProxies: ['10.9.0.2'] });
  });
  afterAll(() => service.close());

  it('serves no face-verification stand-in and no outbox', async () => {
    for (const url of [`${FACE_VERIFY_PATH}?certToken=x`, OUTBOX_PATH]) {
      expect((await service.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const posted = await service.app.inject({
      method: 'POST',
      url: FACE_VERIFY_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'certToken=x&name=a&idNumber=b&consent=1',
    });
    expect(posted.statusCode).toBe(404);
  });

  it('serves no chat-app authorization stand-in: nothing there issues a code', async () => {
    const query =
      'appid=x&redirect_uri=http%3A%2F%2Flocalhost%3A8080%2F&state=0123456789abcdef&response_type=code&scope=snsapi_login';
    expect((await service.app.inject({ method: 'GET', url: `${WECHAT_AUTHORIZE_PATH}?${query}` })).statusCode).toBe(
      404,
    );
    const posted = await service.app.inject({
      method: 'POST',
      url: WECHAT_AUTHORIZE_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${query}&open_id=x&csrf=x`,
    });
    expect(posted.statusCode).toBe(404);
    expect(service.app.db.prepare('SELECT COUNT(*) FROM wechat_auth_codes').pluck().get()).toBe(0);
  });

  it('sends no SMS without a gateway: registration says the service is not open (503)', async () => {
    const sent = await service.app.inject({
      method: 'POST',
      url: API_PATHS.registerCode,
      payload: { Mobile: '13700000099' },
    });
    expect(sent.statusCode).toBe(503);
    expect(JSON.parse(sent.body)).toEqual({ ErrorCode: 503, Data: null, Msg: ACCOUNT_MESSAGES.smsUnavailable });
  });

  it('lets no one in with the demo accounts’ published password (README), though the accounts stay', async () => {
    for (const { mobile, password } of [DEMO_ACCOUNT, DEMO_ACCOUNT_B]) {
      const login = await service.app.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { Mobile: mobile, Password: password },
      });
      expect([mobile, login.statusCode, JSON.parse(login.body).Data]).toEqual([mobile, 401, null]);
      expect(service.app.db.prepare('SELECT COUNT(*) FROM users WHERE mobile = ?').pluck().get(mobile)).toBe(1);
    }
  });

  it('keeps no mail in an outbox without SMTP: the mailer refuses and writes nothing', async () => {
    const outboxDir = path.join(service.dataDir, 'outbox-test');
    const mailer = createMailer({ from: DEFAULT_MAIL_FROM, outboxDir, outbox: false });
    expect(mailer.outboxDir).toBeNull();
    await expect(
      mailer.send({
        to: 'someone@example.org',
        subject: '个人公共信用报告',
        text: '…',
        attachments: [{ filename: 'r.pdf', content: Buffer.from('%PDF'), contentType: 'application/pdf' }],
      }),
    ).rejects.toBeInstanceOf(MailNotConfiguredError);
    expect(existsSync(outboxDir)).toBe(false);
  });

  it('lists none of them in its API documentation', async () => {
    const docs = await service.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = Object.keys((JSON.parse(docs.body) as { paths: Record<string, unknown> }).paths);
    expect(paths).not.toContain(FACE_VERIFY_PATH);
    expect(paths).not.toContain(OUTBOX_PATH);
    expect(paths).not.toContain(WECHAT_AUTHORIZE_PATH);
  });

  it('believes X-Forwarded-For from its gateway only', async () => {
    // A second instance on the same database, with a probe hook added before it is ready.
    const probe = await buildApp({ dataDir: service.dataDir, trustedProxies: ['10.9.0.2'] });
    const seen: string[] = [];
    probe.addHook('onRequest', async (request) => void seen.push(request.ip));
    const forwarded = (remoteAddress: string, from: string) =>
      probe.inject({ method: 'GET', url: '/healthz', remoteAddress, headers: { 'x-forwarded-for': from } });
    await forwarded('203.0.113.7', '198.51.100.1');
    await forwarded('10.9.0.2', '198.51.100.2');
    await probe.close();
    expect(seen).toEqual(['203.0.113.7', '198.51.100.2']);
  });
});
