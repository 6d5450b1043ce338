/**
 * What reading a report removes from its text before anything shows it: terminal escape
 * sequences and control characters, in the report's text and in the strings of a JSON report's
 * values (a Sentry event's exception value, an issue's title), so a title never carries a raw
 * `ESC[2J` to a terminal (fresh-user trial 28).
 */
import { stripVTControlCharacters } from 'node:util';
import { CONTROL_CHARACTERS } from './binary-text.js';

// The start of an ANSI escape sequence: ESC, or the 8-bit CSI.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const ESCAPE = /[\u001B\u009B]/;

/** Control characters with a non-space character on each side. */
const CONTROL_RUN_BETWEEN_WORDS = new RegExp(
  `(?<=\\S)(?:${CONTROL_CHARACTERS.source})+(?=\\S)`,
  'g',
);

/** The notes of what was removed, as reading a report gives them. */
export const ESCAPES_REMOVED = 'terminal colour and cursor codes were removed';
export const CONTROLS_REMOVED = 'control characters were removed';

/**
 * The text without terminal escape sequences (colour and cursor codes go whole, by Node's
 * `stripVTControlCharacters`, before removing control characters would leave `[31m`).
 * @returns the text, and whether any was removed.
 */
export function withoutEscapes(text: string): { text: string; removed: boolean } {
  return ESCAPE.test(text)
    ? { text: stripVTControlCharacters(text), removed: true }
    : { text, removed: false };
}

/**
 * The text without C0 control characters but tab, line feed and carriage return, and DEL;
 * between two words they leave a space, so `red\0nul` stays two words (fresh-user trial 26).
 * @returns the text, and whether any was removed.
 */
export function withoutControls(text: string): { text: string; removed: boolean } {
  if (text.search(CONTROL_CHARACTERS) === -1) return { text, removed: false };
  const cleaned = text.replace(CONTROL_RUN_BETWEEN_WORDS, ' ').replace(CONTROL_CHARACTERS, '');
  return { text: cleaned, removed: true };
}

/**
 * A parsed JSON value with {@link withoutEscapes} and {@link withoutControls} applied to every
 * string in it (keys are kept); objects and arrays are copied only where something changed, so
 * the caller's value is never modified.
 * @param value - a parsed JSON value no deeper than `MAX_JSON_DEPTH` (it is walked by recursion).
 * @returns the cleaned value and the notes of what was removed ({@link ESCAPES_REMOVED},
 *   {@link CONTROLS_REMOVED}), each at most once.
 */
export function jsonWithoutControls(value: unknown): { value: unknown; notes: string[] } {
  const removed = new Set<string>();
  const clean = (inner: unknown): unknown => {
    if (typeof inner === 'string') {
      const escapes = withoutEscapes(inner);
      const controls = withoutControls(escapes.text);
      if (escapes.removed) removed.add(ESCAPES_REMOVED);
      if (controls.removed) removed.add(CONTROLS_REMOVED);
      return controls.text;
    }
    if (Array.isArray(inner)) {
      const items = inner.map(clean);
      return items.some((item, at) => item !== inner[at]) ? items : inner;
    }
    if (inner !== null && typeof inner === 'object') {
      const entries = Object.entries(inner).map(([key, item]) => [key, clean(item)] as const);
      const record = inner as Record<string, unknown>;
      return entries.some(([key, item]) => item !== record[key])
        ? Object.fromEntries(entries)
        : inner;
    }
    return inner;
  };
  const cleaned = clean(value);
  return {
    value: cleaned,
    notes: [ESCAPES_REMOVED, CONTROLS_REMOVED].filter((note) => removed.has(note)),
  };
}
