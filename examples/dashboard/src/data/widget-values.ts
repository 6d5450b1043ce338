/**
 * The values of a configured widget, computed from the same seeded data as the built-in widgets:
 * per group (endpoint, release, environment, or one group for `none`) a series over the widget's
 * time range and its total (events, users) or summary (rates: over the range; p95: of the range).
 * Endpoints are sample API routes with a seeded share of traffic and latency factor.
 */
import { formatCount, formatMs, formatPercent } from '../format.js';
import { dashboardMetrics, SESSIONS_PER_HOUR } from './dashboard-metrics.js';
import { ENVIRONMENTS, type Environment, TIME_RANGES } from './filters.js';
import { ISSUES, issueEvents } from './issues.js';
import { seededRandom } from './random.js';
import type { WidgetMetric, WidgetSpec } from './widget-spec.js';

/** The sample API's endpoints. */
export const ENDPOINTS = [
  '/api/issues',
  '/api/events',
  '/api/projects',
  '/api/auth/session',
  '/api/search',
] as const;

const random = seededRandom(31);
const ENDPOINT_FACTORS = ENDPOINTS.map(() => ({
  share: 0.08 + 0.4 * random(),
  latency: 0.55 + 1.1 * random(),
}));

/** One group of a widget: its label, its value, and the value formatted as displayed. */
export interface WidgetGroupValue {
  group: string;
  value: number;
  display: string;
}

function formatMetric(metric: WidgetMetric, value: number): string {
  if (metric === 'p95_latency') return formatMs(value);
  if (metric === 'error_rate' || metric === 'crash_free_sessions') return formatPercent(value);
  return formatCount(value);
}

function matches(query: string, text: string): boolean {
  return query === '' || text.toLowerCase().includes(query.toLowerCase());
}

/** The metric over the widget's range for one environment, scaled for a share of traffic. */
function metricValue(
  spec: WidgetSpec,
  environment: Environment,
  release: string | undefined,
  share: number,
  latencyFactor: number,
): number {
  const { hours } = TIME_RANGES[spec.timeRange];
  const metrics = dashboardMetrics({ environment, timeRange: spec.timeRange });
  const issues = ISSUES.filter(
    (issue) =>
      (release === undefined || issue.release === release) &&
      matches(spec.query, `${issue.title} ${issue.culprit}`),
  );
  const events = issues.reduce((sum, issue) => sum + issueEvents(issue, hours, environment), 0);
  const sessions = SESSIONS_PER_HOUR[environment] * hours;
  switch (spec.metric) {
    case 'events':
      return Math.round(events * share);
    case 'users':
      return Math.round(events * share * 0.42);
    case 'error_rate':
      return events / sessions;
    case 'p95_latency':
      return Math.round(metrics.p95Ms * latencyFactor);
    case 'crash_free_sessions':
      return metrics.crashFreeSessions;
  }
}

/**
 * @param spec - the widget.
 * @param environment - the dashboard's environment (used unless grouping by environment).
 * @returns one value per group, largest first for counts and latency (a rate keeps group order).
 */
export function widgetValues(spec: WidgetSpec, environment: Environment): WidgetGroupValue[] {
  const rows: { group: string; value: number }[] = [];
  if (spec.groupBy === 'endpoint') {
    ENDPOINTS.forEach((endpoint, index) => {
      const factor = ENDPOINT_FACTORS[index] ?? { share: 1, latency: 1 };
      rows.push({
        group: endpoint,
        value: metricValue(spec, environment, undefined, factor.share, factor.latency),
      });
    });
  } else if (spec.groupBy === 'release') {
    for (const release of new Set(ISSUES.map((issue) => issue.release))) {
      rows.push({ group: release, value: metricValue(spec, environment, release, 1, 1) });
    }
  } else if (spec.groupBy === 'environment') {
    for (const env of ENVIRONMENTS) {
      rows.push({ group: env, value: metricValue(spec, env, undefined, 1, 1) });
    }
  } else {
    rows.push({ group: 'all', value: metricValue(spec, environment, undefined, 1, 1) });
  }
  if (spec.metric !== 'error_rate' && spec.metric !== 'crash_free_sessions') {
    rows.sort((a, b) => b.value - a.value || a.group.localeCompare(b.group));
  }
  return rows.map((row) => ({ ...row, display: formatMetric(spec.metric, row.value) }));
}
