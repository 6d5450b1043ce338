/**
 * Rust panics: `thread 'main' panicked at 'msg', src/main.rs:4:5` (before Rust 1.73) or
 * `thread 'main' panicked at src/main.rs:4:5:` followed by the message (1.73 and later), then an
 * optional `stack backtrace:` of `N: symbol` / `at file:line:col` lines, innermost first. The
 * panic location becomes the first frame unless the backtrace already has it.
 */
import { isInAppFile, isInAppRustSymbol } from '../frame-origin.js';
import { normalizeFramePath, splitLocation } from '../frame-path.js';
import { MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { crashReport, joinMessage } from './error-header.js';
import type { TraceFormat } from './types.js';

const PANICKED = /^thread '([^']*)' panicked at (.*)$/;
const SYMBOL = /^\s*\d+: (?:0x[0-9a-f]+ - )?(.+)$/;
const AT = /^\s+at (.+)$/;

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

/** Parses every Rust panic in `lines`. */
function parseRustExceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const panicked = PANICKED.exec(lines[index] ?? '');
    if (!panicked?.[2]) continue;
    let rest = panicked[2];
    let message: string;
    let locationText: string;
    if (rest.startsWith("'")) {
      const end = rest.lastIndexOf("', ");
      message = end > 0 ? rest.slice(1, end) : rest.slice(1);
      locationText = end > 0 ? rest.slice(end + 3) : '';
    } else {
      rest = rest.replace(/:$/, '');
      locationText = rest;
      const body: string[] = [];
      for (let next = index + 1; next < lines.length; next += 1) {
        const line = lines[next] ?? '';
        if (/^(?:note: |stack backtrace:)/.test(line) || line.trim() === '') break;
        body.push(line);
      }
      message = joinMessage(body);
    }
    const location = splitLocation(locationText.trim());
    let backtraceStart = -1;
    for (let next = index + 1; next < Math.min(lines.length, index + 200); next += 1) {
      if (PANICKED.test(lines[next] ?? '')) break;
      if ((lines[next] ?? '').trim() === 'stack backtrace:') {
        backtraceStart = next;
        break;
      }
    }
    const frames = backtraceStart > index ? parseBacktrace(lines, backtraceStart + 1) : [];
    const file = normalizeFramePath(location.file);
    if (file && location.line) {
      const known = frames.some(
        (frame) => frame.line === location.line && frame.file?.endsWith(file),
      );
      if (!known) {
        frames.unshift({
          file,
          line: location.line,
          ...(location.column ? { column: location.column } : {}),
          inApp: isInAppFile(file),
          raw: (lines[index] ?? '').trim(),
        });
      }
    }
    exceptions.push({ type: 'panic', message, frames });
  }
  return exceptions;
}

/** The Rust format. */
export const rustFormat: TraceFormat = {
  name: 'rust',
  detect: ({ lines }) => (lines.some((line) => PANICKED.test(line)) ? 85 : 0),
  parse: (input) => crashReport(input, parseRustExceptions(input.lines)),
  parseExceptions: parseRustExceptions,
};
