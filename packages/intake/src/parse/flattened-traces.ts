/**
 * JVM and .NET stack traces whose line breaks were lost: a bug tracker's export or a form that
 * joined a pasted log into one line (`… Error log: org.x.ReportException: msg at org.x.A.f(A.java:12)
 * at org.x.B.g(B.java:40) Caused by: java.lang.NullPointerException at …`). Read as prose, every
 * class in the trace counted as a name the report mentions and none as a frame: 53 of the 57
 * Eclipse reports of the corpus of real fixes (issue #33) that read as plain text hold one.
 */

/**
 * One `at` frame inside a line: `at`, a qualified method (a module prefix such as `java.base/`
 * allowed), and in parentheses a file with its line (`A.java:12`), `Native Method`,
 * `Unknown Source` or `Compiled Code` — the locations `Throwable.printStackTrace` and .NET's
 * `StackTrace` print — then Logback's optional jar suffix (`~[app.jar:?]`). Stricter than a frame
 * line of its own, since prose can say "at home(…)". No nested repetition: linear time per line.
 */
const INLINE_FRAME =
  /(?<=^|\s)at ((?:[\w$<>-]+[./])+[\w$<>-]+) ?\((?:[\w$-]+\.[A-Za-z]{1,6}:\d{1,7}|Native Method|Unknown Source(?::\d+)?|Compiled Code)\)(?: ~?\[[^\]\s]{0,200}\])?/g;

/** Where a piece between frames starts a line of its own: a cause, an elision, a suppressed block. */
const PIECE_BREAK =
  /(?=Caused by[: ])|(?=Suppressed: )|(?<=\.\.\. \d{1,7} (?:more|common frames omitted))\s/;

/**
 * A JVM or .NET exception type in the text before a flattened trace's first frame (a qualified
 * name ending in Exception, Error or Throwable), with the colon of its message when it has one.
 */
const EXCEPTION_TYPE = /(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error|Throwable)(:)?/g;

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
  let split = false;
  const out = lines.flatMap((line) => {
    const frames = [...line.matchAll(INLINE_FRAME)];
    if (frames.length < MIN_INLINE_FRAMES) return [line];
    split = true;
    const pieces: string[] = [];
    let from = 0;
    for (const frame of frames) {
      const between = line.slice(from, frame.index);
      pieces.push(...headOf(between));
      pieces.push(`\t${frame[0]}`);
      from = frame.index + frame[0].length;
    }
    pieces.push(...piecesOf(line.slice(from)));
    return pieces;
  });
  return split ? out : null;
}

/** The text between frames as lines: broken before causes and after elisions, blanks dropped. */
function piecesOf(text: string): string[] {
  return text
    .split(PIECE_BREAK)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
}

/**
 * The text before a frame as lines ({@link piecesOf}), its last piece split where its exception
 * type starts (see {@link unflattenedTraces}) unless it is a `Caused by:` already: a log of
 * several traces (Eclipse's `!STACK 0 org.x.AException: …`) gives each its head.
 */
function headOf(text: string): string[] {
  const pieces = piecesOf(text);
  const last = pieces.pop();
  if (last === undefined) return pieces;
  const types = [...last.matchAll(EXCEPTION_TYPE)];
  const type = types.filter((match) => match[1] !== undefined).at(-1) ?? types.at(-1);
  if (!type || type.index === 0 || /^(?:Caused by|Suppressed)[: ]/.test(last))
    return [...pieces, last];
  return [...pieces, last.slice(0, type.index).trim(), last.slice(type.index)];
}
