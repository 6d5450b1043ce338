/**
 * Python tracebacks: `Traceback (most recent call last):`, `  File "path", line N, in fn` frames
 * (oldest first, reversed here), then `Type: message`. Chained tracebacks ("The above exception
 * was the direct cause…", "During handling of the above exception…") print the cause first; the
 * last traceback is the exception that escaped, with the earlier ones as its causes.
 */
import { isInAppFile } from '../frame-origin.js';
import { normalizeFramePath } from '../frame-path.js';
import { MAX_CAUSE_DEPTH, MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { chainDepth } from './cause-chain.js';
import { crashReport, joinMessage } from './error-header.js';
import type { TraceFormat } from './types.js';

const TRACEBACK = /^\s*Traceback \(most recent call last\):\s*$/;
const FRAME = /^\s*File "([^"]*)", line (\d+)(?:, in (.*))?$/;
const CHAIN =
  /^\s*(?:The above exception was the direct cause of the following exception:|During handling of the above exception, another exception occurred:)\s*$/;
const EXCEPTION_LINE = /^([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)(?:: ?(.*))?$/;

function parseFrame(line: string): Frame | null {
  const match = FRAME.exec(line);
  if (!match?.[1]) return null;
  const file = normalizeFramePath(match[1]) ?? match[1];
  const fn = match[3]?.trim();
  return {
    file,
    line: Number(match[2]),
    ...(fn ? { function: fn } : {}),
    inApp: isInAppFile(file),
    raw: line.trim(),
  };
}

/** Parses one traceback starting at `start` (the `Traceback` line); returns it and where it ended. */
function parseTraceback(lines: string[], start: number): { exception: Exception; end: number } {
  const frames: Frame[] = [];
  const indent = (lines[start] ?? '').length - (lines[start] ?? '').trimStart().length;
  let index = start + 1;
  for (; index < lines.length; index += 1) {
    const line = (lines[index] ?? '').slice(indent);
    const frame = parseFrame(line);
    if (frame) frames.push(frame);
    else if (!/^\s/.test(line) && line.trim() !== '') break;
  }
  const header = EXCEPTION_LINE.exec((lines[index] ?? '').trim());
  const message: string[] = header?.[2] === undefined ? [] : [header[2]];
  let end = index + 1;
  for (; end < lines.length; end += 1) {
    const line = lines[end] ?? '';
    if (line.trim() === '' || TRACEBACK.test(line) || CHAIN.test(line)) break;
    message.push(line);
  }
  frames.reverse();
  return {
    exception: {
      type: header?.[1] ?? '',
      message: joinMessage(message),
      frames: frames.slice(0, MAX_FRAMES),
    },
    end,
  };
}

/** Parses every traceback in `lines`, chaining the ones joined by a chain line. */
function parsePythonExceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  let chained = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (CHAIN.test(line)) {
      chained = exceptions.length > 0;
      continue;
    }
    if (!TRACEBACK.test(line)) continue;
    const { exception, end } = parseTraceback(lines, index);
    const cause = chained ? exceptions.pop() : undefined;
    if (cause && chainDepth(cause) < MAX_CAUSE_DEPTH) exception.cause = cause;
    exceptions.push(exception);
    chained = false;
    index = end - 1;
  }
  return exceptions;
}

/** The Python format. */
export const pythonFormat: TraceFormat = {
  name: 'python',
  requires: { what: 'a Python traceback' },
  detect: ({ lines }) => {
    const tracebacks = lines.filter((line) => TRACEBACK.test(line)).length;
    const frames = lines.filter((line) => FRAME.test(line)).length;
    return tracebacks > 0 && frames > 0 ? 85 : Math.min(60, frames);
  },
  parse: (input) => crashReport(input, parsePythonExceptions(input.lines)),
  parseExceptions: parsePythonExceptions,
};
