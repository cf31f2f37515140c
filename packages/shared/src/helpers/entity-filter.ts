import { SOLE_PROPRIETOR_MARK, type EntityStatus, type EntityTypeChip } from '../constants.js';
import type { EntitySearchResult } from '../schemas/entity.js';

/** The type chip an entity falls under: 个体 when its EntType contains 个体工商户. */
export function entityTypeChip(entType: string): EntityTypeChip {
  return entType.includes(SOLE_PROPRIETOR_MARK) ? '个体' : '非个体';
}

export interface EntityChips {
  statuses: readonly EntityStatus[];
  types: readonly EntityTypeChip[];
}

/**
 * The filter of spec §4: chips within a group combine as a union, the groups as an
 * intersection by ID; with no chip active the full original list, in its order.
 */
export function filterEntities(list: readonly EntitySearchResult[], chips: EntityChips): EntitySearchResult[] {
  if (chips.statuses.length === 0 && chips.types.length === 0) return [...list];
  const byStatus = chips.statuses.length
    ? new Set(list.filter((e) => chips.statuses.includes(e.Status)).map((e) => e.ID))
    : null;
  const byType = chips.types.length
    ? new Set(list.filter((e) => chips.types.includes(entityTypeChip(e.EntType))).map((e) => e.ID))
    : null;
  return list.filter((e) => (!byStatus || byStatus.has(e.ID)) && (!byType || byType.has(e.ID)));
}
