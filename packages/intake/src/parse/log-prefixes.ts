/**
 * Android's logcat prefix on each line of a crash copied from `adb logcat` or Android Studio. A
 * Java trace printed that way (`E AndroidRuntime: \tat com.x.Y.f(Y.java:42)`) was read as text:
 * no exception, no frame (15 of the corpus' 1,071 reports, all of them Android crashes).
 */

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
    String.raw`^(?:\d{2,4}-\d{2}(?:-\d{2})? \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\s+(?:\d+(?:-\d+|\s+\d+)?(?:/[\w.]+)?\s+)?)?(?:[a-z]\w*(?:\.\w+)+\s+)?[VDIWEFA][/ ][\w.$-]{1,64} {0,32}(?:\(\s*\d+\))?:[ ]?`,
    String.raw`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\s+\d+-\d+\s+[\w.$-]{1,64}\s+(?:[\w.:]+\s+)?[VDIWEFA] {1,4}`,
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
 * The lines of a logcat copy without their logcat prefixes ({@link LOGCAT_PREFIX}); lines without
 * one are kept as they are.
 * @returns the lines, or `null` when fewer than {@link MIN_PREFIXED_LINES} lines carry a prefix.
 */
export function withoutLogcatPrefixes(lines: string[]): string[] | null {
  let prefixed = 0;
  const out = lines.map((line) => {
    const unprefixed = withoutLogcatPrefix(line);
    if (unprefixed !== line) prefixed += 1;
    return unprefixed;
  });
  return prefixed >= MIN_PREFIXED_LINES ? out : null;
}
