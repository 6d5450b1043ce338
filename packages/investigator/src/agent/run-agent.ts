/**
 * The investigation agent: one AI SDK `generateText` loop through the tool funnel (explore →
 * deep-dive → output) that writes a Markdown report, then a structurer call that turns it into a
 * verified `Diagnosis`. Compaction (@sightline/compaction) runs on every step: large tool results
 * are offloaded to its store as they arrive, and the history is compacted near the model's window.
 */

import { createCodeTools, type Repository, type RepositoryIndex } from '@sightline/codebase';
import { type Compaction, type CompactionEvent, createCompaction } from '@sightline/compaction';
import { countTokens, getModelProfile, type ModelProfile, SightlineError } from '@sightline/core';
import type { Report } from '@sightline/intake';
import type { LanguageModel, ModelMessage, ToolSet } from 'ai';
import type { LabelCertainty } from '../diagnosis/assemble-diagnosis.js';
import type { DiagnosisLabel, DiagnosisStats, PhaseStats, Suspect } from '../diagnosis/schema.js';
import type { VerificationResult } from '../diagnosis/verification-error.js';
import type { CountedStep } from './agent-stats.js';
import { countByPhase, countCodeToolReads, summarizeStats } from './agent-stats.js';
import { checkCostLimit, costLimitError, stepsCostUsd, withSpentCost } from './cost-limit.js';
import { runInvestigationLoop } from './investigation-loop.js';
import { describeModel } from './model-call.js';
import { partialReport } from './partial-report.js';
import { createPhaseTools } from './phase-tools.js';
import { DEFAULT_FUNNEL_BUDGETS, type FunnelBudgets } from './phases.js';
import { createProgressReporter, type InvestigateWithModelProgress } from './progress-reporter.js';
import { buildInvestigationPrompt, buildSystemPrompt } from './prompts.js';
import { COMPACTION_TRIGGER, needsStoredTools } from './stored-tools.js';
import { structureReport } from './structure.js';
import { withToolCallBudget } from './tool-call-budget.js';
import { isResponsesModel, withLenientInputs } from './tool-inputs.js';

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
   * Context window, output limit and encoding of `model`, which set the compaction thresholds,
   * and its prices, which set `stats.costUsd`. Default: `getModelProfile` of the model's id (an
   * unknown id gets the conservative 32k profile and no price). The structurer's prices come from
   * its own profile.
   */
  profile?: ModelProfile;
  /** Offline suspects (from `localize`), best first. Shown to the model and kept in the diagnosis. */
  suspects: Suspect[];
  /** Repository map rendered for this report (`renderRepositoryMap(index, { focus, tokens })` text). */
  repoMap: string;
  /** Budgets. Default `{ explore: 8, deepDive: 4, toolCalls: 14 }` (whole numbers ≥ 1). */
  budgets?: Partial<FunnelBudgets>;
  /** The report's classification. */
  label: DiagnosisLabel;
  /** How sure `label` is, recorded in the diagnosis. Default: not recorded. */
  labelCertainty?: LabelCertainty;
  /** Receives progress events; must not throw. */
  onProgress?: (event: InvestigateWithModelProgress) => void;
  /**
   * Longest wait for one model call (one step), in ms; a server that accepts the connection but
   * never answers fails after this instead of hanging. Default {@link DEFAULT_STEP_TIMEOUT_MS}.
   */
  stepTimeoutMs?: number;
  /**
   * Cost cap in US dollars, estimated from the provider-reported tokens at the profile's prices.
   * Checked after every step of the investigation loop (the structurer's call, made once the
   * report is written, is not counted): once reached, no further model call starts and
   * `COST_LIMIT_REACHED` is thrown with a partial report. Default: no cap.
   */
  maxCostUsd?: number;
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
  /** The diagnosis (`method: 'agent'`); `diagnosis.verification` says whether it is verified. */
  diagnosis: NonNullable<VerificationResult['diagnosis']>;
  /** Its verification against the repository (made once, here). */
  verification: VerificationResult;
  /** The agent's Markdown report (stage 1). */
  markdown: string;
  /** Cost of the run; `byPhase` has `explore`, `deep-dive`, `output` and `structure`. */
  stats: DiagnosisStats;
  /** What compaction did during the loop, oldest first (empty when the context stayed small). */
  compactionEvents: readonly CompactionEvent[];
}

