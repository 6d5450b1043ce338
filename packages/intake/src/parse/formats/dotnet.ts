/**
 * .NET exceptions as printed by `Exception.ToString()`: the header (`dotnet-header.ts`: the
 * exception and its inner exceptions joined with ` ---> `), then the innermost exception's frames
 * (`dotnet-frame.ts`), `--- End of inner exception stack trace ---`, then the next outer
 * exception's frames, out to the outermost's; an AggregateException's other inner exceptions
 * follow its trace, each a header and frames of its own.
 * Format: learn.microsoft.com/dotnet/api/system.exception.tostring.
 */
import { MAX_FRAMES } from '../limits.js';
import type { Exception } from '../types.js';
import { END_OF_INNER, isDotnetMarker, parseDotnetFrame } from './dotnet-frame.js';
import { readDotnetHeader } from './dotnet-header.js';
import { crashReport } from './error-header.js';
import type { TraceFormat } from './types.js';

/**
 * Parses every .NET exception in `lines`: frames go to the innermost exception of the header
 * above them, and after each end-of-inner marker to the exception one further out. The inner
 * exception #0 that .NET Framework lists again after an AggregateException's trace, printed
 * already after the header's arrow, is read once.
 */
function parseDotnetExceptions(lines: string[]): Exception[] {
  const exceptions: Exception[] = [];
  /** The exceptions of the header being read, outermost first; empty between traces. */
  let chain: Exception[] = [];
  /** End-of-inner markers since the header. */
  let level = 0;
  let inFrames = false;
  /** The last exception whose header was not a listed inner exception: an AggregateException, maybe. */
  let owner: Exception | undefined;
  for (let index = 0; index < lines.length; ) {
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
      index += 1;
      continue;
    }
    if (END_OF_INNER.test(line)) level += 1;
    const marker = isDotnetMarker(line);
    const header = marker ? null : readDotnetHeader(lines, index);
    if (header) {
      const [first] = header.chain as [Exception];
      // A repeated #0 keeps its frames to itself, out of the report.
      if (header.listed !== 0 || !owner?.cause) exceptions.push(first);
      if (header.listed === undefined) owner = first;
      chain = header.chain;
      level = 0;
      inFrames = false;
      index = header.end;
      continue;
    }
    if (inFrames && !marker) {
      chain = [];
      inFrames = false;
    }
    index += 1;
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
