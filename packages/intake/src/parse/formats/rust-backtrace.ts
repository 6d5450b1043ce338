/**
 * The `stack backtrace:` block of a Rust panic: `N: symbol` lines, each optionally followed by
 * `at file:line:column`, innermost first (doc.rust-lang.org/std/backtrace). Symbols of `std`,
 * `core` and the runtime are library frames; a frame with no file stays unmarked here (its crate
 * may be the application's: `markInAppFrames` decides that against the repository).
 */
import { isInAppFile, isInAppRustSymbol } from '../frame-origin.js';
import { normalizeFramePath, splitLocation } from '../frame-path.js';
import { MAX_FRAMES } from '../limits.js';
import type { Frame } from '../types.js';
import { withoutRustHash } from './rust-symbol.js';

/**
 * `thread 'main' panicked at …`: the standard panic message, indented as a terminal in raw mode
 * prints it (a text UI's panic: each line starts where the last one ended, trial 49).
 */
const PANICKED = /^\s*thread '[^']*' panicked at (.*)$/;
/**
 * `panicked at src/main.rs:4:5:` without its `thread '…'` part, as a reporter copies it: taken
 * only with a location after it, so prose ("it panicked at startup") is not a panic.
 */
const BARE_PANICKED = /^\s*panicked at ([^\s']+:\d+:\d+):?\s*$/;
/** A panic's `file:line:column`. */
const LOCATION = /^[^\s']+:\d+:\d+$/;

/**
 * What follows `panicked at` on a panic line: the location (and, before Rust 1.73, the quoted
 * message before it; a bare `panicked at` line is taken with its location alone).
 * @returns that text, or `null` when the line is no panic line.
 */
export function panicLineRest(line: string): string | null {
  const rest = PANICKED.exec(line)?.[1] ?? BARE_PANICKED.exec(line)?.[1];
  if (rest !== undefined) return rest;
  // Before Rust 1.73, without its thread: `panicked at 'boom', src/main.rs:42:18`.
  const trimmed = line.trim();
  if (!trimmed.startsWith("panicked at '")) return null;
  const end = trimmed.lastIndexOf("', ");
  return end > 0 && LOCATION.test(trimmed.slice(end + 3))
    ? trimmed.slice('panicked at '.length)
    : null;
}
const SYMBOL = /^\s*\d+: (?:0x[0-9a-f]+ - )?(.+)$/;
const AT = /^\s+at (.+)$/;
/** How far below a panic its backtrace may start, in lines. */
const BACKTRACE_REACH = 200;

/**
 * Parses the frames of a backtrace.
 * @param start - index of the first line after `stack backtrace:`.
 */
function parseBacktrace(lines: string[], start: number): Frame[] {
  const frames: Frame[] = [];
  for (let index = start; index < lines.length && frames.length < MAX_FRAMES; index += 1) {
    const symbol = SYMBOL.exec(lines[index] ?? '');
    if (!symbol?.[1]) {
      if (AT.test(lines[index] ?? '')) continue;
      break;
    }
    const name = withoutRustHash(symbol[1].trim());
    const at = AT.exec(lines[index + 1] ?? '');
    const location = at?.[1] ? splitLocation(at[1].trim()) : undefined;
    const file = location ? normalizeFramePath(location.file) : undefined;
    frames.push({
      ...(file ? { file } : {}),
      ...(location?.line ? { line: location.line } : {}),
      ...(location?.column ? { column: location.column } : {}),
      function: name,
      inApp: isInAppRustSymbol(name) && (file === undefined ? false : isInAppFile(file)),
      raw: lines[index]?.trim() ?? '',
    });
  }
  return frames;
}

/**
 * A reader of the backtraces that follow panic lines: for a panic line, the backtrace whose
 * `stack backtrace:` line comes within {@link BACKTRACE_REACH} lines and before the next panic.
 * The next such line is found once and serves every panic above it, and a backtrace is parsed
 * once for all its panics (each panic scanned its 200 lines again: a 10 MiB log of panic-hook
 * lines took 1.6 s).
 * @param lines - the report's lines.
 * @returns a function from a panic's line index (in ascending order from call to call) to the
 *   frames of its backtrace, innermost first (none when there is no backtrace).
 */
export function createBacktraceReader(lines: string[]): (panicLine: number) => Frame[] {
  // The first line at or after `from` that is a panic or a `stack backtrace:` line (-1: none).
  let marker: number | undefined;
  let markerFrom = 0;
  let parsed: { start: number; frames: Frame[] } | undefined;
  return (panicLine) => {
    const from = panicLine + 1;
    if (marker === undefined || from < markerFrom || (marker !== -1 && marker < from)) {
      marker = -1;
      for (let next = from; next < lines.length; next += 1) {
        const line = lines[next] ?? '';
        if (panicLineRest(line) !== null || line.trim() === 'stack backtrace:') {
          marker = next;
          break;
        }
      }
    }
    markerFrom = from;
    if (marker === -1 || marker >= panicLine + BACKTRACE_REACH) return [];
    if ((lines[marker] ?? '').trim() !== 'stack backtrace:') return [];
    if (parsed?.start !== marker + 1) {
      parsed = { start: marker + 1, frames: parseBacktrace(lines, marker + 1) };
    }
    return [...parsed.frames];
  };
}

/**
 * Puts the panic location first unless the backtrace already has it.
 * @returns the frames, innermost first.
 */
export function withPanicLocation(frames: Frame[], location: Frame): Frame[] {
  const known = frames.some(
    (frame) => frame.line === location.line && frame.file?.endsWith(location.file ?? ''),
  );
  return known ? frames : [location, ...frames];
}
