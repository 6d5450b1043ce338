/**
 * The location bullets and fenced blocks of an agent's report, read in linear time. A report is
 * model output, which a degenerate model fills with runs of blank lines, digits or unclosed
 * fences; the patterns these scans replace read from every line start of a blank run to its end
 * (`^\s*`), tried `[^(\n]*` after every split of a digit run, and read every unclosed fence to the
 * text's end (64 KiB took 0.2-5 s). Each function gives what its pattern (in its docs) gives.
 */

/** A location `path:start-end` at the start of a line, as a bullet or a quote reads it. */
export interface ReportLocation {
  /** The path before the colon. */
  path: string;
  /** The first line's digits. */
  start: string;
  /** The last line's digits, when a range was given. */
  end?: string;
}

/** A bullet of the "Affected files" section: its location, symbol and role. */
export interface LocationBullet extends ReportLocation {
  /** The text between the backticks after the location, if any. */
  symbol?: string;
  role: 'cause' | 'symptom' | 'related';
}

/** A quote of the "Evidence" section: `path:line` and the body of the fenced block after it. */
export interface FencedQuote {
  path: string;
  line: string;
  quote: string;
}

/** A fenced diff block: the whole block as it stands in the text, and its body. */
export interface FencedDiff {
  block: string;
  patch: string;
}

