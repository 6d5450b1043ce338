/**
 * Compact text of a {@link PageDiff}, to send after the first full snapshot:
 *
 * ```
 * # Page changes (v3 → v5)
 * location: issues → issue-detail (issueId=SL-42)
 * + widget: Latency [n9] in n1
 *   p95: 120 ms
 * - widget: Errors [n3]
 * ~ filters [n2]: environment: production (was staging); range: 7d (was 24h)
 * ~ issue-table: Issues [issues]: shown: 6 (was 25)
 *   top (5 of 6):
 *   | id | title | events |
 *   …
 * ```
 *
 * A delta must keep meaning: every changed fact a user could ask about is written with its new
 * value in full next to its name, as the page's Markdown would write it — a changed list as its new rows (a table,
 * capped as the page caps it), never as `[10 items] → [6 items]`; a long string whole. The
 * previous value, which the model already read, follows shortened: `(was …)`.
 */

import { factLine, findTitle, formatData, joinItems, oneLine } from '../render/format-data.js';
import { locationText } from '../render/location-text.js';
import { userContentText } from '../render/user-content.js';
import type { JsonValue, PageLocation } from '../types.js';
import type { PageDiff, PageDiffChange } from './diff.js';

/** Options of {@link diffToMarkdown}. */
export interface DiffToMarkdownOptions {
  /**
   * Longest previous value quoted in `(was …)`, in characters (the new value is always whole).
   * Default 40.
   */
  maxPreviousValueLength?: number;
  /** Most table rows shown for an added node or a changed list. Default 10, as `toMarkdown`. */
  maxTableRows?: number;
  /** Most table columns shown. Default 8, as `toMarkdown`. */
  maxTableColumns?: number;
}

/**
 * Formats a diff as compact Markdown.
 * @param pageDiff - from `diff(previous, next)`.
 * @param options - caps on changes per node, value length and table rows.
 * @returns the text; `No page changes since v<n>.` when the diff is empty.
 */
export function diffToMarkdown(pageDiff: PageDiff, options: DiffToMarkdownOptions = {}): string {
  const { maxPreviousValueLength = 40, maxTableRows = 10, maxTableColumns = 8 } = options;
  const table = { maxTableRows, maxTableColumns };
  const lines: string[] = [`# Page changes (v${pageDiff.fromVersion} → v${pageDiff.toVersion})`];
  if (pageDiff.location) {
    lines.push(
      `location: ${describeLocation(pageDiff.location.from)} → ${describeLocation(pageDiff.location.to)}`,
    );
  }
  for (const node of pageDiff.added) {
    const { title, titleKey } = findTitle(node.data);
    lines.push(
      `+ ${label(node.type, title, node.id)}${node.parentId ? ` in ${oneLine(node.parentId)}` : ''}`,
    );
    for (const line of formatData(node.data, { ...table, omitKey: titleKey })) {
      lines.push(`  ${line}`);
    }
  }
  for (const node of pageDiff.removed) {
    lines.push(`- ${label(node.type, findTitle(node.data).title, node.id)}`);
  }
  for (const node of pageDiff.changed) {
    const inline: string[] = [];
    const below: string[] = [];
    for (const change of node.changes) {
      if (isInline(change.to)) inline.push(describeChange(change, maxPreviousValueLength));
      else below.push(...formatData({ [change.path]: change.to as JsonValue }, table));
    }
    const head = `~ ${label(node.type, node.title, node.id)}`;
    lines.push(inline.length > 0 ? `${head}: ${inline.join('; ')}` : `${head}:`);
    for (const line of below) lines.push(`  ${line}`);
  }
  if (lines.length === 1) return `No page changes since v${pageDiff.fromVersion}.`;
  return lines.join('\n');
}

/** A new value written on the node's line: gone, a one-line scalar, or a list of scalars. */
function isInline(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (userContentText(value) !== undefined) return false; // fenced, below the node's line
  if (typeof value === 'string') return !value.includes('\n');
  if (Array.isArray(value)) return value.every((item) => item === null || typeof item !== 'object');
  return typeof value !== 'object';
}

function label(type: string, title: string | undefined, id: string): string {
  return `${oneLine(type)}${title ? `: ${title}` : ''} [${oneLine(id)}]`;
}

function describeLocation(location: PageLocation | undefined): string {
  return location ? locationText(location) : '(none)';
}

function text(value: JsonValue): string {
  if (Array.isArray(value)) return joinItems(value.map((item) => String(item))) || '(none)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function shorten(value: string, maxLength: number): string {
  return value.length <= maxLength ? value : `${value.slice(0, Math.max(0, maxLength - 1))}…`;
}

function describeChange({ path, from, to }: PageDiffChange, maxPreviousLength: number): string {
  const before =
    from === undefined
      ? 'not set'
      : userContentText(from) !== undefined
        ? '(user-written)'
        : typeof from === 'object' && from !== null && !isInline(from)
          ? Array.isArray(from)
            ? `${from.length} items`
            : '{…}'
          : shorten(oneLine(text(from)), maxPreviousLength);
  return `${factLine(path, to === undefined ? '(none)' : oneLine(text(to)))} (was ${before})`;
}
