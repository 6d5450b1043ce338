/**
 * JVM stack traces (Java, Kotlin, Scala; Android logcat included): `Type: message`, tab-indented
 * `at pkg.Class.method(File.java:42)` frames innermost first (Crashlytics and the Play Console
 * print them without `at`: `pkg.Class.method (File.kt:42)`), `Caused by:` chains, `... N more`
 * elisions and `Suppressed:` blocks (skipped). A trace pasted without a header line of its own
 * (from its `Caused by:` on, after `23: java.lang.X`, or frames alone) keeps its frames. Logcat
 * prefixes (`E/AndroidRuntime( 123): `, `04-04 22:06:31.064 1 2 E AndroidRuntime: `) are removed
 * first. Format: `Throwable.printStackTrace`
 * (docs.oracle.com/en/java/javase/21/docs/api/java.base/java/lang/Throwable.html).
 */
import { isInAppJvmClass } from '../frame-origin.js';
import { MAX_CAUSE_DEPTH, MAX_FRAMES } from '../limits.js';
import { withoutLogcatPrefix, withoutLogcatPrefixes } from '../log-prefixes.js';
import type { Exception, Frame } from '../types.js';
import { chainDepth } from './cause-chain.js';
import { crashReport, joinMessage, parseErrorHeader } from './error-header.js';
import type { TraceFormat } from './types.js';

const FRAME = /^\s*at ([\w$./<>-]+)\(([^()]*)\)(?: ~?\[[^\]]*\])?\s*$/;
/**
 * A frame printed without `at`, as Crashlytics and the Play Console list them
 * (`com.shop.MainActivity.onCreate (MainActivity.kt:42)`): a qualified `Class.method` and a
 * location that is a JVM source file with its line, `Native Method` or `Unknown Source` — stricter
 * than `at` lines, since prose can look like a call.
 */
const BARE_FRAME =
  /^\s*((?:[\w$]+\.)+[\w$<>-]+) ?\(((?:[\w$-]+\.(?:java|kt|kts|scala|groovy|clj):\d+)|Native Method|Unknown Source(?::\d+)?)\)\s*$/;
/** `File.java:42`, or a location with no file: `Native Method`, R8's `Unknown Source:2`. */
const LOCATION =
  /^([^\s:]+)(?::(\d+))?$|^(Native [Mm]ethod|Unknown Source|Compiled Code)(?::(\d+))?$/;
const MORE = /^\s*\.\.\. \d+ (?:more|common frames omitted)\s*$/;
/** `Caused by: X: msg`; Crashlytics writes `Caused by pkg.X: msg` (a qualified type, no colon). */
const CAUSED_BY = /^\s*Caused by(?:: (.*)| ([\w$]+(?:\.[\w$]+)+(?::.*)?))$/;
const SUPPRESSED = /^\s+Suppressed: /;
/**
 * A JVM exception type inside a line that is not a header as a whole (`23: java.lang.X`,
 * `[1] java.lang.X: msg`, `Thread[main] died java.lang.X at …`): a qualified name whose last
 * part ends in Exception, Error or Throwable, and the message after its colon.
 */
const EMBEDDED_TYPE =
  /(?:^|[\s:])((?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error|Throwable))(?::\s*(.*))?/;
const MAX_MESSAGE_LINES = 50;
/** A thread's heading in a JVM thread dump (`jstack`, `kill -3`): its quoted name, or its state. */
const THREAD_HEAD = /^\s*"|Thread\.State:/;

/**
 * Parses one JVM frame line (`at pkg.Class.method(File.java:42)`, or without `at` as Crashlytics
 * prints it; module prefixes such as `java.base/` removed).
 * @returns the frame, or `null` when the line is not one.
 */
export function parseJvmFrame(line: string): Frame | null {
  const match = FRAME.exec(line) ?? BARE_FRAME.exec(line);
  if (!match?.[1] || match[2] === undefined) return null;
  const location = LOCATION.exec(match[2]);
  if (!location) return null;
  const qualified = match[1].slice(match[1].lastIndexOf('/') + 1);
  const dot = qualified.lastIndexOf('.');
  if (dot <= 0) return null;
  const className = qualified.slice(0, dot);
  const file = location[1];
  const digits = location[2] ?? location[4];
  const lineNumber = digits === undefined ? undefined : Number(digits);
  // A class compiled without debug information (R8's synthetic lambdas) is still the app's code.
  const native = /^Native/.test(location[3] ?? '');
  return {
    ...(file ? { file } : {}),
    ...(lineNumber ? { line: lineNumber } : {}),
    function: qualified.slice(dot + 1),
    module: className,
    inApp: !native && isInAppJvmClass(className),
    raw: line.trim(),
  };
}

