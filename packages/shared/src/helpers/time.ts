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

/*
 * Beijing time (Asia/Shanghai) as a fixed UTC+8 rather than Intl's zone data: China has kept no
 * daylight saving since 1991, so the offset is exact for every time the portal stamps, and the
 * result cannot vary with a runtime's ICU build or the machine's zone (servers run with TZ=UTC,
 * browsers anywhere).
 */
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** How an official time (a report's 生成时间 and 签名时间) names its zone. */
export const BEIJING_TIME_LABEL = '北京时间';

/** A moment as yyyy-mm-dd hh:mm:ss in Beijing time, whatever the machine's time zone. */
export function formatBeijingTime(date: Date = new Date()): string {
  const b = new Date(date.getTime() + BEIJING_OFFSET_MS);
  return (
    `${b.getUTCFullYear()}-${pad(b.getUTCMonth() + 1)}-${pad(b.getUTCDate())} ` +
    `${pad(b.getUTCHours())}:${pad(b.getUTCMinutes())}:${pad(b.getUTCSeconds())}`
  );
}

/** The calendar day (yyyy-mm-dd) of a moment in Beijing. */
export const beijingDay = (date: Date = new Date()): string => formatBeijingTime(date).slice(0, 10);

/** A Beijing time with its zone written out, as official documents print it. */
export const labelBeijingTime = (time: string): string => `${time}（${BEIJING_TIME_LABEL}）`;
