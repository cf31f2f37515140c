import type { AnnualReportFigure } from '@credit-portal/shared';
import type { FigureTile } from '@/components/figure-tiles';

/** A report figure's value as read aloud in reports: thousands separators, decimals kept. */
export const figureValue = (figure: AnnualReportFigure): string =>
  figure.value.toLocaleString('zh-CN', { maximumFractionDigits: 2 });

/** The change against the year before, e.g. "比上年增长 36.9%"; '' for the first year. */
export function figureChange(figure: AnnualReportFigure): string {
  if (figure.previous === null || figure.previous === 0) return '';
  const change = ((figure.value - figure.previous) / figure.previous) * 100;
  const rounded = Math.round(Math.abs(change) * 10) / 10;
  if (rounded === 0) return '与上年持平';
  return `比上年${change > 0 ? '增长' : '下降'} ${rounded}%`;
}

/** Report figures as headline tiles. */
export const figureTiles = (figures: readonly AnnualReportFigure[]): FigureTile[] =>
  figures.map((figure) => ({
    key: figure.key,
    label: figure.label,
    value: figureValue(figure),
    unit: figure.unit,
    note: figureChange(figure) || undefined,
  }));
