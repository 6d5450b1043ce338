/**
 * Fitting a page into a token budget (used by `to-markdown.ts`). Cut order: lowest priority first;
 * within a priority, shorten before leaving out, deepest and last first; a node is left out only
 * after its subtree (its effective priority is the highest in the subtree). Fitting runs that order
 * backwards: it starts from nothing and adds back what fits, so only the blocks it tries are
 * counted. The result is always confirmed by counting the whole text exactly.
 */

import type { PageSnapshotNodeJson } from '../types.js';
import { oneLine } from './format-data.js';
import type { NodeBlock } from './node-block.js';

/** One node of the page being fitted. */
export interface Entry {
  node: PageSnapshotNodeJson;
  depth: number;
  parent: Entry | undefined;
  /** 2 full, 1 shortened, 0 left out. */
  level: 0 | 1 | 2;
  block: NodeBlock;
  effectivePriority: number;
}

/** Most ids listed per kind in the note. */
const NOTE_IDS = 20;

/**
 * The note that closes a cut page: what was left out (subtrees once, with their size) and shortened.
 * @param entries - the page's nodes with their levels.
 * @returns the note, or `undefined` when nothing was cut.
 */
export function budgetNote(entries: readonly Entry[]): string | undefined {
  const left: string[] = [];
  let leftCount = 0;
  const shortened: string[] = [];
  for (const entry of entries) {
    if (entry.level === 1) shortened.push(oneLine(entry.node.id));
    if (entry.level !== 0 || (entry.parent && entry.parent.level === 0)) continue;
    leftCount++;
    if (left.length < NOTE_IDS) {
      const inside = subtreeSize(entry.node) - 1;
      const label = oneLine(`${entry.node.type} ${entry.node.id}`);
      left.push(`${label}${inside > 0 ? ` (+${inside} inside)` : ''}`);
    }
  }
  if (leftCount === 0 && shortened.length === 0) return undefined;
  const parts: string[] = [];
  if (leftCount > 0) {
    const more = leftCount > left.length ? `, … ${leftCount - left.length} more` : '';
    parts.push(`left out: ${left.join(', ')}${more}`);
  }
  if (shortened.length > 0) {
    const more = shortened.length > NOTE_IDS ? `, … ${shortened.length - NOTE_IDS} more` : '';
    parts.push(`shortened: ${shortened.slice(0, NOTE_IDS).join(', ')}${more}`);
  }
  return `_Token budget — ${parts.join('; ')}. Call expand_node({id}) to read any of them._`;
}

function subtreeSize(node: PageSnapshotNodeJson): number {
  let size = 1;
  for (const child of node.children) size += subtreeSize(child);
  return size;
}

interface Step {
  entry: Entry;
  /** Level the step sets: 1 shortens, 0 leaves out. */
  level: 0 | 1;
  /** Own priority to shorten, effective (subtree) priority to leave out. */
  priority: number;
  order: number;
}

/** Steps in the order they are applied: lowest priority first; shorten before leaving out; deepest, then last, first. */
function degradeSteps(entries: readonly Entry[]): Step[] {
  const steps: Step[] = [];
  entries.forEach((entry, order) => {
    steps.push({ entry, level: 1, priority: entry.node.priority, order });
    steps.push({ entry, level: 0, priority: entry.effectivePriority, order });
  });
  return steps.sort(
    (a, b) =>
      a.priority - b.priority ||
      b.level - a.level ||
      b.entry.depth - a.entry.depth ||
      b.order - a.order,
  );
}

/** Failed additions tolerated in one filling pass before giving up on smaller nodes further down. */
const FILL_MISSES = 64;

/** Input of {@link fitBudget}. */
export interface FitBudgetInput {
  entries: Entry[];
  header: readonly string[];
  /** The whole page, as composed with every node in full. */
  whole: string;
  compose: () => string;
  count: (text: string) => number;
  budget: number;
}

/**
 * Cuts `entries` (sets their levels) until the composed text fits `budget`.
 * @param input - the page's nodes, header, the whole text, how to compose and count, the budget.
 * @returns the composed text, at most `budget` tokens by `count`.
 */
