import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_PATHS, CONTENT_SECTIONS, GATEWAY_PATHS, PERMISSIONS_POLICY } from '@credit-portal/shared';
import { LogCapture, startGateway, testConfig, upstreamEnv } from '../support/gateway.js';
import { startUpstream, type Upstream } from '../support/upstream.js';
import { visitBody, visitRecord } from '../support/visit-logs.js';

const ID_NUMBER = '11010519491231002X';
const EMAIL = 'zhang.san@example.com';
const PHONE = '13912345678';
const REPORT_NO = 'XYBG20260101000001';
const SECRETS = [
  'jwt-secret-value-1',
  'bearer-secret-value-2',
  'info-secret-value-3',
  'cert-secret-value-4',
  'body-secret-value-5',
];

describe('security', () => {
  let upstream: Upstream;

  beforeAll(async () => {
    upstream = await startUpstream();
  });

  afterAll(async () => {
    await upstream?.close();
  });

  it('keeps ID numbers, tokens, e-mails and phone numbers out of every log line', async () => {
    const logs = new LogCapture();
    const gateway = await startGateway(
      testConfig({ ...upstreamEnv(upstream.url), LOG_LEVEL: 'debug', UPSTREAM_TIMEOUT_MS: '300' }),
      logs,
    );
    try {
      await request(gateway.url)
        .get(API_PATHS.permitDetail)
        .query({ id: ID_NUMBER, email: EMAIL, mobile: PHONE, Infotoken: SECRETS[2] })
        .set('JwtToken', SECRETS[0]!)
        .set('Authorization', `Bearer ${SECRETS[1]}`)
        .set('CertToken', SECRETS[3]!);
      await request(gateway.url)
        .post(API_PATHS.contentList)
        .send({
          categoryId: CONTENT_SECTIONS.news.categoryId,
          searchWord: `${EMAIL} ${ID_NUMBER}`,
          Infotoken: SECRETS[4],
        });
      await request(gateway.url).post(API_PATHS.entitySearch).send({ EntNameOrCreditCode: ID_NUMBER });
      await request(gateway.url).get(`/api/user/${ID_NUMBER}/${EMAIL}`).query({ IdCard: ID_NUMBER });
      await request(gateway.url)
        .post(API_PATHS.contentList)
        .set('content-type', 'application/json')
        .send(`{"searchWord":"${ID_NUMBER}",`);
      await request(gateway.url)
        .post(API_PATHS.visitLog)
        .send(visitBody([{ ...visitRecord(), param: `idCard=${ID_NUMBER}&email=${EMAIL}` }]));
      // A report's number and verification code unlock the whole report.
      await request(gateway.url).get(API_PATHS.reportVerify).query({ reportNo: REPORT_NO, code: 'AAAAAAAA' });
      // Upstream failures log at warn level with the request's context.
      await upstream.fault({ pathPrefix: API_PATHS.punishDetail, mode: 'timeout' });
      await request(gateway.url)
        .get(API_PATHS.punishDetail)
        .query({ id: ID_NUMBER, email: EMAIL })
        .set('JwtToken', SECRETS[0]!);
      await upstream.fault({ pathPrefix: API_PATHS.punishDetail, mode: 'off' });
    } finally {
      await gateway.close();
    }
    const text = logs.text;
    // The lines exist (so the check below is not vacuous) and are still useful.
    expect(logs.lines.filter((line) => line.includes('"msg":"request completed"'))).toHaveLength(8);
    expect(text).toContain('"route":"/api/dmenterprise/permitpublicitydetailinfo"');
    expect(text).toContain('upstream call failed');
    expect(text).toContain(API_PATHS.reportVerify);
    for (const secret of [ID_NUMBER, EMAIL, PHONE, encodeURIComponent(EMAIL), REPORT_NO, 'AAAAAAAA', ...SECRETS]) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 429 in the normalized envelope, with stricter limits on search and visit logs', async () => {
    const gateway = await startGateway(
      testConfig({
        ...upstreamEnv(upstream.url),
        RATE_LIMIT_MAX: '5',
        RATE_LIMIT_STRICT_MAX: '2',
        RATE_LIMIT_VISITLOG_MAX: '1',
        RATE_LIMIT_WINDOW_MS: '60000',
      }),
    );
    try {
      for (let i = 0; i < 2; i += 1)
        await request(gateway.url).post(API_PATHS.entitySearch).send({ EntNameOrCreditCode: '科技' }).expect(200);
      const strict = await request(gateway.url)
        .post(API_PATHS.entitySearch)
        .send({ EntNameOrCreditCode: '科技' })
        .expect(429);
      expect(strict.body).toEqual({ ok: false, code: 'rate_limited', message: '访问过于频繁，请稍后再试', data: null });
      expect(Number(strict.headers['retry-after'])).toBeGreaterThan(0);

      await request(gateway.url)
        .post(API_PATHS.visitLog)
        .send(visitBody([visitRecord()]))
        .expect(202);
      const visits = await request(gateway.url)
        .post(API_PATHS.visitLog)
        .send(visitBody([visitRecord()]))
        .expect(429);
      expect(visits.body.code).toBe('rate_limited');

      // The global limit counts every other route, unknown paths included.
      for (let i = 0; i < 5; i += 1) await request(gateway.url).get(GATEWAY_PATHS.runtimeConfig).expect(200);
      const global = await request(gateway.url).get('/no/such/path').expect(429);
      expect(global.body).toMatchObject({ ok: false, code: 'rate_limited' });
      await request(gateway.url).get(API_PATHS.districtList).expect(429);
      // Probes are never limited.
      for (let i = 0; i < 10; i += 1) await request(gateway.url).get(GATEWAY_PATHS.health).expect(200);
      await request(gateway.adminUrl).get(GATEWAY_PATHS.metrics).expect(200);
    } finally {
      await gateway.close();
    }
  });

  it('believes X-Forwarded-For from the balancer alone: a forged one buys no fresh count', async () => {
    const limited = (trusted: string) =>
      startGateway(testConfig({ ...upstreamEnv(upstream.url), TRUSTED_PROXIES: trusted, RATE_LIMIT_STRICT_MAX: '2' }));
    const search = (gateway: { url: string }, forwardedFor: string) =>
      request(gateway.url)
        .post(API_PATHS.entitySearch)
        .set('x-forwarded-for', forwardedFor)
        .send({ EntNameOrCreditCode: '科技' });
    // The balancer is elsewhere (as in docker-compose.yml): this caller's header is ignored.
    const behind = await limited('172.28.0.10');
    try {
      const statuses = [];
      for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '172.28.0.10'])
        statuses.push((await search(behind, forged)).status);
      expect(statuses).toEqual([200, 200, 429, 429]);
    } finally {
      await behind.close();
    }
    // The same calls from the balancer's address: each client it names has a count of its own.
    const balancer = await limited('127.0.0.1');
    try {
      for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
        expect((await search(balancer, client)).status, client).toBe(200);
    } finally {
      await balancer.close();
    }
  });

  it('lets nothing but the route table reach the upstream', async () => {
    const gateway = await startGateway(testConfig(upstreamEnv(upstream.url)));
    try {
      await upstream.reset();
      const attempts = [
        '/__control/stats',
        '/__control/reset',
        '/cms/siteinfo/extra',
        '/CMS/SITEINFO',
        '/cms/siteinfo/../../__control/reset',
        `${API_PATHS.flipbookPages}..%2F..%2F__control%2Freset`,
        `${API_PATHS.flipbookPages}%2e%2e/%2e%2e/__control/reset`,
        '/visitstatics/other',
        '/api/dmenterprise/entsearch/x',
        '/healthz/../__control/stats',
      ];
      for (const path of attempts) {
        const response = await request(gateway.url).get(path);
        expect({ path, status: response.status }).toEqual({ path, status: expect.any(Number) });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(response.body).toMatchObject({ ok: false });
      }
      await request(gateway.url).post('/__control/fault').send({ pathPrefix: '/', mode: 'error' }).expect(404);
      expect(await upstream.stats()).toEqual({});
    } finally {
      await gateway.close();
    }
  });

  it('sends security headers with a CSP the SPA can run under', async () => {
    const gateway = await startGateway(testConfig(upstreamEnv(upstream.url)));
    try {
      const response = await request(gateway.url).get(GATEWAY_PATHS.runtimeConfig).expect(200);
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      // No page may ask for a camera, microphone, location, payment or device port.
      expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'interest-cohort']) {
        expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
      }
      // The same set on a refusal (404) as on an answer, helmet's defaults as they were.
      const missing = await request(gateway.url).get('/no-such-page').expect(404);
      for (const [name, value] of Object.entries({
        'content-security-policy': csp,
        'permissions-policy': PERMISSIONS_POLICY,
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-site',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      })) {
        expect(missing.headers[name], name).toBe(value);
      }
    } finally {
      await gateway.close();
    }
  });

  it('sends the same headers with the SPA’s own page (index.html at /)', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'cp-web-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>信用云州</title><div id="root"></div>');
    const gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), WEB_DIST_DIR: dist }));
    try {
      const page = await request(gateway.url).get('/').expect(200);
      expect(page.text).toContain('<div id="root">');
      expect(page.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      await gateway.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
