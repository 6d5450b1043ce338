/**
 * The engine's compacted *view* of the loop's history. The AI SDK passes the full history to
 * every step; the view remembers how many of those messages it consumed, appends only the new
 * ones (offloading large tool results once, as they arrive), and is what gets sent. A history
 * that no longer extends the consumed one (a new conversation on the same instance) starts a
 * fresh view.
 */
import type { ModelMessage } from 'ai';
import type { CompactionMove } from '../history/compaction-events.js';
import { findSessionGoal } from '../history/session-goal.js';
import type { OffloadMessage } from './compaction-engine-options.js';

/** What one {@link HistoryView.append} did. */
export interface AppendResult {
  /** Messages appended (0 when the loop added nothing). */
  appended: number;
  /** The view as it would be without the offloads (to measure what they saved). */
  unoffloaded: ModelMessage[];
  /** Tool results offloaded on the way in. */
  moved: CompactionMove[];
  /** Tokens of the offloaded results alone, before and after. */
  resultTokensBefore: number;
  resultTokensAfter: number;
  /** Store errors of offloads that did not happen (those results joined the view in full). */
  failures: unknown[];
}

/** The view and how it follows the loop. */
export interface HistoryView {
  /** The messages sent; compaction replaces them (and then the view is append-only again). */
  messages: ModelMessage[];
  /** The user's original goal, quoted verbatim by summaries; found in the first history seen. */
  readonly goal: string | undefined;
  /**
   * Appends the loop's new messages, offloading large tool results. A store failure leaves that
   * message's results in full (reported in `failures`), so nothing is lost and no message is
   * appended twice.
   * @param messages - the loop's full history.
   * @returns see {@link AppendResult}.
   */
  append(messages: readonly ModelMessage[]): Promise<AppendResult>;
}

/**
 * Creates an empty view.
 * @param offload - offload of the large tool results of one new message.
 * @returns the view.
 */
export function createHistoryView(offload: OffloadMessage): HistoryView {
  let consumed = 0;
  let lastConsumed: ModelMessage | undefined;
  let goal: string | undefined;

  const continues = (messages: readonly ModelMessage[]): boolean => {
    if (consumed === 0) return true;
    if (messages.length < consumed) return false;
    const previous = messages[consumed - 1];
    return previous === lastConsumed || JSON.stringify(previous) === JSON.stringify(lastConsumed);
  };

  const view: HistoryView = {
    messages: [],
    get goal() {
      return goal;
    },
    async append(messages) {
      if (!continues(messages)) {
        view.messages = [];
        consumed = 0;
        goal = undefined;
      }
      goal ??= findSessionGoal(messages);
      const fresh = messages.slice(consumed);
      const result: AppendResult = {
        appended: 0,
        unoffloaded: fresh.length > 0 ? [...view.messages, ...fresh] : [],
        moved: [],
        resultTokensBefore: 0,
        resultTokensAfter: 0,
        failures: [],
      };
      for (const message of fresh) {
        try {
          const offloaded = await offload(message);
          view.messages.push(offloaded.message);
          result.moved.push(...offloaded.moved);
          result.resultTokensBefore += offloaded.resultTokensBefore ?? 0;
          result.resultTokensAfter += offloaded.resultTokensAfter ?? 0;
        } catch (error) {
          // The store failed: the result joins the view in full rather than being lost.
          view.messages.push(message);
          result.failures.push(error);
        }
        result.appended += 1;
      }
      consumed = messages.length;
      lastConsumed = messages.at(-1);
      return result;
    },
  };
  return view;
}
