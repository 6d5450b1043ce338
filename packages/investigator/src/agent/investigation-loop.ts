/**
 * Stage 1 of an investigation: the model works through the tool funnel and writes a Markdown
 * report. One AI SDK `generateText` loop runs until the model replies without a tool call; the
 * loop is then restarted from the same history, where the funnel either nudges the model once
 * (explore) or asks for the report (output step), so every run ends with one output step.
 * Compaction supplies each step's messages, marked with prompt cache breakpoints; the funnel
 * picks tool choice and per-step notes.
 */
import type { Compaction } from '@sightline/compaction';
import {
  generateText,
  type LanguageModel,
  type ModelMessage,
  type PrepareStepFunction,
  type StepResult,
  type ToolSet,
} from 'ai';
import { throwIfAborted } from './abort.js';
import { type CostLimit, stepsCostUsd } from './cost-limit.js';
import { createToolFunnel, replayFunnel } from './funnel.js';
import { noToolCallError, truncatedContextError } from './loop-checks.js';
import { callModel } from './model-call.js';
import type { AgentPhase, FunnelBudgets } from './phases.js';
import type { ProgressReporter } from './progress-reporter.js';
import { cachedSystemPrompt, promptCacheOptions, withCacheBreakpoints } from './prompt-cache.js';

/** Options of {@link runInvestigationLoop}. */
export interface InvestigationLoopOptions<TOOLS extends ToolSet> {
  model: LanguageModel;
  /** Its name for messages (`describeModel`). */
  modelName: string;
  system: string;
  /** The first user message. */
  messages: ModelMessage[];
  /** Every tool of the run; the list is sent unchanged on every step. */
  tools: TOOLS;
  compaction: Compaction;
  budgets: FunnelBudgets;
  progress: ProgressReporter;
  /** Tokens of the system prompt and first message (a lower bound of the first request). */
  sentTokens: number;
  /** Prompt cache key shared by the steps of this run (OpenAI `promptCacheKey`). */
  cacheKey: string;
  stepTimeoutMs: number;
  /** Stops the loop after the step whose estimated cost reaches the cap. Default: no cap. */
  costLimit?: CostLimit;
  abortSignal?: AbortSignal;
}

/** What the loop produced. */
export interface InvestigationLoopResult<TOOLS extends ToolSet> {
  /** Every step, in order. */
  steps: StepResult<TOOLS>[];
  /** The phase of each step. */
  phases: AgentPhase[];
  /** The output step's text, trimmed (may be empty; empty when stopped at the cost cap). */
  markdown: string;
  /** The estimated cost in US dollars when the loop stopped at the cost cap (before its output step). */
  stoppedAtCostUsd?: number;
}

/** Most `generateText` calls: the loop, the one after a nudge, the output step. */
const MAX_SEGMENTS = 3;

/**
 * Runs the funnel to its output step.
 * @returns the steps, their phases and the report text.
 * @throws SightlineError `MODEL_CALL_FAILED` (a failed call, or a server that cut the prompt),
 *   `MODEL_OUTPUT_INVALID` (no tool call at all, even after the nudge), `ABORTED`.
 */
export async function runInvestigationLoop<TOOLS extends ToolSet>({
  model,
  modelName,
  system,
  messages,
  tools,
  compaction,
  budgets,
  progress,
  sentTokens,
  cacheKey,
  stepTimeoutMs,
  costLimit,
  abortSignal,
}: InvestigationLoopOptions<TOOLS>): Promise<InvestigationLoopResult<TOOLS>> {
  const steps: StepResult<TOOLS>[] = [];
  const history: ModelMessage[] = [...messages];
  const funnel = createToolFunnel<TOOLS>({
    budgets,
    earlierSteps: () => steps,
    onStepStart: progress.onStepStart,
  });
  const checkFirstStep = (finished: readonly StepResult<TOOLS>[]) => {
    const first = finished[0];
    if (steps.length > 0 || !first) return;
    const error = truncatedContextError(modelName, sentTokens, first.usage.inputTokens);
    if (error) throw error;
  };
  const spentUsd = (current: readonly StepResult<TOOLS>[]) =>
    costLimit ? stepsCostUsd([...steps, ...current], costLimit.pricing) : 0;
  const costReached = ({ steps: current }: { steps: StepResult<TOOLS>[] }) =>
    costLimit !== undefined && spentUsd(current) >= costLimit.maxCostUsd;
  const prepareStep: PrepareStepFunction<TOOLS> = async (options) => {
    checkFirstStep(options.steps);
    const { messages: compacted } = await compaction.prepareStep(options);
    const marked = withCacheBreakpoints(compacted);
    const narrowed = await funnel.prepareStep({ ...options, messages: marked });
    return { messages: marked, ...narrowed };
  };

  for (let segment = 0; segment < MAX_SEGMENTS; segment += 1) {
    throwIfAborted(abortSignal);
    const result = await callModel(
      modelName,
      () =>
        generateText({
          model,
          system: cachedSystemPrompt(system),
          messages: history,
          tools,
          prepareStep,
          stopWhen: [funnel.stopWhen, costReached],
          onStepFinish: progress.onStepFinish,
          timeout: { stepMs: stepTimeoutMs },
          providerOptions: promptCacheOptions(cacheKey),
          ...(abortSignal ? { abortSignal } : {}),
        }),
      abortSignal,
    );
    checkFirstStep(result.steps);
    steps.push(...result.steps);
    history.push(...result.response.messages);
    const { phases, next } = replayFunnel(steps, budgets);
    if (next.phase !== 'done' && costReached({ steps: [] })) {
      return { steps, phases, markdown: '', stoppedAtCostUsd: spentUsd([]) };
    }
    if (next.phase === 'done') {
      return { steps, phases, markdown: steps.at(-1)?.text.trim() ?? '' };
    }
    if (next.phase === 'output' && steps.every((step) => step.toolCalls.length === 0)) {
      throw noToolCallError(
        modelName,
        steps.map((step) => step.text),
      );
    }
  }
  // Unreachable with the funnel's rules (a silent step moves to output after one nudge); kept as
  // a bound so a rule change can never loop forever.
  throw new Error('The investigation loop did not reach its output step (a Sightline bug).');
}
