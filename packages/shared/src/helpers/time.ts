const pad = (n: number): string => String(n).padStart(2, '0');

/** A date as yyyy-mm-dd hh:mm:ss in local time, the visit-log time format. */
export function formatVisitTime(date: Date = new Date()): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** True when a string has the visit-log time format and names a real moment. */
export function isVisitTime(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(y!, mo! - 1, d!, h!, mi!, s!);
  return date.getMonth() === mo! - 1 && date.getDate() === d! && h! < 24 && mi! < 60 && s! < 60;
}