/**
 * Investigates a report with a model: explore and deep-dive with the read-only code tools, write
 * a Markdown report, read it into a diagnosis (a structurer model only for what the report's
 * format does not settle) and verify it against the repository, once.
 * @returns the diagnosis (verified, or unverified with the reasons), its verification, the
 *   Markdown report and the run's statistics.
 * @throws SightlineError `INVALID_ARGUMENT` for bad budgets; `PATH_NOT_FOUND` / `NOT_A_DIRECTORY`
 *   for a bad root; `MODEL_CALL_FAILED` when a model call fails (network, auth, unknown model, no
 *   tool support, a server that cut the prompt); `MODEL_OUTPUT_INVALID` when no valid diagnosis
 *   results or the model made no tool call. Errors after the report was written carry it in
 *   `details.markdown` (and `details.errors` the verification errors). `ABORTED` when
 *   `abortSignal` fired. Every error after a model call carries what the run spent so far in
 *   `details.stats.costUsd` when the model's prices are known. `COST_LIMIT_REACHED` when `maxCostUsd` was reached: `details.markdown`
 *   keeps the model's report, or a partial one listing its steps, and `details.stats` the cost;
 *   `INVALID_ARGUMENT` for a cap that is not positive or a model without a price.
 * @example
 * const { model } = resolveModel('anthropic:claude-sonnet-4-5');
 * const { diagnosis, markdown } = await investigateWithModel({
 *   report, repository, model, suspects, label: 'bug',
 *   repoMap: renderRepositoryMap(await repository.index(), { focus, tokens: 2048 }).text,
 * });
 */
