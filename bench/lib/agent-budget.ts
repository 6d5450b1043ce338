/**
 * bench:agent's tool-call budget table: what real runs needed (`real-run-calls.ts`), the largest
 * budget a 200k window holds without the store tools (`needsStoredTools`), what the scripted
 * scenarios need, and the default those give — checked against `DEFAULT_FUNNEL_BUDGETS`.
 */
import path from 'node:path';
import type { ScriptedResponse } from '@sightline/core/testing';
import { DEFAULT_FUNNEL_BUDGETS, needsStoredTools } from '@sightline/investigator/internal';
import { BENCH_DIR } from './npm-pack.js';
import { measureRealRuns, nearestRank, type RealRunCalls } from './real-run-calls.js';
import { type Figures, markdownTable } from './results.js';

/** The recorded runs bench:compaction replays. */
const RUN_FOLDERS = ['trajectories', 'trajectories-long'].map((folder) =>
  path.resolve(BENCH_DIR, '..', '..', 'shared', 'data', folder),
);
/** The window the ceiling is computed for (Claude Sonnet 4.5, GPT-5 class models) and its offload limit. */
const WINDOW = { contextWindow: 200_000, offloadLimitTokens: 20_000 };
/**
 * First messages (report, repository map, suspects) the ceiling must hold for, in tokens: from
 * a small report with a small map up to a 1,024-token map with a report of ~9,500 tokens. The
 * shared data's reports are 246–382 tokens (cases) and 72–2,451 tokens (14 of the 16 crash logs;
 * the other two, an ANR thread dump and an Apple crash report, are 14.6k and 16.4k).
 */
const FIRST_MESSAGE_TOKENS = [2_000, 11_000];
/** Tools that steer the funnel and do not count against the budget. */
const PHASE_TOOLS = new Set(['suspect', 'conclude']);

/** The budget table, its verdict and its figures. */
export interface BudgetMeasurement {
  markdown: string;
  figures: Figures;
  inputs: { runs: RealRunCalls[]; folders: string[] };
}

/** Largest budget for which no first message in {@link FIRST_MESSAGE_TOKENS} needs the store tools. */
function storedToolsCeiling(): number {
  let budget = 1;
  const fits = (toolCalls: number) =>
    FIRST_MESSAGE_TOKENS.every(
      (firstMessageTokens) =>
        !needsStoredTools({
          ...WINDOW,
          firstMessageTokens,
          budgets: { ...DEFAULT_FUNNEL_BUDGETS, toolCalls },
        }),
    );
  while (fits(budget + 1)) budget += 1;
  return budget;
}

/** Code-tool calls in a script (phase tools left out), as the budget counts them. */
function codeToolCalls(script: readonly ScriptedResponse[]): number {
  return script.reduce(
    (total, step) =>
      total +
      ('toolCalls' in step
        ? step.toolCalls.filter((call) => !PHASE_TOOLS.has(call.toolName)).length
        : 0),
    0,
  );
}

/**
 * Measures the tool-call budget.
 * @param scenarios - the bench's well-behaved scripted investigations (name and answers).
 * @returns the Markdown (table and verdict), figures and inputs; a note instead of the table
 *   when the shared data folder is missing.
 */
export function measureBudget(
  scenarios: readonly { name: string; agent: readonly ScriptedResponse[] }[],
): BudgetMeasurement {
  const runs = measureRealRuns(RUN_FOLDERS);
  const inputs = { runs, folders: RUN_FOLDERS.map((folder) => path.relative(BENCH_DIR, folder)) };
  if (runs.length === 0) {
    return {
      markdown: `Tool-call budget: not measured (no recorded runs in ${RUN_FOLDERS.join(', ')}).`,
      figures: {},
      inputs,
    };
  }
  const needs = runs.map((run) => run.need);
  const median = nearestRank(needs, 0.5);
  const upperQuartile = nearestRank(needs, 0.75);
  const ceiling = storedToolsCeiling();
  const scripted = Math.max(...scenarios.map((scenario) => codeToolCalls(scenario.agent)));
  const derived = Math.min(upperQuartile, ceiling);
  const current = DEFAULT_FUNNEL_BUDGETS.toolCalls;
  const table = markdownTable(
    ['recorded run', 'files it fixed', 'searches', 'files read', 'code-tool calls needed', 'reach'],
    runs.map((run) => [
      run.run,
      run.fixFiles.join(', '),
      run.searches,
      run.filesRead,
      run.need,
      run.reach ?? '—',
    ]),
  );
  const covered = needs.filter((need) => need <= derived).length;
  const verdict = `Tool-call budget: real runs needed a median of ${median} code-tool calls (upper quartile ${upperQuartile}) before their first edit of a file they fixed; the largest budget a ${WINDOW.contextWindow / 1000}k window holds without offering the store tools (first message ${FIRST_MESSAGE_TOKENS.join('–')} tokens) is ${ceiling}; the scripted scenarios need at most ${scripted}. Default = min(upper quartile, ceiling) = **${derived}**, covering ${covered} of ${runs.length} runs; \`DEFAULT_FUNNEL_BUDGETS.toolCalls\` is ${current}: ${current === derived ? 'as measured' : '**differs from the measurement**'}.`;
  const about = `Tool-call budget, from the recorded real runs of ../shared/data/trajectories and trajectories-long (those with a patch; \`bench/lib/real-run-calls.ts\`): per run, the searches and the distinct files read before its first edit of a file its patch changes (Sightline's \`read_file\` returns a whole file where these agents read slices); reach: reads and searches up to the first that names a fix file. Commands that run, install or write are not counted.`;
  return {
    markdown: [about, table, verdict].join('\n\n'),
    figures: {
      budgetNeedMedian: { value: median, unit: 'tool calls', note: `${runs.length} real runs` },
      budgetNeedUpperQuartile: { value: upperQuartile, unit: 'tool calls' },
      budgetStoredToolsCeiling: { value: ceiling, unit: 'tool calls' },
      budgetScriptedMax: { value: scripted, unit: 'tool calls' },
      budgetDerived: { value: derived, unit: 'tool calls' },
      budgetDefault: { value: current ?? 0, unit: 'tool calls' },
    },
    inputs,
  };
}
