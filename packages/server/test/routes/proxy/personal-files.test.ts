import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_PATHS } from '@credit-portal/shared';
import { startGateway, testConfig, type RunningGateway, upstreamEnv } from '../../support/gateway.js';

/*
 * A person's report file streams through the gateway kept by no cache on the way, whatever its
 * upstream says (a review's finding: it relied on the upstream's Cache-Control); public files keep theirs.
 */
describe('files through the gateway', () => {
  let upstream: Server;
  let gateway: RunningGateway;

  beforeAll(async () => {
    // An upstream that lets every file be cached for an hour.
    upstream = createServer((req, res) => {
      const pdf = req.url?.startsWith(API_PATHS.h5ReportFile);
      res.writeHead(200, {
        'content-type': pdf ? 'application/pdf' : 'image/svg+xml',
        'cache-control': 'public, max-age=3600',
      });
      res.end(pdf ? '%PDF-1.7 report' : '<svg xmlns="http://www.w3.org/2000/svg"/>');
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

  it('answers a personal report with Cache-Control: no-store, whatever the upstream sent', async () => {
    const report = await request(gateway.url).get(API_PATHS.h5ReportFile).query({ token: 'x' }).expect(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(report.headers['cache-control']).toBe('no-store');
  });

  it('keeps a public file’s own caching', async () => {
    const page = await request(gateway.url).get(`${API_PATHS.flipbookPages}1/1.svg`).expect(200);
    expect(page.headers['cache-control']).toBe('public, max-age=3600');
  });
});
