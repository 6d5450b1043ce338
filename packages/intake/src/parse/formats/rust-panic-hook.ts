/**
 * Panics logged by an application's own panic hook rather than Rust's default one: the hook
 * prints the panic's `Location` (or the whole `PanicInfo`/`PanicHookInfo`) with `{:?}`, e.g.
 * `panic: PanicInfo { payload: Any { .. }, message: Some(index out of bounds), location:
 * Location { file: "src/app.rs", line: 622, col: 28 }, … }`. The location becomes a frame and the
 * message, when printed, the exception's message.
 */
import { isInAppFile } from '../frame-origin.js';
import { normalizeFramePath } from '../frame-path.js';
import { trimEndCharacters } from '../lines.js';
import type { Exception } from '../types.js';
import { createBacktraceReader, withPanicLocation } from './rust-backtrace.js';

/** `file: "src/app.rs", line: 622, col: 28`: Rust's `Location` printed with `{:?}`. */
export const LOCATION_DEBUG = /\bfile: "([^"\n]+)", line: (\d+)(?:, col(?:umn)?: (\d+))?/;
const MESSAGE = /\bmessage: Some\((.*?)\), location: /;
const PAYLOAD = /\bpayload: "((?:[^"\\]|\\.)*)"/;

/** The panic message of a hook's line: `message: Some(…)`, a string payload, or its prefix. */
function messageOf(line: string, locationStart: number): string {
  const found = MESSAGE.exec(line)?.[1] ?? PAYLOAD.exec(line)?.[1];
  if (found) return found;
  // Blanks are single spaces here: the trailing run of spaces and colons is cut by a loop (the
  // pattern `[\s:]+$` read every such run from each of its characters to the run's end).
  const collapsed = line
    .slice(0, locationStart)
    .replace(/\b(?:PanicInfo|PanicHookInfo|Location)\b|location:|[{}(),]/g, ' ')
    .replace(/\s+/g, ' ');
  return trimEndCharacters(collapsed, ' :').trim();
}

/**
 * Parses panics logged with a `{:?}` location.
 * @returns one exception per such line, innermost frame first.
 */
export function parseHookPanics(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  const backtraceAfter = createBacktraceReader(lines);
  lines.forEach((line, index) => {
    const match = LOCATION_DEBUG.exec(line);
    if (!match?.[1]) return;
    const file = normalizeFramePath(match[1]) ?? match[1];
    const column = match[3] === undefined ? undefined : Number(match[3]);
    const location = {
      file,
      line: Number(match[2]),
      ...(column ? { column } : {}),
      inApp: isInAppFile(file),
      raw: line.trim(),
    };
    exceptions.push({
      type: 'panic',
      message: messageOf(line, match.index),
      frames: withPanicLocation(backtraceAfter(index), location),
    });
  });
  return exceptions;
}
