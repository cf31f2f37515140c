import { Descriptions, Grid } from 'antd';
import {
  LICENCE_FIELD_LABELS,
  PENALTY_FIELD_LABELS,
  type LicenceDetail,
  type PenaltyDetail,
} from '@credit-portal/shared';

export type PublicityKind = 'licence' | 'penalty';

/** Long texts take a whole row. */
const WIDE_FIELDS = new Set(['XK_NR', 'CF_SY', 'CF_YJ', 'CF_NR', 'CF_WFXW']);

/** The administrative counterpart a licence or penalty is about: the title of its detail. */
export const counterpartOf = (kind: PublicityKind, detail: LicenceDetail | PenaltyDetail): string =>
  kind === 'licence' ? (detail as LicenceDetail).XK_XDR_MC : (detail as PenaltyDetail).CF_XDR_MC;

/**
 * A licence or penalty publication as a two-column table of its national double-disclosure fields
 * with their Chinese labels; on a phone, labels stand above their values.
 */
export function PublicityFields({ kind, detail }: { kind: PublicityKind; detail: LicenceDetail | PenaltyDetail }) {
  const labels: Readonly<Record<string, string>> = kind === 'licence' ? LICENCE_FIELD_LABELS : PENALTY_FIELD_LABELS;
  const values = detail as unknown as Record<string, string | undefined>;
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Descriptions
      bordered
      layout={wide ? 'horizontal' : 'vertical'}
      size="middle"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={Object.entries(labels)
        .filter(([field]) => values[field] !== undefined)
        .map(([field, label]) => ({
          key: field,
          label,
          span: WIDE_FIELDS.has(field) ? 'filled' : 1,
          children: values[field] || '—',
        }))}
    />
  );
}
