/**
 * Stack traces held in JSON strings: a structured log line whose stack field holds the trace with
 * its line breaks escaped (Logback's and Logstash's `"stack_trace":"java.lang.X: boom\n\tat …"`,
 * ECS' `error.stack_trace`, pino's and bunyan's `"err":{"stack":"TypeError: x\n    at …"}`,
 * structlog's `"exception":"Traceback (most recent call last):\n  File \"…\"…"`), one such object
 * a line (NDJSON), a JSON object laid out one value a line, or the quoted string pasted alone. Read
 * as they are, the trace is one line no format reads: no exception, no frame. Rather than a rule
 * per logger, a line is read as JSON where it is (its string values holding a trace are taken),
 * else its string literals holding escaped line breaks are unescaped (a line cut off, a value of a
 * laid-out object, a log line's JSON tail); the object's other fields (time, level, logger) are
 * left out of the trace.
 */
import { jsonTextShape, MAX_JSON_DEPTH } from './json-depth.js';
import { MAX_BODY_CHARS, MAX_EXCEPTIONS, MAX_LINE_CHARS } from './limits.js';
import { withLinesReplaced } from './line-replacement.js';

/**
 * A line of a trace as printed, at a line's start once unescaped: an `at` frame (JVM, .NET, V8),
 * Python's `File "…"`, Ruby's `from …`, a numbered frame (`#0 …`, PHP, native), a JVM cause, a
 * Firefox frame (`f@https://…/a.js:3:9`) or a Go frame's file (`\t/app/main.go:12`). Bounded
 * repetitions only: linear time.
 */
const TRACE_LINE =
  /\n[ \t]{0,40}(?:at \S|File "|from \S|#\d{1,4} |Caused by: |[\w$.<>-]{0,200}@\S{1,500}:\d{1,7}:\d{1,7}|\/[\w./-]{1,500}:\d{1,7})/;

/** A JSON string literal, or one the line ends inside (cut off); escapes taken whole. */
const STRING_LITERAL = /"((?:[^"\\]|\\.)*)("?)/g;

/** A JSON escape: `\uXXXX`, or a backslash and the character it escapes. */
const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|([\s\S]))/g;

/** What each one-character JSON escape stands for. */
const ESCAPED: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

/** Whether text holds an escaped line break (`\n`, `\r`): the cheap test before any other. */
const ESCAPED_BREAK = /\\[nr]/;

/**
 * The lines with each line that holds an escaped stack trace replaced by the trace's lines (see
 * the module's header), a blank line after each trace so that two traces do not run together;
 * lines without one are kept as they are.
 * @param lines - a report's lines (each cut to MAX_LINE_CHARS, as `splitLines` gives them).
 * @returns the lines, or `null` when no line holds an escaped trace.
 */
export function unescapedTraces(lines: string[]): string[] | null {
  return withLinesReplaced(lines, escapedTraceLines);
}

/**
 * The lines of the stack traces one line holds in JSON strings ({@link unescapedTraces}): the
 * string values holding a trace when the line is JSON, else its string literals (or, with no
 * literal holding one, the line itself) unescaped. Each trace is followed by a blank line; each
 * line is cut to MAX_LINE_CHARS; the first MAX_EXCEPTIONS traces are taken, to MAX_BODY_CHARS
 * characters in all. A line that is JSON nested at most MAX_JSON_DEPTH levels is parsed whole
 * (`JSON.parse`, linear in its length at that depth: 5 MB in about 0.1 s); any other line is
 * looked at in its first MAX_BODY_CHARS characters.
 * @param line - one line of a report, of any length.
 * @returns the traces' lines, or `null` when the line holds no escaped trace.
 */
export function escapedTraceLines(line: string): string[] | null {
  if (!ESCAPED_BREAK.test(line)) return null;
  const head = line.length > MAX_BODY_CHARS ? line.slice(0, MAX_BODY_CHARS) : line;
  const traces = jsonTraces(line) ?? literalTraces(head);
  if (traces.length === 0) return null;
  const out: string[] = [];
  let budget = MAX_BODY_CHARS;
  for (const trace of traces.slice(0, MAX_EXCEPTIONS)) {
    if (budget <= 0) break;
    const kept = trace.slice(0, budget);
    budget -= kept.length;
    // One line at a time: a trace of 200,000 line breaks spread into push would overflow the stack.
    for (const piece of kept.split(/\r\n|\r|\n/)) out.push(piece.slice(0, MAX_LINE_CHARS));
    out.push('');
  }
  return out;
}

/** Opening brackets a line may hold before its nesting is measured ahead of `JSON.parse`. */
const UNMEASURED_BRACKETS = 4_096;

