/**
 * A widget configured on the dashboard (by the user or by the agent's `add_widget`): its metric per
 * group as a number, bars, a table, or a table with a trend line per group. Opted in with its
 * configuration and the top five groups; every group through `expand_node`.
 */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import { dashboardMetrics } from '../data/dashboard-metrics.js';
import { type Environment, TIME_RANGES } from '../data/filters.js';
import { WIDGET_METRICS, type WidgetSpec } from '../data/widget-spec.js';
import { type WidgetGroupValue, widgetValues } from '../data/widget-values.js';
import { BarChart } from './bar-chart.js';
import { Sparkline } from './sparkline.js';

/** Props of {@link ConfiguredWidget}. */
export interface ConfiguredWidgetProps {
  spec: WidgetSpec;
  /** The dashboard's environment. */
  environment: Environment;
}

const TOP_GROUPS = 5;

/** The dashboard's series of the metric over the widget's range, scaled to a group's value. */
function trend(spec: WidgetSpec, environment: Environment, row: WidgetGroupValue): number[] {
  const metrics = dashboardMetrics({ environment, timeRange: spec.timeRange });
  const base = (spec.metric === 'p95_latency' ? metrics.latencySeries : metrics.eventSeries).map(
    (point) => point.value,
  );
  const mean = base.reduce((a, b) => a + b, 0) / Math.max(1, base.length) || 1;
  return base.map((value) => (value / mean) * row.value);
}

function ConfiguredWidgetView({ spec, environment }: ConfiguredWidgetProps) {
  const values = widgetValues(spec, environment);
  const range = TIME_RANGES[spec.timeRange].label;
  const grouped = spec.groupBy !== 'none';
  const [single] = values;
  usePageContext(
    {
      title: spec.title,
      type: spec.type,
      metric: WIDGET_METRICS[spec.metric],
      ...(grouped ? { groupBy: spec.groupBy } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      timeRange: range,
      ...(grouped
        ? {
            rows: values
              .slice(0, TOP_GROUPS)
              .map((v) => ({ [spec.groupBy]: v.group, value: v.display })),
          }
        : { value: single?.display ?? null }),
    },
    { details: () => values.map((v) => ({ group: v.group, value: v.display })) },
  );
  return (
    <section className="widget configured-widget" data-widget-id={spec.id}>
      <h3>{spec.title}</h3>
      <p className="caption">
        {WIDGET_METRICS[spec.metric]}
        {grouped ? ` by ${spec.groupBy}` : ''} · {range}
        {spec.query ? ` · “${spec.query}”` : ''}
      </p>
      {spec.type === 'number' && !grouped ? (
        <p className="value">{single?.display}</p>
      ) : spec.type === 'bar' ? (
        <BarChart
          label={spec.title}
          bars={values.map((v) => ({ label: v.group, value: v.value }))}
          formatValue={(value) => values.find((v) => v.value === value)?.display ?? String(value)}
        />
      ) : (
        <table>
          <tbody>
            {values.map((v) => (
              <tr key={v.group}>
                <td>{v.group}</td>
                <td>{v.display}</td>
                {spec.type === 'line' ? (
                  <td>
                    <Sparkline label={`${v.group} trend`} values={trend(spec, environment, v)} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A configured widget, opted in as a `widget` node with its id. */
export const ConfiguredWidget = withPageContext('widget', ConfiguredWidgetView, {
  priority: 4,
  id: ({ spec }) => spec.id,
});
