import {
  LICENCE_FIELD_LABELS,
  PENALTY_FIELD_LABELS,
  type LicenceDetail,
  type PenaltyDetail,
} from '@credit-portal/shared';
import { LabelledFields } from './labelled-fields';

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
  return (
    <LabelledFields
      labels={kind === 'licence' ? LICENCE_FIELD_LABELS : PENALTY_FIELD_LABELS}
      record={detail}
      wideFields={WIDE_FIELDS}
    />
  );
}
