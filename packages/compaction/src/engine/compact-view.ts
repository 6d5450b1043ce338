/**
 * One compaction of the engine's view, cheapest mechanism first: truncate old tool inputs, mask
 * old tool results, then — when still over the target — summarize the older history, keeping as
 * much of the recent part verbatim as still fits the target. Last, the prompt limit: tool results
 * inside the recent part are masked too, oldest first.
 *
 * Every mechanism writes to the store before anything leaves the view. When the store fails, the
 * compaction stops there: the view keeps what it had, and a `compaction-skip` event says why.
 */
import type { ModelProfile } from '@sightline/core';
import type { LanguageModel, ModelMessage } from 'ai';
import type {
  CompactionEvent,
  CompactionEventType,
  CompactionMove,
} from '../history/compaction-events.js';
import { applyStoreWrites, type CompactionPlan } from '../history/compaction-plan.js';
import type { ContextSize } from '../history/context-size.js';
import { findRecentStart } from '../history/recent-window.js';
import { segmentHistory, settledExchangesBefore } from '../history/tool-exchanges.js';
import { maskToolResults } from '../mask/mask-tool-results.js';
import { truncateToolInputs } from '../mask/truncate-tool-inputs.js';
import type { CompactionStore } from '../stores/compaction-store.js';
import { summarizedHistory, summarizeHistory } from '../summarize/summarize-history.js';
import type { EngineSizes } from './engine-sizes.js';
import type { HistoryView } from './history-view.js';

/** Records one event (type, step, context tokens before and after, what moved, extra fields). */
export type RecordEvent = (
  type: CompactionEventType,
  step: number,
  tokens: { before: number; after: number },
  moved: CompactionMove[],
  extra?: Pick<CompactionEvent, 'resultTokensBefore' | 'resultTokensAfter' | 'reason'>,
) => void;

/** What a compaction works on and with. */
export interface CompactionPass {
  session: string;
  store: CompactionStore;
  profile: ModelProfile;
  sizes: EngineSizes;
  /** Newest part kept verbatim, at most. */
  keepRecent: ContextSize;
  /** Size from which a string tool argument is truncated, in tokens. */
  largeInputTokens?: number;
  /** Model writing summaries; extractive summaries without one. */
  summarizer?: LanguageModel;
  /** Tokens of one message (exact). */
  countMessage: (message: ModelMessage) => number;
  /** Tokens of a whole context with these messages (calibrated). */
  tokensOf: (messages: readonly ModelMessage[]) => number;
  view: HistoryView;
  record: RecordEvent;
}

/**
 * Runs one compaction of `pass.view`.
 * @param pass - see {@link CompactionPass}.
 * @param step - step number, for events.
 * @param options - `force`: summarize whatever the size (keeping `keepRecent` as it is);
 * `title`: heading of the transcript part a summary appends.
 * @returns whether a summary replaced the older history.
 */
export async function compactView(
  pass: CompactionPass,
  step: number,
  { force, title }: { force: boolean; title: string },
): Promise<{ summarized: boolean }> {
  const { view, session, profile } = pass;
  const policy = {
    session,
    recentStart: recentStart(pass, pass.keepRecent),
    encoding: profile.encoding,
  };
  const truncated = truncateToolInputs(view.messages, {
    ...policy,
    largeInputTokens: pass.largeInputTokens,
  });
  if (!(await adopt(pass, truncated, 'tool-input-truncate', step))) return { summarized: false };
  if (!(await adopt(pass, maskToolResults(view.messages, policy), 'tool-result-mask', step)))
    return { summarized: false };
  let summarized = false;
  if (force || pass.tokensOf(view.messages) > pass.sizes.targetTokens) {
    const result = await summarize(pass, step, force, title);
    if (result === 'store-failed') return { summarized: false };
    summarized = result === 'summarized';
  }
  await maskWithinLimit(pass, step);
  return { summarized };
}

