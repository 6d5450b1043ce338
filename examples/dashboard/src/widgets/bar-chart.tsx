/** An SVG horizontal bar chart: one labelled bar per category. */

/** Props of {@link BarChart}. */
export interface BarChartProps {
  /** Accessible name of the chart. */
  label: string;
  bars: readonly { label: string; value: number }[];
  /** Formats a bar's value. */
  formatValue: (value: number) => string;
}

const WIDTH = 480;
const ROW = 26;
const LABEL_W = 96;
const VALUE_W = 64;

/**
 * @param props - see {@link BarChartProps}.
 * @returns the chart, one row per bar with its label and value.
 */
export function BarChart({ label, bars, formatValue }: BarChartProps) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const innerW = WIDTH - LABEL_W - VALUE_W;
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${WIDTH} ${bars.length * ROW + 4}`}
      role="img"
      aria-label={label}
    >
      {bars.map((bar, i) => (
        <g key={bar.label} transform={`translate(0,${i * ROW + 2})`}>
          <text x={LABEL_W - 8} y={ROW / 2 + 4} textAnchor="end">
            {bar.label}
          </text>
          <rect
            x={LABEL_W}
            y={4}
            height={ROW - 8}
            width={Math.max(1, (bar.value / max) * innerW)}
            rx={3}
          />
          <text x={LABEL_W + innerW + 6} y={ROW / 2 + 4}>
            {formatValue(bar.value)}
          </text>
        </g>
      ))}
    </svg>
  );
}
