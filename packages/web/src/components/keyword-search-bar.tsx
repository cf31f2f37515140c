import { Button, Input, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useId, useState } from 'react';
import styles from './keyword-search-bar.module.css';

interface KeywordSearchBarProps {
  /** The keyword currently applied (from the address). */
  value: string;
  placeholder?: string;
  /** Label read by screen readers. */
  label?: string;
  /** The longest keyword the list's call accepts. */
  maxLength?: number;
  onSearch: (keyword: string) => void;
  onReset: () => void;
}

/** The generic keyword search bar with a reset button (spec §2.1 generic pieces). */
export function KeywordSearchBar({
  value,
  placeholder = '请输入关键字',
  label = '关键字',
  maxLength = 100,
  onSearch,
  onReset,
}: KeywordSearchBarProps) {
  const [draft, setDraft] = useState(value);
  const inputId = useId();
  // The address is the source of truth: when it changes (back/forward), the field follows.
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }
  return (
    <form
      role="search"
      className={styles.bar}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.controls}>
        <Space.Compact className={styles.field}>
          <Input
            id={inputId}
            value={draft}
            placeholder={placeholder}
            allowClear
            maxLength={maxLength}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            查询
          </Button>
        </Space.Compact>
        <Button
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => {
            setDraft('');
            onReset();
          }}
        >
          重置
        </Button>
      </div>
    </form>
  );
}
