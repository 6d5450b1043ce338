/**
 * JVM and .NET stack traces whose line breaks were lost: a bug tracker's export or a form that
 * joined a pasted log into one line (`… Error log: org.x.ReportException: msg at org.x.A.f(A.java:12)
 * at org.x.B.g(B.java:40) Caused by: java.lang.NullPointerException at …`, `… System.X: msg at
 * A.B.C(String s) in /src/C.cs:line 25 at …`). Read as prose, every
 * class in the trace counted as a name the report mentions and none as a frame: 53 of the 57
 * Eclipse reports of the corpus of real fixes (issue #33) that read as plain text hold one.
 */
import { escapedTraceLines } from './escaped-traces.js';
import { MAX_BODY_CHARS, MAX_LINE_CHARS } from './limits.js';
import { withLinesReplaced } from './line-replacement.js';
import { joinedLogcatLines } from './log-prefixes.js';

/**
 * One `at` frame inside a line: `at`, a qualified method (a module prefix such as `java.base/`,
 * .NET's generic arity `` `1 `` allowed), then in parentheses what the JVM's
 * `Throwable.printStackTrace` prints — a file with its line (`A.java:12`), `Native Method`,
 * `Unknown Source` or `Compiled Code`, then Logback's optional jar suffix (`~[app.jar:?]`) — or
 * what .NET's `Exception.StackTrace` prints: the parameters, with ` in File.cs:line 25` after
 * them (learn.microsoft.com/dotnet/api/system.exception.stacktrace), or without it only as typed
 * parameters (`(String path, Int32 mode)`), both captured as `dotnet`; or `()`, captured as
 * `empty`, a frame only beside a .NET one (a mangled JVM trace has `at a.B.call()` between its
 * frames). Stricter than a frame line of its own, since prose can say "at home(…)". No nested
 * repetition that can match one text two ways: linear time per line.
 */
const INLINE_FRAME =
  /(?<=^|\s)at ((?:[\w$<>`-]+[./])+[\w$<>`-]+) ?\((?:[\w$-]+\.[A-Za-z]{1,6}:\d{1,7}\)(?: ~?\[[^\]\s]{0,200}\])?|Native Method\)|Unknown Source(?::\d+)?\)|Compiled Code\)|(?<dotnet>[^()\n]{0,300}\) in (?:[A-Za-z]:)?[^:\n]{1,400}?:line \d{1,7}|[\w$.<>`[\]&*]+ [\w$]+(?:, [\w$.<>`[\]&*]+ [\w$]+)*\))|(?<empty>\)))/g;

/**
 * Where a piece between frames starts a line of its own: a cause, a .NET inner exception's arrow,
 * an elision, a suppressed block.
 */
const PIECE_BREAK =
  /(?=Caused by[: ])|(?=Suppressed: )|(?=---> )|(?<=\.\.\. \d{1,7} (?:more|common frames omitted))\s/;

/**
 * A JVM or .NET exception type in the text before a flattened trace's first frame (a qualified
 * name ending in Exception, Error or Throwable, its namespace lower-case as Java's packages or
 * capitalized as .NET's), whole, with the colon of its message when it has one.
 */
