/**
 * A chart widget over time. The agent gets a summary (latest, peak, low, number of points); the
 * raw series is available through `expand_node` instead of being paid for upfront.
 */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import type { Point } from '../data/dashboard-metrics.js';
import { formatTime } from '../format.js';
import { LineChart } from './line-chart.js';
import { widgetId } from './widget-id.js';

/** Props of {@link TimeSeriesWidget}. */
export interface TimeSeriesWidgetProps {
  title: string;
  points: readonly Point[];
  formatValue: (value: number) => string;
  /** Length of one point's bucket, hours. */
  bucketHours: number;
  /** Name of the series, as the chart's legend says. */
  series: string;
}

const axisTime = (time: number) =>
  `${new Date(time).toISOString().slice(5, 13).replace('T', ' ')}h`;

function TimeSeriesView({
  title,
  points,
  formatValue,
  bucketHours,
  series,
}: TimeSeriesWidgetProps) {
  const peak = points.reduce<Point | undefined>(
    (best, p) => (best && best.value >= p.value ? best : p),
    undefined,
  );
  const low = points.reduce<Point | undefined>(
    (best, p) => (best && best.value <= p.value ? best : p),
    undefined,
  );
  const latest = points.at(-1);
  usePageContext(
    {
      title,
      bucket: `${bucketHours}h`,
      latest: latest ? formatValue(latest.value) : null,
      peak: peak ? `${formatValue(peak.value)} at ${formatTime(peak.time)}` : null,
      low: low ? formatValue(low.value) : null,
    },
    { details: () => points.map((p) => ({ time: formatTime(p.time), value: p.value })) },
  );
  return (
    <section className="widget chart-widget">
      <h3>{title}</h3>
      <LineChart
        label={title}
        points={points}
        formatValue={formatValue}
        formatTime={axisTime}
        series={series}
      />
    </section>
  );
}

/** A time-series chart widget. */
export const TimeSeriesWidget = withPageContext('chart', TimeSeriesView, {
  priority: 3,
  id: ({ title }) => widgetId(title),
});
