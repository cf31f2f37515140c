import { Select } from 'antd';
import { useId } from 'react';
import styles from './interaction.module.css';

/** The year picker of the statistics pages. */
export function YearSelect({
  years,
  value,
  onChange,
}: {
  years: readonly number[];
  value: number;
  onChange: (year: number) => void;
}) {
  const id = useId();
  return (
    <span className={styles.filterGroup}>
      <label htmlFor={id} className={styles.filterLabel}>
        统计年度
      </label>
      <Select
        id={id}
        value={value}
        onChange={onChange}
        options={years.map((year) => ({ value: year, label: `${year}年` }))}
        style={{ width: '8rem' }}
      />
    </span>
  );
}
