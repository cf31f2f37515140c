import { Button } from 'antd';
import {
  ENTITY_STATUSES,
  ENTITY_TYPE_CHIPS,
  entityTypeChip,
  type EntityChips,
  type EntitySearchResult,
  type EntityStatus,
  type EntityTypeChip,
} from '@credit-portal/shared';
import styles from './search-list-page.module.css';

interface FilterChipsProps {
  /** The full result list (counts per chip are of it). */
  list: readonly EntitySearchResult[];
  chips: EntityChips;
  onChange: (chips: { statuses: EntityStatus[]; types: EntityTypeChip[] }) => void;
}

const toggle = <T,>(items: readonly T[], item: T): T[] =>
  items.includes(item) ? items.filter((x) => x !== item) : [...items, item];

/** One chip: a toggle button, pressed while its filter is on. */
function Chip({
  label,
  count,
  checked,
  onToggle,
}: {
  label: string;
  count: number;
  checked: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      size="small"
      shape="round"
      type={checked ? 'primary' : 'default'}
      className={styles.chip}
      aria-pressed={checked}
      onClick={onToggle}
    >
      {label}
      <span className={styles.chipCount}>{count}</span>
    </Button>
  );
}

/**
 * The filter panel of spec §4: status chips 存续 / 吊销 / 注销 / 其他 and type chips 个体 / 非个体,
 * each toggled on and off; the shared filterEntities combines them (union within a group,
 * intersection across groups). Each chip shows how many results it covers.
 */
export function FilterChips({ list, chips, onChange }: FilterChipsProps) {
  const statuses = [...chips.statuses];
  const types = [...chips.types];
  const countStatus = (status: EntityStatus) => list.filter((e) => e.Status === status).length;
  const countType = (type: EntityTypeChip) => list.filter((e) => entityTypeChip(e.EntType) === type).length;
  const active = statuses.length + types.length > 0;
  return (
    <div className={styles.filters} role="group" aria-label="筛选条件">
      <div className={styles.filterRow}>
        <span className={styles.filterLabel} id="status-chips">
          经营状态
        </span>
        <div className={styles.chips} role="group" aria-labelledby="status-chips">
          {ENTITY_STATUSES.map((status) => (
            <Chip
              key={status}
              label={status}
              count={countStatus(status)}
              checked={statuses.includes(status)}
              onToggle={() => onChange({ statuses: toggle(statuses, status), types })}
            />
          ))}
        </div>
      </div>
      <div className={styles.filterRow}>
        <span className={styles.filterLabel} id="type-chips">
          主体类型
        </span>
        <div className={styles.chips} role="group" aria-labelledby="type-chips">
          {ENTITY_TYPE_CHIPS.map((type) => (
            <Chip
              key={type}
              label={type}
              count={countType(type)}
              checked={types.includes(type)}
              onToggle={() => onChange({ statuses, types: toggle(types, type) })}
            />
          ))}
        </div>
        {active ? (
          <Button type="link" size="small" onClick={() => onChange({ statuses: [], types: [] })}>
            清除筛选
          </Button>
        ) : null}
      </div>
    </div>
  );
}
