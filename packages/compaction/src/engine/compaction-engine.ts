/**
 * The compaction engine behind `prepareStep` and the middleware: it keeps a compacted *view* of
 * the history the tool loop holds.
 *
 * The AI SDK keeps the full history itself and passes it to every step; messages returned by
 * `prepareStep` apply to that step only. So the engine remembers how many of the loop's messages
 * it has consumed and the view they became: each step appends the new messages (offloading large
 * tool results once, as they arrive) and sends `view`. Between compactions the view only grows at
 * its end, so the prompt a provider sees is append-only and its prompt cache keeps hitting; a
 * compaction rewrites the view once and freezes the result. Mechanisms, cheapest first, once the
 * context passes the trigger: truncate old tool inputs, mask old tool results, then summarize.
 *
 * Hysteresis: a compaction does not stop just under the trigger (the next tool result would push
 * the context over it again, and every step would compact, each time a prompt-cache miss); it goes
 * down to `target`, summarizing when masking is not enough and shrinking the verbatim recent part
 * (never below the newest block, never into an unfinished exchange) until the estimate fits.
 * Last, a hard limit: when the prompt is still over `contextWindow − min(maxOutputTokens, 20,000)`,
 * tool results inside the recent part are masked too, oldest first; if even that cannot fit, a
 * `context-over-limit` event says so.
 */
import { SightlineError } from '@sightline/core';
import type { ModelMessage } from 'ai';
import { DEFAULT_COMPACTION_TARGET, promptTokenLimit } from '../history/compaction-limits.js';
import { applyStoreWrites, type CompactionPlan } from '../history/compaction-plan.js';
import { resolveContextSize } from '../history/context-size.js';
import { findRecentStart } from '../history/recent-window.js';
import { findSessionGoal } from '../history/session-goal.js';
import { segmentHistory, settledExchangesBefore } from '../history/tool-exchanges.js';
import type {
  CompactionEvent,
  CompactionEventType,
  CompactionMove,
  ContextSize,
} from '../history/types.js';
import { maskToolResults } from '../mask/mask-tool-results.js';
import { truncateToolInputs } from '../mask/truncate-tool-inputs.js';
import { summarizedHistory, summarizeHistory } from '../summarize/summarize-history.js';
import type { CompactionEngine, CompactionEngineOptions } from './compaction-engine-options.js';

/**
 * Creates the engine. Not safe for two concurrent loops: use one engine (one `createCompaction`)
 * per conversation.
 * @param options - see {@link CompactionEngineOptions}.
 * @returns the engine.
 * @throws SightlineError `INVALID_ARGUMENT` for an invalid `trigger`, `keepRecent` or `target`
 * size (`target` in messages included).
 */
