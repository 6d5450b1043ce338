/**
 * Whether a delta keeps what the page now shows: every line of the current page's Markdown that
 * the previous page did not have is a fact the model has not read yet, and its value must be in the
 * delta (`pageContextTurn` sends the whole page otherwise). Checked on values, not on line format:
 * `environment: production` is kept by `environment: production (was staging)`, a heading
 * `## widget: Latency [n9]` by `+ widget: Latency [n9] in n1`, a table row by the same row.
 */

/** The part of a Markdown line that carries its fact. */
function factText(line: string): string {
  const text = line
    .trim()
    .replace(/^#+\s+/, '')
    .replace(/^[-*]\s+/, '');
  // A table row, or a heading naming its node (`dashboard: API health [n1]`), is kept whole.
  if (text.startsWith('|') || /\[[^\]]+\]$/.test(text)) return text;
  // `key: value`, or `key:2620` (no space before a digit; see format-data.ts).
  const colon = text.search(/:(?: |\d)/);
  return colon > 0 ? text.slice(colon + 1).trim() : text;
}

/** Lines that carry no fact of their own: budget notes, table separators, blank lines. */
function isStructural(line: string): boolean {
  const text = line.trim();
  return text === '' || text.startsWith('_Token budget') || /^\|(\s*---\s*\|)+$/.test(text);
}

/**
 * The facts new in `current` (not in `previous`) that `delta` does not carry.
 * @param previous - the page's Markdown on the previous turn.
 * @param current - the page's Markdown now.
 * @param delta - what would be sent instead of `current`.
 * @returns the missing lines of `current` (empty: the delta keeps everything new).
 */
export function factsMissingFromDelta(previous: string, current: string, delta: string): string[] {
  const seen = new Set(previous.split('\n').map((line) => line.trim()));
  const haystack = delta.replace(/\s+/g, ' ');
  return current.split('\n').filter((line) => {
    if (isStructural(line) || seen.has(line.trim())) return false;
    return !haystack.includes(factText(line).replace(/\s+/g, ' '));
  });
}
