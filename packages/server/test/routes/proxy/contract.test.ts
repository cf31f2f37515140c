import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_PATHS, CONTENT_SECTIONS, GATEWAY_PATHS } from '@credit-portal/shared';
import { ENVELOPE_KEYS, startGateway, testConfig, type RunningGateway, upstreamEnv } from '../../support/gateway.js';
import { freePort } from '../../support/redis-process.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';

/** The gateway contract: one envelope for every answer, errors included, no internals. */
describe('gateway contract', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;
  let districtId: string;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startGateway(
      testConfig({
        ...upstreamEnv(upstream.url),
        UPSTREAM_TIMEOUT_MS: '500',
      }),
    );
    const sites = await request(gateway.url).get(API_PATHS.districtList).expect(200);
    districtId = sites.body.data[0].recordId;
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  function expectEnvelope(body: unknown): void {
    expect(Object.keys(body as object).sort()).toEqual(ENVELOPE_KEYS);
    expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+|Error:|stack/);
  }

  it('normalizes the CMS dialect { status, msg, data } on GET and POST routes', async () => {
    const site = await request(gateway.url)
      .get(API_PATHS.siteInfo)
      .query({ recordId: districtId, pageSize: 7 })
      .expect(200);
    expectEnvelope(site.body);
    expect(site.body).toMatchObject({ ok: true, code: 200, message: 'ok' });
    expect(site.body.data.siteName).toEqual(expect.any(String));
    expect(site.body.data.xkInfo.length).toBeLessThanOrEqual(7);

    const list = await request(gateway.url)
      .post(API_PATHS.contentList)
      .send({ categoryId: CONTENT_SECTIONS.news.categoryId, pageIndex: 1, pageSize: 8 })
      .expect(200);
    expectEnvelope(list.body);
    expect(list.body.ok).toBe(true);
    expect(list.body.data.list.length).toBeGreaterThan(0);
  });

  it('normalizes the credit-API dialect { ErrorCode, Data, Msg }', async () => {
    const notices = await request(gateway.url)
      .get(API_PATHS.permitPublicity)
      .query({ pageIndex: 1, pageSize: 5 })
      .expect(200);
    expectEnvelope(notices.body);
    expect(notices.body).toMatchObject({ ok: true, code: 200 });
    expect(notices.body.data.list).toHaveLength(5);

    const search = await request(gateway.url)
      .post(API_PATHS.entitySearch)
      .send({ EntNameOrCreditCode: '有限' })
      .expect(200);
    expectEnvelope(search.body);
    expect(search.body.data.length).toBeGreaterThan(0);
  });

  it('keeps an upstream error with its own code and HTTP status, ok false', async () => {
    const missing = await request(gateway.url).get(API_PATHS.siteInfo).query({ recordId: 'no-such-site' }).expect(404);
    expectEnvelope(missing.body);
    expect(missing.body).toMatchObject({ ok: false, code: 404, message: '站点不存在', data: null });

    // An empty keyword breaks the contract: refused at the gateway with the contract's message.
    const searches = await upstream.count(API_PATHS.entitySearch);
    const empty = await request(gateway.url).post(API_PATHS.entitySearch).send({ EntNameOrCreditCode: '' }).expect(400);
    expect(empty.body).toMatchObject({ ok: false, code: 'bad_request', message: '请输入关键字查询', data: null });
    expect(await upstream.count(API_PATHS.entitySearch)).toBe(searches);
  });

  it('answers upstream 5xx as 502 with the upstream code and no upstream text', async () => {
    await upstream.fault({ pathPrefix: API_PATHS.punishPublicity, mode: 'error', status: 500 });
    try {
      const response = await request(gateway.url).get(API_PATHS.punishPublicity).expect(502);
      expectEnvelope(response.body);
      expect(response.body).toMatchObject({ ok: false, code: 500, data: null });
    } finally {
      await upstream.fault({ pathPrefix: API_PATHS.punishPublicity, mode: 'off' });
    }
  });

  it('answers a non-JSON upstream answer on a JSON route with 502 upstream_invalid_response', async () => {
    await upstream.fault({ pathPrefix: API_PATHS.punishDetail, mode: 'invalid' });
    try {
      const response = await request(gateway.url).get(API_PATHS.punishDetail).query({ id: '1' }).expect(502);
      expectEnvelope(response.body);
      expect(response.body.code).toBe('upstream_invalid_response');
    } finally {
      await upstream.fault({ pathPrefix: API_PATHS.punishDetail, mode: 'off' });
    }
  });

  it('answers 504 upstream_timeout when the upstream does not answer within UPSTREAM_TIMEOUT_MS', async () => {
    // The upstream would answer after 20 s; only the gateway's own 500 ms timeout can produce a 504.
    await upstream.fault({ pathPrefix: API_PATHS.permitDetail, mode: 'delay', delayMs: 20_000 });
    try {
      const response = await request(gateway.url).get(API_PATHS.permitDetail).query({ id: '1' }).expect(504);
      expectEnvelope(response.body);
      expect(response.body).toMatchObject({ ok: false, code: 'upstream_timeout', message: '服务响应超时，请稍后再试' });
    } finally {
      await upstream.fault({ pathPrefix: API_PATHS.permitDetail, mode: 'off' });
    }
  });

  it('answers an unknown path with a normalized 404 that never reaches the upstream', async () => {
    const before = await upstream.count('/api/dmenterprise/nosuchthing');
    for (const method of ['get', 'post', 'delete'] as const) {
      const response = await request(gateway.url)[method]('/api/dmenterprise/nosuchthing').expect(404);
      expect(response.body).toEqual({ ok: false, code: 'not_found', message: '请求的地址不存在', data: null });
    }
    // A known path with a method it does not take is unknown too.
    await request(gateway.url).delete(API_PATHS.siteInfo).expect(404);
    expect(await upstream.count('/api/dmenterprise/nosuchthing')).toBe(before);
    expect(await upstream.stats()).not.toHaveProperty('/api/dmenterprise/nosuchthing');
  });

  it('answers malformed JSON 400, an unsupported content type 415 and a body over the limit 413', async () => {
    const malformed = await request(gateway.url)
      .post(API_PATHS.contentList)
      .set('content-type', 'application/json')
      .send('{"categoryId":')
      .expect(400);
    expect(malformed.body).toMatchObject({ ok: false, code: 'bad_request', data: null });

    const unsupported = await request(gateway.url)
      .post(API_PATHS.contentList)
      .set('content-type', 'application/xml')
      .send('<a/>')
      .expect(415);
    expect(unsupported.body).toMatchObject({ ok: false, code: 'unsupported_media_type' });
    const text = await request(gateway.url)
      .post(API_PATHS.contentList)
      .set('content-type', 'text/plain')
      .send('{}')
      .expect(415);
    expect(text.body.code).toBe('unsupported_media_type');

    const huge = await request(gateway.url)
      .post(API_PATHS.contentList)
      .send({ categoryId: '1001', searchWord: 'x'.repeat(1024 * 1024 + 10) })
      .expect(413);
    expect(huge.body).toMatchObject({ ok: false, code: 'payload_too_large' });
  });

  it('passes binary answers through untouched', async () => {
    const list = await request(gateway.url)
      .post(API_PATHS.contentList)
      .send({ categoryId: CONTENT_SECTIONS.flipbooks.categoryId })
      .expect(200);
    const imagePath: string = list.body.data.list[0].image_url;
    expect(imagePath.startsWith(API_PATHS.flipbookPages)).toBe(true);
    const direct = await fetch(upstream.url + imagePath);
    const directBytes = Buffer.from(await direct.arrayBuffer());
    const proxied = await request(gateway.url)
      .get(imagePath)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(proxied.status).toBe(200);
    expect(proxied.headers['content-type']).toBe(direct.headers.get('content-type'));
    expect(proxied.headers['x-cache']).toBe('BYPASS');
    expect((proxied.body as Buffer).equals(directBytes)).toBe(true);

    const absent = await request(gateway.url).get(`${API_PATHS.flipbookPages}no-such-book/1.svg`);
    expect(absent.status).toBe(404);
    expect(absent.body).toMatchObject({ ok: false, code: 'not_found', data: null });
  });

  it('serves the runtime configuration in the envelope', async () => {
    const response = await request(gateway.url).get(GATEWAY_PATHS.runtimeConfig).expect(200);
    expect(response.body).toMatchObject({ ok: true, code: 200, data: { siteName: '信用云州', h5TestMode: false } });
    expect(Object.keys(response.body.data).sort()).toEqual(
      [
        'contactAddress',
        'contactPhone',
        'dataSubmissionUrl',
        'errorReportUrl',
        'faceVerifyUrl',
        'filingText',
        'filingUrl',
        'h5TestMode',
        'oldSiteUrl',
        'securityFilingText',
        'securityFilingUrl',
        'sessionIdleSeconds',
        'siteCode',
        'siteName',
        'wechatAuthorizeUrl',
      ].sort(),
    );
  });

  it('answers / with a Chinese 503 page when there is no SPA build', async () => {
    const response = await request(gateway.url).get('/').expect(503);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain('网站前端尚未构建');
  });

  it('makes every request id itself: a client’s X-Request-Id is never the id, not even a UUID', async () => {
    for (const incoming of ['lb-1234', '350203198806150240', 'bad id with spaces', randomUUID()]) {
      const answer = await request(gateway.url).get(GATEWAY_PATHS.health).set('x-request-id', incoming).expect(200);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers['x-request-id']).not.toBe(incoming);
    }
  });
});

