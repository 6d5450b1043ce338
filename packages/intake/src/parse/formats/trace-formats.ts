/** The stack-trace formats, and picking the one that fits a piece of text best. */
import type { Exception } from '../types.js';
import { androidAnrFormat } from './android-anr.js';
import { appleFormat } from './apple.js';
import { dotnetFormat } from './dotnet.js';
import { firefoxFormat } from './firefox.js';
import { goFormat } from './go.js';
import { javaFormat } from './java.js';
import { nativeFormat } from './native.js';
import { phpFormat } from './php.js';
import { pythonFormat } from './python.js';
import { rubyFormat } from './ruby.js';
import { rustFormat } from './rust.js';
import type { FormatInput, TraceFormat } from './types.js';
import { v8Format } from './v8.js';

/** Trace formats, most specific signature first (ties go to the earlier one). */
export const TRACE_FORMATS: readonly TraceFormat[] = [
  appleFormat,
  androidAnrFormat,
  goFormat,
  rustFormat,
  pythonFormat,
  javaFormat,
  dotnetFormat,
  rubyFormat,
  phpFormat,
  nativeFormat,
  v8Format,
  firefoxFormat,
];

/**
 * Picks the trace format that recognises the most of `input`.
 * @returns the format and its score, or `null` when none recognises anything.
 */
function detectTraceFormat(input: FormatInput): { format: TraceFormat; score: number } | null {
  let best: { format: TraceFormat; score: number } | null = null;
  for (const format of TRACE_FORMATS) {
    const score = format.detect(input);
    if (score > 0 && (!best || score > best.score)) best = { format, score };
  }
  return best;
}

const NUMBERED_LINE = /^(\d{1,7})[ \t]/;
/** Consecutive numbered lines that make a log viewer's line-number column. */
const MIN_NUMBERED_RUN = 3;

/**
 * The lines without the line-number column a log viewer adds when a log is copied from it
 * (GitLab's and GitHub Actions' job logs, Jenkins): every line of a run of at least
 * {@link MIN_NUMBERED_RUN} starts with its number, one more than the line before's, and a space
 * (dropped) or a tab (kept as the line's indentation).
 * @returns the lines with each run's numbers taken off, or `null` when no run is found.
 */
export function withoutLineNumberColumn(lines: string[]): string[] | null {
  const numbers = lines.map((line) => {
    const match = NUMBERED_LINE.exec(line);
    return match ? Number(match[1]) : undefined;
  });
  const out = [...lines];
  let found = false;
  let start = 0;
  while (start < lines.length) {
    let end = start + 1;
    while (
      numbers[start] !== undefined &&
      end < lines.length &&
      numbers[end] === (numbers[end - 1] ?? Number.NaN) + 1
    )
      end += 1;
    if (numbers[start] !== undefined && end - start >= MIN_NUMBERED_RUN) {
      found = true;
      for (let at = start; at < end; at += 1) out[at] = (lines[at] ?? '').replace(/^\d+ ?/, '');
    }
    start = end;
  }
  return found ? out : null;
}

/**
 * Exceptions of the best-fitting trace format in `lines` (none when no format fits); read without
 * a log viewer's line-number column ({@link withoutLineNumberColumn}) when that fits better.
 */
export function parseTraces(lines: string[]): Exception[] {
  const best = detectTraceFormat({ text: lines.join('\n'), lines });
  const unnumbered = withoutLineNumberColumn(lines);
  const renumbered = unnumbered
    ? detectTraceFormat({ text: unnumbered.join('\n'), lines: unnumbered })
    : null;
  if (unnumbered && renumbered && renumbered.score > (best?.score ?? 0))
    return renumbered.format.parseExceptions(unnumbered);
  return best ? best.format.parseExceptions(lines) : [];
}
