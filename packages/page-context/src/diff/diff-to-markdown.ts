/**
 * Compact text of a {@link PageDiff}, to send after the first full snapshot:
 *
 * ```
 * # Page changes (v3 → v5)
 * location: issues → issue-detail (issueId=SL-42)
 * + widget: Latency [n9] in n1
 *   p95: 120 ms
 * - widget: Errors [n3]
 * ~ filters [n2]: environment: staging → production; range: 24h → 7d
 * ```
 */

import { findTitle, formatData, oneLine } from '../render/format-data.js';
import { locationText } from '../render/location-text.js';
import { cutText } from '../render/serialize-value.js';
import type { JsonValue, PageLocation } from '../types.js';
import type { PageDiff, PageDiffChange } from './diff.js';

/** Options of {@link diffToMarkdown}. */
export interface DiffToMarkdownOptions {
  /** Most changes listed per node; the rest are counted. Default 10. */
  maxChangesPerNode?: number;
  /** Longest value shown in a change, in characters. Default 80. */
  maxValueLength?: number;
  /** Most table rows shown for an added node. Default 5. */
  maxTableRows?: number;
}

/**
 * Formats a diff as compact Markdown.
 * @param pageDiff - from `diff(previous, next)`.
 * @param options - caps on changes per node, value length and table rows.
 * @returns the text; `No page changes since v<n>.` when the diff is empty.
 */
export function diffToMarkdown(pageDiff: PageDiff, options: DiffToMarkdownOptions = {}): string {
  const { maxChangesPerNode = 10, maxValueLength = 80, maxTableRows = 5 } = options;
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
    for (const line of formatData(node.data, {
      maxTableRows,
      maxTableColumns: 8,
      omitKey: titleKey,
    })) {
      lines.push(`  ${line}`);
    }
  }
  for (const node of pageDiff.removed) {
    lines.push(`- ${label(node.type, findTitle(node.data).title, node.id)}`);
  }
  for (const node of pageDiff.changed) {
    const shown = node.changes
      .slice(0, maxChangesPerNode)
      .map((change) => describeChange(change, maxValueLength));
    const more = node.changes.length - shown.length;
    if (more > 0) shown.push(`… ${more} more`);
    lines.push(`~ ${label(node.type, node.title, node.id)}: ${shown.join('; ')}`);
  }
  if (lines.length === 1) return `No page changes since v${pageDiff.fromVersion}.`;
  return lines.join('\n');
}

function label(type: string, title: string | undefined, id: string): string {
  return `${oneLine(type)}${title ? `: ${title}` : ''} [${oneLine(id)}]`;
}

function describeLocation(location: PageLocation | undefined): string {
  return location ? locationText(location) : '(none)';
}

function describeValue(value: JsonValue | undefined, maxLength: number): string {
  if (value === undefined) return '(none)';
  if (Array.isArray(value)) {
    const text = JSON.stringify(value);
    return text.length <= maxLength ? text : `[${value.length} items]`;
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return cutText(oneLine(text), maxLength);
}

function describeChange({ path, from, to }: PageDiffChange, maxLength: number): string {
  return `${path}: ${describeValue(from, maxLength)} → ${describeValue(to, maxLength)}`;
}
