/**
 * Rust panics: `thread 'main' panicked at 'msg', src/main.rs:4:5` (before Rust 1.73) or
 * `thread 'main' panicked at src/main.rs:4:5:` followed by the message (1.73 and later), then an
 * optional `stack backtrace:` (see `rust-backtrace.ts`). The panic location becomes the first
 * frame unless the backtrace already has it. Reports with no default panic message are read for
 * an application's own panic hook output (see `rust-panic-hook.ts`).
 */
import { isInAppFile } from '../frame-origin.js';
import { normalizeFramePath, splitLocation } from '../frame-path.js';
import type { Exception } from '../types.js';
import { crashReport, joinMessage } from './error-header.js';
import { createBacktraceReader, panicLineRest, withPanicLocation } from './rust-backtrace.js';
import { LOCATION_DEBUG, parseHookPanics } from './rust-panic-hook.js';
import type { TraceFormat } from './types.js';

/**
 * Message and location of a default panic line (and, from 1.73, the message lines after it, up to
 * a blank line, a note, a backtrace or the next panic: so each line is read by one panic at most,
 * and n panic lines cost linear work, not n²/2 lines).
 */
function panicText(lines: string[], index: number, rest: string): { message: string; at: string } {
  if (rest.startsWith("'")) {
    const end = rest.lastIndexOf("', ");
    return {
      message: end > 0 ? rest.slice(1, end) : rest.slice(1),
      at: end > 0 ? rest.slice(end + 3) : '',
    };
  }
  const body: string[] = [];
  for (let next = index + 1; next < lines.length; next += 1) {
    const line = lines[next] ?? '';
    if (/^\s*(?:note: |stack backtrace:)/.test(line) || line.trim() === '') break;
    if (panicLineRest(line) !== null) break;
    body.push(line);
  }
  return { message: joinMessage(body), at: rest.replace(/:$/, '') };
}

/** Parses every Rust panic in `lines`. */
function parseRustExceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  const backtraceAfter = createBacktraceReader(lines);
  for (let index = 0; index < lines.length; index += 1) {
    const rest = panicLineRest(lines[index] ?? '');
    if (!rest) continue;
    const { message, at } = panicText(lines, index, rest);
    const location = splitLocation(at.trim());
    let frames = backtraceAfter(index);
    const file = normalizeFramePath(location.file);
    if (file && location.line) {
      frames = withPanicLocation(frames, {
        file,
        line: location.line,
        ...(location.column ? { column: location.column } : {}),
        inApp: isInAppFile(file),
        raw: (lines[index] ?? '').trim(),
      });
    }
    exceptions.push({ type: 'panic', message, frames });
  }
  return exceptions.length > 0 ? exceptions : parseHookPanics(lines);
}

/** The Rust format. */
export const rustFormat: TraceFormat = {
  name: 'rust',
  requires: { what: 'a Rust panic or backtrace' },
  detect: ({ lines }) => {
    if (lines.some((line) => panicLineRest(line) !== null)) return 85;
    return lines.some((line) => LOCATION_DEBUG.test(line)) ? 80 : 0;
  },
  parse: (input) => crashReport(input, parseRustExceptions(input.lines)),
  parseExceptions: parseRustExceptions,
};
