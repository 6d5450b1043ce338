/**
 * .NET exceptions as printed by `Exception.ToString()`: `Ns.OuterException: msg ---> Ns.Inner: msg`
 * on the first line, then the innermost exception's frames (`   at Ns.Class.Method(args) in
 * C:\path\File.cs:line 42`), `--- End of inner exception stack trace ---`, then the next outer
 * exception's frames. Format: learn.microsoft.com/dotnet/api/system.exception.tostring.
 */
import { isInAppDotnetType } from '../frame-origin.js';
import { MAX_CAUSE_DEPTH, MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { crashReport, parseErrorHeader } from './error-header.js';
import type { TraceFormat } from './types.js';

const FRAME = /^\s*at ([^(]+)\(([^)]*)\)(?: in (.+):line (\d+))?\s*$/;
const END_OF_INNER = /^\s*--- End of inner exception stack trace ---/;

/**
 * Parses one .NET frame line.
 * @returns the frame, or `null` when the line is not one (Java frames are left to the JVM parser).
 */
function parseDotnetFrame(line: string): Frame | null {
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

function headerChain(line: string): Exception[] {
  return line
    .replace(/^\s*(?:Unhandled [Ee]xception[.:]\s*)/, '')
    .split(' ---> ')
    .map((part) => {
      const header = parseErrorHeader(part, false);
      return { type: header?.type ?? part.trim(), message: header?.message ?? '', frames: [] };
    });
}

/** Parses every .NET exception in `lines`. */
function parseDotnetExceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  let chain: Exception[] = [];
  let level = 0;
  let inFrames = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const frame = parseDotnetFrame(line);
    if (frame) {
      if (chain.length === 0) {
        chain = [{ type: '', message: '', frames: [] }];
        level = 0;
        exceptions.push(chain[0] as Exception);
      }
      const target = chain[Math.max(0, chain.length - 1 - level)];
      if (target && target.frames.length < MAX_FRAMES) target.frames.push(frame);
      inFrames = true;
      continue;
    }
    if (END_OF_INNER.test(line) || /^\s*--- End of stack trace from previous location/.test(line)) {
      if (END_OF_INNER.test(line)) level += 1;
      continue;
    }
    const next = lines[index + 1] ?? '';
    if (
      line.trim() !== '' &&
      (parseDotnetFrame(next) || line.includes(' ---> ')) &&
      parseErrorHeader(line.split(' ---> ')[0] ?? '', false)
    ) {
      chain = headerChain(line).slice(0, MAX_CAUSE_DEPTH);
      for (let link = 0; link + 1 < chain.length; link += 1)
        (chain[link] as Exception).cause = chain[link + 1];
      exceptions.push(chain[0] as Exception);
      level = 0;
      inFrames = false;
      continue;
    }
    if (inFrames) {
      chain = [];
      inFrames = false;
    }
  }
  return exceptions;
}

/** The .NET format. */
export const dotnetFormat: TraceFormat = {
  name: 'dotnet',
  requires: { what: 'a .NET stack trace (`at Namespace.Type.Method() in File.cs:line 10`)' },
  detect: ({ lines }) =>
    Math.min(60, lines.filter((line) => parseDotnetFrame(line) !== null).length),
  parse: (input) => crashReport(input, parseDotnetExceptions(input.lines)),
  parseExceptions: parseDotnetExceptions,
};
