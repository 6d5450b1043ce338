/**
 * The investigation agent: one AI SDK `generateText` loop through the tool funnel (explore →
 * deep-dive → output) that writes a Markdown report, then a structurer call that turns it into a
 * verified `Diagnosis`. Compaction (@sightline/compaction) runs on every step: large tool results
 * are offloaded to its store as they arrive, and the history is compacted near the model's window.
 */

import { createCodeTools, type Repository } from '@sightline/codebase';
import { type Compaction, type CompactionEvent, createCompaction } from '@sightline/compaction';
import { getModelProfile, type ModelProfile, SightlineError } from '@sightline/core';
import type { Report } from '@sightline/intake';
import {
  generateText,
  type LanguageModel,
  type ModelMessage,
  type PrepareStepFunction,
  type StepResult,
} from 'ai';
import type { Diagnosis, DiagnosisLabel, DiagnosisStats, Suspect } from '../diagnosis/schema.js';
import { throwIfAborted } from './abort.js';
import { countByPhase, summarizeStats } from './agent-stats.js';
import {
  type AgentPhase,
  createToolFunnel,
  DEFAULT_FUNNEL_BUDGETS,
  type FunnelBudgets,
  replayFunnel,
} from './funnel.js';
import { callModel, describeModel } from './model-call.js';
import { createPhaseTools } from './phase-tools.js';
import { buildInvestigationPrompt, buildSystemPrompt, OUTPUT_INSTRUCTIONS } from './prompts.js';
import { structureReport } from './structure.js';

/** A progress event of {@link investigateWithModel} (for spinners and logs). */
export type InvestigateWithModelProgress =
  | { type: 'phase-change'; phase: AgentPhase | 'structure' }
  | { type: 'step'; phase: AgentPhase; step: number }
  | { type: 'tool-call'; name: string; input: string }
  /** Tokens used so far by the investigation loop (cumulative). */
  | { type: 'tokens'; input: number; output: number }
  /** Compaction moved something out of the context (offload, mask, truncation or summary). */
  | { type: 'compaction'; event: CompactionEvent };

/** Options of {@link investigateWithModel}. */
export interface InvestigateWithModelOptions {
  /** The parsed report (from `parseReport`). */
  report: Report;
  /** The repository (from `openRepository`); the code tools search its index. */
  repository: Repository;
  /** The investigating model (e.g. `resolveModel(spec).model`). */
  model: LanguageModel;
  /** The model that turns the Markdown report into JSON. Default: `model`. */
  structurer?: LanguageModel;
  /**
   * Context window, output limit and encoding of `model`, which set the compaction thresholds.
   * Default: `getModelProfile` of the model's id (an unknown id gets the conservative 32k profile).
   */
  profile?: ModelProfile;
  /** Offline suspects (from `localize`), best first. Shown to the model and kept in the diagnosis. */
  suspects: Suspect[];
  /** Repository map rendered for this report (`renderRepositoryMap(index, { focus, tokens })` text). */
  repoMap: string;
  /** Step budgets. Default `{ explore: 8, deepDive: 4 }` (whole numbers ≥ 1). */
  budgets?: Partial<FunnelBudgets>;
  /** The report's classification. */
  label: DiagnosisLabel;
  /** Receives progress events; must not throw. */
  onProgress?: (event: InvestigateWithModelProgress) => void;
  /**
   * Longest wait for one model call (one step), in ms; a server that accepts the connection but
   * never answers fails after this instead of hanging. Default {@link DEFAULT_STEP_TIMEOUT_MS}.
   */
  stepTimeoutMs?: number;
  /**
   * Cancels the investigation: the model call in flight is aborted and no further step starts.
   * Default: never cancelled.
   */
  abortSignal?: AbortSignal;
}

/** Default longest wait for one model call: 3 minutes (a long reasoning step on a slow model). */
export const DEFAULT_STEP_TIMEOUT_MS = 180_000;

