import { describe, expect, it } from 'vitest';
import { cacheKey, canonicalJson, canonicalQuery, splitUrl } from '../../src/lib/canonical.js';

describe('canonical forms', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('sorts query parameters and normalizes their encoding', () => {
    expect(canonicalQuery('b=2&a=1&a=0')).toBe('a=0&a=1&b=2');
    expect(canonicalQuery('name=%E4%BF%A1%E7%94%A8&x=a+b')).toBe(canonicalQuery('x=a%20b&name=信用'));
    expect(canonicalQuery('')).toBe('');
  });

  it('gives equal keys to equal requests written differently, and different keys otherwise', () => {
    expect(cacheKey('POST', '/Cms/mrlb', '', { categoryId: '1001', pageIndex: 1 })).toBe(
      cacheKey('POST', '/Cms/mrlb', '', { pageIndex: 1, categoryId: '1001' }),
    );
    expect(cacheKey('POST', '/Cms/mrlb', '', { categoryId: '1001', pageIndex: 1 })).not.toBe(
      cacheKey('POST', '/Cms/mrlb', '', { categoryId: '1001', pageIndex: 2 }),
    );
    expect(cacheKey('GET', '/cms/siteinfo', 'recordId=1&pageSize=7')).toBe(
      cacheKey('GET', '/cms/siteinfo', 'pageSize=7&recordId=1'),
    );
    expect(cacheKey('GET', '/cms/siteinfo', 'recordId=1')).not.toBe(cacheKey('GET', '/cms/sitelist', 'recordId=1'));
    expect(cacheKey('GET', '/x', '')).not.toBe(cacheKey('POST', '/x', ''));
  });

  it('splits a URL at its first question mark', () => {
    expect(splitUrl('/a/b?x=1?y')).toEqual({ path: '/a/b', search: 'x=1?y' });
    expect(splitUrl('/a')).toEqual({ path: '/a', search: '' });
  });
});
