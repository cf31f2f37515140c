import { describe, expect, it } from 'vitest';
import { ByteLru } from '../../src/lib/byte-lru.js';

const item = (size: number) => ({ size });

describe('ByteLru', () => {
  it('evicts the least recently used entries to stay within its byte budget', () => {
    const lru = new ByteLru<{ size: number }>(1000);
    lru.set('a', item(300));
    lru.set('b', item(300));
    lru.get('a');
    lru.set('c', item(300));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.get('c')).toBeDefined();
    expect(lru.bytes).toBeLessThanOrEqual(1000);
  });

  it('refuses a value larger than the whole budget and keeps the rest', () => {
    const lru = new ByteLru<{ size: number }>(500);
    lru.set('a', item(100));
    expect(lru.set('huge', item(10_000))).toBe(false);
    expect(lru.get('a')).toBeDefined();
    expect(lru.count).toBe(1);
  });

  it('accounts for replaced and deleted entries', () => {
    const lru = new ByteLru<{ size: number }>(10_000);
    lru.set('a', item(100));
    const after = lru.bytes;
    lru.set('a', item(100));
    expect(lru.bytes).toBe(after);
    expect(lru.deleteWhere((key) => key === 'a')).toBe(1);
    expect(lru.bytes).toBe(0);
  });
});
