import type { OpenDataFile } from '@credit-portal/shared/contracts/open-data';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size as people read it: 1 decimal above bytes, 1024 to a step (e.g. 1.5 MB). */
export function fileSizeLabel(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** The name of a file format on the page. */
export const FORMAT_LABELS: Readonly<Record<OpenDataFile['format'], string>> = {
  csv: 'CSV（Excel 可直接打开）',
  jsonl: 'JSON Lines',
};
