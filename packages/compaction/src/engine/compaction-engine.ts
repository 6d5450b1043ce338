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
 * `context-over-limit` event says so, once per stretch over the limit.
 *
 * Graceful degradation: when a compaction cannot reach its target (the system prompt, tool schemas
 * and goal alone are near or over it), compacting again at the next trigger would run almost every
 * step, each one a prompt-cache miss. The engine says so once (`target-unreachable`) and waits
 * instead until the context has grown by the trigger-to-target band past what the compaction
 * reached — at most to the prompt limit, or, when even the fixed part is over that limit, to the
 * window itself. The append-only stretches stay as long as the band allows.
 */
import type { ModelMessage } from 'ai';
import type { CompactionEvent, CompactionEventType } from '../history/compaction-events.js';
import { compactView, type RecordEvent, recordStoreFailure } from './compact-view.js';
import type { CompactionEngine, CompactionEngineOptions } from './compaction-engine-options.js';
import { resolveEngineSizes } from './engine-sizes.js';
import { createHistoryView } from './history-view.js';

/**
 * Creates the engine. Not safe for two concurrent loops: use one engine (one `createCompaction`)
 * per conversation.
 * @param options - see {@link CompactionEngineOptions}.
 * @returns the engine.
 * @throws SightlineError `INVALID_ARGUMENT` for an invalid `trigger`, `keepRecent` or `target`
 * size (`target` in messages included).
 */
export function createCompactionEngine(options: CompactionEngineOptions): CompactionEngine {
  const { session, profile, countMessage, onEvent, calibration } = options;
  const sizes = resolveEngineSizes(options, profile);
  const view = createHistoryView(options.offload);
  const events: CompactionEvent[] = [];
  let forced = false;
  let compactions = 0;
  let fixedTokens = 0;
  let lastSent: number | undefined;
  let currentStep = -1;
  /** Where the last compaction left the context, when that was above the target. */
  let floorTokens: number | undefined;
  let targetMissSaid = false;
  let overLimitSaid = false;

  const exactTokensOf = (messages: readonly ModelMessage[]) =>
    messages.reduce((total, message) => total + countMessage(message), fixedTokens);
  const tokensOf = (messages: readonly ModelMessage[]) =>
    calibration ? calibration.scale(exactTokensOf(messages)) : exactTokensOf(messages);

  function addEvent(event: CompactionEvent): void {
    events.push(event);
    onEvent?.(event);
  }
  const record: RecordEvent = (type, step, { before, after }, moved, extra = {}) =>
    addEvent({
      type,
      session,
      step,
      tokensBefore: before,
      tokensAfter: after,
      moved,
      ...extra,
      at: Date.now(),
    });
  const pass = { ...options, sizes, tokensOf, view, record };

  /** Whether the context is due for compaction (see the module header for the waiting rule). */
  function due(tokens: number): boolean {
    const { limitTokens, triggerTokens, triggerMessages, bandTokens } = sizes;
    if (floorTokens !== undefined) {
      const ceiling = floorTokens < limitTokens ? limitTokens : profile.contextWindow;
      return tokens > Math.min(floorTokens + bandTokens, Math.max(ceiling, floorTokens));
    }
    if (tokens > limitTokens) return true;
    return triggerMessages !== undefined
      ? view.messages.length > triggerMessages
      : tokens > (triggerTokens as number);
  }

  async function compact(step: number, force: boolean): Promise<void> {
    const before = tokensOf(view.messages);
    await compactView(pass, step, {
      force,
      title: `Compaction ${compactions + 1} (step ${step})`,
    }).then(({ summarized }) => {
      if (summarized) compactions += 1;
    });
    const after = tokensOf(view.messages);
    floorTokens = after > sizes.targetTokens ? after : undefined;
    if (floorTokens !== undefined && !targetMissSaid) {
      targetMissSaid = true;
      warn(
        'target-unreachable',
        step,
        before,
        after,
        `A compaction reached ${after} tokens, over its target of ${sizes.targetTokens}: the system prompt, tool schemas, the goal and what must stay verbatim take that much. Compaction now waits until the context grows by ${sizes.bandTokens} tokens past what it reached (at most to the prompt limit of ${sizes.limitTokens}), so the prompt stays append-only between compactions. A larger context window, a shorter system prompt or fewer tools avoid this.`,
      );
    }
    if (after <= sizes.limitTokens) overLimitSaid = false;
    else if (!overLimitSaid) {
      overLimitSaid = true;
      warn(
        'context-over-limit',
        step,
        before,
        after,
        `The prompt is ${after} tokens, over the prompt limit of ${sizes.limitTokens}, after every mechanism: what may never be dropped (system prompt, tool schemas, goal, summary, unfinished exchanges) does not fit.`,
      );
    }
  }

  function warn(
    type: CompactionEventType,
    step: number,
    before: number,
    after: number,
    reason: string,
  ): void {
    record(type, step, { before, after }, [], { reason });
  }

  async function append(messages: readonly ModelMessage[], step: number): Promise<void> {
    const appended = await view.append(messages);
    if (appended.appended === 0) return;
    const after = tokensOf(view.messages);
    for (const error of appended.failures) {
      recordStoreFailure(pass, step, after, 'tool-result-offload', error);
    }
    const before = tokensOf(appended.unoffloaded);
    // Only a real move is an event: an offload that saved nothing is not recorded.
    if (appended.moved.length > 0 && after < before) {
      record('tool-result-offload', step, { before, after }, appended.moved, {
        resultTokensBefore: appended.resultTokensBefore,
        resultTokensAfter: appended.resultTokensAfter,
      });
    }
  }

  return {
    async step(messages, context) {
      const { step } = context;
      currentStep = step;
      fixedTokens = context.fixedTokens;
      await append(messages, step);
      const force = forced;
      forced = false;
      if (force || due(tokensOf(view.messages))) await compact(step, force);
      lastSent = exactTokensOf(view.messages);
      return [...view.messages];
    },
    observeUsage(reported) {
      if (lastSent !== undefined) calibration?.observe(lastSent, reported);
      lastSent = undefined;
    },
    requestCompaction() {
      forced = true;
    },
    contextTokens: () => tokensOf(view.messages),
    addEvent,
    get currentStep() {
      return currentStep;
    },
    events,
  };
}
