import dayjs from 'dayjs';

/** A date as yyyy-mm-dd, or the input unchanged when it is not a date (upstream text is shown as is). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD') : value;
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
