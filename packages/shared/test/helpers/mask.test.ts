import { describe, expect, it } from 'vitest';
import { maskIdNumber, maskName, maskPhone } from '../../src/helpers/mask.js';

describe('maskName', () => {
  it.each([
    ['张三', '*三'],
    ['欧阳娜娜', '***娜'],
    ['李', '李'],
    ['  王小明 ', '**明'],
  ])('%s → %s', (name, masked) => expect(maskName(name)).toBe(masked));

  it('says 暂无数据 when missing', () => {
    expect(maskName('')).toBe('暂无数据');
    expect(maskName(undefined)).toBe('暂无数据');
    expect(maskName(null)).toBe('暂无数据');
  });
});

describe('maskIdNumber', () => {
  it('keeps the first 6 and last 4 with 6 stars between', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105******002X');
    expect(maskIdNumber('350203199001011234')).toBe('350203******1234');
  });

  it('stars a short number entirely and says 暂无数据 when missing', () => {
    expect(maskIdNumber('12345')).toBe('*****');
    expect(maskIdNumber(undefined)).toBe('暂无数据');
  });
});

describe('maskPhone', () => {
  it.each([
    ['13900000000', '139****0000'],
    ['13912345678', '139****5678'],
    ['0591-87654321', '059****4321'],
    ['123456', '****'],
  ])('%s → %s', (phone, masked) => expect(maskPhone(phone)).toBe(masked));
});
