/**
 * What the dashboard's widgets show for a given environment and time range, computed from the
 * sample issues plus generated session and latency series.
 */
import {
  ENVIRONMENTS,
  type Environment,
  type Filters,
  HISTORY_HOURS,
  NOW,
  TIME_RANGES,
} from './filters.js';
import { ISSUES, type Issue, issueEvents, issueUsers } from './issues.js';
import { seededRandom } from './random.js';

/** One point of a chart: bucket start (epoch ms) and value. */
export interface Point {
  time: number;
  value: number;
}

/** An issue with its counts inside the filters. */
export interface RankedIssue {
  issue: Issue;
  events: number;
  users: number;
}

/** Everything the dashboard renders for one filter setting. */
export interface DashboardMetrics {
  events: number;
  users: number;
  /** Fraction of sessions without a fatal error. */
  crashFreeSessions: number;
  /** 95th percentile of the hourly p95 response times in the range, ms. */
  p95Ms: number;
  eventSeries: Point[];
  latencySeries: Point[];
  eventsByRelease: { release: string; events: number }[];
  /** The five issues with the most events. */
  topIssues: RankedIssue[];
}

/** The dashboard's widgets by key, with their titles; the page renders exactly these. */
export const WIDGET_TITLES = {
  events: 'Events',
  users: 'Users affected',
  crashFree: 'Crash-free sessions',
  p95: 'p95 response time',
  eventSeries: 'Events over time',
  latencySeries: 'p95 response time over time',
  byRelease: 'Events by release',
  topErrors: 'Top errors',
} as const;

/** The dashboard's title. */
export const DASHBOARD_TITLE = 'Frontend health';

const HOUR = 3_600_000;
/** Average sessions an hour per environment (the generated series vary around it). */
export const SESSIONS_PER_HOUR: Record<Environment, number> = {
  production: 42_000,
  staging: 1_300,
  development: 240,
};
const BASE_LATENCY_MS: Record<Environment, number> = {
  production: 380,
  staging: 520,
  development: 610,
};

function generateEnvironmentSeries(): Record<
  Environment,
  { sessions: number[]; latency: number[] }
> {
  const random = seededRandom(7);
  const result = {} as Record<Environment, { sessions: number[]; latency: number[] }>;
  for (const env of ENVIRONMENTS) {
    const sessions: number[] = [];
    const latency: number[] = [];
    for (let hour = 0; hour < HISTORY_HOURS; hour++) {
      const daily = 1 + 0.45 * Math.sin((2 * Math.PI * (hour - 8)) / 24);
      sessions.push(Math.round(SESSIONS_PER_HOUR[env] * daily * (0.85 + 0.3 * random())));
      latency.push(Math.round(BASE_LATENCY_MS[env] * (0.8 + 0.35 * daily * random())));
    }
    result[env] = { sessions, latency };
  }
  return result;
}

const ENVIRONMENT_SERIES = generateEnvironmentSeries();

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

function bucketed(
  hourly: readonly number[],
  bucketHours: number,
  combine: (v: number[]) => number,
): Point[] {
  const points: Point[] = [];
  const start = NOW - (hourly.length - 1) * HOUR;
  for (let i = 0; i < hourly.length; i += bucketHours)
    points.push({ time: start + i * HOUR, value: combine(hourly.slice(i, i + bucketHours)) });
  return points;
}

/**
 * Computes every widget's values.
 * @param filters - environment and time range.
 * @returns the metrics; identical for identical filters (seeded data, fixed "now").
 */
export function dashboardMetrics({ environment, timeRange }: Filters): DashboardMetrics {
  const { hours, bucketHours } = TIME_RANGES[timeRange];
  const ranked = ISSUES.map((issue) => {
    const events = issueEvents(issue, hours, environment);
    return { issue, events, users: issueUsers(issue, events) };
  }).sort((a, b) => b.events - a.events || a.issue.id.localeCompare(b.issue.id));
  const events = ranked.reduce((sum, r) => sum + r.events, 0);
  const users = ranked.reduce((sum, r) => sum + r.users, 0);
  const fatal = ranked
    .filter((r) => r.issue.level === 'fatal')
    .reduce((sum, r) => sum + r.events, 0);
  const { sessions, latency } = ENVIRONMENT_SERIES[environment];
  const sessionCount = sessions.slice(-hours).reduce((a, b) => a + b, 0);
  const eventHourly = Array.from({ length: hours }, (_, i) =>
    ISSUES.reduce(
      (sum, issue) => sum + (issue.hourly[environment][HISTORY_HOURS - hours + i] ?? 0),
      0,
    ),
  );
  const byRelease = new Map<string, number>();
  for (const r of ranked)
    byRelease.set(r.issue.release, (byRelease.get(r.issue.release) ?? 0) + r.events);
  return {
    events,
    users,
    crashFreeSessions: 1 - (fatal * 0.9) / sessionCount,
    p95Ms: percentile(latency.slice(-hours), 0.95),
    eventSeries: bucketed(eventHourly, bucketHours, (v) => v.reduce((a, b) => a + b, 0)),
    latencySeries: bucketed(latency.slice(-hours), bucketHours, (v) => percentile(v, 0.95)),
    eventsByRelease: [...byRelease]
      .map(([release, count]) => ({ release, events: count }))
      .sort((a, b) => a.release.localeCompare(b.release, 'en', { numeric: true })),
    topIssues: ranked.slice(0, 5),
  };
}
