/** Events per release as a bar chart widget; the agent gets the bars as a small table. */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import { formatCount } from '../format.js';
import { BarChart } from './bar-chart.js';
import { widgetId } from './widget-id.js';

/** Props of {@link ReleaseBarsWidget}. */
export interface ReleaseBarsWidgetProps {
  title: string;
  bars: readonly { release: string; events: number }[];
}

function ReleaseBarsView({ title, bars }: ReleaseBarsWidgetProps) {
  usePageContext({
    title,
    rows: bars.map((bar) => ({ release: bar.release, events: bar.events })),
  });
  return (
    <section className="widget chart-widget">
      <h3>{title}</h3>
      <BarChart
        label={title}
        bars={bars.map((bar) => ({ label: bar.release, value: bar.events }))}
        formatValue={formatCount}
      />
    </section>
  );
}

/** A bar-chart widget of events by release. */
export const ReleaseBarsWidget = withPageContext('chart', ReleaseBarsView, {
  priority: 3,
  id: ({ title }) => widgetId(title),
});
