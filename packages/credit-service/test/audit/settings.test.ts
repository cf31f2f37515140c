import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, removeDir, tempDir } from '../helper.js';

/* The audit trail's settings, and a service that cannot write its trail. */

let dir: string;

beforeAll(async () => {
  dir = await tempDir();
});
afterAll(() => removeDir(dir));

describe('audit settings', () => {
  it('defaults to DATA_DIR/audit and the legal floors, and refuses retention below them with a clear message', async () => {
    const { readSettings } = await import('../../src/env.js');
    expect(readSettings({ DATA_DIR: '/srv/credit', DEMO_STANDINS: 'on' }).settings?.audit).toEqual({
      dir: '/srv/credit/audit',
      key: null,
      retentionDays: { access: 1096, security: 184 },
      anchorIntervalSeconds: 300,
    });
    const low = readSettings({
      AUDIT_RETENTION_ACCESS_DAYS: '365',
      AUDIT_RETENTION_SECURITY_DAYS: '90',
      AUDIT_KEY: 'short',
      DEMO_STANDINS: 'on',
    });
    expect(low.errors).toEqual([
      expect.stringMatching(/^AUDIT_RETENTION_ACCESS_DAYS: must be at least 1096 days \(three years.*PIPL/),
      expect.stringMatching(/^AUDIT_RETENTION_SECURITY_DAYS: must be at least 184 days \(six months/),
      'AUDIT_KEY: must be 32 to 512 characters long (got 5)',
    ]);
    expect(readSettings({ AUDIT_RETENTION_SECURITY_DAYS: 'half a year', DEMO_STANDINS: 'on' }).errors[0]).toContain(
      'whole number of days',
    );
  });

  it('refuses to start when AUDIT_DIR cannot be written', async () => {
    const blocker = path.join(dir, 'not-a-dir');
    await fs.writeFile(blocker, '');
    await expect(buildTestApp({ audit: { dir: path.join(blocker, 'audit') } })).rejects.toThrow(
      /AUDIT_DIR .*cannot be written/,
    );
  });
});
