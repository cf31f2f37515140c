import 'virtual:antd-look/Space';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { useId, useState } from 'react';
import { LiteButton } from './lite/lite-button';
import { LiteInput } from './lite/lite-input';
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

/**
 * The generic keyword search bar with a reset button (spec §2.1 generic pieces): antd's Input
 * with its clear button and primary 查询 button joined in a Space.Compact, then 重置 — drawn with
 * antd's markup and static sheets and none of its script (`LiteInput`, `LiteButton` and the
 * compact row's classes), as every list opens with it.
 */
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
        {/* antd's Space.Compact: a div of its class around items that carry antd's compact classes. */}
        <div className={`ant-space-compact ${styles.field}`}>
          <LiteInput
            id={inputId}
            value={draft}
            placeholder={placeholder}
            maxLength={maxLength}
            onChange={setDraft}
            compactItem="first"
          />
          <LiteButton type="primary" htmlType="submit" icon={SearchOutlined} compactItem="last">
            查询
          </LiteButton>
        </div>
        <LiteButton
          icon={ReloadOutlined}
          onClick={() => {
            setDraft('');
            onReset();
          }}
        >
          重置
        </LiteButton>
      </div>
    </form>
  );
}
