/** Series colours of the charts: the site's blue first, then colours that stay apart for colour-blind readers. */
export const CHART_COLORS = ['#0b4ea2', '#e8890c', '#2a9d8f', '#c9302c', '#7b5ea7', '#5b8fd1'] as const;

/** A colour for the i-th series or slice. */
export const chartColor = (index: number): string => CHART_COLORS[index % CHART_COLORS.length]!;

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten, at least `value`. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/** Numbers as people read them in Chinese reports: thousands separators, at most two decimals. */
export const formatNumber = (value: number): string => value.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
