import { parseReport } from '../parse-report.js';
import type { Exception } from '../types.js';

/** An exception as a test compares it whole: type, message, frames as `[function, file, line]` rows, its cause. */
export interface ExceptionOutline {
  type: string;
  message: string;
  frames: [string?, string?, number?][];
  cause?: ExceptionOutline;
}

/**
 * The exceptions a report's text parses into, each with its chain of causes, frames innermost
 * first. Shared by the trace formats' tests.
 * @param text - a report's text.
 * @returns one outline per exception of the report.
 */
export function exceptionOutlines(text: string): ExceptionOutline[] {
  return parseReport(text).exceptions.map(outline);
}

function outline(exception: Exception): ExceptionOutline {
  return {
    type: exception.type,
    message: exception.message,
    frames: exception.frames.map((frame) => [frame.function, frame.file, frame.line]),
    ...(exception.cause ? { cause: outline(exception.cause) } : {}),
  };
}
