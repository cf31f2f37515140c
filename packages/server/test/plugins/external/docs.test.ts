import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_PATHS, GATEWAY_PATHS, UPSTREAM_ROUTES } from '@credit-portal/shared';
import { startGateway, testConfig, type RunningGateway } from '../../support/gateway.js';

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { tags?: string[]; requestBody?: unknown; parameters?: unknown[]; responses: Record<string, unknown> }
    >
  >;
}

/** The OpenAPI path of a contract row (a prefix row is its wildcard). */
const openApiPath = (path: string, prefix?: boolean) => (prefix ? `${path.replace(/\/+$/, '')}/{*}` : path);

describe('OpenAPI at /docs', () => {
  let gateway: RunningGateway;
  let doc: OpenApi;

  beforeAll(async () => {
    gateway = await startGateway(testConfig({}));
    doc = (await request(gateway.url).get('/docs/json').expect(200)).body as OpenApi;
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('lists every upstream route of the shared contract rows, with its methods and schemas', () => {
    for (const row of UPSTREAM_ROUTES.filter((r) => !r.testOnly)) {
      const entry = doc.paths[openApiPath(row.path, row.prefix)];
      expect(entry, row.path).toBeDefined();
      for (const method of row.methods) {
        const operation = entry![method.toLowerCase()];
        expect(operation, `${method} ${row.path}`).toBeDefined();
        expect(operation!.tags).toEqual([row.tag ?? row.upstream]);
        if (row.body && method !== 'GET') expect(operation!.requestBody, row.path).toBeDefined();
        if (row.query) expect(operation!.parameters?.length, row.path).toBeGreaterThan(0);
        if (row.data) {
          const ok = JSON.stringify(operation!.responses['200']);
          expect(ok, row.path).toContain('"data"');
        }
      }
    }
  });

  it('lists no test-mode or demo-only row (the H5 test login; the chat-app identity list is gone)', () => {
    const testOnly = UPSTREAM_ROUTES.filter((row) => row.testOnly).map((row) => row.path);
    expect(testOnly).toEqual(expect.arrayContaining([API_PATHS.h5TestLogin, API_PATHS.h5TestUserInfo]));
    // The chat-app identity list left the API altogether.
    for (const path of [...testOnly, '/user/wechat/identities']) expect(doc.paths[path], path).toBeUndefined();
  });

  it('documents the gateway’s own public endpoints and leaves the admin listener’s out', () => {
    expect(doc.paths[API_PATHS.visitLog]?.post).toBeDefined();
    expect(doc.paths[GATEWAY_PATHS.runtimeConfig]?.get).toBeDefined();
    expect(doc.paths[GATEWAY_PATHS.cachePurge]?.post).toBeDefined();
    expect(doc.paths[GATEWAY_PATHS.metrics]).toBeUndefined();
    expect(doc.paths[GATEWAY_PATHS.ready]).toBeUndefined();
  });

  it('serves the UI under the gateway’s CSP', async () => {
    const page = await request(gateway.url).get('/docs/').expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('swagger');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // Its scripts are files of this origin, which the CSP allows.
    const scripts = [...page.text.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(page.text).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const src of scripts)
      await request(gateway.url)
        .get(new URL(src, `${gateway.url}/docs/`).pathname)
        .expect(200);
  });
});
