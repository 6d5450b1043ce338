/**
 * What to send on a turn of a conversation: the whole page on the first turn, then only what
 * changed (`diffToMarkdown` of the registry's diff, plus the DOM outline when that changed), unless
 * the change would cost more tokens than the page itself, or would lose a fact the page now shows
 * (`delta-recall.ts`) — then the whole page again. The model
 * keeps the earlier turns in its context window, so a delta plus that history is the current page.
 */
import { resolveTokenCounter, type TokenCounterOptions } from '../render/token-counter.js';
import type { PageSnapshotJson } from '../types.js';
import { factsMissingFromDelta } from './delta-recall.js';
import { diff } from './diff.js';
import { type DiffToMarkdownOptions, diffToMarkdown } from './diff-to-markdown.js';

/** One reading of the page: its snapshot, its full Markdown, and the DOM outline part of it. */
export interface PageContextReading {
  snapshot: PageSnapshotJson;
  /** The full Markdown of the page (registry nodes, and the outline when there is one). */
  markdown: string;
  /** Exact tokens of `markdown`. */
  tokens: number;
  /** The DOM outline part of `markdown` (`describePage`), when the page has one. */
  outline?: string;
}

/** What {@link pageContextTurn} decided to send. */
export interface PageContextTurn {
  /** `snapshot`: the whole page; `delta`: what changed since the previous reading. */
  kind: 'snapshot' | 'delta';
  markdown: string;
  /** Exact tokens of `markdown`. */
  tokens: number;
}

/** Options of {@link pageContextTurn}. */
export interface PageContextTurnOptions extends TokenCounterOptions, DiffToMarkdownOptions {}

/**
 * Chooses between the whole page and what changed since the previous turn.
 * @param previous - the reading sent (as a snapshot or delta) on the previous turn; `undefined` on
 *   the first turn of a conversation.
 * @param current - the reading now.
 * @param options - token counting (default o200k_base) and the diff's caps.
 * @returns a delta when there was a previous reading and the delta has fewer tokens than the page
 *   and carries every fact new on the page; the whole page otherwise.
 * @example
 * const turn = pageContextTurn(lastReading, reading); // lastReading = reading after sending
 */
export function pageContextTurn(
  previous: PageContextReading | undefined,
  current: PageContextReading,
  options: PageContextTurnOptions = {},
): PageContextTurn {
  const whole: PageContextTurn = {
    kind: 'snapshot',
    markdown: current.markdown,
    tokens: current.tokens,
  };
  if (!previous) return whole;
  const parts = [diffToMarkdown(diff(previous.snapshot, current.snapshot), options)];
  if ((previous.outline ?? '') !== (current.outline ?? '') && current.outline) {
    parts.push(current.outline);
  }
  const markdown = parts.join('\n');
  const count = resolveTokenCounter(options);
  const tokens = count(markdown);
  if (tokens >= current.tokens) return whole;
  const lost = factsMissingFromDelta(previous.markdown, current.markdown, markdown);
  return lost.length === 0 ? { kind: 'delta', markdown, tokens } : whole;
}
