/** A readable title for JSON input that no format recognised, instead of its first line (`{`). */
import { MAX_TITLE_CHARS } from '../limits.js';

/** Keys whose string value reads as a report title, most telling first. */
const TITLE_KEYS = ['title', 'summary', 'subject', 'message', 'error', 'name', 'description'];
/** How many keys an object's title lists before eliding the rest. */
const LISTED_KEYS = 5;

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