const SPACES = /\s*/y;
const PATH = /[^\s`:]+/y;
const DIGITS = /\d+/y;
const LINE = /[^\n\r\u2028\u2029]*/y;
const ROLE = /\((cause|symptom|related)\)/y;
const FENCE_RUN = { '`': /`+/y, '~': /~+/y } as const;
const CLOSE_TAIL = /[ \t]*(?:[\n\r\u2028\u2029]|$)/y;
const DIFF_WORD = /diff|patch/y;
const BLANKS = /[ \t]*/y;

/** Where a sticky `pattern` stops matching from `at` (`at` when it does not match). */
function runEnd(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : at;
}

/**
 * The matches of a pattern `^\s*X` under the `gm` flags, for `read` matching X at a position: the
 * line starts of one run of spaces all see X at the run's end, so only the first is tried, and
 * matching goes on at the first line start after a match, as `matchAll` does.
 */
function* afterLineStarts<T>(
  text: string,
  read: (at: number) => { value: T; end: number } | undefined,
): Generator<T> {
  let lineStart = 0;
  while (lineStart < text.length) {
    const first = runEnd(SPACES, text, lineStart);
    const match = first < text.length ? read(first) : undefined;
    if (match) yield match.value;
    lineStart = runEnd(LINE, text, match ? match.end : first) + 1;
  }
}

/**
 * A location at `at` (`` `?([^\s`:]+):(\d+) `` and a range as `range` reads it), with where it ends.
 * Digit and path runs are taken whole: a shorter run leaves a digit or path character where the
 * patterns need another, or where `[^(\n]*` reads on to the same stop, so no shorter run matches
 * where the whole one did not.
 */
function readLocation(
  text: string,
  at: number,
  range: (digitsEnd: number) => { end: string; after: number } | undefined,
): { location: ReportLocation; after: number } | undefined {
  const pathStart = text[at] === '`' ? at + 1 : at;
  const pathEnd = runEnd(PATH, text, pathStart);
  if (pathEnd === pathStart || text[pathEnd] !== ':') return undefined;
  const digitsEnd = runEnd(DIGITS, text, pathEnd + 1);
  if (digitsEnd === pathEnd + 1) return undefined;
  const location = {
    path: text.slice(pathStart, pathEnd),
    start: text.slice(pathEnd + 1, digitsEnd),
  };
  const ranged = range(digitsEnd);
  return ranged
    ? { location: { ...location, end: ranged.end }, after: ranged.after }
    : { location, after: digitsEnd };
}

/** `(?:\s*-\s*(\d+))?` after a bullet's first line. */
function spacedRange(text: string, at: number): { end: string; after: number } | undefined {
  const dash = runEnd(SPACES, text, at);
  if (text[dash] !== '-') return undefined;
  const from = runEnd(SPACES, text, dash + 1);
  const after = runEnd(DIGITS, text, from);
  return after > from ? { end: text.slice(from, after), after } : undefined;
}

/** `[-*]\s+` and a location at `at`. */
function readBullet(text: string, at: number) {
  if (text[at] !== '-' && text[at] !== '*') return undefined;
  const location = runEnd(SPACES, text, at + 1);
  if (location === at + 1) return undefined;
  return readLocation(text, location, (digitsEnd) => spacedRange(text, digitsEnd));
}

/**
 * The bullets of the "Checked" section: what `/^\s*[-*]\s+`?([^\s`:]+):(\d+)(?:\s*-\s*(\d+))?/gm`
 * matches.
 * @param text - the section.
 * @returns the locations in text order.
 */
export function checkedLocations(text: string): ReportLocation[] {
  return [
    ...afterLineStarts(text, (at) => {
      const bullet = readBullet(text, at);
      return bullet && { value: bullet.location, end: bullet.after };
    }),
  ];
}

/**
 * The bullets of the "Affected files" section: what
 * `` /^\s*[-*]\s+`?([^\s`:]+):(\d+)(?:\s*-\s*(\d+))?`?(?:\s+`([^`]*)`)?[^(\n]*\((cause|symptom|related)\)/gm ``
 * matches. The role is looked for where `[^(\n]*` stops: the first `(` or newline, found for every
 * position in one backward pass rather than read again for each bullet.
 * @param text - the section.
 * @returns the bullets in text order.
 */
export function locationBullets(text: string): LocationBullet[] {
  let stops: Int32Array | undefined;
  const roleAt = (at: number) => {
    stops ??= nextStops(text);
    const stop = stops[at] ?? text.length;
    ROLE.lastIndex = stop;
    const role = ROLE.exec(text);
    return role && { role: role[1] as LocationBullet['role'], end: ROLE.lastIndex };
  };
  return [
    ...afterLineStarts(text, (at) => {
      const bullet = readBullet(text, at);
      if (!bullet) return undefined;
      const afterTick = text[bullet.after] === '`' ? bullet.after + 1 : bullet.after;
      const tick = runEnd(SPACES, text, afterTick);
      const close = tick > afterTick && text[tick] === '`' ? text.indexOf('`', tick + 1) : -1;
      const symbolRole = close === -1 ? null : roleAt(close + 1);
      if (symbolRole) {
        const symbol = text.slice(tick + 1, close);
        return {
          value: { ...bullet.location, symbol, role: symbolRole.role },
          end: symbolRole.end,
        };
      }
      const role = roleAt(afterTick);
      return role ? { value: { ...bullet.location, role: role.role }, end: role.end } : undefined;
    }),
  ];
}

/** For every position of `text` (and its end), the first `(` or `\n` at or after it. */
function nextStops(text: string): Int32Array {
  const stops = new Int32Array(text.length + 1);
  stops[text.length] = text.length;
  for (let at = text.length - 1; at >= 0; at--) {
    stops[at] = text[at] === '(' || text[at] === '\n' ? at : (stops[at + 1] ?? text.length);
  }
  return stops;
}

/**
 * Where fenced blocks can close: for each fence (its character and run length), the positions of
 * the newlines that start a line of that run alone, then `[ \t]*` and the line's end, ascending.
 */
function closingFences(text: string): Map<string, number[]> {
  const closes = new Map<string, number[]>();
  for (
    let newline = text.indexOf('\n');
    newline !== -1;
    newline = text.indexOf('\n', newline + 1)
  ) {
    const char = text[newline + 1];
    if (char !== '`' && char !== '~') continue;
    const runStop = runEnd(FENCE_RUN[char], text, newline + 1);
    CLOSE_TAIL.lastIndex = runStop;
    if (runStop - newline - 1 < 3 || !CLOSE_TAIL.test(text)) continue;
    const key = `${char}${runStop - newline - 1}`;
    const list = closes.get(key) ?? [];
    list.push(newline);
    closes.set(key, list);
  }
  return closes;
}

/** The first of the ascending `positions` at or after `from`, if any. */
function firstFrom(positions: number[] | undefined, from: number): number | undefined {
  if (!positions) return undefined;
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((positions[middle] ?? 0) < from) low = middle + 1;
    else high = middle;
  }
  return positions[low];
}

