/**
 * Go panics and goroutine dumps: `panic: message` (or net/http's `http: panic serving addr: msg`
 * log line, or `fatal error: msg`), an optional `[signal SIGSEGV: …]` line, then
 * `goroutine N [running]:` blocks of `pkg.Func(args)` / `\tfile.go:42 +0x1f` pairs, innermost
 * first. The first goroutine is the one that panicked. Its closing `created by` pair says where the
 * goroutine was started; it is not a caller, so no frame. Format: go.dev/src/runtime/traceback.go.
 */
import { isInAppGoFrame } from '../frame-origin.js';
import { normalizeFramePath } from '../frame-path.js';
import { MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { crashReport } from './error-header.js';
import type { TraceFormat } from './types.js';

const GOROUTINE = /^goroutine \d+ \[[^\]]*\]:\s*$/;
const PANIC = /^(panic|fatal error): (.*)$/;
const HTTP_PANIC = /(http: panic serving \S+): (.*)$/;
const SIGNAL = /^\[signal [^\]]*\]\s*$/;
const LOCATION = /^\s+(\S.*?\.(?:go|s|c)):(\d+)(?: \+0x[0-9a-f]+)?(?: fp=.*)?\s*$/;

/** Splits `net/http.(*conn).serve(0x1)` into package and symbol. */
function splitFunction(text: string): { module: string; symbol: string } {
  let name = text.trim();
  if (name.endsWith(')')) {
    const open = name.lastIndexOf('(');
    if (open > 0 && !name.slice(open).startsWith('(*')) name = name.slice(0, open);
  }
  const slash = name.lastIndexOf('/');
  const dot = name.indexOf('.', slash + 1);
  if (dot < 0) return { module: name, symbol: name };
  return { module: name.slice(0, dot), symbol: name.slice(dot + 1) };
}

function parseGoroutine(lines: string[], start: number): Frame[] {
  const frames: Frame[] = [];
  for (let index = start + 1; index + 1 < lines.length && frames.length < MAX_FRAMES; index += 2) {
    const call = lines[index] ?? '';
    const location = LOCATION.exec(lines[index + 1] ?? '');
    if (call.trim() === '' || !location?.[1] || /^\s/.test(call)) break;
    // `created by pkg.f in goroutine 1` names where the goroutine was started, not a caller.
    if (call.startsWith('created by ')) break;
    const { module, symbol } = splitFunction(call);
    const file = normalizeFramePath(location[1]) ?? location[1];
    frames.push({
      file,
      line: Number(location[2]),
      function: symbol,
      module,
      inApp: isInAppGoFrame(module, file),
      raw: `${call.trim()} ${location[0].trim()}`,
    });
  }
  return frames;
}

function header(lines: string[], until: number): { type: string; message: string } {
  for (let index = 0; index < until; index += 1) {
    const line = lines[index] ?? '';
    const signal = SIGNAL.test((lines[index + 1] ?? '').trim())
      ? ` ${(lines[index + 1] ?? '').trim()}`
      : '';
    const panic = PANIC.exec(line.trim());
    if (panic?.[2] !== undefined) {
      const value = panic[2].replace(/ \[recovered\]$/, '');
      const runtime = /^runtime error: (.*)$/.exec(value);
      if (panic[1] === 'panic' && runtime?.[1])
        return { type: 'runtime error', message: `${runtime[1]}${signal}` };
      return { type: panic[1] ?? 'panic', message: `${value}${signal}` };
    }
    const http = HTTP_PANIC.exec(line);
    if (http?.[1]) return { type: 'panic', message: `${http[2] ?? ''} (${http[1]})` };
  }
  return { type: 'panic', message: '' };
}

/** Parses a Go panic: the header and the first goroutine's frames. */
function parseGoExceptions(lines: string[]): Exception[] {
  const first = lines.findIndex((line) => GOROUTINE.test(line));
  if (first < 0) return [];
  return [{ ...header(lines, first), frames: parseGoroutine(lines, first) }];
}

/** The Go format. */
export const goFormat: TraceFormat = {
  name: 'go',
  requires: { what: 'a Go panic or goroutine dump' },
  detect: ({ lines }) => (lines.some((line) => GOROUTINE.test(line)) ? 85 : 0),
  parse: (input) => crashReport(input, parseGoExceptions(input.lines)),
  parseExceptions: parseGoExceptions,
};
