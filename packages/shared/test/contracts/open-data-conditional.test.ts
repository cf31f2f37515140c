import { describe, expect, it } from 'vitest';
import { isNotModified, validatorHeaders } from '../../src/contracts/open-data-conditional.js';

const validators = { etag: '"abc-0-100"', lastModified: new Date('2026-11-27T00:05:00.500Z') };

describe('conditional requests of the open-data API', () => {
  it('matches If-None-Match by tag, in a list, weakly, or *', () => {
    expect(isNotModified({ 'if-none-match': '"abc-0-100"' }, validators)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"x", W/"abc-0-100"' }, validators)).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, validators)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"abc-0-10"' }, validators)).toBe(false);
  });

  it('compares If-Modified-Since in whole seconds; If-None-Match wins when both are sent', () => {
    const sent = validatorHeaders(validators)['last-modified']!;
    expect(sent).toBe('Fri, 27 Nov 2026 00:05:00 GMT');
    expect(isNotModified({ 'if-modified-since': sent }, validators)).toBe(true);
    expect(isNotModified({ 'if-modified-since': 'Fri, 27 Nov 2026 00:04:59 GMT' }, validators)).toBe(false);
    expect(isNotModified({ 'if-modified-since': 'not a date' }, validators)).toBe(false);
    expect(isNotModified({ 'if-none-match': '"other"', 'if-modified-since': sent }, validators)).toBe(false);
    expect(isNotModified({}, validators)).toBe(false);
  });
});
