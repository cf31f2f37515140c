import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../../src/fastify/admin-routes.js';

/** An admin listener over a service whose readiness and closing the test sets. */
async function listener(check: () => Promise<{ status: string }>, closing = () => false) {
  const admin = Fastify();
  await admin.register(adminRoutes, {
    metrics: { scrape: async () => 'requests_total 1\n', registry: { contentType: 'text/plain; version=0.0.4' } },
    closing,
    ready: { data: Type.Object({ status: Type.String(), detail: Type.Number() }), check },
  });
  return admin;
}

describe('the admin listener’s routes', () => {
  it('answers /healthz, /readyz with the service’s data (its status as the message) and /metrics, never cached', async () => {
    const admin = await listener(async () => ({ status: 'degraded', detail: 7 }));
    const health = await admin.inject({ url: '/healthz' });
    expect(health.json()).toMatchObject({ ok: true, message: 'ok', data: { status: 'ok' } });
    const ready = await admin.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, code: 200, message: 'degraded', data: { status: 'degraded', detail: 7 } });
    const metrics = await admin.inject({ url: '/metrics' });
    expect([metrics.body, metrics.headers['content-type']]).toEqual([
      'requests_total 1\n',
      'text/plain; version=0.0.4',
    ]);
    for (const answer of [health, ready, metrics]) expect(answer.headers['cache-control']).toBe('no-store');
    await admin.close();
  });

  it('answers /readyz 503 while closing, and a missing path or a failure in the envelope', async () => {
    let closing = false;
    let fail = false;
    const admin = await listener(
      async () => {
        if (fail) throw new Error('disk gone');
        return { status: 'ready', detail: 0 };
      },
      () => closing,
    );
    closing = true;
    const refused = await admin.inject({ url: '/readyz' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      ok: false,
      code: 'upstream_unavailable',
      message: '服务正在重启，请稍后再试',
    });
    closing = false;
    fail = true;
    const failed = await admin.inject({ url: '/readyz' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ ok: false, code: 'internal_error' });
    expect(failed.body).not.toContain('disk gone');
    const missing = await admin.inject({ url: '/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ok: false, code: 'not_found' });
    await admin.close();
  });
});
