import { useId, useRef } from 'react';
import { useElementWidth } from '@/hooks/use-element-width';
import { chartColor, formatNumber, niceMax } from './chart-palette';
import styles from './chart.module.css';

export interface BarSeries {
  name: string;
  values: readonly number[];
}

interface BarChartProps {
  /** What the chart shows; its accessible name and caption. */
  title: string;
  /** One label per bar group (x axis, or rows when horizontal). */
  categories: readonly string[];
  series: readonly BarSeries[];
  /** 'horizontal' suits long labels (departments). */
  orientation?: 'vertical' | 'horizontal';
  unit?: string;
  /** Height of a vertical chart, px. */
  height?: number;
}

const FONT = 12;
const TICKS = 4;

/** Cuts a label to the characters that fit `width` px (CJK glyphs are about one em wide). */
function fit(label: string, width: number): string {
  const chars = Array.from(label);
  const max = Math.max(2, Math.floor(width / FONT));
  return chars.length <= max ? label : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * A bar chart drawn in SVG at the container's real width (text keeps its size on phones),
 * with a legend and, for screen readers, the same numbers as a table.
 */
export function BarChart({
  title,
  categories,
  series,
  orientation = 'vertical',
  unit = '',
  height = 260,
}: BarChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref, 640);
  const captionId = useId();
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) => (max / TICKS) * i);

  let chart;
  if (orientation === 'vertical') {
    const margin = { top: 16, right: 8, bottom: 28, left: 8 + String(formatNumber(max)).length * 7 };
    const plotW = Math.max(1, width - margin.left - margin.right);
    const plotH = height - margin.top - margin.bottom;
    const band = plotW / Math.max(1, categories.length);
    const barW = Math.max(3, Math.min(22, (band * 0.72) / series.length));
    const labelEvery = band < 30 ? Math.ceil(30 / band) : 1;
    const y = (value: number) => margin.top + plotH - (value / max) * plotH;
    chart = (
      <svg width={width} height={height} role="img" aria-labelledby={captionId} className={styles.svg}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} className={styles.grid} />
            <text x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className={styles.axis}>
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {categories.map((category, i) => {
          const groupX = margin.left + band * i + (band - barW * series.length) / 2;
          return (
            <g key={category}>
              {series.map((s, k) => {
                const value = s.values[i] ?? 0;
                return (
                  <rect
                    key={s.name}
                    x={groupX + barW * k}
                    y={y(value)}
                    width={barW - 1}
                    height={Math.max(0, margin.top + plotH - y(value))}
                    rx={2}
                    fill={chartColor(k)}
                  >
                    <title>{`${category} ${s.name}：${formatNumber(value)}${unit}`}</title>
                  </rect>
                );
              })}
              {i % labelEvery === 0 ? (
                <text x={margin.left + band * (i + 0.5)} y={height - 8} textAnchor="middle" className={styles.axis}>
                  {fit(category, band * labelEvery)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    );
  } else {
    const row = 18 * series.length + 14;
    const labelW = Math.min(210, Math.round(width * 0.4));
    const valueW = 8 + String(formatNumber(max)).length * 8;
    const plotW = Math.max(1, width - labelW - valueW - 8);
    const chartH = row * categories.length + 8;
    chart = (
      <svg width={width} height={chartH} role="img" aria-labelledby={captionId} className={styles.svg}>
        {categories.map((category, i) => (
          <g key={category} transform={`translate(0, ${row * i + 4})`}>
            <text x={labelW - 8} y={row / 2} dy="0.32em" textAnchor="end" className={styles.label}>
              <title>{category}</title>
              {fit(category, labelW - 8)}
            </text>
            {series.map((s, k) => {
              const value = s.values[i] ?? 0;
              const barY = 7 + k * 18;
              const barLength = (value / max) * plotW;
              return (
                <g key={s.name}>
                  <rect x={labelW} y={barY} width={Math.max(1, barLength)} height={14} rx={2} fill={chartColor(k)}>
                    <title>{`${category} ${s.name}：${formatNumber(value)}${unit}`}</title>
                  </rect>
                  <text x={labelW + barLength + 6} y={barY + 7} dy="0.32em" className={styles.axis}>
                    {formatNumber(value)}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
      </svg>
    );
  }

  return (
    <figure className={styles.figure}>
      <figcaption id={captionId} className={styles.caption}>
        {title}
      </figcaption>
      {series.length > 1 ? (
        <ul className={styles.legend} aria-hidden>
          {series.map((s, k) => (
            <li key={s.name}>
              <span className={styles.swatch} style={{ background: chartColor(k) }} />
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      <div ref={ref} className={styles.canvas}>
        {chart}
      </div>
      {/* A table grows to fit its cells whatever its width: the hidden box is a div around it. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">项目</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                  {unit ? `（${unit}）` : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, i) => (
              <tr key={category}>
                <th scope="row">{category}</th>
                {series.map((s) => (
                  <td key={s.name}>{formatNumber(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
