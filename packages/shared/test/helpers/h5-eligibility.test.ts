import { describe, expect, it } from 'vitest';
import {
  ageOn,
  h5Eligibility,
  isEmailAddress,
  isH5DocumentType,
  maskEmail,
  type H5EligibilityInput,
} from '../../src/helpers/h5-eligibility.js';

const AS_OF = '2026-11-21';
const person = (over: Partial<H5EligibilityInput>): H5EligibilityInput => ({
  documentType: '居民身份证',
  birthDate: '1990-05-01',
  residence: '本地户籍',
  localSocialInsurance: false,
  ...over,
});

describe('h5Eligibility', () => {
  it.each([
    ['a local adult with an ID card', person({}), []],
    ['18 today', person({ birthDate: '2008-11-21' }), []],
    ['one day short of 18', person({ birthDate: '2008-11-22' }), ['age']],
    [
      'a residence permit with local social insurance',
      person({ residence: '本地居住证', localSocialInsurance: true }),
      [],
    ],
    ['a residence permit without local social insurance', person({ residence: '本地居住证' }), ['residence']],
    ['not local', person({ residence: '外地', localSocialInsurance: true }), ['residence']],
    ['an ordinary passport', person({ documentType: '普通护照' }), []],
    ['an HK/Macao/Taiwan residence permit', person({ documentType: '港澳台居民居住证' }), []],
    ['an HK/Macao travel permit', person({ documentType: '港澳居民来往内地通行证' }), []],
    ['a Taiwan travel permit', person({ documentType: '台湾居民来往大陆通行证' }), []],
    ['a foreigner permanent residence card', person({ documentType: '外国人永久居留身份证' }), []],
    ['a driving licence', person({ documentType: '机动车驾驶证' }), ['document']],
    ['no birth date', person({ birthDate: '' }), ['birthDate']],
    ['a minor from elsewhere', person({ birthDate: '2015-01-01', residence: '外地' }), ['age', 'residence']],
  ] as const)('%s', (_label, input, reasons) => {
    const result = h5Eligibility(input, AS_OF);
    expect(result.reasons).toEqual(reasons);
    expect(result.eligible).toBe(reasons.length === 0);
  });
});

describe('ageOn', () => {
  it.each([
    ['2000-02-29', '2026-02-28', 25],
    ['2000-02-29', '2026-03-01', 26],
    ['1990-12-31', '2026-12-31', 36],
    ['1990-12-31', '2026-12-30', 35],
    ['1990/12/31', '2026-12-30', null],
  ] as const)('%s on %s → %s', (birth, asOf, age) => expect(ageOn(birth, asOf)).toBe(age));
});

describe('isH5DocumentType', () => {
  it('accepts the six documents of spec §1 only', () => {
    expect(isH5DocumentType('居民身份证')).toBe(true);
    expect(isH5DocumentType('护照')).toBe(false);
  });
});

describe('isEmailAddress', () => {
  it.each([
    ['zhang.san@example.com', true],
    ['li+report@mail.yunzhou.gov.cn', true],
    [' wang@example.cn ', true],
    ['', false],
    ['zhangsan', false],
    ['zhang@', false],
    ['@example.com', false],
    ['zhang@example', false],
    ['zhang san@example.com', false],
    ['zhang@exa mple.com', false],
    [`${'a'.repeat(250)}@example.com`, false],
  ] as const)('%s → %s', (value, ok) => expect(isEmailAddress(value)).toBe(ok));
});

describe('maskEmail', () => {
  it.each([
    ['zhang.san@example.com', 'z***@example.com'],
    ['a@b.cn', 'a***@b.cn'],
    ['broken', '***'],
  ] as const)('%s → %s', (value, masked) => expect(maskEmail(value)).toBe(masked));
});
