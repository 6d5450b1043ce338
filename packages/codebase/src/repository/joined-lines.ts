/**
 * The logical lines of a text: physical lines joined where what they hold goes on across the line
 * break, so a secret written over several lines reads as one (each line alone matches no rule).
 * Joined are a line ending in `\` and the next (shell, Python, C continuations); two string
 * literals that are one string (`"ghp_" +` / `"…"`, Python's and C's adjacent literals, PHP's `.`,
 * Lua's `..`, VB's `&`); and a run of token characters cut by a line break (a long token or
 * base64 hard-wrapped at 64, 70, 76 or 80 columns, the lines of a YAML block scalar or of a
 * multi-line raw string, a private key's body with no BEGIN line). Each physical line is in at most
 * one logical line and is read a constant number of times: linear in the text's length.
 */

/** Characters of a token or base64 run (a JWT's dots, base64's `+/=`, URL-safe `-_`, `~`). */
const TOKEN_CODES = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+/=.~-') {
  TOKEN_CODES[char.charCodeAt(0)] = 1;
}

/** Whether the character at `at` of `line` is a token character. */
function isTokenAt(line: string, at: number): boolean {
  const code = line.charCodeAt(at);
  return code < 128 && TOKEN_CODES[code] === 1;
}
/** Fewest characters of a run cut by a line break that is joined (the shortest token formats). */
const MIN_JOINED_RUN = 20;
/** Fewest characters of a value's last piece alone on its line, unless it has a digit. */
const MIN_ALONE_RUN = 12;
/** A run at least this long that a line ends with may be a value's first piece wherever it starts. */
const MIN_VALUE_RUN = 16;
/** Characters a value's first piece may follow: a string's quote, `=`, `:`, `(`. */
const VALUE_OPENER = '"\'`=:(';
/** A line at least this long that ends inside a run is hard-wrapped (terminals, `fold`, mail). */
const MIN_WRAPPED_LINE = 60;
/** A line's indent and a comment's or a Markdown quote's marker with the space after it. */
const LEAD = /^[ \t]*(?:(?:>|#+|\/\/+|\*|--|;)[ \t]+)?/;
/** What may follow the last piece of a value on its own line: its string's close, `;`, `,`, `)`. */
const VALUE_CLOSE = /^[`"')\]},;]*[ \t]*$/;

/** Logical lines of a text and where their pieces came from. */
export interface JoinedLines {
  /** The logical lines of two or more physical lines, `\n` between them; `''` when none. */
  text: string;
  /**
   * The physical lines a range of {@link text} spans when it crosses a joint of one logical line.
   * @param start the range's first character (0-based, in `text`).
   * @param end the character after its last.
   * @returns 1-based physical line numbers, ascending, and whether a joint it crosses is only
   *   guessed (a run cut by a line break, no `\` or string syntax); `undefined` when the range
   *   lies within one piece (the text's own scan judges it) or reaches over two logical lines.
   */
  spanOf(start: number, end: number): { lines: number[]; guessed: boolean } | undefined;
}

/** Where a joint cuts line `a` (its piece ends at `aEnd`) and the next (its piece starts at `bStart`). */
interface Joint {
  aEnd: number;
  bStart: number;
  /** True for a run cut by a line break, which no syntax of the text marks as going on. */
  guessed?: boolean;
}

/** The run of token characters `line` ends with (its length, 0 when it ends otherwise). */
function trailingRun(line: string): number {
  let at = line.length;
  while (at > 0 && isTokenAt(line, at - 1)) at--;
  return line.length - at;
}

/** The run of token characters from `from` in `line` (its length). */
function leadingRun(line: string, from: number): number {
  let at = from;
  while (at < line.length && isTokenAt(line, at)) at++;
  return at - from;
}

/** A line without its trailing spaces and tabs, as an end index. */
function endWithoutSpaces(line: string, end = line.length): number {
  let at = end;
  while (at > 0 && (line.charAt(at - 1) === ' ' || line.charAt(at - 1) === '\t')) at--;
  return at;
}

/** `a \` / `next`: a continuation; the backslash and the next line's indent are dropped. */
function continuation(a: string, b: string): Joint | undefined {
  if (!a.endsWith('\\') || a.endsWith('\\\\')) return undefined;
  return { aEnd: a.length - 1, bStart: indentOf(b) };
}

/** The index after the opening quote of a string literal at `from` (with a prefix: `r"`, `@"`), or -1. */
function openingQuoteEnd(b: string, from: number): number {
  const prefix = /^(?:[rRbBuUfF]{1,2}|@|\$|L|u8)?["'`]/.exec(b.slice(from, from + 4));
  return prefix ? from + prefix[0].length : -1;
}

/**
 * `"ghp_" +` / `"…"` (or the operator on the second line, or none, or a continuation's `\`:
 * Python's and Ruby's `"ghp_" \` / `"…"`): one string in two literals.
 */
function concatenation(a: string, b: string): Joint | undefined {
  let end = endWithoutSpaces(a);
  if (a.charAt(end - 1) === '\\' && a.charAt(end - 2) !== '\\') end = endWithoutSpaces(a, end - 1);
  let operators = operatorBefore(a, end);
  if (operators > 0) end = endWithoutSpaces(a, end - operators);
  const quote = a.charAt(end - 1);
  if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
  let from = indentOf(b);
  const leading = operatorAt(b, from);
  if (leading > 0) {
    if (operators > 0) return undefined;
    from = from + leading + indentOf(b.slice(from + leading, from + leading + 80));
    operators = leading;
  }
  const bStart = openingQuoteEnd(b, from);
  return bStart === -1 ? undefined : { aEnd: end - 1, bStart };
}

/** The length of a string-joining operator (`+`, `.`, `..`, `&`, `||`) ending at `end`, or 0. */
function operatorBefore(line: string, end: number): number {
  const last = line.charAt(end - 1);
  const before = line.charAt(end - 2);
  if (last === '|') return before === '|' ? 2 : 0;
  if (last === '.') return before === '.' ? 2 : 1;
  return last === '+' || last === '&' ? 1 : 0;
}

/** The length of a string-joining operator starting at `at`, or 0. */
function operatorAt(line: string, at: number): number {
  const first = line.charAt(at);
  const next = line.charAt(at + 1);
  if (first === '|') return next === '|' ? 2 : 0;
  if (first === '.') return next === '.' ? 2 : 1;
  return first === '+' || first === '&' ? 1 : 0;
}

/** The length of a line's indent (spaces and tabs). */
function indentOf(line: string): number {
  let at = 0;
  while (line.charAt(at) === ' ' || line.charAt(at) === '\t') at++;
  return at;
}

/**
 * A run of token characters cut by the line break: the next line (past its indent and comment or
 * quote marker) goes on with the run, the two parts hold at least {@link MIN_JOINED_RUN}
 * characters with a digit among them, and either the next line holds nothing else (a value on
 * lines of its own: {@link MIN_ALONE_RUN} characters or a digit) or this line is a hard-wrapped
 * one ({@link MIN_WRAPPED_LINE} characters), or this line's run starts a value. After a YAML block scalar's header (`key: |`) the value's first line joins the key.
 */
function wrappedRun(a: string, b: string): Joint | undefined {
  // `key: >-`: a header's chomping indicator is a token character too (trial 40).
  const header = blockScalarKeyEnd(a);
  if (header === -1 && !isTokenAt(a, a.length - 1)) return undefined;
  const bFrom = LEAD.exec(b)?.[0].length ?? 0;
  if (!isTokenAt(b, bFrom)) return undefined;
  const bRun = leadingRun(b, bFrom);
  const bText = b.slice(bFrom, bFrom + bRun);
  // A value's piece has `=` only as base64's padding, and no option's dash first (`-Dkey=value`).
  if (b.charAt(bFrom) === '-' || /=[^=]/.test(bText)) return undefined;
  const alone = VALUE_CLOSE.test(b.slice(bFrom + bRun));
  // The key keeps its `: ` (`token: ghp_…`), so rules that read a name and its value see both.
  if (header !== -1 && alone) return { aEnd: header, bStart: bFrom };
  if (!alone && a.length < MIN_WRAPPED_LINE) return undefined;
  // A word alone on the next line (`echo`, `done`, `end`) is code, not the rest of a value.
  if (alone && bRun < MIN_ALONE_RUN && !/\d/.test(bText)) return undefined;
  const aRun = trailingRun(a);
  if (aRun === 0 || aRun + bRun < MIN_JOINED_RUN) return undefined;
  // Not a hard wrap: the run this line ends with starts a value (after a quote, `=`, `:`, or as
  // the whole line) or is long; a word of prose (`… end`) before a key's body is no part of it.
  const runStart = a.length - aRun;
  if (a.length < MIN_WRAPPED_LINE && aRun < MIN_VALUE_RUN) {
    const before = a.charAt(runStart - 1);
    if (!VALUE_OPENER.includes(before) && runStart > (LEAD.exec(a)?.[0].length ?? 0)) {
      return undefined;
    }
  }
  const run = a.slice(a.length - aRun) + bText;
  return /\d/.test(run) ? { aEnd: a.length, bStart: bFrom, guessed: true } : undefined;
}

/**
 * Where the value of a YAML block scalar's header line (`key: |`, `key: >-`) would start: after
 * the `:` and the spaces after it; -1 when the line is no such header.
 */
function blockScalarKeyEnd(line: string): number {
  let at = endWithoutSpaces(line);
  for (let count = 0; count < 2 && /[-+1-9]/.test(line.charAt(at - 1)); count++) at--;
  const indicator = line.charAt(at - 1);
  if (indicator !== '|' && indicator !== '>') return -1;
  return line.charAt(endWithoutSpaces(line, at - 1) - 1) === ':' ? at - 1 : -1;
}

/** The joint between two physical lines (without their `\r`), if the text goes on across it. */
function jointOf(a: string, b: string): Joint | undefined {
  return concatenation(a, b) ?? continuation(a, b) ?? wrappedRun(a, b);
}

/**
 * Joins the physical lines of a text into logical lines (see the module's header).
 * @param text a decoded text, lines split at `\n` (a `\r` before it dropped), numbered from 1.
 * @returns the logical lines of two or more physical lines and a map back to those lines.
 */
export function joinLines(text: string): JoinedLines {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const parts: string[] = [];
  /** Per piece, ascending: its start in the joined text, its physical line, its logical line. */
  const pieceStarts: number[] = [];
  const pieceLines: number[] = [];
  const pieceLogical: number[] = [];
  /** Per piece, whether the joint before it is guessed. */
  const pieceGuessed: boolean[] = [];
  let guessed = false;
  let length = 0;
  let logical = 0;
  let head = 0;
  let open = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const next = lines[index + 1];
    const joint = next === undefined ? undefined : jointOf(line, next);
    if (joint === undefined && !open) {
      head = 0;
      continue;
    }
    if (!open) {
      if (length > 0) {
        parts.push('\n');
        length++;
      }
      logical++;
      open = true;
    }
    const piece = line.slice(head, joint ? joint.aEnd : line.length);
    pieceStarts.push(length);
    pieceLines.push(index + 1);
    pieceLogical.push(logical);
    pieceGuessed.push(guessed);
    parts.push(piece);
    length += piece.length;
    if (joint) {
      head = joint.bStart;
      guessed = joint.guessed ?? false;
    } else {
      open = false;
      head = 0;
    }
  }
  const pieceAt = (offset: number): number => {
    let low = 0;
    let high = pieceStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((pieceStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  return {
    text: parts.join(''),
    spanOf(start, end) {
      if (pieceStarts.length === 0) return undefined;
      const first = pieceAt(start);
      const last = pieceAt(Math.max(start, end - 1));
      if (first === last || pieceLogical[first] !== pieceLogical[last]) return undefined;
      return {
        lines: pieceLines.slice(first, last + 1),
        guessed: pieceGuessed.slice(first + 1, last + 1).some((each) => each),
      };
    },
  };
}
