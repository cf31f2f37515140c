import { beijingDay } from '@credit-portal/shared';

/*
 * Calendar helpers on yyyy-mm-dd dates. Day arithmetic works on UTC day numbers, so results never
 * depend on the machine's time zone; localToday is Beijing's day, whatever zone the server runs in.
 */
const DAY_MS = 86_400_000;
const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Today as yyyy-mm-dd in Beijing: the day penalty deadlines are compared with, reports are dated
 * and daily limits count in. The services run with TZ=UTC, whose day starts eight hours late.
 */
export function localToday(now: Date = new Date()): string {
  return beijingDay(now);
}

/** Days since 1970-01-01 of a yyyy-mm-dd date. */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** The yyyy-mm-dd date of a day number. */
export function formatDay(day: number): string {
  const date = new Date(day * DAY_MS);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The date `months` calendar months after `date` (clamped to the month's last day). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return formatDay(Math.round(target.getTime() / DAY_MS));
}

/** A date plus a time of day as yyyy-mm-dd hh:mm:ss. */
export function withTime(date: string, seconds: number): string {
  const s = ((seconds % 86_400) + 86_400) % 86_400;
  return `${date} ${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** The year of a yyyy-mm-dd date. */
export const yearOf = (date: string): number => Number(date.slice(0, 4));