export async function investigateWithModel(
  options: InvestigateWithModelOptions,
): Promise<InvestigateWithModelResult> {
  const {
    model,
    structurer = model,
    profile = getModelProfile(modelId(model)),
    onProgress,
    stepTimeoutMs = DEFAULT_STEP_TIMEOUT_MS,
    abortSignal,
  } = options;
  const structurerProfile = structurer === model ? profile : getModelProfile(modelId(structurer));
  const started = performance.now();
  const budgets = checkBudgets({ ...DEFAULT_FUNNEL_BUDGETS, ...options.budgets });
  const { repository } = options;
  const { root } = repository;
  const index = await repository.index();
  const modelName = describeModel(model);
  const costLimit = checkCostLimit(options.maxCostUsd, profile.pricing, modelName);
  const first = buildInvestigationPrompt(options);
  const offloadLimit = investigationOffloadLimit(profile);
  const storedTools = needsStoredTools({
    contextWindow: profile.contextWindow,
    offloadLimitTokens: offloadLimit.tokens,
    budgets,
    firstMessageTokens: countTokens(first, { encoding: profile.encoding }),
  });
  const system = buildSystemPrompt(budgets, { storedTools });
  const compaction = createCompaction({
    profile,
    system,
    offloadLimit,
    trigger: { fraction: COMPACTION_TRIGGER },
    onEvent: (event) => onProgress?.({ type: 'compaction', event }),
  });
  const progress = createProgressReporter(onProgress);
  // What a run that fails spent (its finished steps), so a daily budget counts failed runs too.
  const finished: CountedStep[] = [];
  const loop = await runInvestigationLoop({
    finished,
    model,
    modelName,
    system,
    messages: [{ role: 'user', content: first }] satisfies ModelMessage[],
    tools: createInvestigationTools(root, index, compaction, {
      strictByDefault: isResponsesModel(model),
      storedTools,
      toolCalls: budgets.toolCalls,
    }),
    compaction,
    budgets,
    progress,
    encoding: profile.encoding,
    cacheKey: `sightline-${compaction.session}`,
    stepTimeoutMs,
    ...(costLimit ? { costLimit } : {}),
    ...(abortSignal ? { abortSignal } : {}),
  }).catch((error: unknown) => {
    throw withSpentCost(error, profile.pricing && stepsCostUsd(finished, profile.pricing));
  });
  const byPhase: Record<string, PhaseStats> = countByPhase(loop.steps, loop.phases);
  const codeToolCalls = countCodeToolReads(loop.steps);
  const statsNow = (): DiagnosisStats => ({
    ...summarizeStats(byPhase, modelName, performance.now() - started, (phase) =>
      phase === 'structure' ? structurerProfile.pricing : profile.pricing,
    ),
    codeToolCalls,
  });
  if (costLimit) {
    const spent = loop.stoppedAtCostUsd ?? stepsCostUsd(loop.steps, costLimit.pricing);
    if (spent >= costLimit.maxCostUsd) {
      const written = loop.stoppedAtCostUsd === undefined ? loop.markdown : undefined;
      throw costLimitError(costLimit, spent, loop.steps, statsNow(), written || undefined);
    }
  }
  if (loop.markdown === '') {
    const why = `The model ${modelName} wrote no report in the output phase.`;
    throw new SightlineError({
      code: 'MODEL_OUTPUT_INVALID',
      message: `${why} What it did is kept as a partial report. Try again or use a stronger model.`,
      details: {
        errors: [],
        markdown: partialReport(
          'no report written',
          `${why} Nothing below was verified.`,
          loop.steps,
        ),
        stats: statsNow(),
      },
    });
  }

  progress.phaseChange('structure');
  const { report, suspects, label, labelCertainty } = options;
  const structured = await structureReport({
    model: structurer,
    modelName: describeModel(structurer),
    markdown: loop.markdown,
    repository,
    index,
    context: {
      report,
      label,
      ...(labelCertainty ? { labelCertainty } : {}),
      method: 'agent',
      suspects,
      stats: statsNow(),
    },
    stepTimeoutMs,
    ...(abortSignal ? { abortSignal } : {}),
  }).catch((error: unknown) => {
    throw withSpentCost(error, statsNow().costUsd);
  });
  if (structured.usage.calls > 0) {
    byPhase.structure = {
      steps: structured.usage.calls,
      toolCalls: 0,
      inputTokens: structured.usage.inputTokens,
      outputTokens: structured.usage.outputTokens,
    };
  }
  const stats = statsNow();
  const diagnosis = { ...structured.verification.diagnosis, stats };
  return {
    diagnosis,
    verification: { ...structured.verification, diagnosis },
    markdown: loop.markdown,
    stats,
    compactionEvents: compaction.events,
  };
}

/**
 * Every tool of the run, in the order of `AGENT_TOOL_NAMES` (`read_stored` and `search_stored`
 * only when the run can store something): placeholder values of optional parameters read as
 * absent (and `strict: false` sent where the API would make the tools strict), calls past the
 * tool-call budget not run, large results offloaded by compaction as they arrive.
 */
function createInvestigationTools(
  root: string,
  index: RepositoryIndex,
  compaction: Compaction,
  {
    strictByDefault,
    storedTools,
    toolCalls,
  }: { strictByDefault: boolean; storedTools: boolean; toolCalls: number | undefined },
) {
  const { grep, read_file, list_dir, find_symbol } = createCodeTools({ root, index });
  const { suspect, conclude } = createPhaseTools({ root });
  const { read_stored, search_stored } = compaction.tools;
  const tools: ToolSet = {
    grep,
    read_file,
    list_dir,
    find_symbol,
    suspect,
    conclude,
    ...(storedTools ? { read_stored, search_stored } : {}),
  };
  const lenient = withLenientInputs(tools, strictByDefault ? { strict: false } : {});
  return compaction.wrapTools(withToolCallBudget(lenient, toolCalls));
}

/** The provider's id of a model (a string model is its own id). */
function modelId(model: LanguageModel): string {
  return typeof model === 'string' ? model : model.modelId;
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
