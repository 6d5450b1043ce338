/**
 * Times `snapshot()` + `toMarkdown()` of a synthetic page of realistic nodes (target: 2,000 nodes
 * in under 5 ms, from the page-context issue). Called by `bench/page-context.ts`; runs alone with
 * `npx tsx --conditions=@sightline/source bench/page-context-render.ts`.
 *
 * The page: a dashboard with sections of widgets; each widget has a title, a value, a unit, a
 * status, tags and a few child nodes (a legend, a small table of five rows, a threshold); one node
 * in ten declares an action with a zod schema, one in five has details.
 */
import { loadavg } from 'node:os';
import { countTokens } from '@sightline/core';
import {
  createPageContextRegistry,
  definePageAction,
  type PageContextRegistry,
  toMarkdown,
} from '@sightline/page-context';
import { z } from 'zod';
import { median } from './lib/stats.js';

/** Options of {@link measureSnapshotAndMarkdown}. */
export interface MeasureRenderOptions {
  /** Nodes in the synthetic page. Default 2,000. */
  nodes?: number;
  /** Timed runs (after 5 warm-up runs). Default 50. */
  runs?: number;
  /** Token budget of the budgeted variant. Default 4,000. */
  budgetTokens?: number;
}

/** What {@link measureSnapshotAndMarkdown} measured (times in ms, medians). */
export interface RenderMeasurement {
  nodes: number;
  runs: number;
  /** snapshot() + toMarkdown() without a budget: the headline figure (wall time). */
  medianMs: number;
  /** The same in CPU time of the process (includes GC threads). */
  medianCpuMs: number;
  /** snapshot() alone. */
  snapshotMedianMs: number;
  /** snapshot() + toMarkdown() with `budgetTokens` (exact counts, per-block cache warm). */
  budgetedMedianMs: number;
  /** The same in CPU time. */
  budgetedMedianCpuMs: number;
  /** The same, first call: every block rendered and counted (encoding already loaded). */
  budgetedColdMs: number;
  budgetTokens: number;
  /** Registering all nodes once (data serialized at write; one run, includes JIT warm-up). */
  registerMs: number;
  /** Size of the unbudgeted Markdown, in characters. */
  markdownChars: number;
  /** One-minute load average when measured: wall times are noisy when it exceeds the cores. */
  loadAverage: number;
}

const setRange = definePageAction({
  description: 'Set the time range of this widget',
  input: z.object({ range: z.enum(['1h', '24h', '7d', '30d']) }),
  handler: () => undefined,
});

/**
 * Builds a registry holding a synthetic page of `count` nodes.
 * @param count - number of nodes, at least 1.
 * @returns the filled registry.
 */
function syntheticPage(count: number): PageContextRegistry {
  const registry = createPageContextRegistry();
  registry.setLocation({
    route: 'dashboard',
    params: { org: 'acme' },
    query: { env: 'production' },
  });
  const page = registry.register({
    type: 'dashboard',
    priority: 10,
    data: { title: 'API health', environment: 'production', timeRange: '24h' },
  });
  let made = 1;
  let section = '';
  while (made < count) {
    if (made % 100 === 1) {
      section = registry.register({
        type: 'section',
        parentId: page,
        priority: 5,
        data: { title: `Section ${made}`, collapsed: false },
      });
      made++;
      continue;
    }
    const widget = registry.register({
      type: 'widget',
      parentId: section,
      priority: made % 7,
      data: {
        title: `p95 latency of service ${made}`,
        value: 120 + (made % 50),
        unit: 'ms',
        status: made % 9 === 0 ? 'alert' : 'ok',
        tags: ['api', `region-${made % 4}`],
      },
      ...(made % 10 === 0 ? { actions: { set_range: setRange } } : {}),
      ...(made % 5 === 0 ? { details: () => ({ series: [1, 2, 3] }) } : {}),
    });
    made++;
    const children: [string, unknown][] = [
      ['legend', { items: ['p50', 'p95', 'p99'] }],
      [
        'table',
        {
          rows: Array.from({ length: 5 }, (_, row) => ({
            endpoint: `/v1/items/${row}`,
            calls: 1000 + row,
            errors: row,
          })),
        },
      ],
      ['threshold', { warning: 200, critical: 500 }],
    ];
    for (const [type, data] of children) {
      if (made >= count) break;
      registry.register({ type, parentId: widget, data });
      made++;
    }
  }
  return registry;
}

interface Timing {
  /** Median wall time, ms. */
  wall: number;
  /** Median CPU time of the process (user + system), ms: less sensitive to a busy machine. */
  cpu: number;
}

function medianOf(runs: number, task: () => void): Timing {
  for (let warm = 0; warm < 5; warm++) task();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    task();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

/**
 * Measures snapshot + Markdown on a synthetic page.
 * @param options - node count (default 2,000), runs (default 50), budget (default 4,000 tokens).
 * @returns medians in ms (wall and CPU), the Markdown size and the machine's load.
 */
export function measureSnapshotAndMarkdown({
  nodes = 2000,
  runs = 50,
  budgetTokens = 4000,
}: MeasureRenderOptions = {}): RenderMeasurement {
  const buildStart = performance.now();
  const registry = syntheticPage(nodes);
  const registerMs = performance.now() - buildStart;
  countTokens('load the encoding before timing');
  const coldStart = performance.now();
  toMarkdown(registry.snapshot(), { budgetTokens });
  const budgetedColdMs = performance.now() - coldStart;
  const both = medianOf(runs, () => toMarkdown(registry.snapshot()));
  const budgeted = medianOf(runs, () => toMarkdown(registry.snapshot(), { budgetTokens }));
  return {
    nodes: registry.size,
    runs,
    medianMs: both.wall,
    medianCpuMs: both.cpu,
    snapshotMedianMs: medianOf(runs, () => registry.snapshot()).wall,
    budgetedMedianMs: budgeted.wall,
    budgetedMedianCpuMs: budgeted.cpu,
    budgetedColdMs,
    budgetTokens,
    registerMs,
    markdownChars: toMarkdown(registry.snapshot()).length,
    loadAverage: loadavg()[0] ?? 0,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(measureSnapshotAndMarkdown());
}
