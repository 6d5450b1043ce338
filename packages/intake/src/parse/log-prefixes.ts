/**
 * Android's logcat prefix on each line of a crash copied from `adb logcat` or Android Studio. A
 * Java trace printed that way (`E AndroidRuntime: \tat com.x.Y.f(Y.java:42)`) was read as text:
 * no exception, no frame (15 of the corpus' 1,071 reports, all of them Android crashes).
 */
import { withLinesReplaced } from './line-replacement.js';

/**
 * Android Studio's logcat layout since 2022, `2023-01-05 10:41:13.262  1234-1234  AndroidRuntime
 * com.example  E  `: date and time, process and thread ids, tag, package (left out when unknown),
 * level. One definition for a line's start ({@link LOGCAT_PREFIX}) and inside a joined line
 * ({@link INLINE_LOGCAT_PREFIX}); bounded repetitions only.
 * @returns the pattern's source, capturing the process id and the tag (in that order).
 */
function studioPrefix(): string {
  return String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\s{1,64}(\d{1,7})-\d{1,7}\s{1,64}([\w.$-]{1,64})\s{1,64}(?:[\w.:]{1,200}\s{1,64})?[VDIWEFA] {1,4}`;
}

/**
 * The logcat prefixes, one alternative per layout (Android's `logcat` documentation, "Control log
 * output format": `brief`, `tag`, `threadtime`, `time`; Android Studio's copy of a line):
 * - `E/AndroidRuntime( 1234): `, `E/AndroidRuntime: `, `E AndroidRuntime: `, `E ACRA    : ` — level,
 *   tag (padded to a column or not);
 * - `05-30 03:44:33.661  2465  2465 E AndroidRuntime: ` — date, time, process and thread ids first;
 * - `2019-06-20 10:41:13.262 12345-12345/com.example E/AndroidRuntime: ` and
 *   `com.example E/AndroidRuntime: ` — Android Studio's, with the app's package;
 * - `2023-01-05 10:41:13.262  1234-1234  AndroidRuntime  com.example  E  ` — Android Studio's
 *   logcat since 2022: tag, package, then the level.
 * The level is one of V, D, I, W, E, F, A. Each alternative is anchored and has no nested
 * repetition, so a line is matched in linear time.
 */
const LOGCAT_PREFIX = new RegExp(
  [
    String.raw`^(?:\d{2,4}-\d{2}(?:-\d{2})? \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\s+(?:(\d+)(?:-\d+|\s+\d+)?(?:/[\w.]+)?\s+)?)?(?:[a-z]\w*(?:\.\w+)+\s+)?[VDIWEFA][/ ]([\w.$-]{1,64}) {0,32}(?:\(\s*(\d+)\))?:[ ]?`,
    `^${studioPrefix()}`,
  ].join('|'),
);

/**
 * A line without its logcat prefix ({@link LOGCAT_PREFIX}), or the line as it is without one.
 * @param line - one line of a report.
 */
export function withoutLogcatPrefix(line: string): string {
  const match = LOGCAT_PREFIX.exec(line);
  return match ? line.slice(match[0].length) : line;
}

/** Lines that must carry the prefix before it is taken as a log's, not a word of prose. */
const MIN_PREFIXED_LINES = 2;

/**
 * A line that belongs to a trace once its prefix is off: a JVM frame or `Caused by:` line, the
 * runtime's `FATAL EXCEPTION:` heading, or a native backtrace frame (`#00 pc 0004793e`).
 */
const TRACE_LINE = /^\s*(?:at |Caused by:|FATAL EXCEPTION|#\d+\s+pc\s)/;

/**
 * Who wrote a prefixed line: its tag and, where the layout has it, its process id.
 * @param match - {@link LOGCAT_PREFIX}'s match of the line.
 * @returns `tag/pid` (`tag/` when the layout has no process id).
 */
function logcatSource(match: RegExpExecArray): string {
  const [, datePid, tag, briefPid, studioPid, studioTag] = match;
  return `${tag ?? studioTag}/${datePid ?? briefPid ?? studioPid ?? ''}`;
}

/**
 * The lines of a logcat copy without their logcat prefixes ({@link LOGCAT_PREFIX}); lines without
 * one are kept as they are. A log holds other processes' and components' lines between a crash's
 * (`W ActivityManager: Force finishing activity` after a frame): once a source (tag and process
 * id) has written a trace line ({@link TRACE_LINE}), the lines of sources that wrote none are left
 * out, so they neither end the trace nor cut its `Caused by:` off. Only the lines a format reads
 * lose them; the report's body keeps every line.
 * @returns the lines, or `null` when fewer than {@link MIN_PREFIXED_LINES} lines carry a prefix.
 */
export function withoutLogcatPrefixes(lines: string[]): string[] | null {
  const read = lines.map((line) => {
    const match = LOGCAT_PREFIX.exec(line);
    return match
      ? { text: line.slice(match[0].length), source: logcatSource(match) }
      : { text: line, source: undefined };
  });
  const prefixed = read.filter((line) => line.source !== undefined);
  if (prefixed.length < MIN_PREFIXED_LINES) return null;
  const traceSources = new Set(
    prefixed.filter((line) => TRACE_LINE.test(line.text)).map((line) => line.source),
  );
  return read
    .filter(
      (line) =>
        line.source === undefined || traceSources.size === 0 || traceSources.has(line.source),
    )
    .map((line) => line.text);
}

/**
 * A logcat prefix inside a line, after whitespace or at its start: the `brief` and `time` layouts'
 * `E/AndroidRuntime( 1234): ` (level, slash, tag), or any layout led by a date and time and the
 * process and thread ids (`12-07 10:00:00.123  1234  1234 E AndroidRuntime: `,
 * `2019-06-20 10:41:13.262 1234-1234/com.example E/AndroidRuntime: `), or Android Studio's since
 * 2022 ({@link studioPrefix}; its tag is the third group, not the first). A level and a tag alone
 * (`E AndroidRuntime: `) could be prose (`A note: …`) and are not taken. Bounded repetitions
 * only: linear time.
 */
const INLINE_LOGCAT_PREFIX = new RegExp(
  String.raw`(?<=^|\s)(?:(?:\d{2,4}-\d{2}(?:-\d{2})? \d{2}:\d{2}:\d{2}(?:\.\d{1,6})? {1,8}\d{1,7}(?:-\d{1,7}| {1,8}\d{1,7})?(?:\/[\w.]{1,200})? {1,8}[VDIWEFA][/ ]|[VDIWEFA]\/)([\w.$-]{1,64}) {0,32}(?:\( {0,8}\d{1,7}\))?: ?|${studioPrefix()})`,
  'g',
);

/** Prefixes of one tag a line must hold before it is read as a logcat copy joined into one line. */
const MIN_JOINED_PREFIXES = 3;

/**
 * A logcat copy joined into one line (a chat client or a form that joined a pasted log's lines:
 * `E/AndroidRuntime( 1234): FATAL EXCEPTION: main E/AndroidRuntime( 1234): java.lang.X: boom
 * E/AndroidRuntime( 1234): 	at …`) broken into its lines, each starting with its prefix
 * ({@link INLINE_LOGCAT_PREFIX}) as it was logged; the text before the first prefix is a line of
 * its own. Read joined, the prefixes between frames kept the line from reading as a flattened
 * trace, and its message ran on into the next prefix.
 * @param line - one line of a report (its first MAX_BODY_CHARS characters are enough: the caller
 *   cuts it).
 * @returns the lines, right-trimmed, or `null` when the line holds fewer than
 *   {@link MIN_JOINED_PREFIXES} prefixes of its most frequent tag.
 */
export function joinedLogcatLines(line: string): string[] | null {
  const prefixes = [...line.matchAll(INLINE_LOGCAT_PREFIX)];
  const counts = new Map<string, number>();
  let most = 0;
  for (const prefix of prefixes) {
    const tag = prefix[1] ?? prefix[3] ?? '';
    const count = (counts.get(tag) ?? 0) + 1;
    counts.set(tag, count);
    most = Math.max(most, count);
  }
  if (most < MIN_JOINED_PREFIXES) return null;
  const starts = [0, ...prefixes.map((prefix) => prefix.index), line.length];
  return starts
    .slice(0, -1)
    .map((start, at) => line.slice(start, starts[at + 1]).trimEnd())
    .filter((piece, at) => at > 0 || piece.trim() !== '');
}

/**
 * The lines with each logcat copy joined into one line broken into its lines
 * ({@link joinedLogcatLines}), then read without their logcat prefixes
 * ({@link withoutLogcatPrefixes}): the flattened-trace reading and the logcat reading composed.
 * @param lines - a report's lines.
 * @returns the lines, or `null` when no line holds a joined logcat copy.
 */
export function withoutJoinedLogcatPrefixes(lines: string[]): string[] | null {
  const split = withLinesReplaced(lines, joinedLogcatLines);
  return split && (withoutLogcatPrefixes(split) ?? split);
}
