import Fastify, { type FastifyInstance } from 'fastify';
import { API_PATHS } from '@credit-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday } from '../../src/lib/dates.js';
import { ConflictError } from '../../src/lib/errors.js';
import { isLoopbackUrl, LOOPBACK_PORTAL_MESSAGE, warnOfLoopbackPortal } from '../../src/reports/portal-address.js';
import { createReportService } from '../../src/reports/report-service.js';
import { buildTestApp, type TestApp } from '../helper.js';

/*
 * A report prints the portal's address (QR code, 核验地址, where the keys are). Outside the demo a
 * loopback PORTAL_URL gets no report at all, and a service listening on a public address warns of
 * it at start.
 */

let testApp: TestApp;
let entityId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  entityId = String(testApp.app.db.prepare('SELECT MIN(id) FROM entities').pluck().get());
});
afterAll(() => testApp.close());

const service = (portalUrl: string, demo: boolean) =>
  createReportService(testApp.app.db, { portalUrl, signer: testApp.app.reportSigner, demo, site: testApp.app.site });

describe('a report with a loopback portal address', () => {
  it('is refused with a Chinese message when the demo stand-ins are off', async () => {
    const before = testApp.app.db.prepare('SELECT COUNT(*) FROM credit_reports').pluck().get();
    for (const portalUrl of ['http://localhost:8080/', 'http://127.0.0.1:8080/', 'http://[::1]:8080/']) {
      for (const type of ['enterprise', 'special'] as const) {
        const refused = service(portalUrl, false).issue(type, { entityId });
        await expect(refused, portalUrl).rejects.toBeInstanceOf(ConflictError);
        await expect(service(portalUrl, false).issue(type, { entityId })).rejects.toThrow(LOOPBACK_PORTAL_MESSAGE);
      }
    }
    // Nothing issued, nothing recorded.
    expect(testApp.app.db.prepare('SELECT COUNT(*) FROM credit_reports').pluck().get()).toBe(before);
  });

  it('is issued with the demo stand-ins on, and with a public address either way', async () => {
    const demo = await service('http://localhost:8080/', true).issue('enterprise', { entityId });
    expect(demo.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const live = await service('https://xy.example.gov.cn/', false).issue('enterprise', { entityId });
    expect(live.reportNumber).toMatch(/^XYBG\d{14}$/);
  });

  it('tells loopback addresses from public ones', () => {
    for (const url of [
      'http://localhost/',
      'http://LOCALHOST:8080/',
      'http://portal.localhost/',
      'http://127.0.0.2/',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
    expect(isLoopbackUrl('http://[::ffff:127.0.0.1]:8080/')).toBe(true);
    for (const url of [
      'https://xy.example.gov.cn/',
      'http://10.0.0.5:8080/',
      'http://localhost.example.org/',
      'nonsense',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });
});

describe('the service as started outside the demo with the default PORTAL_URL', () => {
  it('answers a report request with the 409 envelope, not a report', async () => {
    const live = await buildTestApp({ demo: false, portalUrl: 'http://localhost:8080/' });
    try {
      const response = await live.app.inject({
        method: 'POST',
        url: API_PATHS.enterpriseReport,
        payload: { entityId, periodFrom: '2024-01-01', periodTo: localToday() },
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.headers['content-type']).toMatch(/json/);
      expect(response.json()).toMatchObject({ Msg: LOOPBACK_PORTAL_MESSAGE });
    } finally {
      await live.close();
    }
  });
});

describe('the start-up warning', () => {
  /** A bare app that logs into `lines`, the warning installed, listening on `host`. */
  async function listening(host: string, portalUrl: string, demo = false) {
    const lines: { level: number; msg: string; portalUrl?: string }[] = [];
    const app: FastifyInstance = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    warnOfLoopbackPortal(app, portalUrl, demo);
    await app.listen({ host, port: 0 });
    await app.close();
    return lines.filter((line) => line.level === 40);
  }

  it('warns when PORTAL_URL is loopback and the bind is public', async () => {
    const [warning, ...more] = await listening('0.0.0.0', 'http://localhost:8080/');
    expect(more).toEqual([]);
    expect(warning!.portalUrl).toBe('http://localhost:8080/');
    expect(warning!.msg).toMatch(/PORTAL_URL names the loopback .* credit reports are refused/);
    const [demo] = await listening('0.0.0.0', 'http://127.0.0.1:8080/', true);
    expect(demo!.msg).toMatch(/PORTAL_URL names the loopback .* set PORTAL_URL/);
  });

  it('says nothing on a loopback bind or with a public address', async () => {
    expect(await listening('127.0.0.1', 'http://localhost:8080/')).toEqual([]);
    expect(await listening('0.0.0.0', 'https://xy.example.gov.cn/')).toEqual([]);
  });
});
