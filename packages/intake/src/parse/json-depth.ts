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
