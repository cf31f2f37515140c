import fs from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_PATHS } from '@credit-portal/shared';
import { verifyAuditFiles, type AuditRecord, auditDigests, readAuditHeads } from '@credit-portal/node-common';
import { headFileOf } from '../../src/plugins/audit.js';
import { startGateway, testConfig, type RunningGateway } from '../support/gateway.js';

/* The gateway's audit trail: its start-up configuration without secrets, and one record per cache purge. */

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
  await fs.rm(headFileOf(dir), { force: true });
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

  it('never writes a client’s X-Request-Id into a record: an ID number in it stays out of every audit file', async () => {
    const idNumber = '350203198806150240';
    const before = (await records()).length;
    await request(gateway.url)
      .post(GATEWAY_PATHS.cachePurge)
      .set('x-request-id', idNumber)
      .set('Authorization', 'Bearer wrong-token-0123456789')
      .send({ tags: ['siteinfo'] })
      .expect(401);
    const fresh = (await records()).slice(before);
    expect(fresh).toMatchObject([{ event: 'cache.purge', reason: 'unauthorized' }]);
    expect(fresh[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const text = (await files()).map((f) => f.text).join('');
    expect(text).not.toContain(idNumber);
    expect(await fs.readFile(headFileOf(dir), 'utf8')).not.toContain(idNumber);
  });

  it('verifies clean, anchors and record MACs included, after a close', async () => {
    await gateway.close();
    const heads = { list: (await readAuditHeads(headFileOf(dir)))!, writers: ['gateway'] };
    const report = verifyAuditFiles(await files(), auditDigests(KEY), { heads });
    expect(report.ok).toBe(true);
    expect(report.series[0]!.anchorsChecked).toBeGreaterThan(0);
    expect(report.series[0]!.macsChecked).toBe(report.series[0]!.records);
  });

  it('fails verify when the chain’s last record is cut, by the head kept beside AUDIT_DIR', async () => {
    const heads = { list: (await readAuditHeads(headFileOf(dir)))!, writers: ['gateway'] };
    const [file] = await files();
    const lines = file!.text.split('\n').filter(Boolean);
    await fs.writeFile(path.join(dir, file!.name), `${lines.slice(0, -1).join('\n')}\n`);
    const report = verifyAuditFiles(await files(), auditDigests(KEY), { heads });
    expect(report.ok).toBe(false);
    expect(report.series[0]!.problem).toMatchObject({
      file: file!.name,
      line: lines.length,
      seq: lines.length,
      message: expect.stringContaining('end cut'),
    });
  });
});
