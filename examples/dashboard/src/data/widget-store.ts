/**
 * The dashboard's configured widgets (added by the user or by the agent's actions), kept for the
 * session and shared by every mounted dashboard. Built-in widgets are not here and cannot be
 * changed or removed.
 */
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import type { TimeRange } from './filters.js';
import {
  type addWidgetInput,
  defaultWidgetTitle,
  type updateWidgetInput,
  type WidgetSpec,
} from './widget-spec.js';

let widgets: readonly WidgetSpec[] = [];
let created = 0;
const listeners = new Set<() => void>();

function publish(next: readonly WidgetSpec[]): void {
  widgets = next;
  for (const listener of listeners) listener();
}

function find(id: string): WidgetSpec {
  const widget = widgets.find((w) => w.id === id);
  if (!widget) {
    const known = widgets.map((w) => w.id).join(', ') || 'none yet';
    throw new Error(
      `No configured widget "${id}" (configured: ${known}); built-in widgets cannot be changed.`,
    );
  }
  return widget;
}

/**
 * Adds a widget.
 * @param input - as validated by {@link addWidgetInput}.
 * @param defaultTimeRange - the dashboard's time range, for a widget that names none.
 * @returns the stored widget.
 */
export function addWidget(
  input: z.output<typeof addWidgetInput>,
  defaultTimeRange: TimeRange,
): WidgetSpec {
  const base = {
    type: input.type,
    metric: input.metric,
    query: input.query ?? '',
    groupBy: input.groupBy ?? 'none',
    timeRange: input.timeRange ?? defaultTimeRange,
  };
  const widget: WidgetSpec = {
    id: `custom-${++created}`,
    title: input.title ?? defaultWidgetTitle(base),
    ...base,
    ...(input.after ? { after: input.after } : {}),
  };
  publish([...widgets, widget]);
  return widget;
}

/**
 * Changes fields of a configured widget; the title follows metric and grouping unless it was set.
 * @throws Error naming the configured ids when `input.id` is not one of them.
 */
export function updateWidget({ id, ...patch }: z.output<typeof updateWidgetInput>): WidgetSpec {
  const current = find(id);
  const keepsDefaultTitle = current.title === defaultWidgetTitle(current);
  const next = {
    ...current,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  };
  if (patch.title === undefined && keepsDefaultTitle) next.title = defaultWidgetTitle(next);
  publish(widgets.map((w) => (w.id === id ? next : w)));
  return next;
}

/**
 * Removes a configured widget.
 * @throws Error naming the configured ids when `id` is not one of them.
 */
export function removeWidget(id: string): void {
  find(id);
  publish(widgets.filter((w) => w.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** @returns the configured widgets, re-rendering when they change. */
export function useConfiguredWidgets(): readonly WidgetSpec[] {
  return useSyncExternalStore(
    subscribe,
    () => widgets,
    () => widgets,
  );
}