/**
 * Whether a JSON text nests no deeper than MAX_JSON_DEPTH: at once when it holds few brackets,
 * else measured ({@link jsonTextShape}). `JSON.parse` reads any depth, but slower than linearly
 * (2,000,000 levels: 7 s); at a bounded depth it is linear.
 */
function nestsShallowly(text: string): boolean {
  let brackets = 0;
  for (const bracket of ['[', '{']) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) {
      brackets += 1;
      if (brackets > UNMEASURED_BRACKETS) return jsonTextShape(text).deepest <= MAX_JSON_DEPTH;
    }
  }
  return true;
}

/** Whether a string holds a trace: a line break followed by a line a trace prints ({@link TRACE_LINE}). */
function holdsTrace(text: string): boolean {
  return TRACE_LINE.test(text.length > MAX_BODY_CHARS ? text.slice(0, MAX_BODY_CHARS) : text);
}

/**
 * The string values of a line that is JSON (an object, an array or a string) that hold a trace,
 * in the order they appear; `null` when the line is no JSON or none of them holds one. Walked
 * with a stack, not recursion, to {@link MAX_JSON_DEPTH} levels; keys are not read.
 */
function jsonTraces(line: string, level = 0): string[] | null {
  const value = parsedJson(line.trim(), /^[[{"]/, /[\]}"]$/);
  if (value === undefined) return null;
  const traces: string[] = [];
  const pending: { value: unknown; depth: number; level: number }[] = [{ value, depth: 0, level }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      const inner =
        next.level < MAX_ESCAPE_LEVELS
          ? parsedJson(next.value.trim(), /^[[{]/, /[\]}]$/)
          : undefined;
      if (inner !== undefined) pending.push({ value: inner, depth: 0, level: next.level + 1 });
      else if (holdsTrace(next.value)) traces.push(next.value);
    } else if (typeof next.value === 'object' && next.value !== null) {
      if (next.depth >= MAX_JSON_DEPTH) continue;
      const inner = Object.values(next.value);
      for (let at = inner.length - 1; at >= 0; at -= 1)
        pending.push({ value: inner[at], depth: next.depth + 1, level: next.level });
    }
  }
  return traces.length > 0 ? traces : null;
}

/**
 * Levels of JSON held in a JSON string walked into (Docker's json-file log wrapping a JSON app
 * log is two; a CloudWatch export of such a log, three).
 */
const MAX_ESCAPE_LEVELS = 4;

/**
 * A text parsed as JSON when it opens and closes as `opens` and `closes` say and nests shallowly
 * ({@link nestsShallowly}); `undefined` otherwise (no JSON, or too deep).
 */
function parsedJson(text: string, opens: RegExp, closes: RegExp): unknown {
  if (!opens.test(text) || !closes.test(text) || !nestsShallowly(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The string literals of a line that is no JSON whole (cut off, a laid-out object's `"key":
 * "value",`, a log line ending in JSON) that hold a trace once unescaped; with none, the line
 * itself unescaped when it holds one (a trace's escaped text pasted without its quotes).
 */
function literalTraces(line: string, level = 0): string[] {
  const traces: string[] = [];
  for (const literal of line.matchAll(STRING_LITERAL)) {
    const content = literal[1] ?? '';
    if (!ESCAPED_BREAK.test(content)) continue;
    const text = unescaped(literal[2] === '"' ? content : withoutCutEscape(content));
    if (holdsTrace(text)) traces.push(text);
    else if (level + 1 < MAX_ESCAPE_LEVELS && ESCAPED_BREAK.test(text))
      // JSON held in the literal (a JSON log line inside a Docker or CloudWatch record), whole or cut.
      traces.push(...(jsonTraces(text, level + 1) ?? literalTraces(text, level + 1)));
  }
  if (traces.length > 0) return traces;
  const text = unescaped(withoutCutEscape(line));
  return holdsTrace(text) ? [text] : [];
}

/** A string's content without an escape the line's cut split (`\`, `\u00`) at its end. */
function withoutCutEscape(content: string): string {
  return content.replace(/\\(?:u[0-9a-fA-F]{0,3})?$/, '');
}

/**
 * JSON string content with its escapes (`\n`, `\t`, `\"`, `\\`, `\uXXXX`, …) read; a backslash
 * before any other character stands for that character, as a lenient reader takes it.
 */
function unescaped(content: string): string {
  return content.replace(ESCAPE, (_, code: string | undefined, char: string | undefined) =>
    code !== undefined
      ? String.fromCharCode(Number.parseInt(code, 16))
      : (ESCAPED[char ?? ''] ?? char ?? ''),
  );
}
