/**
 * The dashboard: filters and eight widgets (four stats, two time series, events by release, top
 * errors), every one opted in to page context, plus the widgets configured on it. Its actions
 * (`add_widget`, `update_widget`, `remove_widget`) let the agent build the dashboard from a
 * description, as Sentry's Seer does.
 */
import { usePageAction, usePageContext, withPageContext } from '@sightline/page-context/react';
import type { ReactNode } from 'react';
import {
  DASHBOARD_TITLE,
  dashboardMetrics,
  WIDGET_TITLES as T,
} from '../data/dashboard-metrics.js';
import { ENVIRONMENTS, type Filters, TIME_RANGES } from '../data/filters.js';
import { addWidgetInput, removeWidgetInput, updateWidgetInput } from '../data/widget-spec.js';
import {
  addWidget,
  removeWidget,
  updateWidget,
  useConfiguredWidgets,
} from '../data/widget-store.js';
import { formatCount, formatMs, formatPercent } from '../format.js';
import { ConfiguredWidget } from '../widgets/configured-widget.js';
import { FilterBar } from '../widgets/filter-bar.js';
import { ReleaseBarsWidget } from '../widgets/release-bars-widget.js';
import { StatTile } from '../widgets/stat-tile.js';
import { TimeSeriesWidget } from '../widgets/time-series-widget.js';
import { TopErrorsWidget } from '../widgets/top-errors-widget.js';
import { widgetId } from '../widgets/widget-id.js';

const WIDGET_COUNT = Object.keys(T).length;

/**
 * Reads the filters from the URL query (`env`, `range`), falling back to the defaults.
 * @param query - the location's query.
 * @param defaults - filters for absent or unknown values.
 * @returns valid filters.
 */
export function filtersFromQuery(
  query: Readonly<Record<string, string>>,
  defaults: Filters,
): Filters {
  const env = ENVIRONMENTS.find((e) => e === query.env) ?? defaults.environment;
  const range =
    query.range !== undefined && query.range in TIME_RANGES
      ? (query.range as Filters['timeRange'])
      : defaults.timeRange;
  return { environment: env, timeRange: range };
}

/** Props of {@link DashboardPage}. */
export interface DashboardPageProps {
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
}

function DashboardView({ filters, onFiltersChange }: DashboardPageProps) {
  const metrics = dashboardMetrics(filters);
  const range = TIME_RANGES[filters.timeRange];
  const configured = useConfiguredWidgets();
  const widgetCount = WIDGET_COUNT + configured.length;
  usePageContext({ title: DASHBOARD_TITLE, widgets: widgetCount });
  usePageAction('add_widget', {
    description: 'Add a widget to the dashboard',
    input: addWidgetInput,
    handler: (input) => addWidget(input, filters.timeRange),
  });
  usePageAction('update_widget', {
    description: 'Change an added widget',
    input: updateWidgetInput,
    handler: updateWidget,
  });
  usePageAction('remove_widget', {
    description: 'Remove an added widget',
    input: removeWidgetInput,
    handler: ({ id }) => {
      removeWidget(id);
      return { removed: id };
    },
  });
  const builtIn: [string, ReactNode][] = [
    [
      T.events,
      <StatTile
        key={T.events}
        title={T.events}
        value={formatCount(metrics.events)}
        caption={`errors in ${filters.environment}`}
      />,
    ],
    [
      T.users,
      <StatTile
        key={T.users}
        title={T.users}
        value={formatCount(metrics.users)}
        caption="distinct users with an error"
      />,
    ],
    [
      T.crashFree,
      <StatTile
        key={T.crashFree}
        title={T.crashFree}
        value={formatPercent(metrics.crashFreeSessions)}
        caption="sessions without a fatal error"
      />,
    ],
    [
      T.p95,
      <StatTile
        key={T.p95}
        title={T.p95}
        value={formatMs(metrics.p95Ms)}
        caption="95th percentile, API calls"
      />,
    ],
    [
      T.eventSeries,
      <TimeSeriesWidget
        key={T.eventSeries}
        title={T.eventSeries}
        points={metrics.eventSeries}
        formatValue={formatCount}
        bucketHours={range.bucketHours}
        series="events"
      />,
    ],
    [
      T.latencySeries,
      <TimeSeriesWidget
        key={T.latencySeries}
        title={T.latencySeries}
        points={metrics.latencySeries}
        formatValue={formatMs}
        bucketHours={range.bucketHours}
        series="p95(transaction.duration)"
      />,
    ],
    [
      T.byRelease,
      <ReleaseBarsWidget key={T.byRelease} title={T.byRelease} bars={metrics.eventsByRelease} />,
    ],
    [
      T.topErrors,
      <TopErrorsWidget key={T.topErrors} title={T.topErrors} issues={metrics.topIssues} />,
    ],
  ];
  // Configured widgets follow the widget they were placed after (chains included), else the end.
  const placed = new Set<string>();
  const withFollowers = (id: string, element: ReactNode): ReactNode[] => [
    element,
    ...configured
      .filter((spec) => spec.after === id && !placed.has(spec.id))
      .flatMap((spec) => {
        placed.add(spec.id);
        return withFollowers(
          spec.id,
          <ConfiguredWidget key={spec.id} spec={spec} environment={filters.environment} />,
        );
      }),
  ];
  const cells = builtIn.flatMap(([title, element]) => withFollowers(widgetId(title), element));
  for (const spec of configured) {
    if (placed.has(spec.id)) continue;
    placed.add(spec.id);
    cells.push(
      ...withFollowers(
        spec.id,
        <ConfiguredWidget key={spec.id} spec={spec} environment={filters.environment} />,
      ),
    );
  }
  return (
    <main className="page dashboard">
      <header className="page-header">
        <h1>{DASHBOARD_TITLE}</h1>
        <p className="subtitle">
          {widgetCount} widgets · {filters.environment} · {range.label}
        </p>
        <FilterBar filters={filters} onChange={onFiltersChange} />
      </header>
      <div className="grid">{cells}</div>
    </main>
  );
}

/** The dashboard page, opted in as a `dashboard` node with its widgets nested inside. */
export const DashboardPage = withPageContext('dashboard', DashboardView, {
  priority: 10,
  id: () => 'dashboard',
});
