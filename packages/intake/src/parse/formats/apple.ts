/**
 * Apple crash reports: `.ips` files (a one-line JSON header, then either a JSON body — bug_type
 * 309, macOS 12 / iOS 15 and later — or the classic text report — bug_type 109 and older), and the
 * classic text report alone, and Xcode's console report of an uncaught Objective-C exception
 * (apple-uncaught-exception.ts). Frames of the crashed process's own binary are in-app. Formats:
 * developer.apple.com/documentation/xcode/interpreting-the-json-format-of-a-crash-report and
 * ".../examining-the-fields-in-a-crash-report".
 */
import { MAX_FRAMES } from '../limits.js';
import { cutTitle, splitLines } from '../lines.js';
import type { Exception, Frame } from '../types.js';
import { parseAppleFrame } from './apple-frame.js';
import { parseUncaughtExceptions } from './apple-uncaught-exception.js';
import { crashReport, describeException } from './error-header.js';
import { isJsonObject, type JsonObject } from './json-object.js';
import type { FormatInput, ParsedReport, TraceFormat } from './types.js';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** Parses the one-line JSON header of an `.ips` file, or returns `null`. */
function ipsHeader(firstLine: string): JsonObject | null {
  if (!firstLine.startsWith('{') || !firstLine.includes('"bug_type"')) return null;
  try {
    const value: unknown = JSON.parse(firstLine);
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

function field(lines: string[], name: string): string | undefined {
  const prefix = `${name}:`;
  const line = lines.find((candidate) => candidate.startsWith(prefix));
  return line?.slice(prefix.length).trim();
}

function framesAfter(
  lines: string[],
  heading: (line: string) => boolean,
  process?: string,
): Frame[] {
  const start = lines.findIndex(heading);
  if (start < 0) return [];
  const frames: Frame[] = [];
  for (let index = start + 1; index < lines.length && frames.length < MAX_FRAMES; index += 1) {
    const frame = parseAppleFrame(lines[index] ?? '', process);
    if (!frame) break;
    frames.push(frame);
  }
  return frames;
}

/** Lines of the "Application Specific Information" block, without dyld's mode notes. */
function applicationSpecific(lines: string[]): string[] {
  const start = lines.findIndex((line) => line.startsWith('Application Specific Information:'));
  if (start < 0) return [];
  const block: string[] = [];
  for (
    let index = start + 1;
    index < lines.length && (lines[index] ?? '').trim() !== '';
    index += 1
  ) {
    block.push((lines[index] ?? '').trim());
  }
  return block.filter((line) => !/^dyld\d? mode$/.test(line));
}

function message(asi: string[], subtype: string | undefined): string {
  if (asi.length > 0) return `Application Specific Information: ${asi.join(' ')}`;
  return subtype ?? '';
}

/**
 * How sure the format is of a crashed thread's excerpt: below a whole report's 90, and equal to
 * the frame-counting formats' cap (native.ts' 60), a tie the Apple format wins by coming before
 * them in the format order (the `Thread N Crashed:` heading is Apple's own).
 */
const EXCERPT_SCORE = 60;

/**
 * How sure the format is of Xcode's console report of an uncaught exception: with its first
 * throw's frames as sure as of a whole report (the `*** Terminating app due to uncaught exception`
 * line is Foundation's own); without them (bare addresses) 1, the least a format can say, so that a
 * debugger's backtrace beside it (lldb's `bt`, native.ts) is read for the frames, titled by the
 * exception.
 */
function uncaughtScore(lines: string[]): number {
  const exceptions = parseUncaughtExceptions(lines);
  if (exceptions.length === 0) return 0;
  return exceptions.some((exception) => exception.frames.length > 0) ? 90 : 1;
}

/** The heading of a crashed thread's frames: `Thread 0 Crashed:: CrBrowserMain  Dispatch queue: …`. */
const CRASHED_THREAD = /^Thread \d+ Crashed:/;

/**
 * The crashed thread's frames of a report pasted from its `Thread N Crashed:` heading on, without
 * the header above it (no `Exception Type:`), as issues quote the part that matters: a bare stack
 * (no type, no message), so that its frames are read.
 */
function crashedThreadExcerpt(lines: string[]): Exception[] {
  const frames = framesAfter(lines, (line) => CRASHED_THREAD.test(line));
  return frames.length > 0 ? [{ type: '', message: '', frames }] : [];
}

/**
 * Parses a classic text crash report, else the uncaught exceptions Xcode's console shows, else the
 * crashed thread's excerpt of a report.
 */
function parseAppleTextExceptions(lines: string[], processName?: string): Exception[] {
  const type = field(lines, 'Exception Type');
  if (type === undefined) {
    const uncaught = parseUncaughtExceptions(lines);
    return uncaught.length > 0 ? uncaught : crashedThreadExcerpt(lines);
  }
  const process = processName ?? field(lines, 'Process')?.replace(/\s*\[\d+\]$/, '');
  const crashed =
    field(lines, 'Triggered by Thread') ?? field(lines, 'Crashed Thread')?.split(/\s/)[0];
  const lastException = framesAfter(
    lines,
    (line) => line.startsWith('Last Exception Backtrace:'),
    process,
  );
  const thread = framesAfter(
    lines,
    (line) => (crashed ? line.startsWith(`Thread ${crashed} Crashed`) : / Crashed:/.test(line)),
    process,
  );
  return [
    {
      type,
      message: message(applicationSpecific(lines), field(lines, 'Exception Subtype')),
      frames: lastException.length > 0 ? lastException : thread,
    },
  ];
}

function jsonFrames(value: unknown, images: unknown[], process: JsonObject): Frame[] {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, MAX_FRAMES)
    .filter(isJsonObject)
    .map((frame) => {
      const image = isJsonObject(images[Number(frame.imageIndex)])
        ? (images[Number(frame.imageIndex)] as JsonObject)
        : {};
      const name = text(image.name);
      const symbol = text(frame.symbol);
      const offset = typeof frame.imageOffset === 'number' ? frame.imageOffset : undefined;
      const file = text(frame.sourceFile);
      const line = typeof frame.sourceLine === 'number' ? frame.sourceLine : undefined;
      const own =
        (name !== undefined && name === text(process.procName)) ||
        (text(image.path) !== undefined && text(image.path) === text(process.procPath));
      return {
        ...(file ? { file } : {}),
        ...(line ? { line } : {}),
        ...(symbol ? { function: symbol } : {}),
        ...(name ? { module: name } : {}),
        inApp: own,
        raw: `${text(image.path) ?? name ?? '???'} ${symbol ?? ''} + ${offset === undefined ? '?' : `0x${offset.toString(16)}`}`.replace(
          / {2,}/g,
          ' ',
        ),
      };
    });
}

/** Parses the JSON body of a bug_type 309 report. */
function parseIpsBody(body: JsonObject): Exception[] {
  const exception = isJsonObject(body.exception) ? body.exception : {};
  const kind = text(exception.type);
  const signal = text(exception.signal);
  const type = kind ? `${kind}${signal ? ` (${signal})` : ''}` : (signal ?? 'crash');
  const asi = isJsonObject(body.asi)
    ? Object.values(body.asi).flatMap((lines) =>
        Array.isArray(lines) ? lines.filter((line) => typeof line === 'string') : [],
      )
    : [];
  const termination = isJsonObject(body.termination) ? text(body.termination.indicator) : undefined;
  const images = Array.isArray(body.usedImages) ? body.usedImages : [];
  const threads = Array.isArray(body.threads) ? body.threads.filter(isJsonObject) : [];
  const faulting =
    typeof body.faultingThread === 'number' ? threads[body.faultingThread] : undefined;
  const thread =
    threads.find((candidate) => candidate.triggered === true) ?? faulting ?? threads[0];
  const lastException = jsonFrames(body.lastExceptionBacktrace, images, body);
  return [
    {
      type,
      message: message(asi as string[], text(exception.subtype) ?? termination),
      frames: lastException.length > 0 ? lastException : jsonFrames(thread?.frames, images, body),
    },
  ];
}

function parseApple(input: FormatInput): ParsedReport[] {
  const [first = '', ...rest] = input.lines;
  const header = ipsHeader(first.trim());
  let exceptions: Exception[];
  if (header) {
    const remainder = input.text.slice(input.text.indexOf('\n') + 1);
    let body: unknown;
    try {
      body = remainder.trimStart().startsWith('{') ? JSON.parse(remainder) : undefined;
    } catch {
      body = undefined;
    }
    exceptions = isJsonObject(body)
      ? parseIpsBody(body)
      : parseAppleTextExceptions(splitLines(remainder), text(header.app_name) ?? text(header.name));
  } else {
    exceptions = parseAppleTextExceptions(rest.length > 0 ? input.lines : [first]);
  }
  const [report] = crashReport(input, exceptions, true);
  const os = text(header?.os_version);
  const version = text(header?.app_version);
  return [
    {
      ...(report as ParsedReport),
      ...(exceptions[0] ? { title: cutTitle(describeException(exceptions[0])) } : {}),
      ...(os ? { platform: os } : {}),
      ...(version ? { appVersion: version } : {}),
    },
  ];
}

/** The Apple crash-report format (`.ips` JSON and classic text). */
export const appleFormat: TraceFormat = {
  name: 'apple',
  requires: {
    what: "an Apple crash report (.ips JSON or the text form with `Exception Type:`) or Xcode's console report of an uncaught exception",
  },
  detect: ({ lines }) => {
    if (ipsHeader((lines[0] ?? '').trim())) return 100;
    const hasType = lines.some((line) => line.startsWith('Exception Type:'));
    if (!hasType)
      return Math.max(
        uncaughtScore(lines),
        crashedThreadExcerpt(lines).length > 0 ? EXCERPT_SCORE : 0,
      );
    return lines.some((line) => / Crashed:/.test(line) || line.startsWith('Incident Identifier:'))
      ? 90
      : 0;
  },
  parse: parseApple,
  parseExceptions: (lines) => parseAppleTextExceptions(lines),
};
