const pad = (n: number): string => String(n).padStart(2, '0');

/** Today as yyyy-mm-dd in the server's local time: the day penalty deadlines are compared with. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
