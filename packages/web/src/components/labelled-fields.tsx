import { Descriptions } from 'antd';
import { useWideScreen } from '@/hooks/use-media-query';

/** A value as text: lists joined with 、, nothing as —. */
const show = (value: unknown): string => {
  if (Array.isArray(value)) return value.length > 0 ? value.join('、') : '—';
  return value === '' || value === null || value === undefined ? '—' : String(value);
};

interface LabelledFieldsProps {
  /** Field name → Chinese label, in display order. */
  labels: Readonly<Record<string, string>>;
  record: object;
  /** Fields whose long texts take a whole row. */
  wideFields?: ReadonlySet<string>;
  /** Columns on wide screens (1 inside narrow places such as an expanded table row). */
  columns?: 1 | 2;
}

/**
 * A record as a bordered table of label and value, in the labels' order; fields the record does
 * not have are left out, empty ones show —. On a phone, labels stand above their values.
 */
export function LabelledFields({ labels, record, wideFields, columns = 2 }: LabelledFieldsProps) {
  const values = record as Readonly<Record<string, unknown>>;
  const wide = useWideScreen();
  return (
    <Descriptions
      bordered
      size="middle"
      layout={wide ? 'horizontal' : 'vertical'}
      column={{ xs: 1, sm: 1, md: columns }}
      items={Object.entries(labels)
        .filter(([field]) => values[field] !== undefined)
        .map(([field, label]) => ({
          key: field,
          label,
          span: wideFields?.has(field) ? 'filled' : 1,
          children: show(values[field]),
        }))}
    />
  );
}