/** Applies a plan's store writes, then its messages; false when the store failed. */
async function adopt(
  pass: CompactionPass,
  plan: CompactionPlan,
  type: CompactionEventType,
  step: number,
): Promise<boolean> {
  if (plan.moved.length === 0) return true;
  const before = pass.tokensOf(pass.view.messages);
  try {
    await applyStoreWrites(pass.store, plan.writes);
  } catch (error) {
    recordStoreFailure(pass, step, before, type, error);
    return false;
  }
  pass.view.messages = plan.messages;
  pass.record(type, step, { before, after: pass.tokensOf(plan.messages) }, plan.moved);
  return true;
}

/**
 * Records a `compaction-skip`: the store failed, so `mechanism` did not run and nothing left the
 * context.
 * @param pass - the pass (its `record`).
 * @param step - step number.
 * @param tokens - context tokens, unchanged.
 * @param mechanism - the event type that did not happen.
 * @param error - what the store threw.
 */
export function recordStoreFailure(
  pass: Pick<CompactionPass, 'record'>,
  step: number,
  tokens: number,
  mechanism: CompactionEventType,
  error: unknown,
): void {
  const message = error instanceof Error ? error.message : String(error);
  pass.record('compaction-skip', step, { before: tokens, after: tokens }, [], {
    reason: `${mechanism} skipped: the store failed (${message}). Nothing left the context; the full history stays in it. Free space or fix the store's permissions.`,
  });
}

function recentStart(pass: CompactionPass, keep: ContextSize): number {
  const { messages } = pass.view;
  return findRecentStart({
    messages,
    blocks: segmentHistory(messages),
    keep,
    contextWindow: pass.profile.contextWindow,
    countMessage: pass.countMessage,
  });
}

/**
 * Where the kept recent part starts: the widest start allowed by `keepRecent` whose summarized
 * history is estimated (with the extractive summary) to fit the target, else the narrowest one
 * (the newest block, widened to the first unfinished exchange). A forced compaction keeps
 * `keepRecent` as it is.
 */
function summaryStart(pass: CompactionPass, force: boolean): number {
  const widest = recentStart(pass, pass.keepRecent);
  if (force) return widest;
  const { messages, goal } = pass.view;
  const narrowest = recentStart(pass, { tokens: 0 });
  for (const { start } of segmentHistory(messages)) {
    if (start < widest || start >= narrowest) continue;
    const estimate = summarizedHistory(messages, start, { session: pass.session, goal });
    if (pass.tokensOf(estimate) <= pass.sizes.targetTokens) return start;
  }
  return narrowest;
}

async function summarize(
  pass: CompactionPass,
  step: number,
  force: boolean,
  title: string,
): Promise<'summarized' | 'unchanged' | 'store-failed'> {
  const { view, profile } = pass;
  const before = pass.tokensOf(view.messages);
  try {
    const summary = await summarizeHistory(view.messages, {
      session: pass.session,
      store: pass.store,
      recentStart: summaryStart(pass, force),
      goal: view.goal,
      title,
      summarizer: pass.summarizer,
      maxSummarizerInputTokens: Math.floor(profile.contextWindow / 2),
      encoding: profile.encoding,
      // A summary that does not shrink the context (e.g. of the goal alone) is not worth a cache miss.
      accept: (messages) => pass.tokensOf(messages) < before,
    });
    if (!summary) return 'unchanged';
    view.messages = summary.messages;
    pass.record('history-summarize', step, { before, after: pass.tokensOf(view.messages) }, [
      { path: summary.transcriptPath },
    ]);
    return 'summarized';
  } catch (error) {
    recordStoreFailure(pass, step, before, 'history-summarize', error);
    return 'store-failed';
  }
}

/**
 * Last resort over the prompt limit: masks tool results inside the recent part too, oldest
 * exchange first, as few as bring the prompt under the limit (unfinished exchanges never).
 */
async function maskWithinLimit(pass: CompactionPass, step: number): Promise<void> {
  const { view, sizes } = pass;
  if (pass.tokensOf(view.messages) <= sizes.limitTokens) return;
  let plan: CompactionPlan | undefined;
  for (const block of settledExchangesBefore(view.messages, view.messages.length)) {
    plan = maskToolResults(view.messages, { session: pass.session, recentStart: block.end });
    if (pass.tokensOf(plan.messages) <= sizes.limitTokens) break;
  }
  if (plan) await adopt(pass, plan, 'tool-result-mask', step);
}
