const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * A file's size as people read it, in the largest unit it reaches (1024 to a step), to one
 * decimal without a trailing .0: 193 B, 12.3 KB, 1.5 MB, 20 MB. A file is never shown smaller
 * or larger than it is (a 193-byte upload is not "0.1 MB").
 */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, Math.round(bytes));
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // 1023.96 KB rounds to 1024.0: shown as the next unit instead.
  if (unit > 0 && unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${text} ${UNITS[unit]}`;
}
