import { describe, expect, it } from 'vitest';
import { ENTITY_STATUSES, ENTITY_TYPE_CHIPS, type EntityStatus, type EntityTypeChip } from '../../src/constants.js';
import type { EntitySearchResult } from '../../src/schemas/entity.js';
import { entityTypeChip, filterEntities } from '../../src/helpers/entity-filter.js';

const row = (ID: string, Status: EntityStatus, EntType: string): EntitySearchResult => ({
  ID,
  EntName: `企业${ID}`,
  Status,
  CreditCode: '',
  EntType,
  SetUpDate: '2020-01-01',
});

const LIST = [
  row('1', '存续', '有限责任公司(自然人投资或控股)'),
  row('2', '存续', '个体工商户'),
  row('3', '吊销', '个体工商户(个人经营)'),
  row('4', '注销', '股份有限公司(非上市)'),
  row('5', '其他', '农民专业合作社'),
  row('6', '吊销', '有限责任公司'),
];

/** Every subset of a list. */
function subsets<T>(items: readonly T[]): T[][] {
  return items.reduce<T[][]>((all, item) => all.concat(all.map((s) => [...s, item])), [[]]);
}

describe('entity chips', () => {
  it('classifies 个体 by 个体工商户 in EntType', () => {
    expect(entityTypeChip('个体工商户')).toBe('个体');
    expect(entityTypeChip('个体工商户(家庭经营)')).toBe('个体');
    expect(entityTypeChip('有限责任公司')).toBe('非个体');
  });

  const cases = subsets(ENTITY_STATUSES).flatMap((statuses) =>
    subsets(ENTITY_TYPE_CHIPS).map((types) => ({ statuses, types })),
  );

  it.each(cases)('statuses $statuses × types $types', ({ statuses, types }) => {
    const result = filterEntities(LIST, { statuses, types }).map((e) => e.ID);
    const expected = LIST.filter((e) => {
      const statusOk = statuses.length === 0 || statuses.includes(e.Status);
      const typeOk = types.length === 0 || types.includes(entityTypeChip(e.EntType) as EntityTypeChip);
      return statusOk && typeOk;
    }).map((e) => e.ID);
    expect(result).toEqual(expected);
  });

  it('returns the full original list, in order, with no chip', () => {
    const result = filterEntities(LIST, { statuses: [], types: [] });
    expect(result).toEqual(LIST);
    expect(result).not.toBe(LIST);
  });

  it('intersects across groups: 吊销 and 个体 leave only entity 3', () => {
    expect(filterEntities(LIST, { statuses: ['吊销'], types: ['个体'] }).map((e) => e.ID)).toEqual(['3']);
    expect(filterEntities(LIST, { statuses: ['存续', '注销'], types: ['非个体'] }).map((e) => e.ID)).toEqual([
      '1',
      '4',
    ]);
  });
});
