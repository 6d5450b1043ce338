/**
 * Stage 1 of an investigation: the model works through the tool funnel and writes a Markdown
 * report. AI SDK `generateText` runs the explore and deep-dive steps until the funnel reaches its
 * output step (restarted once from the same history when the model replies without a tool call
 * in explore: the funnel nudges it); the output step then runs by itself, with tool choice `none`.
 * A model that calls a tool there anyway (servers that ignore `tool_choice: none`) has the call
 * answered as not run and is asked once more; failing that, its `conclude` summary stands in for
 * the report. Compaction supplies each step's messages, marked with prompt cache breakpoints; the
 * funnel picks tool choice and per-step notes; every step's prompt is checked for a server cut.
 */
import type { Compaction } from '@sightline/compaction';
import { type Encoding, SightlineError } from '@sightline/core';
import {
  generateText,
  type LanguageModel,
  type ModelMessage,
  type PrepareStepFunction,
  type StepResult,
  type StopCondition,
  stepCountIs,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import { looksLikeReport } from '../diagnosis/parse-report-markdown.js';
import { throwIfAborted } from './abort.js';
import type { CountedStep } from './agent-stats.js';
import { type CostLimit, stepsCostUsd } from './cost-limit.js';
import { createToolFunnel, replayFunnel } from './funnel.js';
import { noToolCallError } from './loop-checks.js';
import { callModel } from './model-call.js';
import { partialReport } from './partial-report.js';
import { NOT_RUN_RESULT, OUTPUT_INSTRUCTIONS } from './phase-notes.js';
import type { AgentPhase, FunnelBudgets } from './phases.js';
import type { ProgressReporter } from './progress-reporter.js';
import { cachedSystemPrompt, promptCacheOptions, withCacheBreakpoints } from './prompt-cache.js';
import { createTruncationCheck } from './prompt-truncation.js';
import {
  type WithheldToolCall,
  withheldToolCalls,
  withholdToolCalls,
} from './withheld-tool-calls.js';

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
  /** Encoding of the model's tokens, for the check of a cut prompt. */
  encoding: Encoding;
  /** Prompt cache key shared by the steps of this run (OpenAI `promptCacheKey`). */
  cacheKey: string;
  stepTimeoutMs: number;
  /** Stops the loop after the step whose estimated cost reaches the cap. Default: no cap. */
  costLimit?: CostLimit;
  abortSignal?: AbortSignal;
  /**
   * Every finished step is pushed here too, also those of a call that failed later on (so the
   * caller can tell what a failed run spent). Default: none kept.
   */
  finished?: CountedStep[];
}

/** What the loop produced. */
export interface InvestigationLoopResult<TOOLS extends ToolSet> {
  /** Every step, in order. */
  steps: StepResult<TOOLS>[];
  /** The phase of each step. */
  phases: AgentPhase[];
  /**
   * The report, trimmed: the output step's text, or the `conclude` summary when the model called
   * tools in the output step twice. Empty when it wrote none, or when stopped at the cost cap.
   */
  markdown: string;
  /** Where `markdown` came from. */
  source: 'output' | 'conclude';
  /** The estimated cost in US dollars when the loop stopped at the cost cap (before its output step). */
  stoppedAtCostUsd?: number;
}

/** Most `generateText` calls before the output step: the search, and its restart after a nudge. */
const MAX_SEARCH_SEGMENTS = 2;

/**
 * Runs the funnel to its output step.
 * @returns the steps, their phases and the report text.
 * @throws SightlineError `MODEL_CALL_FAILED` (a failed call, or a server that cut the prompt),
 *   `MODEL_OUTPUT_INVALID` (no tool call at all, even after the nudge), both with the steps done
 *   so far as a partial report in `details.markdown`; `ABORTED`.
 */
export async function runInvestigationLoop<TOOLS extends ToolSet>(
  options: InvestigationLoopOptions<TOOLS>,
): Promise<InvestigationLoopResult<TOOLS>> {
  // Every finished step, also those of a model call that failed later on.
  const finished: StepResult<TOOLS>[] = [];
  try {
    return await runLoop(options, finished);
  } catch (error) {
    throw keepingSteps(error, finished);
  }
}

/**
 * A model failure that ends the run before a report keeps what the model did, as a partial
 * report in `details.markdown` (the CLI writes it to `.unverified.md`).
 */
function keepingSteps(
  error: unknown,
  steps: readonly { text: string; toolCalls: readonly { toolName: string; input: unknown }[] }[],
): unknown {
  if (!SightlineError.isInstance(error) || steps.length === 0) return error;
  if (error.code !== 'MODEL_CALL_FAILED' && error.code !== 'MODEL_OUTPUT_INVALID') return error;
  if (typeof error.details.markdown === 'string' && error.details.markdown !== '') return error;
  return new SightlineError({
    code: error.code,
    message: error.message,
    details: {
      errors: [],
      ...error.details,
      markdown: partialReport(
        'stopped by an error',
        `${error.message}\n\nNothing below was verified.`,
        steps,
      ),
    },
    cause: error,
  });
}

