import { describe, expect, it } from 'vitest';
import {
  SPECIAL_REPORT_AREA_MESSAGES,
  SPECIAL_REPORT_AREAS,
  specialAreasRefusal,
} from '../../src/vocabulary/services.js';

describe('the areas of a 专项信用报告', () => {
  it('takes known names, at least one, none twice', () => {
    expect(specialAreasRefusal(['税务'])).toBeNull();
    expect(specialAreasRefusal(SPECIAL_REPORT_AREAS.map((area) => area.area))).toBeNull();
    expect(specialAreasRefusal([])).toBe(SPECIAL_REPORT_AREA_MESSAGES.none);
    expect(specialAreasRefusal(['税务', '教育'])).toBe(SPECIAL_REPORT_AREA_MESSAGES.unknown('教育'));
    expect(specialAreasRefusal(['税务', '市场监管', '税务'])).toBe(SPECIAL_REPORT_AREA_MESSAGES.repeated('税务'));
  });

  it('names the area at fault and every area that may be chosen', () => {
    const message = SPECIAL_REPORT_AREA_MESSAGES.unknown('教育');
    expect(message).toContain('“教育”');
    for (const area of SPECIAL_REPORT_AREAS) expect(message).toContain(area.area);
  });
});
