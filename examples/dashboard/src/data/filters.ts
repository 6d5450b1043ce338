/** The dashboard's filters: environment and time range, with their display labels. */

/** Environments the sample data covers, most traffic first. */
export const ENVIRONMENTS = ['production', 'staging', 'development'] as const;
/** One of {@link ENVIRONMENTS}. */
export type Environment = (typeof ENVIRONMENTS)[number];

/** Time ranges the dashboard offers: label, length in hours, and chart bucket size in hours. */
export const TIME_RANGES = {
  '24h': { label: 'Last 24 hours', hours: 24, bucketHours: 1 },
  '7d': { label: 'Last 7 days', hours: 168, bucketHours: 6 },
  '14d': { label: 'Last 14 days', hours: 336, bucketHours: 12 },
} as const;
/** A key of {@link TIME_RANGES}. */
export type TimeRange = keyof typeof TIME_RANGES;
/** The keys of {@link TIME_RANGES}, in display order. */
export const TIME_RANGE_KEYS = Object.keys(TIME_RANGES) as [TimeRange, ...TimeRange[]];

/** What the dashboard is filtered by. */
export interface Filters {
  environment: Environment;
  timeRange: TimeRange;
}

/** The filters a fresh dashboard opens with. */
export const DEFAULT_FILTERS: Filters = { environment: 'production', timeRange: '24h' };

/** Hours of sample data: the longest time range. */
export const HISTORY_HOURS = TIME_RANGES['14d'].hours;

/** The sample data's "now" (fixed, so every load renders the same values): 2026-11-30 12:00 UTC. */
export const NOW = Date.UTC(2026, 10, 30, 12);
