/**
 * Text and JSON without lone UTF-16 surrogates. A JSON string's `\ud800` escape without its other
 * half is no character; stored or printed it came back as three U+FFFD (a title of nothing) or
 * made a report read as binary data (fresh-user trials 17–19). Each lone surrogate becomes U+FFFD,
 * as the WHATWG Encoding Standard's UTF-8 encoder writes it; every other character is kept.
 */

/** A high surrogate without a low one after it, or a low one without a high one before it. */
export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A lone surrogate as `JSON.stringify` writes it (ES2019 well-formed stringify escapes exactly the
 * lone ones, `\ud800`), after an even run of backslashes: an odd one makes `\\ud800`, the six
 * characters of a string that only looks like one. Group 1 is the backslashes before it, group 2
 * its code.
 */
export const ESCAPED_LONE_SURROGATE = /(?<!\\)((?:\\\\)*)\\u(d[89a-f][0-9a-f]{2})/i;

/**
 * The text with each lone surrogate replaced by U+FFFD.
 * @returns `text` itself when it holds none.
 */
export function wellFormedText(text: string): string {
  if (!LONE_SURROGATE.test(text)) return text;
  return text.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/**
 * A JSON value with each lone surrogate of its strings and keys replaced by U+FFFD.
 * @param value - a value `JSON.stringify` writes (parsed JSON).
 * @returns `value` itself when it holds none, or when it cannot be written again (nested past
 *   the engine's stack: such a value is refused by its depth elsewhere, `jsonNestsDeeperThan`).
 */
export function wellFormedJson<T>(value: T): T {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return value;
  }
  if (text === undefined || !ESCAPED_LONE_SURROGATE.test(text)) return value;
  const everyOne = new RegExp(ESCAPED_LONE_SURROGATE.source, 'gi');
  return JSON.parse(text.replace(everyOne, '$1\\ufffd')) as T;
}

/** A surrogate in JSON text, escaped (`\ud800`, `\uDC00`) or as it is: where a lone one can come from. */
const MAY_HOLD_SURROGATE = /\\u[dD][89a-fA-F]|[\uD800-\uDFFF]/;

/**
 * JSON text parsed, with each lone surrogate of its strings and keys as U+FFFD
 * ({@link wellFormedParsed}).
 * @param text - JSON text.
 * @returns the parsed value.
 * @throws SyntaxError when `text` is not JSON (as `JSON.parse`).
 */
export function parseWellFormedJson(text: string): unknown {
  return wellFormedParsed(JSON.parse(text), text);
}

/**
 * A value parsed from `text` with each lone surrogate of its strings and keys as U+FFFD
 * ({@link wellFormedJson}, run only when the text holds a surrogate at all: most reports hold
 * none, and writing the value again would double the cost of reading it).
 * @param value - `JSON.parse(text)`.
 * @param text - the JSON text it was parsed from.
 */
export function wellFormedParsed<T>(value: T, text: string): T {
  return MAY_HOLD_SURROGATE.test(text) ? wellFormedJson(value) : value;
}
