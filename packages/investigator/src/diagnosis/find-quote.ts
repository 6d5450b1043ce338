/**
 * Finds a quoted code snippet in a file, ignoring differences in whitespace (indentation, line
 * breaks, runs of spaces), so a model's copy of one or more lines is matched to where it starts.
 */

/** How many lines a quote may start away from its stated line, either way. */
export const QUOTE_LINE_TOLERANCE = 3;

/** Where a quote was found. */
export interface QuoteLocation {
  /** True when the quote starts within `tolerance` lines of the expected line. */
  found: boolean;
  /** 1-based lines where the quote starts anywhere in the file, in order. */
  occurrences: number[];
}

/**
 * Collapses every run of whitespace (line breaks included) to one space and trims.
 * @param text any text.
 * @returns the normalised text.
 */
export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Fewest word characters a quote must hold to count as evidence. */
export const MIN_QUOTE_WORD_CHARS = 2;

const WORD_CHAR = /[\p{L}\p{N}_$]/gu;

/**
 * Whether a quote carries code that can back a claim: at least {@link MIN_QUOTE_WORD_CHARS} (2)
 * letters, digits, `_` or `$` in all, as any name or keyword has, and as a statement of one-letter
 * names has (`v[i];`, a Rust index that panicked: fresh-user trial 44). A quote of braces and
 * punctuation alone (`}`, `});`) matches in most files and shows nothing.
 * @param quote - the quoted text.
 * @returns false for a quote with fewer such characters.
 */
export function isMeaningfulQuote(quote: string): boolean {
  WORD_CHAR.lastIndex = 0;
  let count = 0;
  while (WORD_CHAR.exec(quote) !== null) {
    count += 1;
    if (count >= MIN_QUOTE_WORD_CHARS) return true;
  }
  return false;
}

/** A `read_file` line-number gutter (`  12│ `) or a numbered excerpt prefix (`12: `). */
const GUTTER = /^\s*\d+(?:│ ?|: )/;

/**
 * Removes line-number gutters a model copied along with the code: from `read_file` output
 * (`  12│ code`) or from a numbered excerpt (`12: code`). Only when every non-blank line carries one,
 * so code that itself starts with a number keeps it.
 * @param quote - the quoted text.
 * @returns the quote without gutters, or unchanged.
 */
export function stripLineGutters(quote: string): string {
  const lines = quote.split('\n');
  const numbered = lines.filter((line) => line.trim() !== '');
  if (numbered.length === 0 || !numbered.every((line) => GUTTER.test(line))) return quote;
  return lines.map((line) => line.replace(GUTTER, '')).join('\n');
}

/**
 * Looks for `quote` in `lines`, whitespace-normalised. A quote may span lines and may start or end
 * inside a line.
 * @param lines the file's lines.
 * @param quote the quoted code; line-number gutters are stripped first (see
 *   {@link stripLineGutters}); an empty (all-whitespace) quote is never found.
 * @param line 1-based line where the quote is said to start.
 * @param tolerance how many lines the start may be off, either way. Default
 *   {@link QUOTE_LINE_TOLERANCE}.
 * @returns whether it starts near `line`, and every line where it starts in the file.
 */
export function findQuote(
  lines: readonly string[],
  quote: string,
  line: number,
  tolerance = QUOTE_LINE_TOLERANCE,
): QuoteLocation {
  const needle = normalizeWhitespace(stripLineGutters(quote));
  if (needle === '') return { found: false, occurrences: [] };
  // One normalised text for the file, with the offset where each non-blank line starts.
  let haystack = '';
  const starts: { offset: number; line: number }[] = [];
  lines.forEach((text, index) => {
    const normalised = normalizeWhitespace(text);
    if (normalised === '') return;
    if (haystack !== '') haystack += ' ';
    starts.push({ offset: haystack.length, line: index + 1 });
    haystack += normalised;
  });
  const occurrences: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const start = lineAt(starts, at);
    if (occurrences.at(-1) !== start) occurrences.push(start);
  }
  return {
    found: occurrences.some((start) => Math.abs(start - line) <= tolerance),
    occurrences,
  };
}

/** Line holding normalised offset `offset` (binary search over line starts). */
function lineAt(starts: readonly { offset: number; line: number }[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle]?.offset ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return starts[low]?.line ?? 1;
}
