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

/**
 * The bars of `counts` as one SVG path (`M x,y h w v h h -w z` per day with reports): one element
 * for the whole trend rather than one per day, so 200 inbox rows add 800 nodes instead of 3,400.
 */
export function barsPath(counts: number[]): string {
  const most = Math.max(1, ...counts);
  const step = WIDTH / Math.max(1, counts.length);
  const width = round(Math.max(1, step - 1.5));
  return counts
    .map((count, day) => {
      if (count === 0) return '';
      const height = round(Math.max(2, (count / most) * (HEIGHT - 1)));
      return `M${round(day * step + 0.5)},${round(HEIGHT - 1 - height)}h${width}v${height}h-${width}z`;
    })
    .join('');
}

/** Two decimals at most: a path stays short and exact to a hundredth of a pixel. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Bars of `counts` in a 70 × 18 px SVG (no inline style: CSP-safe). */
export function Sparkline({ counts, what }: SparklineProps) {
  const sentence = trendSentence(counts, what);
  return (
    <svg
      className="sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={sentence}
    >
      <title>{sentence}</title>
      <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="sparkline-base" />
      <path d={barsPath(counts)} />
    </svg>
  );
}
