import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PERMISSIONS_POLICY, UPSTREAM_ROUTES } from '@credit-portal/shared';
import { FACE_VERIFY_PATH, OUTBOX_PATH, WECHAT_AUTHORIZE_PATH } from '../../../src/app.js';
import { buildTestApp, type TestApp } from '../../helper.js';

describe('OpenAPI at /docs', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // Everything a test bench can turn on is on: the demo stand-ins, the outbox, test mode.
    testApp = await buildTestApp({ seedEntities: 50, h5TestMode: true });
  });
  afterAll(() => testApp.close());

  const documented = async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    return response.json() as { paths: Record<string, Record<string, unknown>> };
  };

  it('lists every JSON route of the shared contract rows with its methods', async () => {
    const doc = await documented();
    for (const row of UPSTREAM_ROUTES.filter((r) => r.dialect !== 'binary' && !r.testOnly)) {
      for (const method of row.methods)
        expect(doc.paths[row.path]?.[method.toLowerCase()], `${method} ${row.path}`).toBeDefined();
    }
    const ui = await testApp.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('lists no test-mode or demo route: H5 test login, outbox, stand-ins, HTML pages', async () => {
    // They are served here (so leaving them out is not for want of them)…
    for (const url of [`${FACE_VERIFY_PATH}?certToken=x`, OUTBOX_PATH, WECHAT_AUTHORIZE_PATH]) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(404);
    }
    // …and none is documented.
    const paths = Object.keys((await documented()).paths);
    const hidden = [API_PATHS.h5TestLogin, API_PATHS.h5TestUserInfo, '/user/wechat/identities'];
    for (const path of hidden) expect(paths).not.toContain(path);
    for (const prefix of [OUTBOX_PATH, FACE_VERIFY_PATH, '/oauth/', '/oldsite']) {
      expect(
        paths.filter((path) => path.startsWith(prefix)),
        prefix,
      ).toEqual([]);
    }
  });

  it('sends the Permissions-Policy with every answer, the HTML pages too', async () => {
    for (const url of ['/oldsite/login.aspx', `${FACE_VERIFY_PATH}?certToken=x`, '/docs/', API_PATHS.districtList]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
  });
});
