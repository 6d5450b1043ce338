/**
 * A readable title for JSON input that no format recognised, or JSON text cut short, instead of
 * its first line (`{`).
 */
import { MAX_TITLE_CHARS } from '../limits.js';

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
  if (typeof value !== 'object' || value === null)
    return `JSON ${JSON.stringify(value)}`.slice(0, MAX_TITLE_CHARS);
  const record = value as Record<string, unknown>;
  for (const key of TITLE_KEYS) {
    const found = record[key];
    const line = typeof found === 'string' ? found.trim().split('\n', 1)[0] : undefined;
    if (line) return line.slice(0, MAX_TITLE_CHARS);
  }
  const keys = Object.keys(record);
  if (keys.length === 0) return 'empty JSON object';
  const listed = keys.slice(0, LISTED_KEYS).join(', ');
  const more = keys.length > LISTED_KEYS ? ` and ${keys.length - LISTED_KEYS} more` : '';
  return `JSON object with ${keys.length === 1 ? 'key' : 'keys'} ${listed}${more}`.slice(
    0,
    MAX_TITLE_CHARS,
  );
}

/** The first line of a title-like string value of cut JSON text, unescaped (`undefined`: none). */
function cutValue(head: string, key: string): string | undefined {
  const found = new RegExp(`"${key}"\\s*:\\s*("(?:[^"\\\\\\n]|\\\\.){1,400}")`).exec(head);
  if (!found?.[1]) return undefined;
  try {
    return (JSON.parse(found[1]) as string).trim().split('\n', 1)[0] || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Titles text that does not parse as JSON, as plain text is titled (its first line) unless it is
 * JSON cut short (an event pasted in part, trial 32): then the first title-like key's string, as
 * {@link jsonTitle} reads it, else its first line with a letter or digit (never a lone `{`).
 * @param lines the text's lines.
 * @returns a title of at most {@link MAX_TITLE_CHARS} characters, or `undefined` for blank text.
 */
export function textTitle(lines: readonly string[]): string | undefined {
  const first = lines.find((line) => line.trim() !== '')?.trim();
  if (!first || !JSON_OPENING.test(first)) return first?.slice(0, MAX_TITLE_CHARS);
  let head = '';
  for (const line of lines) {
    if (head.length >= CUT_SEARCH_CHARS) break;
    head += `${line}\n`;
  }
  for (const key of TITLE_KEYS) {
    const value = cutValue(head.slice(0, CUT_SEARCH_CHARS), key);
    if (value) return value.slice(0, MAX_TITLE_CHARS);
  }
  return (lines.find((line) => /[\p{L}\p{N}]/u.test(line))?.trim() ?? first).slice(
    0,
    MAX_TITLE_CHARS,
  );
}