async function runLoop<TOOLS extends ToolSet>(
  {
    model,
    modelName,
    system,
    messages,
    tools,
    compaction,
    budgets,
    progress,
    encoding,
    cacheKey,
    stepTimeoutMs,
    costLimit,
    abortSignal,
    finished: kept,
  }: InvestigationLoopOptions<TOOLS>,
  finished: StepResult<TOOLS>[],
): Promise<InvestigationLoopResult<TOOLS>> {
  const steps: StepResult<TOOLS>[] = [];
  const history: ModelMessage[] = [...messages];
  const guarded = guardModel(model, { modelName, encoding });
  const funnel = createToolFunnel<TOOLS>({
    budgets,
    earlierSteps: () => steps,
    onStepStart: progress.onStepStart,
  });
  const spentUsd = (current: readonly StepResult<TOOLS>[]) =>
    costLimit ? stepsCostUsd([...steps, ...current], costLimit.pricing) : 0;
  const costReached = ({ steps: current }: { steps: StepResult<TOOLS>[] }) =>
    costLimit !== undefined && spentUsd(current) >= costLimit.maxCostUsd;
  const compacted = async (options: Parameters<PrepareStepFunction<TOOLS>>[0]) =>
    withCacheBreakpoints((await compaction.prepareStep(options)).messages);
  const prepareStep: PrepareStepFunction<TOOLS> = async (options) => {
    const marked = await compacted(options);
    const narrowed = await funnel.prepareStep({ ...options, messages: marked });
    return { messages: marked, ...narrowed };
  };
  /** The output step asked again: the funnel is done, so the note is given here. */
  const askAgain: PrepareStepFunction<TOOLS> = async (options) => {
    progress.onStepStart({ phase: 'output', step: 2 });
    const marked = await compacted(options);
    return {
      messages: [...marked, { role: 'user', content: OUTPUT_INSTRUCTIONS }],
      toolChoice: 'none',
    };
  };
  const run = async (
    stopWhen: StopCondition<TOOLS>[],
    prepare: PrepareStepFunction<TOOLS> = prepareStep,
  ) => {
    throwIfAborted(abortSignal);
    const result = await callModel(
      modelName,
      guarded,
      (model) =>
        generateText({
          model,
          system: cachedSystemPrompt(system),
          messages: history,
          tools,
          prepareStep: prepare,
          stopWhen,
          onStepFinish: (step) => {
            finished.push(step);
            kept?.push(step);
            progress.onStepFinish(step);
          },
          timeout: { stepMs: stepTimeoutMs },
          providerOptions: promptCacheOptions(cacheKey),
          ...(abortSignal ? { abortSignal } : {}),
        }),
      abortSignal,
    );
    steps.push(...result.steps);
    return result;
  };

  for (let segment = 0; segment < MAX_SEARCH_SEGMENTS; segment += 1) {
    const result = await run([funnel.stopWhen, costReached]);
    history.push(...result.response.messages);
    const { phases, next } = replayFunnel(steps, budgets);
    if (next.phase !== 'done' && costReached({ steps: [] })) {
      return { steps, phases, markdown: '', source: 'output', stoppedAtCostUsd: spentUsd([]) };
    }
    if (next.phase === 'output') break;
  }
  const { phases, next } = replayFunnel(steps, budgets);
  // Unreachable with the funnel's rules (a silent step moves to output after one nudge); kept as
  // a bound so a rule change can never loop forever.
  if (next.phase !== 'output') {
    throw new Error('The investigation loop did not reach its output step (a Sightline bug).');
  }
  if (steps.every((step) => step.toolCalls.length === 0)) {
    throw noToolCallError(
      modelName,
      steps.map((step) => step.text),
    );
  }

  const first = await run([stepCountIs(1)]);
  phases.push('output');
  const answer = first.steps.at(-1);
  const stray = answer ? withheldToolCalls(answer) : [];
  const text = answer?.text.trim() ?? '';
  if (stray.length === 0 || looksLikeReport(text))
    return { steps, phases, markdown: text, source: 'output' };

  history.push(...notRun(text, stray));
  const second = await run([stepCountIs(1)], askAgain);
  phases.push('output');
  const retried = second.steps.at(-1);
  const report = retried?.text.trim() ?? '';
  if (retried && (withheldToolCalls(retried).length === 0 || looksLikeReport(report))) {
    return { steps, phases, markdown: report, source: 'output' };
  }
  return { steps, phases, markdown: concludeSummary(steps), source: 'conclude' };
}

/**
 * The model the loop calls: tool calls in a step with tool choice `none` are withheld (see
 * `withheld-tool-calls.ts`) and every step's prompt is checked for a server cut. Only models of
 * the current specification (v3) can be wrapped; others run as given.
 */
function guardModel(
  model: LanguageModel,
  { modelName, encoding }: { modelName: string; encoding: Encoding },
): LanguageModel {
  if (typeof model === 'string' || model.specificationVersion !== 'v3') return model;
  return wrapLanguageModel({
    model,
    middleware: [withholdToolCalls, createTruncationCheck({ modelName, encoding })],
  });
}

/** The output step's answer with its tool calls, each answered as not run. */
function notRun(text: string, calls: readonly WithheldToolCall[]): ModelMessage[] {
  return [
    {
      role: 'assistant',
      content: [
        ...(text === '' ? [] : [{ type: 'text' as const, text }]),
        ...calls.map((call) => ({
          type: 'tool-call' as const,
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          input: parseInput(call.input),
        })),
      ],
    },
    {
      role: 'tool',
      content: calls.map((call) => ({
        type: 'tool-result' as const,
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: { type: 'text' as const, value: NOT_RUN_RESULT },
      })),
    },
  ];
}

function parseInput(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return {};
  }
}

/** The last `conclude` summary of the run, as a report the structurer reads; empty when none. */
function concludeSummary(
  steps: readonly { toolCalls: readonly { toolName: string; input: unknown }[] }[],
): string {
  const summary = steps
    .flatMap((step) => step.toolCalls)
    .findLast((call) => call.toolName === 'conclude')?.input as { summary?: unknown } | undefined;
  return typeof summary?.summary === 'string' && summary.summary.trim() !== ''
    ? `## Root cause\n${summary.summary.trim()}`
    : '';
}
