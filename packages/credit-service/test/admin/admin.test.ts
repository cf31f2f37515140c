import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, GATEWAY_PATHS, SUCCESS_CODE } from '@credit-portal/shared';
import { EnvReader } from '@credit-portal/node-common';
import { startAdminListener } from '../../src/admin/listener.js';
import { DEFAULT_ADMIN_HOST, DEFAULT_ADMIN_PORT, readAdminSettings } from '../../src/admin/settings.js';
import { buildTestApp, type TestApp } from '../helper.js';
import { closedPort, refuseAuditAppends, SYSTEM_AUDIT_ENTRY } from '../plugins/metrics-support.js';

/*
 * The admin listener (never published): its settings, /healthz, the detailed /readyz — ready,
 * degraded while the audit trail or a job fails and ready again once it mends, 503 while the
 * service shuts down —, /metrics as Prometheus reads it, unknown paths in the envelope, and the
 * listener started on its port and closed with the service.
 */

interface Ready {
  status: 'ready' | 'degraded';
  problems: string[];
  database: { ok: boolean; sizeBytes: number; walBytes: number };
  search: { workers: number; queueLength: number };
  signing: { keyId: string; source: string; algorithm: string };
  audit: { writing: boolean; failingSince: string | null };
  jobs: Record<string, { lastRunAt: string | null; lastResult: string | null; lastSuccessAt: string | null }>;
}

const settingsOf = (env: Record<string, string>) => {
  const read = new EnvReader(env);
  return { settings: readAdminSettings(read), problems: read.problems };
};

describe('readAdminSettings', () => {
  it('defaults to loopback on 9465', () => {
    expect(settingsOf({})).toEqual({ settings: { host: '127.0.0.1', port: 9465 }, problems: [] });
    expect([DEFAULT_ADMIN_HOST, DEFAULT_ADMIN_PORT]).toEqual(['127.0.0.1', 9465]);
  });

  it('reads a host and a port, and 0 turns the listener off', () => {
    expect(settingsOf({ CREDIT_SERVICE_ADMIN_HOST: '10.0.0.5', CREDIT_SERVICE_ADMIN_PORT: '9100' }).settings).toEqual({
      host: '10.0.0.5',
      port: 9100,
    });
    expect(settingsOf({ CREDIT_SERVICE_ADMIN_PORT: '0' })).toEqual({
      settings: { host: '127.0.0.1', port: 0 },
      problems: [],
    });
  });

  it('refuses a port that is no port, or the service port, each with its own message', () => {
    expect(settingsOf({ CREDIT_SERVICE_ADMIN_PORT: 'metrics' }).problems).toEqual([
      'CREDIT_SERVICE_ADMIN_PORT: must be an integer from 0 to 65535 (got "metrics")',
    ]);
    expect(settingsOf({ CREDIT_SERVICE_ADMIN_PORT: '8090' }).problems).toEqual([
      'CREDIT_SERVICE_ADMIN_PORT: must differ from CREDIT_SERVICE_PORT (8090)',
    ]);
    expect(settingsOf({ CREDIT_SERVICE_PORT: '9000', CREDIT_SERVICE_ADMIN_PORT: '9000' }).problems).toEqual([
      'CREDIT_SERVICE_ADMIN_PORT: must differ from CREDIT_SERVICE_PORT (9000)',
    ]);
    expect(settingsOf({ CREDIT_SERVICE_PORT: '9000', CREDIT_SERVICE_ADMIN_PORT: '8090' }).problems).toEqual([]);
  });
});

