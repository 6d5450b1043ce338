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

/** `thread 'main' panicked at …`: the standard panic message. */
export const PANICKED = /^thread '([^']*)' panicked at (.*)$/;
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
    const name = symbol[1].trim().replace(/::h[0-9a-f]{16}$/, '');
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
 * The backtrace that follows a panic line, if one does before the next panic.
 * @param panicLine - index of the panic's first line.
 * @returns its frames, innermost first (none when there is no backtrace).
 */
export function backtraceAfter(lines: string[], panicLine: number): Frame[] {
  const end = Math.min(lines.length, panicLine + BACKTRACE_REACH);
  for (let next = panicLine + 1; next < end; next += 1) {
    if (PANICKED.test(lines[next] ?? '')) break;
    if ((lines[next] ?? '').trim() === 'stack backtrace:') return parseBacktrace(lines, next + 1);
  }
  return [];
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
