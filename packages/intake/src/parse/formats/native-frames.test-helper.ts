import { allFrames, parseReport } from '../parse-report.js';

/**
 * The frames a report's text parses into, as rows a test compares whole: `[function, file (else
 * module), line]`, innermost first. Shared by the native format's tests.
 * @param text - a report's text.
 * @returns one row per frame of every exception and cause.
 */
export function frameRows(text: string): [string?, string?, number?][] {
  return allFrames(parseReport(text).exceptions).map((frame) => [
    frame.function,
    frame.file ?? frame.module,
    frame.line,
  ]);
}
