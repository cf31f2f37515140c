import type { ReactNode } from 'react';
import styles from './figure-tiles.module.css';

export interface FigureTile {
  key: string;
  label: string;
  value: ReactNode;
  unit?: string;
  /** A line under the value, e.g. the change against last year. */
  note?: ReactNode;
}

/** A row of headline figures (label, big value with its unit, an optional note). */
export function FigureTiles({ items, label }: { items: readonly FigureTile[]; label: string }) {
  return (
    <dl className={styles.tiles} aria-label={label}>
      {items.map((item) => (
        <div key={item.key} className={styles.tile}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value}>
            {item.value}
            {item.unit ? <span className={styles.unit}>{item.unit}</span> : null}
          </dd>
          {item.note ? <dd className={styles.note}>{item.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
