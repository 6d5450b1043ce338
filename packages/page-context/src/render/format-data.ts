/**
 * Renders one node's serialized data as compact Markdown lines: `key: value`, nested objects
 * flattened to dotted paths (`filters.environment: production`), lists of scalars joined by commas,
 * small lists of flat objects as Markdown tables (row and column caps), multi-line strings as
 * indented blocks. A "summary" form keeps only the first few scalar facts.
 *
 * Separators are written for the tokenizer: a space after `:`, `,` or a table's `|` is left out
 * before a value that starts with a digit (`events:2620`, `|93 |`). o200k_base and cl100k_base
 * merge a leading space into a word (` warning` is one token) but never into digits, so there the
 * space would be a token of its own — the one thing that made page context cost more than the
 * same facts as JSON (`"events":2620`) on number-heavy nodes.
 */

import type { JsonObject, JsonValue } from '../types.js';
import { cutText } from './serialize-value.js';
import { userContentLines, userContentText } from './user-content.js';

/** Keys used as a node's title in its heading, in order of preference. */
export const TITLE_KEYS = ['title', 'name', 'label', 'heading'] as const;

/** Options of {@link formatData}. */
export interface FormatDataOptions {
  /** Most table rows shown. */
  maxTableRows: number;
  /** Most table columns shown. */
  maxTableColumns: number;
  /** Summary form: at most `summaryLines` scalar facts, containers reduced to their size. */
  summary?: boolean;
  /** Lines kept by the summary form. Default 3. */
  summaryLines?: number;
  /** Top-level key left out (the title, shown in the heading). */
  omitKey?: string;
}

const MORE_ITEMS = /^… \[(\d+) more items\]$/;
const MAX_CELL_LENGTH = 120;

/**
 * Collapses whitespace runs (line breaks included) to one space, so text from data, ids or types
 * cannot start a line of its own (a fake heading) in the Markdown.
 * @param text - any text.
 * @returns the text on one line.
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/**
 * The space a separator needs before `text`: none when `text` starts with a digit (see the module
 * header), one otherwise.
 * @param text - the value that follows the separator.
 * @returns `''` or `' '`.
 */
export function spaceBefore(text: string): string {
  return /^\d/.test(text) ? '' : ' ';
}

/**
 * One fact on one line: `key: value`, or `key:value` when the value starts with a digit.
 * @param key - the key or dotted path (already on one line).
 * @param value - the value's text.
 * @returns the line.
 */
export function factLine(key: string, value: string): string {
  return `${key}:${spaceBefore(value)}${value}`;
}

/**
 * Items joined by commas, with no space before an item that starts with a digit.
 * @param items - texts on one line each.
 * @returns `a, b,3`.
 */
export function joinItems(items: readonly string[]): string {
  return items.map((item, index) => (index === 0 ? item : `,${spaceBefore(item)}${item}`)).join('');
}

function isObject(value: JsonValue): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: JsonValue): value is string | number | boolean | null {
  return value === null || typeof value !== 'object';
}

/**
 * Finds a node's title in its data.
 * @param data - serialized node data.
 * @returns the first non-empty string among {@link TITLE_KEYS} (whitespace collapsed) and its key;
 * `{}` when there is none.
 */
export function findTitle(data: JsonValue): { title?: string; titleKey?: string } {
  if (!isObject(data)) return {};
  for (const key of TITLE_KEYS) {
    const value = data[key];
    if (typeof value === 'string' && value.length > 0) {
      return { title: oneLine(value), titleKey: key };
    }
  }
  return {};
}

/**
 * Renders data as lines.
 * @param data - serialized node data.
 * @param options - table caps and summary mode.
 * @returns Markdown lines, without trailing newlines.
 */
export function formatData(data: JsonValue, options: FormatDataOptions): string[] {
  const lines: string[] = [];
  if (options.summary) {
    summarize(data, options, lines);
  } else if (isObject(data)) {
    for (const key of Object.keys(data)) {
      if (key !== options.omitKey) entry(oneLine(key), data[key] as JsonValue, options, lines);
    }
  } else if (data !== null) {
    entry('value', data, options, lines);
  }
  return lines;
}

