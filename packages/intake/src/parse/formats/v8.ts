/**
 * V8 stack traces (Node.js, Chrome, Edge, Deno): `TypeError: message` followed by
 * `    at fn (file:line:column)` lines, innermost first. Node's `[cause]:` blocks become causes.
 * Format: v8.dev/docs/stack-trace-api.
 */
import { isInAppFile } from '../frame-origin.js';
import { normalizeFramePath, splitLocation } from '../frame-path.js';
import { MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { crashReport, joinMessage, parseErrorHeader } from './error-header.js';
import type { FormatInput, TraceFormat } from './types.js';

const AT = /^\s*at (\S.*)$/;
const JAVA_OR_DOTNET = /^\s*at [\w$./<>]+\([^()\s]*\)$|\.(?:java|kt|scala):\d+\)$| in .*:line \d+$/;

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
 * Parses one V8 frame line.
 * @returns the frame, or `null` when the line is not a V8 frame.
 */
function parseV8Frame(line: string): Frame | null {
  const match = AT.exec(line);
  if (!match?.[1] || JAVA_OR_DOTNET.test(line)) return null;
  let rest = match[1].trim().replace(/^async /, '');
  let name: string | undefined;
  if (rest.endsWith(')')) {
    const open = openingParenthesis(rest);
    if (open > 0) {
      name = rest.slice(0, open);
      rest = rest.slice(open + 1, -1);
    }
  }
  if (rest.startsWith('eval at ')) {
    // `eval at fn (file:1:2), <anonymous>:1:1`: the call site of eval is the useful location.
    const inner = rest.lastIndexOf('(');
    const close = rest.indexOf(')', inner);
    rest = inner >= 0 && close > inner ? rest.slice(inner + 1, close) : rest;
  }
  const location = splitLocation(rest);
  if (
    location.line === undefined &&
    !/^(?:native|<anonymous>|unknown location|index \d+)$/.test(rest)
  ) {
    return null;
  }
  const file = location.line === undefined ? rest : normalizeFramePath(location.file);
  const fn = name === undefined ? undefined : cleanFunction(name);
  return {
    ...(file ? { file } : {}),
    ...(location.line ? { line: location.line } : {}),
    ...(location.column ? { column: location.column } : {}),
    ...(fn ? { function: fn } : {}),
    inApp: file !== undefined && location.line !== undefined && isInAppFile(file),
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
  detect: ({ lines }) => Math.min(60, lines.filter((line) => parseV8Frame(line) !== null).length),
  parse: (input: FormatInput) => crashReport(input, parseV8Exceptions(input.lines)),
  parseExceptions: parseV8Exceptions,
};
