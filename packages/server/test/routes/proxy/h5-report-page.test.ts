import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_PATHS } from '@credit-portal/shared';
import { ENVELOPE_KEYS, startGateway, testConfig, type RunningGateway, upstreamEnv } from '../../support/gateway.js';

/*
 * A dead personal report address opened in a browser: the report upstream's own page (410, in
 * Chinese, with the way back to the H5 app) reaches the person through the gateway; an API client
 * asking for JSON, and any answer that is not a page, still gets the gateway's error envelope.
 */

const PAGE =
  '<!doctype html><html lang="zh-CN"><title>报告链接已失效</title><p>该报告下载链接已使用或已过期</p></html>';

describe('a dead report address through the gateway', () => {
  let upstream: Server;
  let gateway: RunningGateway;

  beforeAll(async () => {
    // The report upstream as the credit-service answers a spent token: a page for a browser, JSON otherwise.
    upstream = createServer((req, res) => {
      if (req.url?.includes('token=json-only')) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Success: false, Msg: '报告凭证无效、已使用或已过期，请重新获取' }));
        return;
      }
      if ((req.headers.accept ?? '').includes('text/html')) {
        res.writeHead(410, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(PAGE);
        return;
      }
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Success: false, Msg: '报告凭证无效、已使用或已过期，请重新获取' }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const address = upstream.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    gateway = await startGateway(testConfig(upstreamEnv(url)));
  });

  afterAll(async () => {
    await gateway?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('passes the upstream’s page on to a browser, with its status, kept by no cache', async () => {
    const page = await request(gateway.url)
      .get(API_PATHS.h5ReportFile)
      .query({ token: 'spent' })
      .set('accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
      .expect(410);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('该报告下载链接已使用或已过期');
  });

  it('keeps the error envelope for a client asking for JSON, and for an answer that is not a page', async () => {
    const json = await request(gateway.url)
      .get(API_PATHS.h5ReportFile)
      .query({ token: 'spent' })
      .set('accept', 'application/json')
      .expect(401);
    expect(Object.keys(json.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(json.body).toMatchObject({ ok: false, data: null });
    const notAPage = await request(gateway.url)
      .get(API_PATHS.h5ReportFile)
      .query({ token: 'json-only' })
      .set('accept', 'text/html')
      .expect(401);
    expect(notAPage.body).toMatchObject({ ok: false, data: null });
  });
});
