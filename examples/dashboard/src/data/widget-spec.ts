/**
 * What a user (or Seer, the dashboard's agent) can put on the dashboard: a widget of a type,
 * showing a metric, optionally narrowed by a query, grouped by a dimension, over a time range.
 * Declared once with zod: the same schemas validate the actions' input and become their JSON
 * Schema in the tool definitions.
 */
import { z } from 'zod';
import { TIME_RANGE_KEYS } from './filters.js';

/** How a widget draws its values. */
export const WIDGET_TYPES = ['number', 'line', 'bar', 'table'] as const;

/** Metrics a widget can show, with the label the page displays. */
export const WIDGET_METRICS = {
  events: 'events',
  users: 'users affected',
  error_rate: 'error rate',
  p95_latency: 'p95(transaction.duration)',
  crash_free_sessions: 'crash-free sessions',
} as const;
/** A key of {@link WIDGET_METRICS}. */
export type WidgetMetric = keyof typeof WIDGET_METRICS;

/** Dimensions a widget can group by (`none`: one value). */
export const WIDGET_GROUPINGS = ['none', 'endpoint', 'release', 'environment'] as const;

const metricKeys = Object.keys(WIDGET_METRICS) as [WidgetMetric, ...WidgetMetric[]];

/** The configurable fields of a widget; every field optional for an update. */
const widgetFields = {
  type: z.enum(WIDGET_TYPES).describe('number: one value; line: over time; bar, table: by group'),
  metric: z.enum(metricKeys),
  query: z
    .string()
    .max(100)
    .describe('Issue text filter for events, users, error_rate (e.g. "TypeError")'),
  groupBy: z.enum(WIDGET_GROUPINGS),
  timeRange: z.enum(TIME_RANGE_KEYS),
  title: z.string().min(1).max(60),
};

/** Input of `add_widget`: the widget, and where it goes. */
export const addWidgetInput = z.object({
  ...widgetFields,
  query: widgetFields.query.optional(),
  groupBy: widgetFields.groupBy.optional().describe('Default none'),
  timeRange: widgetFields.timeRange.optional().describe("Default: the dashboard's"),
  title: widgetFields.title.optional().describe('Default: from metric and grouping'),
  after: z.string().optional().describe('Widget id to place it after; default: at the end'),
});

/** Input of `update_widget`: the widget's id and the fields that change. */
export const updateWidgetInput = z.object({
  id: z.string(),
  ...z.object(widgetFields).partial().shape,
});

/** Input of `remove_widget`. */
export const removeWidgetInput = z.object({ id: z.string() });

/** A widget on the dashboard, as stored. */
export interface WidgetSpec {
  /** Stable id, `custom-<n>`; also its page-context node id. */
  id: string;
  title: string;
  type: (typeof WIDGET_TYPES)[number];
  metric: WidgetMetric;
  /** Empty: no filter. */
  query: string;
  groupBy: (typeof WIDGET_GROUPINGS)[number];
  timeRange: z.infer<typeof widgetFields.timeRange>;
  /** Id of the widget it follows, when placed. */
  after?: string;
}

/**
 * @param spec - metric, grouping and query of a widget.
 * @returns its default title, e.g. `p95(transaction.duration) by endpoint`.
 */
export function defaultWidgetTitle(spec: Pick<WidgetSpec, 'metric' | 'groupBy' | 'query'>): string {
  const label = WIDGET_METRICS[spec.metric];
  const grouped = spec.groupBy === 'none' ? label : `${label} by ${spec.groupBy}`;
  return spec.query ? `${grouped} (${spec.query})` : grouped;
}
