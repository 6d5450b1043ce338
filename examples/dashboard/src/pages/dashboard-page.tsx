/**
 * The dashboard: filters and eight widgets (four stats, two time series, events by release, top
 * errors), every one opted in to page context.
 */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import {
  DASHBOARD_TITLE,
  dashboardMetrics,
  WIDGET_TITLES as T,
} from '../data/dashboard-metrics.js';
import { ENVIRONMENTS, type Filters, TIME_RANGES } from '../data/filters.js';
import { formatCount, formatMs, formatPercent } from '../format.js';
import { FilterBar } from '../widgets/filter-bar.js';
import { ReleaseBarsWidget } from '../widgets/release-bars-widget.js';
import { StatTile } from '../widgets/stat-tile.js';
import { TimeSeriesWidget } from '../widgets/time-series-widget.js';
import { TopErrorsWidget } from '../widgets/top-errors-widget.js';

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
  usePageContext({ title: DASHBOARD_TITLE, widgets: WIDGET_COUNT });
  return (
    <main className="page dashboard">
      <header className="page-header">
        <h1>{DASHBOARD_TITLE}</h1>
        <p className="subtitle">
          {WIDGET_COUNT} widgets · {filters.environment} · {range.label}
        </p>
        <FilterBar filters={filters} onChange={onFiltersChange} />
      </header>
      <div className="grid">
        <StatTile
          title={T.events}
          value={formatCount(metrics.events)}
          caption={`errors in ${filters.environment}`}
        />
        <StatTile
          title={T.users}
          value={formatCount(metrics.users)}
          caption="distinct users with an error"
        />
        <StatTile
          title={T.crashFree}
          value={formatPercent(metrics.crashFreeSessions)}
          caption="sessions without a fatal error"
        />
        <StatTile
          title={T.p95}
          value={formatMs(metrics.p95Ms)}
          caption="95th percentile, API calls"
        />
        <TimeSeriesWidget
          title={T.eventSeries}
          points={metrics.eventSeries}
          formatValue={formatCount}
          bucketHours={range.bucketHours}
          series="events"
        />
        <TimeSeriesWidget
          title={T.latencySeries}
          points={metrics.latencySeries}
          formatValue={formatMs}
          bucketHours={range.bucketHours}
          series="p95(transaction.duration)"
        />
        <ReleaseBarsWidget title={T.byRelease} bars={metrics.eventsByRelease} />
        <TopErrorsWidget title={T.topErrors} issues={metrics.topIssues} />
      </div>
    </main>
  );
}

/** The dashboard page, opted in as a `dashboard` node with its widgets nested inside. */
export const DashboardPage = withPageContext('dashboard', DashboardView, {
  priority: 10,
  id: () => 'dashboard',
});
