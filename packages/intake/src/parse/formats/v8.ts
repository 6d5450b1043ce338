/**
 * V8 stack traces (Node.js, Chrome, Edge, Deno, IE 10+, React Native's V8 and Hermes):
 * `TypeError: message` followed by `    at fn (file:line:column)` lines, innermost first. Node's
 * `[cause]:` blocks become causes. Format: v8.dev/docs/stack-trace-api; the variants read (no
 * space before `(`, placeholders, Hermes, Safari extension URLs) are those of Sentry's stack
 * parser tests (getsentry/sentry-javascript, `packages/browser/test/tracekit`).
 */
import { isInAppFile, isNodeCoreFile } from '../frame-origin.js';
import { MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { crashReport, joinMessage, parseErrorHeader } from './error-header.js';
import type { FormatInput, TraceFormat } from './types.js';
import { parseV8Location } from './v8-location.js';

const AT = /^\s*at (\S.*)$/;
/** JVM frames (`at pkg.Class.method(File.java:42)`, `(Unknown Source:2)`). */
const JAVA_FRAME =
  /^\s*at [\w$./<>-]+\((?:[^\s:/\\()<>]+(?::\d+)?|Native Method|Unknown Source(?::\d+)?|Compiled Code)\)$/;
/** The end of a .NET frame, `:line 42`. */
const DOTNET_LINE = /:line \d+$/;

/**
 * Whether a line is a JVM or a .NET frame (`… in C:\\App\\Foo.cs:line 42`): what
 * `/^\s*at …\)$| in .*:line \d+$/` accepts, in linear time (its second part read from every
 * ` in ` to the line's end). The nearest ` in ` before `:line` is the one to check: no line
 * terminator (which `.` does not cross) may lie between them.
 */
function isJavaOrDotnetFrame(line: string): boolean {
  if (JAVA_FRAME.test(line)) return true;
  const lineNumber = DOTNET_LINE.exec(line);
  if (!lineNumber || lineNumber.index < 4) return false;
  const inAt = line.lastIndexOf(' in ', lineNumber.index - 4);
  return inAt !== -1 && !/[\n\r\u2028\u2029]/.test(line.slice(inAt + 4, lineNumber.index));
}

/** Index of the `(` matching the `)` that ends `text`, or -1. */
function openingParenthesis(text: string): number {
  let depth = 0;
  for (let index = text.length - 1; index >= 0; index -= 1) {
    if (text[index] === ')') depth += 1;
    else if (text[index] === '(') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

function cleanFunction(name: string): string | undefined {
  const trimmed = name.trim();
  const alias = trimmed.endsWith(']') ? trimmed.lastIndexOf(' [as ') : -1;
  const cleaned = (alias >= 0 ? trimmed.slice(0, alias) : trimmed)
    .replace(/^(?:async |new )+/, '')
    .trim();
  if (cleaned === '' || cleaned === '<anonymous>' || cleaned === 'Object.<anonymous>')
    return undefined;
  return cleaned;
}

/**
 * Splits the text after `at ` into function and location: `fn (location)`, `fn(location)` (no
 * space: React Native, webpack eval), `fn (location` cut short, or a bare location. Safari's
 * extension URLs, printed `fn@safari-extension:(//id/file.js:1:2)`, are joined back.
 */
function splitFrameText(text: string): { name?: string; location: string } {
  const rest = text.trim();
  let name: string | undefined;
  let location = rest;
  const closed = rest.endsWith(')');
  const open = closed ? openingParenthesis(rest) : rest.lastIndexOf(' (');
  if (open > 0 && (closed || !rest.includes(')', open))) {
    name = rest.slice(0, open);
    location = closed ? rest.slice(open + 1, -1) : rest.slice(open + 2);
  }
  const scheme = name === undefined ? null : /^(?:(.*)@)?([a-z][\w+.-]*:)$/.exec(name.trim());
  if (scheme?.[2] && location.startsWith('//')) {
    return { ...(scheme[1] ? { name: scheme[1] } : {}), location: `${scheme[2]}${location}` };
  }
  return { ...(name !== undefined ? { name } : {}), location };
}

/**
 * The frame text of a line where stray text precedes `at` (a corrupted log line): accepted only
 * when the stray text holds no `:` (so no `Error: … at …` message) and a parenthesised location
 * ends the line.
 */
function looseFrameText(line: string): string | undefined {
  const at = line.indexOf(' at ');
  if (at < 0 || line.slice(0, at).includes(':')) return undefined;
  const rest = line.slice(at + 4).trim();
  return rest.endsWith(')') ? rest : undefined;
}

/**
 * Parses one V8 frame line.
 * @returns the frame, or `null` when the line is not a V8 frame.
 */
function parseV8Frame(line: string): Frame | null {
  if (isJavaOrDotnetFrame(line)) return null;
  const strict = AT.exec(line)?.[1];
  const text = strict ?? looseFrameText(line);
  if (!text) return null;
  const { name, location: locationText } = splitFrameText(text);
  const location = parseV8Location(locationText);
  if (!location) return null;
  // After stray text, only a full location with no space in its file is taken for a frame.
  if (strict === undefined && (location.line === undefined || /\s/.test(location.file ?? ' '))) {
    return null;
  }
  const fn = name === undefined ? undefined : cleanFunction(name);
  // `at <anonymous>` alone names neither a function nor a place.
  if (name === undefined && location.placeholder) return null;
  const { file } = location;
  return {
    ...(file ? { file } : {}),
    ...(location.line ? { line: location.line } : {}),
    ...(location.column ? { column: location.column } : {}),
    ...(fn ? { function: fn } : {}),
    inApp:
      file !== undefined && !location.placeholder && isInAppFile(file) && !isNodeCoreFile(file),
    raw: line.trim(),
  };
}

/** Finds the header above a run of frames; returns the exception shell and where it started. */
function headerAbove(lines: string[], start: number): { exception: Exception; isCause: boolean } {
  const message: string[] = [];
  for (let index = start - 1; index >= 0 && index >= start - 20; index -= 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '' || /^\s*\^+\s*$/.test(line)) break;
    const header = parseErrorHeader(line);
    if (header) {
      return {
        exception: {
          type: header.type,
          message: joinMessage([header.message, ...message]),
          frames: [],
        },
        isCause: /^\s*\[cause\]:/.test(line),
      };
    }
    message.unshift(line);
  }
  return { exception: { type: '', message: '', frames: [] }, isCause: false };
}

/** Parses every V8 trace in `lines`. */
function parseV8Exceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  let current: Exception | undefined;
  let previousWasFrame = false;
  for (let index = 0; index < lines.length; index += 1) {
    const frame = parseV8Frame(lines[index] ?? '');
    if (!frame) {
      previousWasFrame = false;
      continue;
    }
    if (!previousWasFrame || !current) {
      const { exception, isCause } = headerAbove(lines, index);
      const outer = exceptions.at(-1);
      if (isCause && outer) {
        let last = outer;
        while (last.cause) last = last.cause;
        last.cause = exception;
      } else {
        exceptions.push(exception);
      }
      current = exception;
    }
    if (current.frames.length < MAX_FRAMES) current.frames.push(frame);
    previousWasFrame = true;
  }
  return exceptions;
}

/** The V8 format. */
export const v8Format: TraceFormat = {
  name: 'v8',
  requires: { what: 'a JavaScript stack trace from Node.js or Chrome (`at fn (file.js:1:2)`)' },
  detect: ({ lines }) => Math.min(60, lines.filter((line) => parseV8Frame(line) !== null).length),
  parse: (input: FormatInput) => crashReport(input, parseV8Exceptions(input.lines)),
  parseExceptions: parseV8Exceptions,
};
