/**
 * `textSnapshot`: a compact, accessibility-style outline of what a page shows, for the parts of a
 * page that did not opt in to page context. Roles, names, values and states as in an accessibility
 * tree (like Playwright's `ariaSnapshot`), but with generic containers dropped and text runs joined,
 * so it costs a fraction of the HTML or of a character-grid screenshot.
 */
import { resolveTokenCounter, type TokenCounterOptions } from '../render/token-counter.js';
import { capLines } from './cap-lines.js';
import { type OutlineItem, type OutlineOptions, outlineItems } from './outline.js';

/** Default token budget of {@link textSnapshot}. */
export const DEFAULT_TEXT_SNAPSHOT_BUDGET = 4_000;

/** Options of {@link textSnapshot}. */
export interface TextSnapshotOptions extends TokenCounterOptions {
  /** Most tokens of the result (o200k_base), note included. Default 4,000; `Infinity`: no cap. */
  budgetTokens?: number;
  /** Rows shown per table before `… N more rows`. Default 50. */
  maxTableRows?: number;
}

/**
 * Indents outline lines, two spaces per depth level.
 * @param items - outline items.
 * @param nodeLine - the line standing for a `node` placeholder; absent: placeholders are skipped.
 * @returns one string per line.
 */
export function outlineLines(
  items: readonly OutlineItem[],
  nodeLine?: (id: string) => string,
): string[] {
  return items.flatMap((item) => {
    const text = item.kind === 'line' ? item.text : nodeLine?.(item.id);
    return text === undefined ? [] : [`${'  '.repeat(item.depth)}${text}`];
  });
}

/**
 * Outlines the visible content of `root`: one line per heading (`h2 Errors`), landmark
 * (`navigation Main`), control (`[button] Save`, `[link] Issues → /issues`,
 * `[combobox] Environment = production (options: …)`), list item (`- …`), table row
 * (`| a | b |`) and run of text; hidden content is skipped; indentation shows nesting.
 * @param root - element to describe (e.g. `document.body`).
 * @param options - `budgetTokens` (default 4,000), `maxTableRows` (default 50), and how tokens
 *   are counted (`encoding`, `profile` or `countTokens`; default o200k_base).
 * @returns the outline; when over budget, its first lines and a note `… N more lines left out`.
 * @example textSnapshot(document.body, { budgetTokens: 1_000 })
 */
export function textSnapshot(root: Element, options: TextSnapshotOptions = {}): string {
  const { budgetTokens = DEFAULT_TEXT_SNAPSHOT_BUDGET, maxTableRows } = options;
  const outlineOptions: OutlineOptions = maxTableRows === undefined ? {} : { maxTableRows };
  const lines = outlineLines(outlineItems(root, outlineOptions));
  return capLines(lines, budgetTokens, omittedLinesNote, resolveTokenCounter(options)).text;
}

/**
 * The note closing a capped outline.
 * @param omittedLines - how many lines were left out.
 * @returns e.g. `… 12 more lines of the page left out (token budget)`.
 */
export function omittedLinesNote(omittedLines: number): string {
  return `… ${omittedLines} more lines of the page left out (token budget)`;
}
