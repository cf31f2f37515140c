import { beijingDay, formatBeijingTime } from '@credit-portal/shared';

/** A day written first (2026-07-24, 2026/7/24 08:00): read as that calendar day as written. */
const WRITTEN_DAY = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?!\d)/;
/** A written time zone (…Z, …+08:00): an instant, whose day is Beijing's. */
const ZONE = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A date as yyyy-mm-dd, or the input unchanged when it is not a date (upstream text is shown as
 * is). The portal's lists call this for every row of their first render, so it is the Date
 * object's own parsing (as dayjs parses such text, without loading dayjs into the first page).
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const zoned = ZONE.test(value);
  const day = zoned ? null : WRITTEN_DAY.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (zoned) return beijingDay(date);
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/**
 * An instant the server sent (ISO with a zone) as yyyy-mm-dd hh:mm:ss in Beijing time, whatever
 * zone the browser is in: 'minute' drops the seconds, 'clock' keeps the time of day only. Text
 * without a zone (the portal's own yyyy-mm-dd hh:mm:ss, already Beijing time) is shown as it is.
 */
export function formatServerTime(value: string, form: 'second' | 'minute' | 'clock' = 'second'): string {
  const date = new Date(value);
  if (!ZONE.test(value) || Number.isNaN(date.getTime())) return value;
  const text = formatBeijingTime(date);
  return form === 'minute' ? text.slice(0, 16) : form === 'clock' ? text.slice(11) : text;
}

/** True for an absolute http(s) address: the only kind the external-link dialog will open. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A tel: address for a phone number as people write it ("0851-1234 5678"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