/** What {@link investigateWithModel} returns. */
export interface InvestigateWithModelResult {
  /** The verified diagnosis (`method: 'agent'`). */
  diagnosis: Diagnosis;
  /** The agent's Markdown report (stage 1). */
  markdown: string;
  /** Cost of the run; `byPhase` has `explore`, `deep-dive`, `output` and `structure`. */
  stats: DiagnosisStats;
  /** What compaction did during the loop, oldest first (empty when the context stayed small). */
  compactionEvents: readonly CompactionEvent[];
}

/** The tools the agent is given (the funnel narrows them per step). */
type InvestigationTools = ReturnType<typeof createCodeTools> &
  ReturnType<typeof createPhaseTools> &
  Pick<Compaction['tools'], 'read_stored' | 'search_stored'>;

/** Longest tool input summary in a progress event, in characters. */
const INPUT_SUMMARY_CHARS = 120;

/**
 * Investigates a report with a model: explore with the four read-only code tools, deep-dive with
 * `read_file`, write a Markdown report, structure it into a diagnosis and verify it against the
 * repository (one re-ask on failure).
 * @returns the verified diagnosis, the Markdown report and the run's statistics.
 * @throws SightlineError `INVALID_ARGUMENT` for bad budgets; `MODEL_CALL_FAILED` when a model call fails (network, auth, unknown model);
 *   `MODEL_OUTPUT_INVALID` when no valid diagnosis results — `details.markdown` keeps the report
 *   and `details.errors` the verification errors; `ABORTED` when `abortSignal` fired.
 * @example
 * const { model } = resolveModel('anthropic:claude-sonnet-4-5');
 * const { diagnosis, markdown } = await investigateWithModel({
 *   report, repository, model, suspects, label: 'bug',
 *   repoMap: renderRepositoryMap(await repository.index(), { focus, tokens: 2048 }).text,
 * });
 */
