import { useId, useState, type FormEvent } from 'react';
import { LiteButton } from '@/components/lite/lite-button';
import { useWideScreen } from '@/hooks/use-media-query';
import type { FilterParser } from '@/hooks/use-list-params';
import styles from './publicity-filters.module.css';

/** The filters' names, in the address and in the calls alike. */
export type FilterName = 'authority' | 'dateFrom' | 'dateTo' | 'category' | 'kind' | 'severity' | 'state' | 'sort';

/** One filter of a list: a text, a day or a choice, kept in the address under `name`. */
export interface FilterField {
  name: FilterName;
  label: string;
  type: 'text' | 'date' | 'select';
  /** A choice's values with their labels, in order; the first entry is "any" unless `required`. */
  options?: ReadonlyArray<readonly [value: string, label: string]>;
  /** A choice that always has a value (the sort): its first option stands for none. */
  required?: boolean;
  maxLength?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads each filter from the address: a known choice, a well-formed day, a trimmed text; else none. */
export function filterParsers(fields: readonly FilterField[]): Record<FilterName, FilterParser> {
  // Only the list's own filters: useListParams reads the names it is given.
  return Object.fromEntries(
    fields.map((field) => {
      const parse: FilterParser = (raw) => {
        const value = (raw ?? '').trim();
        if (!value) return undefined;
        if (field.type === 'select') return field.options?.some(([option]) => option === value) ? value : undefined;
        if (field.type === 'date') return DAY.test(value) ? value : undefined;
        return value.slice(0, field.maxLength ?? 100);
      };
      return [field.name, parse];
    }),
  ) as Record<FilterName, FilterParser>;
}

interface PublicityFiltersProps {
  fields: readonly FilterField[];
  /** The filters applied (from the address), '' for none. */
  values: Record<string, string>;
  onApply: (values: Partial<Record<FilterName, string>>) => void;
  /** A note under the fields (e.g. why 已修复 is not offered). */
  note?: string;
}

/**
 * The filters of a double-disclosure list as a plain form (no antd script): labelled native
 * fields, 筛选 to apply and 清除筛选 to drop them. In a <details> panel: open on a wide screen,
 * folded on a phone unless filters are set; the keyboard opens it like any disclosure widget.
 */
export function PublicityFilters({ fields, values, onApply, note }: PublicityFiltersProps) {
  const wide = useWideScreen();
  const formId = useId();
  const [draft, setDraft] = useState(values);
  // The address is the source of truth: when it changes (back/forward), the fields follow.
  const [applied, setApplied] = useState(values);
  const key = (v: Record<string, string>) => fields.map((f) => v[f.name] ?? '').join('\u0000');
  if (key(applied) !== key(values)) {
    setApplied(values);
    setDraft(values);
  }
  const active = fields.filter((field) => !field.required && values[field.name]).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(Object.fromEntries(fields.map((field) => [field.name, (draft[field.name] ?? '').trim()])));
  };
  const clear = () => onApply(Object.fromEntries(fields.map((field) => [field.name, ''])));
  return (
    <details className={styles.panel} open={wide || active > 0}>
      <summary className={styles.summary}>
        筛选条件{active > 0 ? <span className={styles.count}>（已选 {active} 项）</span> : null}
      </summary>
      <form className={styles.form} onSubmit={submit} aria-label="筛选条件">
        {fields.map((field) => {
          const id = `${formId}-${field.name}`;
          const value = draft[field.name] ?? '';
          const change = (next: string) => setDraft((current) => ({ ...current, [field.name]: next }));
          return (
            <div key={field.name} className={field.type === 'date' ? styles.dateField : styles.field}>
              <label htmlFor={id}>{field.label}</label>
              {field.type === 'select' ? (
                <select id={id} name={field.name} value={value} onChange={(e) => change(e.target.value)}>
                  {field.required ? null : <option value="">全部</option>}
                  {field.options?.map(([option, label]) => (
                    <option key={option} value={option}>
                      {label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id}
                  name={field.name}
                  type={field.type}
                  value={value}
                  maxLength={field.maxLength}
                  placeholder={field.type === 'text' ? `请输入${field.label}全称` : undefined}
                  onChange={(e) => change(e.target.value)}
                />
              )}
            </div>
          );
        })}
        <div className={styles.actions}>
          <LiteButton type="primary" htmlType="submit">
            筛选
          </LiteButton>
          <LiteButton onClick={clear} disabled={active === 0}>
            清除筛选
          </LiteButton>
        </div>
        {note ? <p className={styles.note}>{note}</p> : null}
      </form>
    </details>
  );
}
