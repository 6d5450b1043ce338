/**
 * Ruby backtraces: `app.rb:10:in 'meth': message (Type)` then `\tfrom app.rb:20:in 'caller'`
 * lines (innermost first), Rails' `Type (message):` log header with `app/x.rb:1:in 'm'` lines, and
 * Ruby 2.5–2.7's reversed `Traceback` form (`2: from …`, oldest first). Both the old `` `meth' ``
 * and the Ruby 3.4 `'Class#meth'` quoting are read.
 */
import { isInAppFile } from '../frame-origin.js';
import { normalizeFramePath, splitLocation } from '../frame-path.js';
import { MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { crashReport } from './error-header.js';
import type { TraceFormat } from './types.js';

const PREFIX = /^\s*(?:\d+: )?(?:from )?/;
const RAILS_HEADER = /^([A-Z]\w*(?:::[A-Z]\w*)*) \((.*)\):?\s*$/;

interface RubyLine {
  frame: Frame;
  /** `message (Type)` after the method, on the first line of an uncaught-exception report. */
  error?: { type: string; message: string };
  numbered: boolean;
}

function splitMethod(text: string): { module?: string; function?: string } {
  const name = text.replace(/^(?:block (?:\(\d+ levels\) )?in |rescue in |ensure in )/, '');
  if (name.startsWith('<')) return {};
  const separator = Math.max(name.lastIndexOf('#'), name.lastIndexOf('.'));
  if (separator <= 0) return { function: name };
  return { module: name.slice(0, separator), function: name.slice(separator + 1) };
}

/**
 * Parses one Ruby backtrace line.
 * @returns the frame (and the error it names, on a first line), or `null`.
 */
function parseRubyLine(line: string): RubyLine | null {
  const prefix = PREFIX.exec(line)?.[0] ?? '';
  const rest = line.slice(prefix.length);
  const inAt = rest.indexOf(':in ');
  if (inAt <= 0) return null;
  const quote = rest[inAt + 4];
  if (quote !== '`' && quote !== "'") return null;
  const close = rest.indexOf("'", inAt + 5);
  if (close < 0) return null;
  const location = splitLocation(rest.slice(0, inAt));
  if (location.line === undefined || /\s/.test(location.file)) return null;
  const file = normalizeFramePath(location.file) ?? location.file;
  const method = splitMethod(rest.slice(inAt + 5, close));
  const frame: Frame = {
    file,
    line: location.line,
    ...method,
    inApp: isInAppFile(file),
    raw: line.trim(),
  };
  const after = rest.slice(close + 1);
  const numbered = /^\s*\d+: from /.test(line);
  if (!after.startsWith(': ')) return { frame, numbered };
  const typeAt = after.lastIndexOf(' (');
  const type = typeAt >= 0 && after.endsWith(')') ? after.slice(typeAt + 2, -1) : '';
  const message = (typeAt >= 0 && type ? after.slice(2, typeAt) : after.slice(2)).trim();
  return { frame, error: { type, message }, numbered };
}

/** Parses every Ruby backtrace in `lines`. */
function parseRubyExceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  let current: Exception | undefined;
  let reversed: Frame[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const parsed = parseRubyLine(lines[index] ?? '');
    if (!parsed) {
      current = undefined;
      continue;
    }
    if (parsed.numbered) {
      reversed.push(parsed.frame);
      continue;
    }
    if (parsed.error || !current) {
      let above = index - 1;
      while (above > 0 && above > index - 4 && (lines[above] ?? '').trim() === '') above -= 1;
      const rails = RAILS_HEADER.exec((lines[above] ?? '').trim());
      current = {
        type: parsed.error?.type ?? rails?.[1] ?? '',
        message: parsed.error?.message ?? rails?.[2] ?? '',
        frames: [],
      };
      exceptions.push(current);
    }
    current.frames.push(parsed.frame);
    if (reversed.length > 0) {
      current.frames.push(...reversed.reverse());
      reversed = [];
    }
    current.frames.splice(MAX_FRAMES);
  }
  return exceptions;
}

/** The Ruby format. */
export const rubyFormat: TraceFormat = {
  name: 'ruby',
  requires: { what: 'a Ruby backtrace' },
  detect: ({ lines }) => Math.min(60, lines.filter((line) => parseRubyLine(line) !== null).length),
  parse: (input) => crashReport(input, parseRubyExceptions(input.lines)),
  parseExceptions: parseRubyExceptions,
};
