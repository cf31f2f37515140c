import { afterEach, describe, expect, it } from 'vitest';
import { PRIVACY_RULES_VERSION } from '@credit-portal/shared';
import { openDatabase } from '../../src/db/open.js';
import { createConsentRepository } from '../../src/repositories/consents.js';
import { removeDir, tempDir } from '../helper.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map(removeDir));
});

async function repository() {
  const dir = await tempDir();
  dirs.push(dir);
  const db = openDatabase(dir);
  return { db, consents: createConsentRepository(db) };
}

describe('consent records', () => {
  it('keeps each version agreed to, with one in force per purpose', async () => {
    const { db, consents } = await repository();
    try {
      consents.grant('user:1', 'registration', '2026.1', '2026-01-02T08:00:00+08:00');
      consents.grant('user:1', 'registration', PRIVACY_RULES_VERSION, '2026-12-06T09:00:00+08:00');
      expect(consents.versionInForce('user:1', 'registration')).toBe(PRIVACY_RULES_VERSION);
      expect(consents.list(['user:1'])).toEqual([
        {
          purpose: 'registration',
          version: '2026.1',
          grantedAt: '2026-01-02T08:00:00+08:00',
          withdrawnAt: '2026-12-06T09:00:00+08:00',
        },
        {
          purpose: 'registration',
          version: PRIVACY_RULES_VERSION,
          grantedAt: '2026-12-06T09:00:00+08:00',
          withdrawnAt: null,
        },
      ]);
    } finally {
      db.close();
    }
  });

  it("withdraws only the named subject's consent for the named purpose", async () => {
    const { db, consents } = await repository();
    try {
      consents.grant('user:1', 'digest_mail', PRIVACY_RULES_VERSION, '2026-12-06T09:00:00+08:00');
      consents.grant('user:1', 'registration', PRIVACY_RULES_VERSION, '2026-12-06T09:00:00+08:00');
      consents.grant('user:2', 'digest_mail', PRIVACY_RULES_VERSION, '2026-12-06T09:00:00+08:00');
      expect(consents.withdraw('user:1', 'digest_mail', '2026-12-06T10:00:00+08:00')).toBe(true);
      expect(consents.withdraw('user:1', 'digest_mail', '2026-12-06T11:00:00+08:00')).toBe(false);
      expect(consents.versionInForce('user:1', 'digest_mail')).toBeNull();
      expect(consents.versionInForce('user:1', 'registration')).toBe(PRIVACY_RULES_VERSION);
      expect(consents.versionInForce('user:2', 'digest_mail')).toBe(PRIVACY_RULES_VERSION);
      expect(consents.list(['user:2'])).toHaveLength(1);
    } finally {
      db.close();
    }
  });

  it('moves the records to a keyed reference, leaving nothing under the old subject', async () => {
    const { db, consents } = await repository();
    try {
      consents.grant('user:3', 'registration', PRIVACY_RULES_VERSION, '2026-12-06T09:00:00+08:00');
      expect(consents.reassign('user:3', 'closed:abc')).toBe(1);
      expect(consents.list(['user:3'])).toEqual([]);
      expect(consents.list(['closed:abc'])).toHaveLength(1);
    } finally {
      db.close();
    }
  });
});