/** Parses every JVM trace in `lines`. */
function parseJavaExceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  let pending: { exception: Exception; message: string[]; isCause: boolean } | undefined;
  let target: Exception | undefined;
  let skipping = false;
  const open = (text: string, isCause: boolean): void => {
    const header = parseErrorHeader(text, !isCause);
    const [type = text.trim(), message = ''] = header ? [header.type, header.message] : [];
    pending = { exception: { type, message: '', frames: [] }, message: [message], isCause };
    target = undefined;
  };
  // Frames with no header line above them (one prefixed `23: java.lang.X`, run into prose, or
  // none at all): an exception of the type the line before names, else of no type, so that the
  // frames are kept.
  const openHeadless = (before: string): void => {
    const embedded = EMBEDDED_TYPE.exec(before);
    const message = embedded?.[2]?.trim() ?? '';
    exceptions.push({ type: embedded?.[1] ?? '', message, frames: [] });
    target = exceptions.at(-1);
  };
  const settle = (): void => {
    if (!pending) return;
    pending.exception.message = joinMessage(pending.message);
    const outer = exceptions.at(-1);
    if (pending.isCause && outer) {
      let last = outer;
      while (last.cause) last = last.cause;
      if (chainDepth(outer) < MAX_CAUSE_DEPTH) last.cause = pending.exception;
    } else if (!pending.isCause) {
      exceptions.push(pending.exception);
    }
    target = pending.exception;
    pending = undefined;
  };
  // The last line that was neither a frame nor blank: where a trace without a header of its own
  // line names its exception, if anywhere.
  let lastText = '';
  const readable = withoutLogcatPrefixes(lines) ?? lines.map(withoutLogcatPrefix);
  for (const [index, line] of readable.entries()) {
    const frame = parseJvmFrame(line);
    if (frame) {
      if (skipping) continue;
      settle();
      if (!target) openHeadless(lastText);
      if (target && target.frames.length < MAX_FRAMES) target.frames.push(frame);
      continue;
    }
    // A blank line between frames (a trace pasted double-spaced) does not end the trace.
    if (line.trim() === '' && target && target.frames.length > 0) continue;
    if (line.trim() !== '') lastText = line;
    if (MORE.test(line)) continue;
    const causedBy = CAUSED_BY.exec(line);
    const cause = causedBy?.[1] ?? causedBy?.[2];
    if (cause !== undefined && (!skipping || !/^\s/.test(line))) {
      settle();
      skipping = false;
      // A trace pasted from its `Caused by:` on (the root cause, the part people copy) has no
      // outer exception: the cause is the exception.
      open(cause, exceptions.length > 0);
      continue;
    }
    if (SUPPRESSED.test(line)) {
      settle();
      skipping = true;
      continue;
    }
    if (pending && pending.message.length < MAX_MESSAGE_LINES) {
      pending.message.push(line);
      continue;
    }
    if (pending?.isCause) settle();
    if (parseErrorHeader(line)) {
      skipping = false;
      open(line, false);
    } else if (pending) {
      pending = undefined;
    } else if (!(target && target.frames.length > 0 && isForeignLine(readable, index))) {
      target = undefined;
    }
  }
  if (pending?.isCause) settle();
  return exceptions;
}

/**
 * Whether the line at `index`, neither a frame nor a header, is another writer's line inside a
 * trace (`db_1   | LOG:  checkpoint starting` between a Compose service's frames, a heartbeat a
 * logger wrote between them): the next line that is not blank is a frame or an elision, and the
 * line names no exception type and heads no thread of a thread dump (`"main" prio=5 …`,
 * `java.lang.Thread.State: WAITING`), each of which starts another stack.
 */
function isForeignLine(lines: readonly string[], index: number): boolean {
  const line = lines[index] ?? '';
  if (EMBEDDED_TYPE.test(line) || THREAD_HEAD.test(line)) return false;
  // Read forward in place: a copy of the rest per line would make a long log quadratic.
  for (let at = index + 1; at < lines.length; at += 1) {
    const next = lines[at] ?? '';
    if (next.trim() !== '') return parseJvmFrame(next) !== null || MORE.test(next);
  }
  return false;
}

/** The JVM format. */
export const javaFormat: TraceFormat = {
  name: 'java',
  requires: { what: 'a Java or Kotlin stack trace (`at com.example.Foo.bar(Foo.java:10)`)' },
  detect: ({ lines }) =>
    Math.min(60, lines.filter((line) => parseJvmFrame(withoutLogcatPrefix(line)) !== null).length),
  parse: (input) => crashReport(input, parseJavaExceptions(input.lines)),
  parseExceptions: parseJavaExceptions,
};
