import { useId } from 'react';
import { chartColor, formatNumber } from './chart-palette';
import styles from './chart.module.css';

export interface PieSlice {
  label: string;
  value: number;
}

interface PieChartProps {
  title: string;
  slices: readonly PieSlice[];
  unit?: string;
}

const SIZE = 180;
const RADIUS = 80;
const HOLE = 48;

/** The SVG path of a donut slice from angle a0 to a1 (radians, clockwise from 12 o'clock). */
function slicePath(a0: number, a1: number): string {
  const point = (r: number, a: number) => `${SIZE / 2 + r * Math.sin(a)} ${SIZE / 2 - r * Math.cos(a)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return [
    `M ${point(RADIUS, a0)}`,
    `A ${RADIUS} ${RADIUS} 0 ${large} 1 ${point(RADIUS, a1)}`,
    `L ${point(HOLE, a1)}`,
    `A ${HOLE} ${HOLE} 0 ${large} 0 ${point(HOLE, a0)}`,
    'Z',
  ].join(' ');
}

/** A donut chart with its legend (label, value, share); the legend is the text alternative. */
export function PieChart({ title, slices, unit = '' }: PieChartProps) {
  const captionId = useId();
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  let angle = 0;
  const shapes = slices.map((slice, i) => {
    const sweep = total === 0 ? 0 : (slice.value / total) * Math.PI * 2;
    const start = angle;
    angle += sweep;
    // A full circle cannot be one arc: draw it as two halves.
    const d =
      sweep >= Math.PI * 2 - 1e-6
        ? `${slicePath(0, Math.PI)} ${slicePath(Math.PI, Math.PI * 2)}`
        : slicePath(start, start + sweep);
    return sweep > 0 ? <path key={slice.label} d={d} fill={chartColor(i)} /> : null;
  });
  const share = (value: number) => (total === 0 ? '0%' : `${Math.round((value / total) * 1000) / 10}%`);
  return (
    <figure className={styles.figure}>
      <figcaption id={captionId} className={styles.caption}>
        {title}
      </figcaption>
      <div className={styles.pie}>
        <svg
          width={SIZE}
          height={SIZE}
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          role="img"
          aria-labelledby={captionId}
          className={styles.pieSvg}
        >
          {total === 0 ? <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} className={styles.empty} /> : shapes}
          <text x={SIZE / 2} y={SIZE / 2 - 6} textAnchor="middle" className={styles.total}>
            {formatNumber(total)}
          </text>
          <text x={SIZE / 2} y={SIZE / 2 + 14} textAnchor="middle" className={styles.axis}>
            合计{unit ? `（${unit}）` : ''}
          </text>
        </svg>
        <ul className={styles.pieLegend}>
          {slices.map((slice, i) => (
            <li key={slice.label}>
              <span className={styles.swatch} style={{ background: chartColor(i) }} aria-hidden />
              <span className={styles.sliceLabel}>{slice.label}</span>
              <span className={styles.sliceValue}>
                {formatNumber(slice.value)}
                {unit}
              </span>
              <span className={styles.sliceShare}>{share(slice.value)}</span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
