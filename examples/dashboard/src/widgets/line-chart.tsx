/**
 * An SVG line chart as a charting library (ECharts, Recharts) draws one: a legend, a y axis with
 * five ticks and grid lines, an x axis with tick marks and six time labels, an area, a line and
 * its data points.
 */
import type { Point } from '../data/dashboard-metrics.js';

const WIDTH = 480;
const HEIGHT = 200;
const PAD = { left: 48, right: 12, top: 28, bottom: 24 };
const Y_TICKS = 5;
const X_LABELS = 6;
const TICK = 4;

/** Props of {@link LineChart}. */
export interface LineChartProps {
  /** Accessible name of the chart. */
  label: string;
  points: readonly Point[];
  /** Formats a y-axis value. */
  formatValue: (value: number) => string;
  /** Formats an x-axis time. */
  formatTime: (time: number) => string;
  /** Name of the series, shown in the legend. */
  series: string;
}

/**
 * @param props - see {@link LineChartProps}.
 * @returns the chart: legend, grid lines, y ticks, x tick marks and labels, an area and a line.
 */
export function LineChart({ label, points, formatValue, formatTime, series }: LineChartProps) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) =>
    PAD.left + (points.length < 2 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(' ');
  const ticks = Array.from({ length: Y_TICKS }, (_, i) => (max * i) / (Y_TICKS - 1));
  const labelled = [
    ...new Set(
      Array.from({ length: X_LABELS }, (_, i) =>
        Math.round((i * (points.length - 1)) / (X_LABELS - 1)),
      ),
    ),
  ];
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <g className="legend">
        <rect x={PAD.left} y={6} width={10} height={10} rx={2} />
        <text x={PAD.left + 16} y={15}>
          {series}
        </text>
      </g>
      <g className="axis">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="axis-line" />
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className="gridline"
            />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {formatValue(Math.round(tick))}
            </text>
          </g>
        ))}
        {labelled.map((i) => {
          const point = points[i];
          return point ? (
            <g key={i}>
              <line x1={x(i)} x2={x(i)} y1={y(0)} y2={y(0) + TICK} className="axis-line" />
              <text
                x={x(i)}
                y={HEIGHT - 4}
                textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
              >
                {formatTime(point.time)}
              </text>
            </g>
          ) : null;
        })}
      </g>
      <path className="area" d={`${line} L${x(points.length - 1)},${y(0)} L${x(0)},${y(0)} Z`} />
      <path className="line" d={line} />
      {points.map((p, i) => (
        <circle key={p.time} cx={x(i)} cy={y(p.value)} r={2}>
          <title>{`${formatTime(p.time)}: ${formatValue(p.value)}`}</title>
        </circle>
      ))}
    </svg>
  );
}