export function fitBudget({
  entries,
  header,
  whole,
  compose,
  count,
  budget,
}: FitBudgetInput): string {
  // The whole page when it fits (counted only when it might: a token is rarely over 6 characters).
  if (whole.length <= budget * 6 && count(whole) <= budget) return whole;
  // Otherwise fill from nothing, undoing the cut steps from the last one (highest priority, parents
  // before children). Each addition is estimated with its block's cached count (+1 for the line
  // break); one that does not fit is skipped, so smaller nodes further down may still fit, until
  // FILL_MISSES misses. Only blocks that are tried get counted. The text is then counted exactly:
  // over budget, additions are taken back, last first (children before their parent); under,
  // another pass fills from the exact count (the note grows as nodes come back, so the estimate
  // runs low). At most three rounds.
  // o200k/cl100k pre-tokenization never joins a line break with a following '#' or '_', so a
  // block followed by its line break counts the same alone as inside the text: the sum is exact
  // except for the note, which is estimated per round.
  const memo = new Map<NodeBlock, [number | undefined, number | undefined]>();
  const blockTokens = (entry: Entry): number => {
    if (entry.level === 0) return 0;
    let counts = memo.get(entry.block);
    if (!counts) {
      counts = [undefined, undefined];
      memo.set(entry.block, counts);
    }
    const slot = entry.level - 1;
    counts[slot] ??= count(`${blockOf(entry)}\n`);
    return counts[slot] as number;
  };
  for (const entry of entries) entry.level = 0;
  const steps = degradeSteps(entries);
  const added: { entry: Entry; from: Entry['level'] }[] = [];
  const fill = (start: number): void => {
    let estimate = start;
    let misses = 0;
    for (let index = steps.length - 1; index >= 0 && misses < FILL_MISSES; index--) {
      const { entry, level } = steps[index] as Step;
      // Undoing "leave out" gives the shortened form (or the full one when shortening saves
      // nothing); undoing "shorten" gives the full form.
      const shortens = entry.block.summary !== entry.block.full;
      const from = level === 0 ? 0 : 1;
      if (entry.level !== from || (level === 1 && !shortens)) continue;
      if (entry.parent && entry.parent.level === 0) continue;
      const to: Entry['level'] = level === 0 && shortens ? 1 : 2;
      const before = blockTokens(entry);
      entry.level = to;
      const delta = blockTokens(entry) - before;
      if (estimate + delta > budget) {
        entry.level = from;
        misses++;
        continue;
      }
      estimate += delta;
      added.push({ entry, from });
    }
  };
  fill(count(`${header.join('\n')}\n`) + count(budgetNote(entries) ?? ''));
  let markdown = compose();
  for (let round = 0; round < 3; round++) {
    const tokens = count(markdown);
    if (tokens < budget) {
      const before = added.length;
      fill(tokens);
      if (added.length === before) break;
      markdown = compose();
    }
    for (let excess = count(markdown) - budget; excess > 0; excess = count(markdown) - budget) {
      if (added.length === 0) return cutToTokens(markdown, count, budget);
      // Take back at least the excess (by block counts), last in first out: a node's children
      // were added after it, so they go before it.
      while (excess > 0 && added.length > 0) {
        const undo = added.pop() as (typeof added)[number];
        const before = blockTokens(undo.entry);
        undo.entry.level = undo.from;
        excess -= before - blockTokens(undo.entry);
      }
      markdown = compose();
    }
  }
  return markdown;
}

/** Last resort when even the location and the note do not fit: the longest prefix that fits. */
function cutToTokens(text: string, count: (text: string) => number, budget: number): string {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (count(text.slice(0, middle)) <= budget) low = middle;
    else high = middle - 1;
  }
  const last = text.charCodeAt(low - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? low - 1 : low);
}

/**
 * The text of an entry at its level.
 * @param entry - a kept entry (level 1 or 2).
 * @returns its shortened or full block.
 */
export function blockOf(entry: Entry): string {
  return entry.level === 1 ? entry.block.summary : entry.block.full;
}
