import { describe, expect, it } from 'vitest';
import { decodeEntry, encodeEntry, toEntry } from '../../src/cache/cache-entry.js';

describe('cache entry serialization', () => {
  it('round-trips the answer bytes and timings exactly', () => {
    const body = Buffer.from(JSON.stringify({ ok: true, code: 200, message: '成功', data: { 名称: '信用' } }));
    const entry = toEntry(
      { statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body },
      '/cms/siteinfo',
      {
        ttlMs: 1000,
        staleMs: 2000,
        errorStaleMs: 5000,
        tags: ['district'],
      },
      10_000,
    );
    const decoded = decodeEntry(encodeEntry(entry));
    expect(decoded).toEqual(entry);
    expect(decoded?.body.equals(body)).toBe(true);
    expect(decoded).toMatchObject({ freshUntil: 11_000, staleUntil: 13_000, errorStaleUntil: 16_000 });
  });

  it('rejects bytes it did not write', () => {
    expect(decodeEntry(Buffer.from('xx'))).toBeUndefined();
    expect(decodeEntry(Buffer.from([0, 0, 0, 50, 1, 2]))).toBeUndefined();
  });
});
