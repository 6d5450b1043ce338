/**
 * Fact recall: does a declared answer appear in a rendering of the page? Matching is on normalized
 * text so that formatting differences that do not change the fact do not count as misses:
 * - Unicode NFKC, lower case, every run of whitespace (line breaks included) as one space;
 * - the HTML entities a serializer writes in text (`&amp; &lt; &gt; &quot; &#39; &nbsp;`, numeric)
 *   decoded;
 * - digit-group commas dropped (`12,408` and `12408` are the same number);
 * - YAML's doubled single quote (`''`, how an ARIA snapshot escapes `'` in a quoted name) read as one.
 * The answer must then occur with no letter or digit directly before or after it, and a number
 * must not continue with a decimal point or comma, so `8` matches neither inside `98` nor `2.8`.
 * A short number (`8`) would still match any `8` on the page (a date, a page count): such facts
 * declare a `unit`, and an occurrence counts only when the unit is written next to it, before or
 * after, with at most {@link MAX_UNIT_GAP} non-word characters between (`8 widgets`, `widgets: 8`).
 * Longer bare numbers can still match by coincidence: recall is an upper bound for them.
 */

/** Most characters (spaces, `:`, `=` …; no letter or digit) between an answer and its unit. */
const MAX_UNIT_GAP = 3;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * @param text - any rendering (Markdown, outline, grid, ARIA snapshot, HTML) or an answer.
 * @returns the text normalized as described in this module's comment.
 */
export function normalizeForRecall(text: string): string {
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
      if (body.startsWith('#x') || body.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
      if (body.startsWith('#')) return String.fromCodePoint(Number(body.slice(1)));
      return ENTITIES[body.toLowerCase()] ?? entity;
    })
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replaceAll("''", "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const isDigit = (char: string | undefined) => char !== undefined && /\d/.test(char);

/** True when the text continues the needle's edge: a letter or digit, or `.`/`,` then a digit after a digit edge. */
function continues(
  edge: string | undefined,
  next: string | undefined,
  beyond: string | undefined,
): boolean {
  if (!isWordChar(edge)) return false;
  if (isWordChar(next)) return true;
  return isDigit(edge) && (next === '.' || next === ',') && isDigit(beyond);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when `unit` is written right before `at` or right after `end` (see the module comment). */
function hasUnit(haystack: string, at: number, end: number, unit: string): boolean {
  const word = escapeRegExp(normalizeForRecall(unit));
  const gap = `[^\\p{L}\\p{N}]{0,${MAX_UNIT_GAP}}`;
  const before = new RegExp(`(?:^|[^\\p{L}\\p{N}])${word}${gap}$`, 'u');
  const after = new RegExp(`^${gap}${word}(?:$|[^\\p{L}\\p{N}])`, 'u');
  return before.test(haystack.slice(0, at)) || after.test(haystack.slice(end));
}

/**
 * @param haystack - a rendering, already passed through {@link normalizeForRecall}.
 * @param answer - the declared answer (raw; normalized here).
 * @param unit - a word the answer must be written next to (`widgets` for `8`); absent: none.
 * @returns true when the normalized answer occurs in `haystack` not directly preceded or followed
 *   by a letter or digit (nor, at a digit, by a decimal point or comma and a digit), and next to
 *   `unit` when one is given.
 */
export function recalls(haystack: string, answer: string, unit?: string): boolean {
  const needle = normalizeForRecall(answer);
  if (needle === '') return false;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if (
      !continues(needle[0], haystack[at - 1], haystack[at - 2]) &&
      !continues(needle.at(-1), haystack[end], haystack[end + 1]) &&
      (unit === undefined || hasUnit(haystack, at, end, unit))
    )
      return true;
  }
  return false;
}
