/**
 * PHP stack traces, as PHP prints an uncaught exception (`Exception::getTraceAsString()`, the
 * `Stack trace:` block of a fatal error, Laravel's and Monolog's `[stacktrace]`): numbered lines
 * `#0 /var/www/src/Cart.php(67): App\Cart->total(NULL)` innermost first, `#3 [internal function]:
 * …` for calls from the engine, `#4 {main}` last. The header (`php-header.ts`: `PHP Fatal error:
 * Uncaught TypeError: message in /var/www/src/Cart.php:41`, or `… thrown in FILE on line N` after
 * the trace) names the exception and where it was thrown, which the numbered lines leave out:
 * `#0` is the call *into* the throwing function, so the throw site becomes the innermost frame.
 * An exception printed with the one it led to (`Next …`) below it is that one's cause.
 * Format: php.net/manual/en/exception.gettraceasstring.php.
 */
import { isInAppFile } from '../frame-origin.js';
import { normalizeFramePath } from '../frame-path.js';
import { MAX_CAUSE_DEPTH, MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { chainDepth } from './cause-chain.js';
import { crashReport } from './error-header.js';
import { readPhpHeader } from './php-header.js';
import type { TraceFormat } from './types.js';

/** `#0 /path/File.php(67): Class->method(args)`; the call is optional (`#0 /path/File.php(67)`). */
const FRAME = /^\s*#\d+\s+(\S.*?\.(?:php|phtml|inc))\((\d+)\)(?::\s*(.*?))?\s*$/;
/** `#3 [internal function]: Class->method()`: a call from the engine, no file. */
const INTERNAL = /^\s*#\d+\s+\[internal function\]:\s*(.*?)\s*$/;
/** `#4 {main}`: the end of a trace. */
const MAIN = /^\s*#\d+\s+\{main\}\s*$/;
/** `thrown in /path/File.php on line 41` after the trace. */
const THROWN = /^\s*thrown in (\S+\.(?:php|phtml|inc)) on line (\d+)\s*$/;

/** `App\Cart->total(NULL)` → module `App\Cart`, function `total`; `{closure}()` → no function. */
function splitCall(call: string | undefined): Pick<Frame, 'module' | 'function'> {
  const name = call?.replace(/\(.*$/s, '').trim() ?? '';
  const separator = /->|::/.exec(name);
  const module = separator ? name.slice(0, separator.index) : undefined;
  const method = separator ? name.slice(separator.index + separator[0].length) : name;
  const named = /^[A-Za-z_][\w]*$/.test(method) ? method : undefined;
  return { ...(module ? { module } : {}), ...(named ? { function: named } : {}) };
}

/**
 * Parses one numbered PHP trace line.
 * @returns the frame, or `null` when the line is not one.
 */
export function parsePhpFrame(line: string): Frame | null {
  const match = FRAME.exec(line);
  if (match?.[1] && match[2]) {
    const file = normalizeFramePath(match[1]) ?? match[1];
    return {
      file,
      line: Number(match[2]),
      ...splitCall(match[3]),
      inApp: isInAppFile(file),
      raw: line.trim(),
    };
  }
  const internal = INTERNAL.exec(line);
  if (internal) return { ...splitCall(internal[1]), inApp: false, raw: line.trim() };
  return null;
}

/** Whether `line` belongs to a trace: a frame, its `{main}` end, or the `thrown in` line after it. */
function isPhpTraceLine(line: string): boolean {
  return parsePhpFrame(line) !== null || MAIN.test(line) || THROWN.test(line);
}

/** The throw site a header or a `thrown in` line names, as a frame (`line` 1-based). */
function throwSite(file: string, line: number, raw: string): Frame {
  const path = normalizeFramePath(file) ?? file;
  return { file: path, line, inApp: isInAppFile(path), raw: raw.trim() };
}

/** Parses every PHP trace in `lines`. */
function parsePhpExceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  let current: Exception | undefined;
  let site: Frame | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const header = readPhpHeader(lines, index);
    if (header) {
      site = header.site && throwSite(header.site.file, header.site.line, header.site.raw);
      current = { type: header.type, message: header.message, frames: site ? [site] : [] };
      const previous = exceptions.at(-1);
      if (header.next && previous && chainDepth(previous) < MAX_CAUSE_DEPTH) {
        current.cause = exceptions.pop();
      }
      exceptions.push(current);
      index = header.end - 1;
      continue;
    }
    const thrown = THROWN.exec(line);
    if (thrown?.[1] && thrown[2]) {
      // Named after the trace: the throw site goes first, unless the header already gave it.
      if (current && !site) current.frames.unshift(throwSite(thrown[1], Number(thrown[2]), line));
      continue;
    }
    if (MAIN.test(line)) continue;
    const frame = parsePhpFrame(line);
    if (!frame) continue;
    if (!current) {
      current = { type: '', message: '', frames: [] };
      site = undefined;
      exceptions.push(current);
    }
    if (current.frames.length < MAX_FRAMES) current.frames.push(frame);
  }
  return exceptions.filter((exception) => exception.frames.length > 0);
}

/** The PHP format. */
export const phpFormat: TraceFormat = {
  name: 'php',
  requires: { what: 'a PHP stack trace or fatal error' },
  detect: ({ lines }) => Math.min(60, lines.filter(isPhpTraceLine).length),
  parse: (input) => crashReport(input, parsePhpExceptions(input.lines)),
  parseExceptions: parsePhpExceptions,
};