describe('the admin routes', () => {
  let t: TestApp;

  const readyz = async () => {
    const response = await t.app.admin.inject({ method: 'GET', url: GATEWAY_PATHS.ready });
    return { status: response.statusCode, headers: response.headers, raw: response.body, body: response.json() };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    // Started as server.ts starts it (today's open-data run included) before the admin listener is asked.
    await t.app.ready();
  });
  afterAll(() => t?.close());

  it('answers /healthz in the envelope, never cached', async () => {
    const response = await t.app.admin.inject({ method: 'GET', url: GATEWAY_PATHS.health });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ ok: true, code: SUCCESS_CODE, message: 'ok', data: { status: 'ok' } });
  });

  it('answers /readyz with every part of the service, and never the signing key', async () => {
    await t.app.followJob.run();
    const { status, headers, raw, body } = await readyz();
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(body).toMatchObject({ ok: true, code: SUCCESS_CODE, message: 'ready' });
    const data = body.data as Ready;
    expect(data.status).toBe('ready');
    expect(data.problems).toEqual([]);
    expect(data.database.ok).toBe(true);
    expect(data.database.sizeBytes).toBeGreaterThan(0);
    expect(data.search).toEqual({ workers: 0, queueLength: 0 });
    expect(data.signing).toEqual({ keyId: t.app.reportSigner.keyId, source: 'demo', algorithm: 'SM2-with-SM3' });
    expect(data.audit).toEqual({ writing: true, failingSince: null });
    expect(data.jobs.follow).toMatchObject({ lastResult: 'success' });
    expect(data.jobs.follow!.lastSuccessAt).toBe(data.jobs.follow!.lastRunAt);
    expect(data.jobs.open_data).toMatchObject({ lastResult: 'success' });
    expect(raw).not.toMatch(/PRIVATE KEY/);
  });

  it('is degraded while the audit files refuse records, and ready again once they take them', async () => {
    const entry = SYSTEM_AUDIT_ENTRY;
    const accept = refuseAuditAppends(t.app, 'EIO: i/o error');
    const before = new Date().toISOString();
    try {
      await expect(t.app.audit.record(entry)).rejects.toThrow(/EIO/);
      const { status, body } = await readyz();
      expect(status).toBe(200);
      expect(body).toMatchObject({ ok: true, message: 'degraded', data: { status: 'degraded', problems: ['audit'] } });
      const audit = (body.data as Ready).audit;
      expect(audit.writing).toBe(false);
      expect(audit.failingSince! >= before).toBe(true);
    } finally {
      accept();
    }
    await t.app.audit.record(entry);
    expect((await readyz()).body.data).toMatchObject({
      status: 'ready',
      problems: [],
      audit: { writing: true, failingSince: null },
    });
  });

  it('is degraded while a job’s last run failed, the backup too, and ready after its next success', async () => {
    t.app.metrics.recordJobRun('backup', new Date('2026-03-01T02:00:00Z'), 3, false);
    const failed = (await readyz()).body.data as Ready;
    expect(failed).toMatchObject({ status: 'degraded', problems: ['job:backup'] });
    expect(failed.jobs.backup).toMatchObject({
      lastRunAt: '2026-03-01T02:00:00.000Z',
      lastResult: 'failure',
      lastSuccessAt: null,
    });
    t.app.metrics.recordJobRun('backup', new Date('2026-03-02T02:00:00Z'), 3, true);
    const mended = (await readyz()).body.data as Ready;
    expect(mended.status).toBe('ready');
    expect(mended.jobs.backup).toMatchObject({ lastResult: 'success', lastSuccessAt: '2026-03-02T02:00:00.000Z' });
  });

  it('serves /metrics as Prometheus text, never cached', async () => {
    const response = await t.app.admin.inject({ method: 'GET', url: GATEWAY_PATHS.metrics });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE credit_service_http_requests_total counter');
  });

  it('answers unknown paths and methods 404 in the envelope', async () => {
    for (const [method, url] of [
      ['GET', '/docs'],
      ['GET', '/cms/sitelist'],
      ['POST', GATEWAY_PATHS.metrics],
    ] as const) {
      const response = await t.app.admin.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        ok: false,
        code: ERROR_CODES.notFound,
        message: ERROR_MESSAGES.not_found,
        data: null,
      });
    }
  });

  it('is not the public listener: the service itself has no /metrics or /readyz', async () => {
    for (const url of [GATEWAY_PATHS.metrics, GATEWAY_PATHS.ready]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('the admin listener while the service shuts down', () => {
  it('answers /readyz 503 in the envelope from the moment the service starts closing', async () => {
    const t = await buildTestApp();
    let during: { status: number; body: unknown } | null = null;
    // Runs after the admin listener's own preClose hook (registered first), before anything closes.
    t.app.addHook('preClose', async () => {
      const response = await t.app.admin.inject({ method: 'GET', url: GATEWAY_PATHS.ready });
      during = { status: response.statusCode, body: response.json() };
    });
    expect((await t.app.admin.inject({ method: 'GET', url: GATEWAY_PATHS.ready })).statusCode).toBe(200);
    await t.close();
    expect(during).toEqual({
      status: 503,
      body: { ok: false, code: ERROR_CODES.upstreamUnavailable, message: '服务正在重启，请稍后再试', data: null },
    });
  });
});

describe('startAdminListener', () => {
  it('listens on its own port, and closes with the service', async () => {
    const t = await buildTestApp();
    try {
      const port = await closedPort();
      const address = await startAdminListener(t.app, { host: '127.0.0.1', port });
      expect(address).toBe(`http://127.0.0.1:${port}`);
      const response = await fetch(`${address}${GATEWAY_PATHS.ready}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: Ready }).data.status).toBe('ready');
    } finally {
      await t.close();
    }
    expect(t.app.admin.server.listening).toBe(false);
  });

  it('does not listen when its port is 0', async () => {
    const t = await buildTestApp();
    try {
      expect(await startAdminListener(t.app, { host: '127.0.0.1', port: 0 })).toBeNull();
      expect(t.app.admin.server.listening).toBe(false);
    } finally {
      await t.close();
    }
  });
});