const EXCEPTION_TYPE =
  /(?<![\w$.])(?:[A-Za-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error|Throwable)(:)?/g;

/** Frames a line must hold before it is read as a flattened trace rather than prose. */
const MIN_INLINE_FRAMES = 2;

/**
 * The lines with each flattened trace broken into the lines it was printed as: each frame on a
 * line of its own, `Caused by:`, `Suppressed:` and `... N more` starting theirs, and the text
 * before a frame split where its exception type starts (the last type with a message,
 * else the last type), so the type heads the trace as `Type: message`. Lines with fewer than
 * {@link MIN_INLINE_FRAMES} frames are kept as they are.
 * @param lines - a report's lines.
 * @returns the lines, or `null` when no line holds a flattened trace.
 */
export function unflattenedTraces(lines: string[]): string[] | null {
  return withLinesReplaced(lines, unflattenedLine);
}

/**
 * A line longer than {@link MAX_LINE_CHARS} as the parsers read it: the stack traces it holds in
 * JSON strings unescaped into their lines (`escapedTraceLines`: a structured log line), else a
 * logcat copy joined into it broken into its lines (`joinedLogcatLines`), else its
 * flattened trace broken into lines ({@link unflattenedTraces}; its first {@link MAX_BODY_CHARS}
 * characters looked at), else the line cut to its first {@link MAX_LINE_CHARS} characters. A
 * trace joined into one line or logged as a JSON string is that long as a rule, and cut it kept a
 * frame or two at most.
 * @param line - one line of a report, longer than MAX_LINE_CHARS.
 * @returns the lines, none longer than MAX_LINE_CHARS.
 */
export function readableLongLine(line: string): string[] {
  const head = line.slice(0, MAX_BODY_CHARS);
  return (
    escapedTraceLines(line) ??
    joinedLogcatLines(head)?.map((piece) => piece.slice(0, MAX_LINE_CHARS)) ??
    unflattenedLine(head) ?? [line.slice(0, MAX_LINE_CHARS)]
  );
}

/** One line's pieces ({@link unflattenedTraces}), each cut to MAX_LINE_CHARS; `null` when it holds no flattened trace. */
function unflattenedLine(line: string): string[] | null {
  const found = [...line.matchAll(INLINE_FRAME)];
  const dotnet = found.some((frame) => frame.groups?.dotnet !== undefined);
  const frames = dotnet ? found : found.filter((frame) => frame.groups?.empty === undefined);
  if (frames.length < MIN_INLINE_FRAMES || !frames.some(followsFrame(line, frames))) return null;
  const pieces: string[] = [];
  let from = 0;
  for (const frame of frames) {
    pieces.push(...headOf(line.slice(from, frame.index)));
    pieces.push(`\t${frame[0]}`);
    from = frame.index + frame[0].length;
  }
  pieces.push(...piecesOf(line.slice(from)));
  return pieces.map((piece) => piece.slice(0, MAX_LINE_CHARS));
}

/**
 * Whether a frame follows the one before it with nothing but whitespace between, as a printed
 * trace's frames do: prose that names a frame twice ("at a.B.c(B.java:1) and then again at
 * a.B.c(B.java:1)") holds no trace.
 */
function followsFrame(line: string, frames: readonly RegExpExecArray[]) {
  return (frame: RegExpExecArray, position: number): boolean => {
    const before = frames[position - 1];
    return (
      before !== undefined && line.slice(before.index + before[0].length, frame.index).trim() === ''
    );
  };
}

/**
 * The text between frames as lines: broken before causes and after elisions, blanks dropped; a
 * `Suppressed:` block indented, as `printStackTrace` prints it (the JVM parser skips it).
 */
function piecesOf(text: string): string[] {
  return text
    .split(PIECE_BREAK)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .map((piece) => (piece.startsWith('Suppressed: ') ? `\t${piece}` : piece));
}

/**
 * The text before a frame as lines ({@link piecesOf}), its last piece split where its exception
 * type starts (see {@link unflattenedTraces}) unless it is a `Caused by:` already: a log of
 * several traces (Eclipse's `!STACK 0 org.x.AException: …`) gives each its head. The type is
 * looked for in the piece's last MAX_LINE_CHARS characters, where a header before its frames is,
 * so a long piece costs no more than a line.
 */
function headOf(text: string): string[] {
  const pieces = piecesOf(text);
  const last = pieces.pop();
  if (last === undefined) return pieces;
  const offset = Math.max(0, last.length - MAX_LINE_CHARS);
  const types = [...last.slice(offset).matchAll(EXCEPTION_TYPE)];
  const type = types.filter((match) => match[1] !== undefined).at(-1) ?? types.at(-1);
  const at = type ? offset + type.index : 0;
  if (at === 0 || /^\s*(?:(?:Caused by|Suppressed)[: ]|---> )/.test(last)) return [...pieces, last];
  return [...pieces, last.slice(0, at).trim(), last.slice(at)];
}
