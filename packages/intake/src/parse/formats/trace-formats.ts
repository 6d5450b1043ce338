/** The stack-trace formats, and picking the one that fits a piece of text best. */

import { otherReadings } from '../other-readings.js';
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

/**
 * Exceptions of the best-fitting trace format in `lines` (none when no format fits); read in one
 * of their other readings (`otherReadings`: without quote markers, logcat prefixes, a line-number
 * or a tool's column, or with a trace joined into one line broken) when a format fits that better.
 */
export function parseTraces(lines: string[]): Exception[] {
  let best = detectTraceFormat({ text: lines.join('\n'), lines });
  let read = lines;
  for (const other of otherReadings(lines)) {
    const found = detectTraceFormat({ text: other.join('\n'), lines: other });
    if (found && found.score > (best?.score ?? 0)) {
      best = found;
      read = other;
    }
  }
  return best ? best.format.parseExceptions(read) : [];
}
