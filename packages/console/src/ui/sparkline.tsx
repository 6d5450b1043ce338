/**
 * A trend as small bars: one per day, scaled to the busiest day, with a text alternative that
 * says what the bars show (screen readers and the page context read the numbers, not the picture).
 */

/** Props of {@link Sparkline}. */
export interface SparklineProps {
  /** Counts per day, oldest first; the last is today. */
  counts: number[];
  /** What is counted, singular (`report`; an `s` is added for other counts than 1). */
  what: string;
}

const WIDTH = 70;
const HEIGHT = 18;

/** "12 reports in 14 days, 3 today" for `counts` (oldest first) of `what` (singular). */
export function trendSentence(counts: number[], what: string): string {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const today = counts.at(-1) ?? 0;
  return `${total} ${what}${total === 1 ? '' : 's'} in ${counts.length} days, ${today} today`;
}

/** Bars of `counts` in a 70 × 18 px SVG (no inline style: CSP-safe). */
export function Sparkline({ counts, what }: SparklineProps) {
  const most = Math.max(1, ...counts);
  const step = WIDTH / Math.max(1, counts.length);
  return (
    <svg
      className="sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={trendSentence(counts, what)}
    >
      <title>{trendSentence(counts, what)}</title>
      <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="sparkline-base" />
      {counts.map((count, day) => {
        const height = count === 0 ? 0 : Math.max(2, (count / most) * (HEIGHT - 1));
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: a day's position is its identity
            key={day}
            x={day * step + 0.5}
            y={HEIGHT - 1 - height}
            width={Math.max(1, step - 1.5)}
            height={height}
          />
        );
      })}
    </svg>
  );
}
