import { describe, expect, it } from 'vitest';
import { CONTENT_SECTIONS, pathLogWithTab, sectionOfCategory } from '../src/constants.js';

describe('constants', () => {
  it('gives every content section a distinct category id', () => {
    const ids = Object.values(CONTENT_SECTIONS).map((s) => s.categoryId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sectionOfCategory(CONTENT_SECTIONS.policy.categoryId)).toBe('policy');
    expect(sectionOfCategory('nope')).toBeUndefined();
  });

  it('alters a pathLog by the currentTab query', () => {
    expect(pathLogWithTab('0105', '2')).toBe('010502');
    expect(pathLogWithTab('0105', 12)).toBe('010512');
    expect(pathLogWithTab('0105', undefined)).toBe('0105');
    expect(pathLogWithTab('0105', 'x')).toBe('0105');
  });
});
