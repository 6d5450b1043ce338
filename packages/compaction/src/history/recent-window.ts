/**
 * The recent window: the newest part of the history that compaction keeps verbatim. It always
 * starts at a block boundary (see `segmentHistory`), so a tool exchange is never split, and it
 * always holds every unfinished exchange and at least the newest block.
 */
import type { ModelMessage } from 'ai';
import type { ContextSize } from './context-size.js';
import { resolveContextSize } from './context-size.js';
import { type HistoryBlock, isSettledBlock } from './tool-exchanges.js';

/** Options of {@link findRecentStart}. */
export interface FindRecentStartOptions {
  /** The history. */
  messages: readonly ModelMessage[];
  /** Its blocks, from `segmentHistory(messages)`. */
  blocks: readonly HistoryBlock[];
  /** How much to keep: tokens, a fraction of `contextWindow`, or a number of messages. */
  keep: ContextSize;
  /** The model's context window, in tokens (resolves `{ fraction }`). */
  contextWindow: number;
  /** Tokens of one message (exact, cached by the caller). */
  countMessage: (message: ModelMessage) => number;
}

/**
 * Finds where the recent window starts.
 *
 * Blocks are taken from the end while they fit in `keep`; the newest block is always kept, and
 * the window is widened back to the first unfinished exchange so that none is ever cut.
 * @param options - see {@link FindRecentStartOptions}.
 * @returns index of the first message of the window (0 keeps everything; `messages.length` only
 * for an empty history).
 * @throws SightlineError `INVALID_ARGUMENT` for an invalid `keep` size.
 */
export function findRecentStart({
  messages,
  blocks,
  keep,
  contextWindow,
  countMessage,
}: FindRecentStartOptions): number {
  const tokenBudget = resolveContextSize(keep, { contextWindow });
  // `undefined` means `{ messages }`: the budget is a message count.
  const limit = tokenBudget ?? ('messages' in keep ? keep.messages : 0);
  let start = messages.length;
  let used = 0;
  for (let index = blocks.length - 1; index >= 0; index -= 1) {
    const block = blocks[index] as HistoryBlock;
    const size =
      tokenBudget === undefined
        ? block.end - block.start
        : sumTokens(messages, block.start, block.end, countMessage);
    if (start !== messages.length && used + size > limit) break;
    used += size;
    start = block.start;
  }
  const firstUnfinished = blocks.find((block) => !isSettledBlock(block));
  return firstUnfinished ? Math.min(start, firstUnfinished.start) : start;
}

function sumTokens(
  messages: readonly ModelMessage[],
  start: number,
  end: number,
  countMessage: (message: ModelMessage) => number,
): number {
  let total = 0;
  for (let index = start; index < end; index += 1)
    total += countMessage(messages[index] as ModelMessage);
  return total;
}
