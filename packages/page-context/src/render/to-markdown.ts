/**
 * The one formatter of page context, for client and server: a snapshot (or its JSON form) becomes
 * compact Markdown — a location line, a heading per node (`## <type>: <title>`, `[<id>]` added where
 * `expand_node` or a tool needs it, deeper nodes get deeper headings) and the node's facts (see
 * `format-data.ts`). Tools are described by their definitions only (see `to-tools.ts`).
 *
 * With a token budget, detail goes first where it matters least: nodes are shortened (heading,
 * tools and three facts) and then left out, lowest priority first and deepest first within a
 * priority; a node is left out only after its descendants (its effective priority is the highest in
 * its subtree; see `fit-budget.ts`). The result always says what was shortened or left out and
 * that `expand_node({id})` fetches it. The budget is checked by counting the final text exactly.
 */
import { SightlineError } from '@sightline/core';
import type { PageLocation, PageSnapshotJson, PageSnapshotNodeJson } from '../types.js';
import { blockOf, budgetNote, type Entry, fitBudget } from './fit-budget.js';
import { locationText } from './location-text.js';
import { nodeBlock } from './node-block.js';
import { resolveTokenCounter, type TokenCounterOptions } from './token-counter.js';

/** Options of {@link toMarkdown} and {@link renderMarkdown}. */
export interface ToMarkdownOptions extends TokenCounterOptions {
  /** Most tokens of the result (counted exactly); 0 or less gives `''`. Default: no limit. */
  budgetTokens?: number;
  /** Most rows shown per table. Default 10. */
  maxTableRows?: number;
  /** Most columns shown per table. Default 8. */
  maxTableColumns?: number;
}

/** What {@link renderMarkdown} returns. */
export interface MarkdownRender {
  /** The Markdown text. */
  markdown: string;
  /** Its exact token count. */
  tokens: number;
  /** Ids of nodes left out for the budget (every node of a left-out subtree). */
  omittedIds: string[];
  /** Ids of nodes shortened for the budget. */
  shortenedIds: string[];
}

/**
 * Formats a snapshot as Markdown.
 * @param snapshot - a snapshot or its JSON form.
 * @param options - budget (tokens), encoding or profile, table caps.
 * @returns the Markdown text; within `budgetTokens` when given.
 * @throws SightlineError `INVALID_ARGUMENT` when `budgetTokens` is NaN.
 * @example toMarkdown(registry.snapshot(), { budgetTokens: 1500, profile: 'claude-sonnet-4-5' })
 */
export function toMarkdown(snapshot: PageSnapshotJson, options: ToMarkdownOptions = {}): string {
  return format(snapshot, options, options.budgetTokens !== undefined).markdown;
}

/**
 * Formats a snapshot as Markdown and reports its token count and what the budget cut.
 * @param snapshot - a snapshot or its JSON form.
 * @param options - as for {@link toMarkdown}.
 * @returns the text, its exact token count, and the ids shortened or left out.
 * @throws SightlineError `INVALID_ARGUMENT` when `budgetTokens` is NaN.
 */
export function renderMarkdown(
  snapshot: PageSnapshotJson,
  options: ToMarkdownOptions = {},
): MarkdownRender {
  return format(snapshot, options, true);
}

function format(
  snapshot: PageSnapshotJson,
  options: ToMarkdownOptions,
  counted: boolean,
): MarkdownRender {
  const { budgetTokens, maxTableRows = 10, maxTableColumns = 8 } = options;
  if (Number.isNaN(budgetTokens)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message:
        'budgetTokens is NaN; pass a number of tokens (0 or more), or leave it out for no limit.',
    });
  }
  const caps = { maxTableRows, maxTableColumns };
  const header = [locationLine(snapshot.location)];
  if (!counted) {
    // No budget: every block in full, in tree order.
    const parts = header;
    const walk = (node: PageSnapshotNodeJson, depth: number): void => {
      parts.push(nodeBlock(node, depth, caps).full);
      for (const child of node.children) walk(child, depth + 1);
    };
    for (const root of snapshot.roots) walk(root, 0);
    return { markdown: parts.join('\n'), tokens: 0, omittedIds: [], shortenedIds: [] };
  }

  const entries: Entry[] = [];
  const visit = (node: PageSnapshotNodeJson, depth: number, parent: Entry | undefined): Entry => {
    const entry: Entry = {
      node,
      depth,
      parent,
      level: 2,
      block: nodeBlock(node, depth, caps),
      effectivePriority: node.priority,
    };
    entries.push(entry);
    for (const child of node.children) {
      const childEntry = visit(child, depth + 1, entry);
      entry.effectivePriority = Math.max(entry.effectivePriority, childEntry.effectivePriority);
    }
    return entry;
  };
  for (const root of snapshot.roots) visit(root, 0, undefined);
  const compose = (): string => {
    const parts = [...header];
    for (const entry of entries) if (entry.level > 0) parts.push(blockOf(entry));
    const note = budgetNote(entries);
    if (note) parts.push(note);
    return parts.join('\n');
  };

  const exact = resolveTokenCounter(options);
  // The final text is counted while fitting and again for the result: remember the last count.
  let lastText: string | undefined;
  let lastCount = 0;
  const count = (text: string): number => {
    if (text !== lastText) {
      lastCount = exact(text);
      lastText = text;
    }
    return lastCount;
  };
  let markdown = compose();
  // A token spans at least one UTF-8 byte and a UTF-16 unit is at most 3 bytes: a text of at most
  // budget/3 units fits without counting block by block.
  if (budgetTokens !== undefined && markdown.length * 3 > budgetTokens) {
    const budget = Math.max(0, Math.floor(budgetTokens));
    markdown = fitBudget({ entries, header, whole: markdown, compose, count, budget });
  }
  return {
    markdown,
    tokens: count(markdown),
    omittedIds: entries.filter((entry) => entry.level === 0).map((entry) => entry.node.id),
    shortenedIds: entries.filter((entry) => entry.level === 1).map((entry) => entry.node.id),
  };
}

/** `# Page: <route with params>?<query>`, on one line whatever the URL holds. */
function locationLine(location: PageLocation | undefined): string {
  return location ? `# Page: ${locationText(location)}` : '# Page';
}