function summarize(data: JsonValue, options: FormatDataOptions, lines: string[]): void {
  const limit = options.summaryLines ?? 3;
  const entries: [string, JsonValue][] = isObject(data)
    ? Object.entries(data)
    : data === null
      ? []
      : [['value', data]];
  for (const [key, value] of entries) {
    if (lines.length >= limit) break;
    if (key === options.omitKey) continue;
    if (isScalar(value)) lines.push(factLine(oneLine(key), scalar(value).split('\n', 1)[0] ?? ''));
    else if (Array.isArray(value)) lines.push(factLine(oneLine(key), `${listLength(value)} items`));
  }
}

function listLength(list: readonly JsonValue[]): number {
  const last = list[list.length - 1];
  const more = typeof last === 'string' ? MORE_ITEMS.exec(last) : null;
  return more ? list.length - 1 + Number(more[1]) : list.length;
}

function scalar(value: string | number | boolean | null): string {
  return value === null ? 'null' : String(value);
}

function entry(path: string, value: JsonValue, options: FormatDataOptions, lines: string[]): void {
  const written = userContentText(value);
  if (written !== undefined) {
    lines.push(...userContentLines(path, written));
    return;
  }
  if (isScalar(value)) {
    const text = scalar(value);
    if (!text.includes('\n')) lines.push(factLine(path, text));
    else lines.push(`${path}: |`, ...text.split('\n').map((line) => `  ${line}`));
    return;
  }
  if (Array.isArray(value)) {
    list(path, value, options, lines);
    return;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) lines.push(`${path}: {}`);
  for (const key of keys) {
    entry(`${path}.${oneLine(key)}`, value[key] as JsonValue, options, lines);
  }
}

function list(path: string, items: JsonValue[], options: FormatDataOptions, lines: string[]): void {
  const total = listLength(items);
  const shown = total === items.length ? items : items.slice(0, -1);
  if (shown.length === 0) {
    lines.push(`${path}: (none)`);
  } else if (shown.every(isScalar)) {
    const text = joinItems(shown.map((item) => oneLine(scalar(item))));
    lines.push(factLine(path, `${text}${total > shown.length ? `, … (${total} in all)` : ''}`));
  } else if (shown.every((item) => isObject(item) && Object.values(item).every(isScalar))) {
    table(path, shown as JsonObject[], total, options, lines);
  } else {
    const limit = Math.min(shown.length, options.maxTableRows);
    for (let index = 0; index < limit; index++) {
      entry(`${path}[${index}]`, shown[index] as JsonValue, options, lines);
    }
    if (total > limit) lines.push(`${path}: … ${total - limit} more items`);
  }
}

function cell(value: JsonValue | undefined): string {
  if (value === undefined) return '';
  const text = isScalar(value) ? scalar(value) : JSON.stringify(value);
  return cutText(oneLine(text).replace(/\|/g, '\\|'), MAX_CELL_LENGTH);
}

function table(
  path: string,
  rows: JsonObject[],
  total: number,
  { maxTableRows, maxTableColumns }: FormatDataOptions,
  lines: string[],
): void {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const shownColumns = columns.slice(0, maxTableColumns);
  const shownRows = rows.slice(0, maxTableRows);
  const notes: string[] = [];
  if (total > shownRows.length) notes.push(`${shownRows.length} of ${total}`);
  if (columns.length > shownColumns.length) {
    notes.push(`+${columns.length - shownColumns.length} columns`);
  }
  lines.push(`${path}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}:`);
  lines.push(tableRow(shownColumns.map((column) => cell(column))));
  lines.push(`|${shownColumns.map(() => ' --- |').join('')}`);
  for (const row of shownRows)
    lines.push(tableRow(shownColumns.map((column) => cell(row[column]))));
}

/** `| a |3 |`: each cell after its bar, with no space before a cell that starts with a digit. */
function tableRow(cells: readonly string[]): string {
  return `${cells.map((text) => `|${spaceBefore(text)}${text} `).join('')}|`;
}
