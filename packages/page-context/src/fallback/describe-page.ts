/**
 * `describePage`: one Markdown document for a whole page, mixing the two sources. Components that
 * opted in (their wrapper element carries `data-page-context-node`) are described semantically by
 * the registry (`renderMarkdown`, budgeted by priority); everything else on the page is outlined by
 * the DOM fallback (`textSnapshot`'s outline), where each opted-in element leaves a one-line
 * pointer to its node so the agent still sees where it sits, and nothing the semantic part already
 * says is repeated (`drop-repeated.ts`); chrome the agent cannot use (buttons) is left out, since
 * what it may do arrives as tools, and navigation is one line (`outline.ts`). The semantic part is written first and
 * is cut last: the fallback gets what the semantic part leaves, and at least a quarter of the
 * budget when it has that much to say.
 */
import { renderMarkdown } from '../render/to-markdown.js';
import { resolveTokenCounter, type TokenCounterOptions } from '../render/token-counter.js';
import type { PageContextRegistry, PageSnapshot } from '../types.js';
import { capLines } from './cap-lines.js';
import { dropRepeated } from './drop-repeated.js';
import { PAGE_CONTEXT_NODE_ATTRIBUTE } from './node-attribute.js';
import { outlineItems } from './outline.js';
import { DEFAULT_TEXT_SNAPSHOT_BUDGET, omittedLinesNote, outlineLines } from './text-snapshot.js';

/** Options of {@link describePage}. */
export interface DescribePageOptions extends TokenCounterOptions {
  /** Most tokens of the whole document (counted exactly). Default 4,000. */
  budgetTokens?: number;
  /** Rows shown per table of the fallback outline. Default 50. */
  maxTableRows?: number;
}

/** What {@link describePage} returns. */
export interface PageDescription {
  /** The Markdown document. */
  markdown: string;
  /** Exact tokens of `markdown`. */
  tokens: number;
  /** Tokens of the semantic part (registry nodes). */
  semanticTokens: number;
  /** Tokens of the fallback part (outline of the DOM that did not opt in), heading included. */
  fallbackTokens: number;
  /** The fallback part itself (the end of `markdown`); `''` when the page has nothing else. */
  outline: string;
  /** Ids of opted-in nodes found in the DOM under `root`, in document order. */
  nodeIdsInPage: string[];
  /** Ids of nodes the budget left out of the semantic part. */
  omittedIds: string[];
  /** Lines of the fallback outline the budget left out. */
  omittedLines: number;
}

/** Heading of the fallback part. */
export const FALLBACK_HEADING = '## Rest of the page (DOM outline; not described by components)';

/** Share of the budget the fallback keeps when both parts are over. */
const FALLBACK_MIN_SHARE = 0.25;

/**
 * Describes the page under `root` in one Markdown document within a token budget.
 * @param root - the page's root element (e.g. `document.body`).
 * @param registry - the page-context registry its opted-in components registered into.
 * @param options - `budgetTokens` (default 4,000), `maxTableRows` (default 50), token counting
 *   (`encoding`, `profile` or `countTokens`; default o200k_base).
 * @returns the document and how its budget was spent.
 * @example describePage(document.body, registry, { budgetTokens: 2_000 }).markdown
 */
export function describePage(
  root: Element,
  registry: PageContextRegistry,
  options: DescribePageOptions = {},
): PageDescription {
  return describePageWith(root, registry, registry.snapshot(), options);
}

/**
 * {@link describePage} from a snapshot the caller already took (`usePageSnapshot` returns it too),
 * so the registry is read once per call.
 * @param root - the page's root element.
 * @param registry - the registry, to tell opted-in elements by their node ids.
 * @param snapshot - `registry.snapshot()` taken for this read.
 * @param options - as for {@link describePage}.
 * @returns as {@link describePage}.
 */
export function describePageWith(
  root: Element,
  registry: PageContextRegistry,
  snapshot: PageSnapshot,
  options: DescribePageOptions = {},
): PageDescription {
  const { budgetTokens = DEFAULT_TEXT_SNAPSHOT_BUDGET, maxTableRows } = options;
  const count = resolveTokenCounter(options);
  const counting: TokenCounterOptions = { countTokens: count };
  const nodeOf = (element: Element): string | undefined => {
    const id = element.getAttribute(PAGE_CONTEXT_NODE_ATTRIBUTE);
    return id !== null && registry.has(id) ? id : undefined;
  };
  const items = outlineItems(root, {
    nodeOf,
    skipChrome: true,
    ...(maxTableRows === undefined ? {} : { maxTableRows }),
  });
  const nodeIdsInPage = items.flatMap((item) => (item.kind === 'node' ? [item.id] : []));
  let semantic = renderMarkdown(snapshot, counting);
  const unsaid = dropRepeated(items, semantic.markdown);
  const hasText = unsaid.some((item) => item.kind === 'line');
  const lines = hasText
    ? [FALLBACK_HEADING, ...outlineLines(unsaid, (id) => `→ node ${id} (above)`)]
    : [];
  const fallbackFull = count(lines.join('\n'));
  if (semantic.tokens + 1 + fallbackFull > budgetTokens) {
    const fallbackShare = Math.min(
      fallbackFull,
      Math.max(budgetTokens - semantic.tokens - 1, Math.floor(budgetTokens * FALLBACK_MIN_SHARE)),
    );
    semantic = renderMarkdown(snapshot, {
      ...counting,
      budgetTokens: budgetTokens - fallbackShare - 1,
    });
  }
  let fallbackBudget = budgetTokens - semantic.tokens - 1;
  let fallback = capLines(lines, fallbackBudget, omittedLinesNote, count);
  let markdown = fallback.text ? `${semantic.markdown}\n${fallback.text}` : semantic.markdown;
  // Counts of two texts joined by a newline are not always the sum of their counts: confirm.
  for (
    let tokens = count(markdown);
    tokens > budgetTokens && fallback.text;
    tokens = count(markdown)
  ) {
    fallbackBudget -= tokens - budgetTokens;
    fallback = capLines(lines, fallbackBudget, omittedLinesNote, count);
    markdown = fallback.text ? `${semantic.markdown}\n${fallback.text}` : semantic.markdown;
  }
  return {
    markdown,
    tokens: count(markdown),
    semanticTokens: semantic.tokens,
    fallbackTokens: fallback.tokens,
    outline: fallback.text,
    nodeIdsInPage,
    omittedIds: semantic.omittedIds,
    omittedLines: fallback.omittedLines,
  };
}