export function createCompactionEngine(options: CompactionEngineOptions): CompactionEngine {
  const { session, store, profile, countMessage, offload, onEvent, calibration } = options;
  const triggerTokens = resolveContextSize(options.trigger, profile);
  // Validate `keepRecent` at construction rather than at the first compaction.
  resolveContextSize(options.keepRecent, profile);
  const requestedTarget = resolveContextSize(options.target ?? DEFAULT_COMPACTION_TARGET, profile);
  if (requestedTarget === undefined) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: 'Invalid compaction target: pass { tokens } or { fraction }, not { messages }.',
    });
  }
  const limitTokens = promptTokenLimit(profile);
  // A target above the trigger (a low custom trigger) or the limit would never be reached: cap it.
  const targetTokens = Math.min(requestedTarget, triggerTokens ?? limitTokens, limitTokens);
  const events: CompactionEvent[] = [];
  let view: ModelMessage[] = [];
  let consumed = 0;
  let lastConsumed: ModelMessage | undefined;
  let goal: string | undefined;
  let forced = false;
  let compactions = 0;
  let fixedTokens = 0;
  let lastSent: number | undefined;
  let currentStep = -1;

  const exactTokensOf = (messages: readonly ModelMessage[]) =>
    messages.reduce((total, message) => total + countMessage(message), fixedTokens);
  const tokensOf = (messages: readonly ModelMessage[]) =>
    calibration ? calibration.scale(exactTokensOf(messages)) : exactTokensOf(messages);
  const overTrigger = (tokens: number) =>
    tokens > limitTokens ||
    (triggerTokens === undefined
      ? view.length > (options.trigger as { messages: number }).messages
      : tokens > triggerTokens);

  function addEvent(event: CompactionEvent): void {
    events.push(event);
    onEvent?.(event);
  }

  function record(
    type: CompactionEventType,
    step: number,
    tokensBefore: number,
    tokensAfter: number,
    moved: CompactionMove[],
    extra: Pick<CompactionEvent, 'resultTokensBefore' | 'resultTokensAfter'> = {},
  ): void {
    addEvent({ type, session, step, tokensBefore, tokensAfter, moved, ...extra, at: Date.now() });
  }

  async function adopt(
    plan: CompactionPlan,
    type: CompactionEventType,
    step: number,
  ): Promise<void> {
    if (plan.moved.length === 0) return;
    const before = tokensOf(view);
    await applyStoreWrites(store, plan.writes);
    view = plan.messages;
    record(type, step, before, tokensOf(view), plan.moved);
  }

  async function append(messages: readonly ModelMessage[], step: number): Promise<void> {
    if (!continuesView(messages)) {
      // A different history (a new conversation on the same instance): start a fresh view.
      view = [];
      consumed = 0;
      goal = undefined;
    }
    goal ??= findSessionGoal(messages);
    const fresh = messages.slice(consumed);
    if (fresh.length === 0) return;
    const before = tokensOf([...view, ...fresh]);
    const moved: CompactionMove[] = [];
    const results = { resultTokensBefore: 0, resultTokensAfter: 0 };
    const appended: ModelMessage[] = [];
    for (const message of fresh) {
      const result = await offload(message);
      appended.push(result.message);
      moved.push(...result.moved);
      results.resultTokensBefore += result.resultTokensBefore ?? 0;
      results.resultTokensAfter += result.resultTokensAfter ?? 0;
    }
    // Only now, once every offload landed: a store error above leaves the view and `consumed`
    // untouched, so the next step appends the same messages once, not twice.
    view.push(...appended);
    consumed = messages.length;
    lastConsumed = messages.at(-1);
    const after = tokensOf(view);
    // Only a real move is an event: an offload that saved nothing is not recorded.
    if (moved.length > 0 && after < before) {
      record('tool-result-offload', step, before, after, moved, results);
    }
  }

  function continuesView(messages: readonly ModelMessage[]): boolean {
    if (consumed === 0) return true;
    if (messages.length < consumed) return false;
    const previous = messages[consumed - 1];
    return previous === lastConsumed || JSON.stringify(previous) === JSON.stringify(lastConsumed);
  }

  async function compact(step: number, force: boolean): Promise<void> {
    const policy = {
      session,
      recentStart: recentStart(options.keepRecent),
      encoding: profile.encoding,
    };
    await adopt(
      truncateToolInputs(view, { ...policy, largeInputTokens: options.largeInputTokens }),
      'tool-input-truncate',
      step,
    );
    await adopt(maskToolResults(view, policy), 'tool-result-mask', step);
    if (force || tokensOf(view) > targetTokens) await summarize(step, force);
    await enforceLimit(step);
  }

  function recentStart(keep: ContextSize): number {
    return findRecentStart({
      messages: view,
      blocks: segmentHistory(view),
      keep,
      contextWindow: profile.contextWindow,
      countMessage,
    });
  }

  /**
   * Where the kept recent part starts: the widest start allowed by `keepRecent` whose summarized
   * history is estimated (with the extractive summary) to fit `target`, else the narrowest one
   * (the newest block, widened to the first unfinished exchange). A forced compaction keeps
   * `keepRecent` as it is.
   */
  function summaryStart(force: boolean): number {
    const widest = recentStart(options.keepRecent);
    if (force) return widest;
    const narrowest = recentStart({ tokens: 0 });
    for (const { start } of segmentHistory(view)) {
      if (start < widest || start >= narrowest) continue;
      const estimate = summarizedHistory(view, start, { session, goal });
      if (tokensOf(estimate) <= targetTokens) return start;
    }
    return narrowest;
  }

  async function summarize(step: number, force: boolean): Promise<void> {
    const before = tokensOf(view);
    const summary = await summarizeHistory(view, {
      session,
      store,
      recentStart: summaryStart(force),
      goal,
      title: `Compaction ${compactions + 1} (step ${step})`,
      summarizer: options.summarizer,
      maxSummarizerInputTokens: Math.floor(profile.contextWindow / 2),
      encoding: profile.encoding,
      // A summary that does not shrink the context (e.g. of the goal alone) is not worth a cache miss.
      accept: (messages) => tokensOf(messages) < before,
    });
    if (!summary) return;
    compactions += 1;
    view = summary.messages;
    record('history-summarize', step, before, tokensOf(view), [{ path: summary.transcriptPath }]);
  }

  /**
   * Last resort over the prompt limit: masks tool results inside the recent part too, oldest
   * exchange first, as few as bring the prompt under the limit (unfinished exchanges never).
   * Records `context-over-limit` when even masking every settled result does not fit.
   */
  async function enforceLimit(step: number): Promise<void> {
    const before = tokensOf(view);
    if (before <= limitTokens) return;
    let plan: CompactionPlan | undefined;
    for (const block of settledExchangesBefore(view, view.length)) {
      plan = maskToolResults(view, { session, recentStart: block.end });
      if (tokensOf(plan.messages) <= limitTokens) break;
    }
    if (plan) await adopt(plan, 'tool-result-mask', step);
    const after = tokensOf(view);
    if (after > limitTokens) record('context-over-limit', step, before, after, []);
  }

  return {
    async step(messages, context) {
      const { step } = context;
      currentStep = step;
      fixedTokens = context.fixedTokens;
      await append(messages, step);
      const force = forced;
      forced = false;
      if (force || overTrigger(tokensOf(view))) await compact(step, force);
      lastSent = exactTokensOf(view);
      return [...view];
    },
    observeUsage(reported) {
      if (lastSent !== undefined) calibration?.observe(lastSent, reported);
      lastSent = undefined;
    },
    requestCompaction() {
      forced = true;
    },
    contextTokens: () => tokensOf(view),
    addEvent,
    get currentStep() {
      return currentStep;
    },
    events,
  };
}
