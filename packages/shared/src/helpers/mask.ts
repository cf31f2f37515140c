import { MESSAGES } from '../constants.js';

/** A name with all but its last character replaced by stars; 暂无数据 when missing. */
export function maskName(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').trim());
  if (chars.length === 0) return MESSAGES.noData;
  if (chars.length === 1) return chars[0]!;
  return '*'.repeat(chars.length - 1) + chars[chars.length - 1];
}

/** An ID number as its first 6 and last 4 characters with 6 stars between; 暂无数据 when missing. */
export function maskIdNumber(id: string | null | undefined): string {
  const value = (id ?? '').trim();
  if (value.length === 0) return MESSAGES.noData;
  if (value.length <= 10) return '*'.repeat(value.length);
  return `${value.slice(0, 6)}******${value.slice(-4)}`;
}

/** A mobile or landline as its first 3 and last 4 digits with 4 stars between ('****' when shorter than 7). */
export const maskPhone = (phone: string): string =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