export async function investigateWithModel({
  report,
  repository,
  model,
  structurer = model,
  profile = getModelProfile(typeof model === 'string' ? model : model.modelId),
  suspects,
  repoMap,
  budgets: budgetOptions,
  label,
  onProgress,
  stepTimeoutMs = DEFAULT_STEP_TIMEOUT_MS,
  abortSignal,
}: InvestigateWithModelOptions): Promise<InvestigateWithModelResult> {
  const started = performance.now();
  const budgets = checkBudgets({ ...DEFAULT_FUNNEL_BUDGETS, ...budgetOptions });
  const { root } = repository;
  const index = await repository.index();
  const modelName = describeModel(model);
  const system = buildSystemPrompt(budgets);
  const compaction = createCompaction({
    profile,
    system,
    offloadLimit: investigationOffloadLimit(profile),
    onEvent: (event) => onProgress?.({ type: 'compaction', event }),
  });
  const { read_stored, search_stored } = compaction.tools;
  const tools: InvestigationTools = compaction.wrapTools({
    ...createCodeTools({ root, index }),
    ...createPhaseTools({ root }),
    read_stored,
    search_stored,
  });
  const messages: ModelMessage[] = [
    { role: 'user', content: buildInvestigationPrompt({ report, repoMap, suspects }) },
  ];

  let currentPhase: AgentPhase | undefined;
  const tokens = { input: 0, output: 0 };
  const funnel = createToolFunnel<InvestigationTools>({
    budgets,
    onStepStart: ({ phase, step }) => {
      if (phase !== currentPhase) onProgress?.({ type: 'phase-change', phase });
      currentPhase = phase;
      onProgress?.({ type: 'step', phase, step });
    },
  });
  const onStepFinish = (step: StepResult<InvestigationTools>) => {
    for (const call of step.toolCalls) {
      const input = JSON.stringify(call.input) ?? '';
      onProgress?.({
        type: 'tool-call',
        name: call.toolName,
        input: input.slice(0, INPUT_SUMMARY_CHARS),
      });
    }
    tokens.input += step.usage.inputTokens ?? 0;
    tokens.output += step.usage.outputTokens ?? 0;
    onProgress?.({ type: 'tokens', ...tokens });
  };
  // Compaction supplies this step's messages; the funnel picks the tools and may append its note.
  const prepareStep: PrepareStepFunction<InvestigationTools> = async (options) => {
    const { messages: compacted } = await compaction.prepareStep(options);
    const narrowed = await funnel.prepareStep({ ...options, messages: compacted });
    return { messages: compacted, ...narrowed };
  };

  const cancel = abortSignal ? { abortSignal } : {};
  throwIfAborted(abortSignal);
  const loop = await callModel(
    modelName,
    () =>
      generateText({
        model,
        system,
        messages,
        tools,
        prepareStep,
        stopWhen: funnel.stopWhen,
        onStepFinish,
        timeout: { stepMs: stepTimeoutMs },
        ...cancel,
      }),
    abortSignal,
  );
  const steps: StepResult<InvestigationTools>[] = [...loop.steps];
  const phases = replayFunnel(steps, budgets).phases;
  if (phases.at(-1) !== 'output') {
    // The model answered without a tool call before the output phase (it considers itself done):
    // ask for the report in one more step, with no tools.
    if (currentPhase !== 'output') onProgress?.({ type: 'phase-change', phase: 'output' });
    onProgress?.({ type: 'step', phase: 'output', step: 1 });
    const history = await compaction.compact([...messages, ...loop.response.messages]);
    throwIfAborted(abortSignal);
    const output = await callModel(
      modelName,
      () =>
        generateText({
          model,
          system,
          messages: [...history, { role: 'user', content: OUTPUT_INSTRUCTIONS }],
          tools,
          activeTools: [],
          toolChoice: 'none',
          timeout: stepTimeoutMs,
          ...cancel,
        }),
      abortSignal,
    );
    output.steps.forEach(onStepFinish);
    steps.push(...output.steps);
    phases.push('output');
  }
  const markdown = steps.at(-1)?.text.trim() ?? '';

  const byPhase = countByPhase(steps, phases);
  const statsNow = (): DiagnosisStats =>
    summarizeStats(byPhase, modelName, performance.now() - started);
  if (markdown === '') {
    throw new SightlineError({
      code: 'MODEL_OUTPUT_INVALID',
      message: `The model ${modelName} wrote no report in the output phase. Try again or use a stronger model.`,
      details: { errors: [], markdown, stats: statsNow() },
    });
  }

  onProgress?.({ type: 'phase-change', phase: 'structure' });
  const structured = await structureReport({
    model: structurer,
    modelName: describeModel(structurer),
    markdown,
    repository,
    context: { report, label, method: 'agent', suspects, stats: statsNow() },
    stepTimeoutMs,
    ...cancel,
  });
  byPhase.structure = {
    steps: structured.usage.calls,
    toolCalls: 0,
    inputTokens: structured.usage.inputTokens,
    outputTokens: structured.usage.outputTokens,
  };
  const stats = statsNow();
  return {
    diagnosis: { ...structured.diagnosis, stats },
    markdown,
    stats,
    compactionEvents: compaction.events,
  };
}

/**
 * Tool results above this size are offloaded: 10 % of the window, at most 20,000 tokens (the
 * compaction default, which is 10 % of a 200k window). Code tools cap their output at 10,000
 * tokens, so only models with windows under 100k tokens offload code tool results.
 */
function investigationOffloadLimit(profile: ModelProfile): { tokens: number } {
  return { tokens: Math.min(20_000, Math.floor(profile.contextWindow / 10)) };
}

function checkBudgets(budgets: FunnelBudgets): FunnelBudgets {
  for (const [name, value] of Object.entries(budgets)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `The ${name} step budget must be a whole number of at least 1 (got ${value}).`,
        details: { [name]: value },
      });
    }
  }
  return budgets;
}
