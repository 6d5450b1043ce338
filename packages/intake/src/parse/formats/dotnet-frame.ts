/**
 * The lines of a .NET stack trace: frames (`   at Ns.Type.Method(Type arg) in C:\path\File.cs:line
 * 42`, the location only when symbols were shipped) and the markers between the traces of an
 * exception and its inner exceptions. Format: learn.microsoft.com/dotnet/api/system.exception.stacktrace.
 */
import { isInAppDotnetType } from '../frame-origin.js';
import type { Frame } from '../types.js';

/**
 * A frame; an AggregateException's listed inner exception ends its last one with `<---`.
 */
const FRAME = /^\s*at ([^(]+)\(([^)]*)\)(?: in (.+):line (\d+))?\s*(?:<---\s*)?$/;
/** `--- End of inner exception stack trace ---`: the frames before are the inner exception's. */
export const END_OF_INNER = /^\s*--- End of inner exception stack trace ---/;
/** `--- End of stack trace from previous location ---`: a rethrow or an await, same exception. */
const END_OF_PREVIOUS = /^\s*--- End of stack trace from previous location/;

/**
 * Parses one .NET frame line.
 * @returns the frame, or `null` when the line is not one (Java frames are left to the JVM parser).
 */
export function parseDotnetFrame(line: string): Frame | null {
  const match = FRAME.exec(line);
  if (!match?.[1]) return null;
  const args = match[2] ?? '';
  const hasLine = match[4] !== undefined;
  // `Foo.bar(File.java:1)` is a JVM frame and `fn (async http://x/a.js:1:2)` a V8 one: .NET
  // argument lists are empty or `Type name` pairs, with no path or location in them.
  if (
    !hasLine &&
    args !== '' &&
    (!args.includes(' ') ||
      /[/\\:]/.test(args) ||
      /^(?:Native [Mm]ethod|Unknown Source|Compiled Code)$/.test(args))
  ) {
    return null;
  }
  const qualified = match[1].trim();
  if (/\s/.test(qualified)) return null;
  const dot = qualified.lastIndexOf('.', qualified.length - 2);
  const type = dot > 0 ? qualified.slice(0, dot) : qualified;
  const method = dot > 0 ? qualified.slice(dot + 1) : qualified;
  return {
    ...(match[3] ? { file: match[3].trim() } : {}),
    ...(hasLine ? { line: Number(match[4]) } : {}),
    function: method,
    module: type,
    inApp: isInAppDotnetType(type),
    raw: line.trim(),
  };
}

/** Whether `line` is a marker between traces: the end of an inner exception's, or of a rethrown one's. */
export function isDotnetMarker(line: string): boolean {
  return END_OF_INNER.test(line) || END_OF_PREVIOUS.test(line);
}

/** Whether `line` belongs to a trace: a frame, or a marker ({@link isDotnetMarker}). */
export function isDotnetTraceLine(line: string): boolean {
  return parseDotnetFrame(line) !== null || isDotnetMarker(line);
}
