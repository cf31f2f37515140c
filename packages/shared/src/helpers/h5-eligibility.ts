import { H5 } from '../constants.js';
import { H5_DOCUMENT_TYPES, type H5DocumentType, type H5Residence } from '../vocabulary/h5.js';

/** What the eligibility rule of spec §1 looks at. */
export interface H5EligibilityInput {
  documentType: string;
  /** yyyy-mm-dd. */
  birthDate: string;
  residence: H5Residence;
  /** Pays social insurance in the city (needed with a residence permit). */
  localSocialInsurance: boolean;
}

/** Why a person has no personal report. */
export type H5IneligibleReason = 'document' | 'age' | 'residence' | 'birthDate';

export interface H5Eligibility {
  eligible: boolean;
  reasons: H5IneligibleReason[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for an accepted document of spec §1. */
export function isH5DocumentType(value: string): value is H5DocumentType {
  return (H5_DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** Full years from `birthDate` to `asOf` (both yyyy-mm-dd); null when either is not a date. */
export function ageOn(birthDate: string, asOf: string): number | null {
  const birth = DATE.exec(birthDate);
  const day = DATE.exec(asOf);
  if (!birth || !day) return null;
  const [by, bm, bd] = [Number(birth[1]), Number(birth[2]), Number(birth[3])];
  const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return age;
}

/**
 * Spec §1: a person aged 18 or over on `asOf`, holding an accepted document, with a local
 * household registration, or a local residence permit together with local social insurance.
 */
export function h5Eligibility(person: H5EligibilityInput, asOf: string): H5Eligibility {
  const reasons: H5IneligibleReason[] = [];
  if (!isH5DocumentType(person.documentType)) reasons.push('document');
  const age = ageOn(person.birthDate, asOf);
  if (age === null) reasons.push('birthDate');
  else if (age < H5.minimumAge) reasons.push('age');
  const local = person.residence === '本地户籍' || (person.residence === '本地居住证' && person.localSocialInsurance);
  if (!local) reasons.push('residence');
  return { eligible: reasons.length === 0, reasons };
}

/** The "standard address pattern" of the report page's e-mail check (spec §5). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** True for a plausible e-mail address (trimmed, at most 254 characters). */
export function isEmailAddress(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed);
}

/** An e-mail address fit for a record or a message: first character, stars, the domain. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${value[0]}***${value.slice(at)}`;
}