describe('gateway contract with the upstream down', () => {
  it('answers a normalized 502 at once, then 503 once the circuit opens, never hanging', async () => {
    const closedPort = await freePort();
    const down = `http://127.0.0.1:${closedPort}`;
    const gateway = await startGateway(
      testConfig({
        ...upstreamEnv(down),
        UPSTREAM_TIMEOUT_MS: '1000',
        CIRCUIT_FAILURE_THRESHOLD: '2',
      }),
    );
    try {
      const first = await request(gateway.url).get(API_PATHS.permitPublicity).expect(502);
      expect(first.body).toEqual({
        ok: false,
        code: 'upstream_unavailable',
        message: '服务暂时不可用，请稍后再试',
        data: null,
      });
      await request(gateway.url).post(API_PATHS.entitySearch).send({ EntNameOrCreditCode: 'x' }).expect(502);
      // Two consecutive failures opened the credit upstream's circuit: it now fails fast.
      const fast = await request(gateway.url).get(API_PATHS.permitPublicity).expect(503);
      expect(fast.body).toMatchObject({ ok: false, code: 'upstream_unavailable', data: null });
      // It says when to come back: when the circuit lets its next trial call through (CIRCUIT_OPEN_MS 10 s).
      expect(Number(fast.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(fast.headers['retry-after'])).toBeLessThanOrEqual(10);
      const image = await request(gateway.url).get(`${API_PATHS.flipbookPages}1/1.svg`).expect(502);
      expect(image.body).toMatchObject({ ok: false, code: 'upstream_unavailable' });
      const ready = await request(gateway.adminUrl).get(GATEWAY_PATHS.ready).expect(200);
      expect(ready.body.data).toMatchObject({ status: 'degraded', redis: 'not_configured' });
      expect(ready.body.data.upstreams.credit).toEqual({ reachable: false, circuit: 'open' });
    } finally {
      await gateway.close();
    }
  });
});
