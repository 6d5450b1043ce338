/**
 * SpiderMonkey (Firefox) and JavaScriptCore (Safari) stacks: `fn@url:line:column` lines, innermost
 * first, no message line (`error.stack` carries none; a preceding `Type: message` line is used
 * when a report includes one). Eval frames (`file.js line 26 > eval:1:30`) are attributed to the
 * calling file and line, as Sentry's stack parser does (getsentry/sentry-javascript,
 * `packages/browser/src/stack-parsers.ts`).
 */
import { isInAppFile } from '../frame-origin.js';
import { normalizeFramePath, splitLocation } from '../frame-path.js';
import { MAX_FRAMES } from '../limits.js';
import { trimEndCharacters } from '../lines.js';
import type { Exception, Frame } from '../types.js';
import { crashReport, joinMessage, parseErrorHeader } from './error-header.js';
import type { TraceFormat } from './types.js';

const EVAL = /^(\S+) line (\d+)(?: > (?:eval|Function))+/;

function cleanFunction(name: string): string | undefined {
  const open = name.endsWith(')') ? name.indexOf('(') : -1;
  const cleaned = trimEndCharacters(open >= 0 ? name.slice(0, open) : name, '/<*').trim();
  return cleaned === '' || cleaned === 'null' || cleaned === 'global code' ? undefined : cleaned;
}

/**
 * Parses one `fn@location` frame line.
 * @returns the frame, or `null` when the line is not one.
 */
function parseFirefoxFrame(line: string): Frame | null {
  const trimmed = line.trim();
  const at = trimmed.indexOf('@');
  if (at < 0 || trimmed.startsWith('at ')) return null;
  const name = trimmed.slice(0, at);
  const location = trimmed.slice(at + 1);
  if (/\s/.test(name.replace(/^global code$|^eval code$/, ''))) return null;
  if (location === '[native code]') {
    const fn = cleanFunction(name);
    return { file: '[native code]', ...(fn ? { function: fn } : {}), inApp: false, raw: trimmed };
  }
  const evalMatch = EVAL.exec(location);
  const parsed = evalMatch?.[1]
    ? { file: evalMatch[1], line: Number(evalMatch[2]) }
    : splitLocation(location);
  if (parsed.line === undefined || !/[/\\]/.test(parsed.file)) return null;
  const file = normalizeFramePath(parsed.file) ?? parsed.file;
  const fn = cleanFunction(name);
  const column = 'column' in parsed ? parsed.column : undefined;
  return {
    file,
    line: parsed.line,
    ...(column ? { column } : {}),
    ...(fn ? { function: fn } : {}),
    inApp: isInAppFile(file),
    raw: trimmed,
  };
}

/** Parses every Firefox/Safari stack in `lines`. */
function parseFirefoxExceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  let current: Exception | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const frame = parseFirefoxFrame(lines[index] ?? '');
    if (!frame) {
      current = undefined;
      continue;
    }
    if (!current) {
      const header = index > 0 ? parseErrorHeader(lines[index - 1] ?? '') : null;
      current = {
        type: header?.type ?? '',
        message: header ? joinMessage([header.message]) : '',
        frames: [],
      };
      exceptions.push(current);
    }
    if (current.frames.length < MAX_FRAMES) current.frames.push(frame);
  }
  return exceptions;
}

/** The Firefox/Safari format. */
export const firefoxFormat: TraceFormat = {
  name: 'firefox',
  detect: ({ lines }) =>
    Math.min(60, lines.filter((line) => parseFirefoxFrame(line) !== null).length),
  parse: (input) => crashReport(input, parseFirefoxExceptions(input.lines)),
  parseExceptions: parseFirefoxExceptions,
};
