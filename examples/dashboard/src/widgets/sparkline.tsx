/** A small SVG trend line, as issue lists draw one per row. */

/** Props of {@link Sparkline}. */
export interface SparklineProps {
  /** Accessible name, e.g. `Events per day`. */
  label: string;
  values: readonly number[];
}

const WIDTH = 96;
const HEIGHT = 24;

/**
 * @param props - see {@link SparklineProps}.
 * @returns an area under a polyline, scaled to the largest value.
 */
export function Sparkline({ label, values }: SparklineProps) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const points = values.map(
    (value, i) =>
      `${(i * step).toFixed(1)},${(HEIGHT - 1 - (value / max) * (HEIGHT - 2)).toFixed(1)}`,
  );
  return (
    <svg className="sparkline" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <polygon className="area" points={`0,${HEIGHT} ${points.join(' ')} ${WIDTH},${HEIGHT}`} />
      <polyline className="line" points={points.join(' ')} />
    </svg>
  );
}
