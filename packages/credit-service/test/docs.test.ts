import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSTREAM_ROUTES } from '@credit-portal/shared';
import { buildTestApp, type TestApp } from './helper.js';

describe('OpenAPI at /docs', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ seedEntities: 50, controls: true });
  });
  afterAll(() => testApp.close());

  it('lists every JSON route of the shared contract rows with its methods, and not the test controls', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, unknown>> };
    for (const row of UPSTREAM_ROUTES.filter((r) => r.dialect !== 'binary')) {
      for (const method of row.methods)
        expect(doc.paths[row.path]?.[method.toLowerCase()], `${method} ${row.path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/__control'))).toBe(false);
    const ui = await testApp.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