/**
 * A fenced block opening at `fence` with a run of `length` fence characters whose opening line
 * ends at `lineEnd` (a newline): its body up to the first line of the same run alone, and where
 * that line's `[ \t]*` ends.
 */
function closedBody(
  text: string,
  closes: Map<string, number[]>,
  { fence, length, lineEnd }: { fence: number; length: number; lineEnd: number },
): { body: string; end: number } | undefined {
  const close = firstFrom(closes.get(`${text[fence]}${length}`), lineEnd + 1);
  if (close === undefined) return undefined;
  return { body: text.slice(lineEnd + 1, close), end: runEnd(BLANKS, text, close + 1 + length) };
}

/**
 * The quotes of the "Evidence" section: what
 * `` /^\s*`?([^\s`:]+):(\d+)(?:-\d+)?`?:?\s*\n+(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\3[ \t]*$/gm ``
 * matches. The pattern's fence gives back one character at a time, longest first, until a line of
 * that run alone closes it; the lines that can close a fence are found once.
 * @param text - the section.
 * @returns the quotes in text order; `line` is the first line's digits.
 */
export function fencedQuotes(text: string): FencedQuote[] {
  let closes: Map<string, number[]> | undefined;
  return [
    ...afterLineStarts(text, (at) => {
      const head = readLocation(text, at, (digitsEnd) => {
        if (text[digitsEnd] !== '-') return undefined;
        const after = runEnd(DIGITS, text, digitsEnd + 1);
        return after > digitsEnd + 1 ? { end: text.slice(digitsEnd + 1, after), after } : undefined;
      });
      if (!head) return undefined;
      let spaces = head.after;
      if (text[spaces] === '`') spaces++;
      if (text[spaces] === ':') spaces++;
      const fence = runEnd(SPACES, text, spaces);
      const char = text[fence];
      if (fence === spaces || text[fence - 1] !== '\n' || (char !== '`' && char !== '~')) {
        return undefined;
      }
      const runStop = runEnd(FENCE_RUN[char], text, fence);
      const lineEnd = text.indexOf('\n', runStop);
      if (lineEnd === -1) return undefined;
      closes ??= closingFences(text);
      for (let length = runStop - fence; length >= 3; length--) {
        const block = closedBody(text, closes, { fence, length, lineEnd });
        if (block) {
          const { path, start } = head.location;
          return { value: { path, line: start, quote: block.body }, end: block.end };
        }
      }
      return undefined;
    }),
  ];
}

/**
 * The first fenced diff: what `` /^(`{3,}|~{3,})\s*(?:diff|patch)[^\n]*\n([\s\S]*?)\n\1[ \t]*$/m ``
 * matches (a shorter fence leaves a fence character where `diff` must start, so only the whole
 * run is tried).
 * @param text - the "Proposed change" section.
 * @returns the block and its body, or undefined without one.
 */
export function fencedDiff(text: string): FencedDiff | undefined {
  let closes: Map<string, number[]> | undefined;
  let newline = -1;
  for (let lineStart = 0; lineStart < text.length; lineStart = runEnd(LINE, text, lineStart) + 1) {
    const char = text[lineStart];
    if (char !== '`' && char !== '~') continue;
    const runStop = runEnd(FENCE_RUN[char], text, lineStart);
    if (runStop - lineStart < 3) continue;
    const word = runEnd(SPACES, text, runStop);
    const wordEnd = runEnd(DIFF_WORD, text, word);
    if (wordEnd === word) continue;
    // Line starts only grow: the newline found for an earlier one serves while it lies ahead.
    if (newline < wordEnd) newline = text.indexOf('\n', wordEnd);
    if (newline === -1) return undefined;
    closes ??= closingFences(text);
    const block = closedBody(text, closes, {
      fence: lineStart,
      length: runStop - lineStart,
      lineEnd: newline,
    });
    if (block) return { block: text.slice(lineStart, block.end), patch: block.body };
  }
  return undefined;
}
