import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hmacSm3, nodeAuditStorage, seriesOfFile } from '../../src/audit/node-storage.js';

describe('HMAC-SM3', () => {
  it('HMAC-SM3 gives the GM/T 0042-2015 appendix D.3 values', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => i + 1));
    const message = 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'.repeat(2);
    expect(hmacSm3(key, message).toString('hex')).toBe(
      'ca05e144ed05d1857840d1f318a4a8669e559fc8391f414485bfdf7bb408963a',
    );
    const longKey = Buffer.from(Array.from({ length: 37 }, (_, i) => i + 1));
    expect(hmacSm3(longKey, Buffer.alloc(50, 0xcd)).toString('hex')).toBe(
      '220bf579ded555393f0159f66c99877822a3ecf610d1552154b41d44b94db3ae',
    );
  });
});

describe('the audit files on disk', () => {
  it('keeps writing two streams at once: opening one stream’s file closes only that series’ earlier day', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'audit-storage-'));
    try {
      const storage = await nodeAuditStorage(dir);
      const access = 'credit-service.access.2026-11-27.jsonl';
      const security = 'credit-service.security.2026-11-27.jsonl';
      // The access stream's previous day, open until its next day's file is.
      await storage.append('credit-service.access.2026-11-26.jsonl', 'yesterday\n');
      await storage.append(access, 'first\n');
      // The security stream opens its file while an access record is being written and synced.
      const writing = storage.append(access, `${'x'.repeat(1 << 20)}\n`);
      await storage.append(security, 'opened\n');
      await writing;
      // Both streams' chains flush side by side (as under load): none of their appends may fail.
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => [
          storage.append(access, `a${i}\n`),
          storage.append(security, `s${i}\n`),
        ]).flat(),
      );
      await storage.close();
      const lines = async (name: string) => (await fs.readFile(path.join(dir, name), 'utf8')).trim().split('\n');
      expect((await lines(access)).filter((line) => line.startsWith('a')).sort()).toEqual(
        Array.from({ length: 100 }, (_, i) => `a${i}`).sort(),
      );
      expect((await lines(security)).filter((line) => line.startsWith('s')).sort()).toEqual(
        Array.from({ length: 100 }, (_, i) => `s${i}`).sort(),
      );
      expect(seriesOfFile(access)).toBe('credit-service.access');
      expect(seriesOfFile(security)).toBe('credit-service.security');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
