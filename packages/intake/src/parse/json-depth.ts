/**
 * How deep a parsed JSON value nests, measured without recursion: `JSON.parse` reads any depth,
 * but `JSON.stringify`, and every recursive walk after it, overflows the call stack on a value
 * nested some thousands of levels deep ("Maximum call stack size exceeded"). A report is refused
 * past {@link MAX_JSON_DEPTH} before anything walks it.
 */

/**
 * Deepest nesting of JSON objects and arrays a report may have, levels. A Sentry event nests about
 * 10 levels (`exception.values[].stacktrace.frames[].vars`, its SDKs cut `extra` and `contexts`
 * to 3 levels by default: `normalizeDepth`), a GitHub or Sentry webhook about as many, so 256 is
 * far past any real report, yet far below what the call stack (some thousands of levels) and
 * SQLite's JSON functions (1,000 levels) take.
 */
export const MAX_JSON_DEPTH = 256;

/**
 * Whether `value` nests objects and arrays deeper than `limit` levels (`1` and `"a"` are 0 levels
 * deep, `{}` and `[]` 1, `{"a": [1]}` 2). Walked with a stack, not recursion, and stops at the
 * first value past the limit, so any depth is measured safely.
 * @param value - a parsed JSON value (anything `JSON.parse` returns; other objects are walked by
 *   their own enumerable values).
 * @param limit - levels allowed. Default {@link MAX_JSON_DEPTH}.
 */
export function jsonNestsDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const inner of Object.values(next.value)) pending.push({ value: inner, depth });
  }
  return false;
}

/** What a JSON text, whole or cut short, looks like read without parsing. */
export interface JsonTextShape {
  /** Most objects and arrays open at once anywhere (brackets inside strings do not count). */
  deepest: number;
  /**
   * Where the text ends inside a string: `start`, the index after its opening quote, and `end`,
   * the index its cut-off part may be read up to (before an escape sequence cut in two: `\`,
   * `\u12`); `undefined` when the text ends outside strings.
   */
  cutString?: { start: number; end: number };
}

/**
 * Reads a JSON text's nesting and whether it ends inside a string, character by character
 * without recursion, so a text cut short can be measured before a recursive reader completes it.
 * @param text - JSON text, whole or cut short (its valid prefix is what is measured).
 */
export function jsonTextShape(text: string): JsonTextShape {
  let depth = 0;
  let deepest = 0;
  let stringAt: number | undefined;
  let escapeAt = -1;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (stringAt !== undefined) {
      if (char === '\\') {
        escapeAt = at;
        at += text[at + 1] === 'u' ? 5 : 1;
      } else if (char === '"') {
        stringAt = undefined;
      }
    } else if (char === '"') {
      stringAt = at;
    } else if (char === '{' || char === '[') {
      depth += 1;
      deepest = Math.max(deepest, depth);
    } else if (char === '}' || char === ']') {
      depth -= 1;
    }
  }
  if (stringAt === undefined) return { deepest };
  const escapeLength = text[escapeAt + 1] === 'u' ? 6 : 2;
  const escapeCut = escapeAt > stringAt && escapeAt + escapeLength > text.length;
  return { deepest, cutString: { start: stringAt + 1, end: escapeCut ? escapeAt : text.length } };
}
