/**
 * The `Type: message` line that heads a JavaScript, Java, .NET or Python error, and the common
 * crash-report assembly of a trace format.
 */
import { MAX_EXCEPTIONS } from '../limits.js';
import { collapseWhitespace } from '../lines.js';
import type { Exception } from '../types.js';
import type { FormatInput, ParsedReport } from './types.js';

/** An error header split into type and message. */
export interface ErrorHeader {
  type: string;
  message: string;
}

// `Uncaught TypeError: x`, `TypeError [ERR_X]: x`, `java.lang.IllegalStateException: x`, `Error`.
const HEADER = /^(?:Uncaught |Unhandled (?:e|E)xception[.:] |Exception in thread "[^"]*" |\[cause\]: )?([A-Za-z_$][\w$]*(?:\.[\w$]+)*)(?: \[[\w-]+\])?(?::(?: (.*))?)?$/;

/**
 * Parses an error header line.
 * @param line one line, leading whitespace allowed.
 * @param requireErrorName accept a bare type (`Foo: bar`) only when its name ends in Error,
 *   Exception, Warning, Fault or Panic, or is dotted. Default true.
 * @returns the header, or `null` when the line is not one.
 */
export function parseErrorHeader(line: string, requireErrorName = true): ErrorHeader | null {
  const match = HEADER.exec(line.trim());
  if (!match?.[1]) return null;
  const type = match[1];
  const hasColon = line.includes(':');
  if (requireErrorName && !/(?:Error|Exception|Warning|Fault|Panic|Interrupt|Exit)$/.test(type) && !type.includes('.')) {
    return null;
  }
  if (!hasColon && !/(?:Error|Exception)$/.test(type)) return null;
  return { type, message: (match[2] ?? '').trim() };
}

/** Joins message lines the way a person reads them: trimmed, one space between lines. */
export function joinMessage(lines: string[]): string {
  return collapseWhitespace(lines.join('\n'));
}

/** `Type: message`, or the type alone when the message is empty. */
export function describeException(exception: Exception): string {
  if (!exception.type) return exception.message;
  return exception.message ? `${exception.type}: ${exception.message}` : exception.type;
}

/**
 * Wraps the exceptions of a text crash log into a crash report titled after the first one.
 * @returns one crash report (no exceptions means a text report).
 */
export function crashReport(input: FormatInput, exceptions: Exception[]): ParsedReport[] {
  const kept = exceptions.slice(0, MAX_EXCEPTIONS);
  const first = kept[0];
  return [
    {
      kind: first ? 'crash' : 'text',
      exceptions: kept,
      title: first ? describeException(first).slice(0, 300) : undefined,
      body: input.text,
    },
  ];
}
