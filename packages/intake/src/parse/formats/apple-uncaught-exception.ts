/**
 * An uncaught Objective-C exception as Xcode's console prints it (what iOS and macOS developers
 * paste most often): Foundation's uncaught-exception handler writes
 * `*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '…'`, then
 * `*** First throw call stack:` and the stack in parentheses, one Apple frame line each
 * (`0   CoreFoundation   0x… __exceptionPreprocess + 172`) or bare addresses when symbols are
 * missing (`(0x1804928a8 0x18008c09c …)`); the C++ runtime adds `libc++abi: terminating due to
 * uncaught exception of type NSException`. The unified log puts its prefix before an entry,
 * `2024-05-01 10:00:00.123456+0200 MyApp[123:4567] `. Formats: developer.apple.com/documentation/
 * xcode/addressing-crashes-from-an-uncaught-exception and ".../examining-the-fields-in-a-crash-
 * report" (the frame lines).
 */
import { MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { parseAppleFrame } from './apple-frame.js';
import { type ErrorHeader, joinMessage } from './error-header.js';
import { SYSTEM_MODULE } from './native-frame.js';

/**
 * The unified log's (and NSLog's) prefix of an entry: date, time (microseconds and time zone
 * optional), then the process's name with its process and thread ids. Captures the name.
 * Anchored, bounded: linear per line.
 */
const LOG_PREFIX =
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:[+-]\d{4})? ([^[\]\n]{1,200}?)\[\d{1,10}:[0-9a-fA-Fx]{1,18}\] /;

/**
 * The handler's first line, wherever it starts (behind a log prefix this module does not know);
 * captures the exception's name and the text after `reason: `.
 */
const HEADER = /\*\*\* Terminating app due to uncaught exception '([^'\s]{1,200})', reason: (.*)$/;

const CALL_STACK = '*** First throw call stack:';

/** Lines a reason may continue over before its closing quote; more is a log's text, not its reason. */
const MAX_REASON_LINES = 50;

/** A line without its log prefix, and the process the prefix names. */
function withoutPrefix(line: string): { text: string; process?: string } {
  const prefix = LOG_PREFIX.exec(line);
  return prefix?.[1]
    ? { text: line.slice(prefix[0].length), process: prefix[1].trim() }
    : { text: line };
}

/** The handler's first line in `line` (after a log prefix): the exception's name, the text after `reason: `, the process. */
function headerOf(line: string): { type: string; reason: string; process?: string } | null {
  const { text, process } = withoutPrefix(line);
  const header = text.includes('uncaught exception') ? HEADER.exec(text) : null;
  if (!header?.[1]) return null;
  return { type: header[1], reason: header[2] ?? '', ...(process ? { process } : {}) };
}

/**
 * The reason from the text after `reason: ` on, continued over the lines after it until one
 * ends in the closing quote (a reason quoted with line breaks): neither a new log entry, a `***`
 * line nor a blank line continues it. `(null)`, an exception raised without a reason, is none.
 * @returns the reason and the index of the line after it.
 */
function readReason(
  lines: string[],
  first: string,
  next: number,
): { reason: string; next: number } {
  if (!first.startsWith("'")) return { reason: first === '(null)' ? '' : first.trim(), next };
  const parts = [first.slice(1)];
  let index = next;
  while (!parts.at(-1)?.trimEnd().endsWith("'") && index < lines.length) {
    const line = lines[index] ?? '';
    if (index - next >= MAX_REASON_LINES || line.trim() === '' || line.startsWith('***')) break;
    if (LOG_PREFIX.test(line)) break;
    parts.push(line);
    index += 1;
  }
  const reason = joinMessage(parts).replace(/'$/, '');
  return { reason: reason === '(null)' ? '' : reason, next: index };
}

/**
 * The frames of a `First throw call stack` from its `(` line on: Apple frame lines up to `)`
 * (a `...` where the paste left some out skipped); none for a stack of bare addresses.
 * @returns the frames, in-app judged later, and the index of the line after them.
 */
function readCallStack(lines: string[], start: number): { frames: Frame[]; next: number } {
  const frames: Frame[] = [];
  if (withoutPrefix(lines[start] ?? '').text.trim() !== '(') return { frames, next: start };
  let index = start + 1;
  for (; index < lines.length && frames.length < MAX_FRAMES; index += 1) {
    const line = withoutPrefix(lines[index] ?? '').text.trim();
    if (line === '...' || line === '…') continue;
    const frame = parseAppleFrame(line, undefined);
    if (!frame) break;
    frames.push(frame);
  }
  return { frames, next: index };
}

/**
 * The frames with the app's own marked in-app: the image the log prefix names, else the one
 * calling `main` (the app's entry point), else every image that is not the system's
 * (`SYSTEM_MODULE`: `CoreFoundation`, `libobjc.A.dylib`, `UIKitCore`, …), as a paste that starts
 * at the `***` line names no process (fresh-user trial 185: its `-[Foo bar:]` frame was not the
 * app's, and its names were lost).
 */
function markInApp(frames: Frame[], process: string | undefined): Frame[] {
  const own = process ?? frames.find((frame) => frame.function === 'main')?.module;
  return frames.map((frame) => ({
    ...frame,
    inApp:
      own === undefined
        ? frame.module !== undefined && !SYSTEM_MODULE.test(frame.module)
        : frame.module === own,
  }));
}

/**
 * The type and the reason of Foundation's `*** Terminating app due to uncaught exception` line,
 * the reason as far as this line holds it (no lines after it read).
 * @param line - one line, a log prefix allowed.
 * @returns the header, or `null` when the line is not the handler's.
 */
export function parseUncaughtHeader(line: string): ErrorHeader | null {
  const header = headerOf(line);
  return header ? { type: header.type, message: readReason([], header.reason, 0).reason } : null;
}

/**
 * Every uncaught exception Foundation reported in `lines` (see the module's header), each with its
 * type, its reason as message and its first throw's frames, innermost first. Each line is read a
 * bounded number of times: linear in the input.
 * @param lines - a report's lines, log prefixes and indentation allowed.
 * @returns the exceptions in the order they were reported; none when no line is the handler's.
 */
export function parseUncaughtExceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  let index = 0;
  while (index < lines.length) {
    const header = headerOf(lines[index] ?? '');
    index += 1;
    if (!header) continue;
    const { reason, next } = readReason(lines, header.reason, index);
    index = next;
    let frames: Frame[] = [];
    if (withoutPrefix(lines[index] ?? '').text.trim() === CALL_STACK) {
      const stack = readCallStack(lines, index + 1);
      frames = stack.frames;
      index = Math.max(stack.next, index + 1);
    }
    exceptions.push({
      type: header.type,
      message: reason,
      frames: markInApp(frames, header.process),
    });
  }
  return exceptions;
}
