import { describe, expect, it } from 'vitest';
import { LicenceDetailSchema, PenaltyDetailSchema } from '../../src/schemas/publicity.js';
import { LICENCE_FIELD_LABELS, PENALTY_FIELD_LABELS } from '../../src/vocabulary/publicity.js';

const CHINESE = /^[\u4e00-\u9fff（）、，]+$/u;

describe('publicity field labels', () => {
  it('label every national field of the licence and penalty details in Chinese', () => {
    const licenceFields = Object.keys(LicenceDetailSchema.properties).filter((f) => f !== 'id');
    expect(Object.keys(LICENCE_FIELD_LABELS).sort()).toEqual(licenceFields.sort());
    const flags = ['id', 'publicized', 'publicityNote'];
    const penaltyFields = Object.keys(PenaltyDetailSchema.properties).filter((f) => !flags.includes(f));
    expect(Object.keys(PENALTY_FIELD_LABELS).sort()).toEqual(penaltyFields.sort());
    for (const label of [...Object.values(LICENCE_FIELD_LABELS), ...Object.values(PENALTY_FIELD_LABELS)]) {
      expect(label).toMatch(CHINESE);
    }
  });

  it('give the amounts in 万元', () => {
    expect(PENALTY_FIELD_LABELS.CF_NR_FK).toContain('万元');
    expect(PENALTY_FIELD_LABELS.CF_NR_WFFF).toContain('万元');
  });
});
