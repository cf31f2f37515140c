import fs from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_PATHS, verifyAuditFiles, type AuditRecord } from '@credit-portal/shared';
import { auditDigests } from '../src/audit/node-storage.js';
import { startGateway, testConfig, type RunningGateway } from './support/gateway.js';

/* The gateway's audit trail (issue 24): its start-up configuration without secrets, and one record per cache purge. */

const PURGE_TOKEN = 'audit-purge-token-0123456789';
const KEY = 'gateway-audit-test-key-0123456789abcdef';
let gateway: RunningGateway;
let dir: string;

beforeAll(async () => {
  const config = testConfig({ CACHE_PURGE_TOKEN: PURGE_TOKEN, AUDIT_KEY: KEY });
  dir = config.audit.dir;
  gateway = await startGateway(config);
});
afterAll(async () => {
  await gateway?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const files = async () =>
  Promise.all(
    (await fs.readdir(dir)).map(async (name) => ({ name, text: await fs.readFile(path.join(dir, name), 'utf8') })),
  );
const records = async (): Promise<AuditRecord[]> =>
  (await files()).flatMap((f) =>
    f.text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as AuditRecord),
  );

describe('the gateway audit trail', () => {
  it('records its start-up configuration by name, no secret in it', async () => {
    const start = (await records()).find((r) => r.event === 'service.start')!;
    expect(start).toMatchObject({ service: 'gateway', stream: 'security', actor: 'system' });
    expect(start.details).toMatchObject({ purgeToken: 'set', auditKey: 'set' });
    const text = (await files()).map((f) => f.text).join('');
    expect(text).not.toContain(PURGE_TOKEN);
    expect(text).not.toContain(KEY);
  });

  it('writes exactly one record per purge: refused without the token, done with it', async () => {
    const before = (await records()).length;
    const purge = () => request(gateway.url).post(GATEWAY_PATHS.cachePurge);
    await purge()
      .set('Authorization', 'Bearer wrong-token-0123456789')
      .send({ tags: ['siteinfo'] })
      .expect(401);
    await purge()
      .set('Authorization', `Bearer ${PURGE_TOKEN}`)
      .send({ tags: ['siteinfo'] })
      .expect(200);
    const fresh = (await records()).slice(before);
    expect(fresh).toMatchObject([
      { event: 'cache.purge', result: 'failure', reason: 'unauthorized', actor: 'anonymous', ip: '127.0.0.1' },
      {
        event: 'cache.purge',
        result: 'success',
        reason: null,
        actor: 'admin',
        details: { tags: ['siteinfo'], purged: 0 },
      },
    ]);
    expect(fresh[0]!.requestId).not.toBe(fresh[1]!.requestId);
  });

  it('verifies clean, anchors included, after a close', async () => {
    await gateway.close();
    const report = verifyAuditFiles(await files(), auditDigests(KEY));
    expect(report.ok).toBe(true);
    expect(report.series[0]!.anchorsChecked).toBeGreaterThan(0);
  });
});
