/**
 * SpiderMonkey (Firefox) and JavaScriptCore (Safari, React Native's JSC) stacks: `fn@url:line:column`
 * lines, innermost first, no message line (`error.stack` carries none; a preceding `Type: message`
 * line is used when a report includes one). A run of consecutive frame lines is a stack when it
 * holds at least one `fn@location` line; JavaScriptCore's bare lines (a location without `@`, a
 * function name alone, `[native code]`) count inside such a run. Its `eval code` line followed by
 * the native `eval@[native code]` is one call, read as one frame.
 */
import { MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { crashReport, joinMessage, parseErrorHeader } from './error-header.js';
import { type FirefoxFrameLine, parseFirefoxLine } from './firefox-frame.js';
import type { TraceFormat } from './types.js';

/** The frames of one run, with JavaScriptCore's `eval code` + `eval@[native code]` pair merged. */
function runFrames(run: FirefoxFrameLine[]): Frame[] {
  const frames: Frame[] = [];
  run.forEach(({ frame, signed }, index) => {
    const next = run[index + 1]?.frame;
    const evalCode = !signed && frame.function === 'eval code' && !frame.file;
    if (evalCode && next?.function === 'eval' && next.file === '[native code]') return;
    if (frames.length < MAX_FRAMES) frames.push(frame);
  });
  return frames;
}

/** Parses every Firefox/Safari stack in `lines`. */
function parseFirefoxExceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  let run: FirefoxFrameLine[] = [];
  let runStart = 0;
  const close = (): void => {
    if (run.some((line) => line.signed)) {
      const header = runStart > 0 ? parseErrorHeader(lines[runStart - 1] ?? '') : null;
      exceptions.push({
        type: header?.type ?? '',
        message: header ? joinMessage([header.message]) : '',
        frames: runFrames(run),
      });
    }
    run = [];
  };
  lines.forEach((line, index) => {
    const parsed = parseFirefoxLine(line);
    if (!parsed) {
      close();
      return;
    }
    if (run.length === 0) runStart = index;
    run.push(parsed);
  });
  close();
  return exceptions;
}

/** The Firefox/Safari format. */
export const firefoxFormat: TraceFormat = {
  name: 'firefox',
  requires: { what: 'a JavaScript stack trace from Firefox or Safari (`fn@file.js:1:2`)' },
  detect: ({ lines }) =>
    Math.min(60, lines.filter((line) => parseFirefoxLine(line)?.signed === true).length),
  parse: (input) => crashReport(input, parseFirefoxExceptions(input.lines)),
  parseExceptions: parseFirefoxExceptions,
};
