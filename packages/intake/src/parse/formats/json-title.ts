/**
 * A readable title for JSON input that no format recognised, or JSON text cut short, instead of
 * its first line (`{`).
 */
import { wholeWords } from '../decode-input.js';
import { MAX_TITLE_CHARS } from '../limits.js';
import { collapseWhitespace, cutTitle } from '../lines.js';

/** Keys whose string value reads as a report title, most telling first. */
const TITLE_KEYS = ['title', 'summary', 'subject', 'message', 'error', 'name', 'description'];
/** How many keys an object's title lists before eliding the rest. */
const LISTED_KEYS = 5;
/** A first line that opens JSON: a bracket alone, or before a key, a string or another bracket. */
const JSON_OPENING = /^[[{]\s*(?:["[{]|$)/;
/** Characters of a cut JSON text searched for a title-like key (its head is where events keep it). */
const CUT_SEARCH_CHARS = 65_536;

/**
 * Titles a parsed JSON value: the first one-line string under a title-like key (`title`,
 * `summary`, `message`…), else a description of its shape (`JSON object with keys a, b`).
 * @param value the parsed JSON value.
 * @returns a title of at most {@link MAX_TITLE_CHARS} characters.
 */
export function jsonTitle(value: unknown): string {
  if (Array.isArray(value)) {
    return `JSON array of ${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  }
  if (typeof value !== 'object' || value === null) return cutTitle(`JSON ${JSON.stringify(value)}`);
  const record = value as Record<string, unknown>;
  for (const key of TITLE_KEYS) {
    const found = record[key];
    const line = typeof found === 'string' ? found.trim().split('\n', 1)[0] : undefined;
    if (line) return cutTitle(line);
  }
  const keys = Object.keys(record);
  if (keys.length === 0) return 'empty JSON object';
  const listed = keys.slice(0, LISTED_KEYS).join(', ');
  const more = keys.length > LISTED_KEYS ? ` and ${keys.length - LISTED_KEYS} more` : '';
  return cutTitle(`JSON object with ${keys.length === 1 ? 'key' : 'keys'} ${listed}${more}`);
}

/**
 * The first line of a title-like key's string in JSON text that does not parse, unescaped and on
 * one line (`undefined`: none, or blank). A string the text ends inside (cut short) keeps its whole
 * words only and ends with `…`, as decodeInput marks a cut object's: the word the cut split may be
 * a token's start (trial 36: `Failing with ghp_…` showed half a token).
 */
function cutValue(head: string, key: string): string | undefined {
  const found = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\\\n]|\\\\.)*)(")?`).exec(head);
  if (!found) return undefined;
  const closed = found[2] !== undefined;
  let value: string;
  try {
    value = JSON.parse(`"${closed ? (found[1] ?? '') : wholeWords(found[1] ?? '')}"`) as string;
  } catch {
    return undefined;
  }
  const line = collapseWhitespace(value.trim().split('\n', 1)[0] ?? '');
  if (!line) return undefined;
  return closed ? line : `${line} …`;
}

/** The text of a line the cut ends, up to its last word break, marked cut (`undefined`: no word). */
function cutLine(line: string): string | undefined {
  const kept = line.slice(0, line.search(/\s\S*$/) + 1).trim();
  return /[\p{L}\p{N}]/u.test(kept) ? `${kept} …` : undefined;
}

/**
 * Titles text that does not parse as JSON, as plain text is titled (its first line) unless it is
 * JSON cut short (an export or event pasted in part, trials 32 and 36): then the first title-like
 * key's string, as {@link jsonTitle} reads it, else its first line with a letter or digit (the
 * line the cut ends kept to its whole words), else `JSON text that does not parse` — never a lone
 * `{` or `[`.
 * @param lines the text's lines.
 * @returns a title of at most {@link MAX_TITLE_CHARS} characters, or `undefined` for blank text.
 */
export function textTitle(lines: readonly string[]): string | undefined {
  const first = lines.find((line) => line.trim() !== '')?.trim();
  if (!first || !JSON_OPENING.test(first)) return first === undefined ? undefined : cutTitle(first);
  let head = '';
  for (const line of lines) {
    if (head.length >= CUT_SEARCH_CHARS) break;
    head += `${line}\n`;
  }
  for (const key of TITLE_KEYS) {
    const value = cutValue(head.slice(0, CUT_SEARCH_CHARS), key);
    if (value) return cutTitle(value);
  }
  let last = lines.length - 1;
  while (last > 0 && (lines[last] ?? '').trim() === '') last--;
  const at = lines.findIndex((line) => /[\p{L}\p{N}]/u.test(line));
  const line = at === -1 ? undefined : (lines[at] ?? '').trim();
  const title = line === undefined ? undefined : at === last ? cutLine(line) : line;
  return cutTitle(title ?? 'JSON text that does not parse');
}
