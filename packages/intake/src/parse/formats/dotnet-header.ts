/**
 * The header of a .NET exception as `Exception.ToString()` prints it: `Ns.Type: message`, then each
 * inner exception's `Ns.Inner: message` after ` ---> ` — on the line of the message before it
 * (.NET Framework) or opening a line of its own (.NET Core 3 and later) — messages of several lines
 * in between. An AggregateException lists its other inner exceptions after its own trace, each
 * opened by ` ---> (Inner Exception #N) ` and closed by `<---`.
 * Format: learn.microsoft.com/dotnet/api/system.exception.tostring and
 * learn.microsoft.com/dotnet/api/system.aggregateexception.tostring.
 */
import { MAX_CAUSE_DEPTH } from '../limits.js';
import type { Exception } from '../types.js';
import { isDotnetTraceLine } from './dotnet-frame.js';
import { type ErrorHeader, joinMessage, parseErrorHeader } from './error-header.js';

/** ` ---> ` inside a line, or `---> ` opening one: what joins an exception to its inner exception. */
const ARROW = /(?:^\s*| )---> /;
/** `---> (Inner Exception #1) `: one of the inner exceptions an AggregateException lists. */
const LISTED = /^\s*---> \(Inner Exception #(\d+)\) /;
/** `<---`: the end of a listed inner exception. */
const LISTED_END = /<---\s*$/;
/** Lines of message read after a header's first line, at most. */
const MAX_MESSAGE_LINES = 50;

/** A header read from a report's lines. */
export interface DotnetHeader {
  /** The exception and its inner exceptions, outermost first, each the `cause` of the one before. */
  chain: Exception[];
  /** `N` of an inner exception an AggregateException lists after its trace (`(Inner Exception #N)`). */
  listed?: number;
  /** Index of the first line after the header (0-based). */
  end: number;
}

/**
 * A line of a header split at each arrow that opens an inner exception: one whose text reads as
 * an error's header with its type named like one (`parseErrorHeader`'s rule: dotted, or ending in
 * Exception, Error and the like). An arrow inside a message (`route a ---> b`) stays in it. Each
 * piece is read once: linear time.
 * @returns the text before the first inner exception, and the inner exceptions' headers.
 */
function splitAtInner(line: string): { text: string; inner: ErrorHeader[] } {
  const [text = '', ...pieces] = line.replace(LISTED_END, '').split(ARROW);
  const parts: ErrorHeader[] = [{ type: '', message: text }];
  for (const piece of pieces) {
    const header = parseErrorHeader(piece);
    if (header) parts.push(header);
    else (parts.at(-1) as ErrorHeader).message += ` ---> ${piece}`;
  }
  return { text: parts[0]?.message ?? '', inner: parts.slice(1) };
}

/**
 * Reads the header that starts at `lines[start]`: the first line names the exception (or, pasted
 * from an arrow on, only an inner one: the outer has no type), the lines after it carry the rest
 * of the message and the arrows of inner exceptions, up to the trace. A header that is not
 * followed by a trace line and names no inner exception is prose, not a header; only a type named
 * like an exception may carry message lines after its own.
 * @param lines - a report's lines.
 * @param start - index of the header's first line.
 * @returns the header, or `null` when the line does not start one.
 */
export function readDotnetHeader(lines: readonly string[], start: number): DotnetHeader | null {
  const first = lines[start] ?? '';
  const listed = LISTED.exec(first);
  const opening = splitAtInner(listed ? first.slice(listed[0].length) : first);
  const headless = opening.text.trim() === '' && opening.inner.length > 0;
  const header = headless ? { type: '', message: '' } : parseErrorHeader(opening.text, false);
  if (!header) return null;
  const links = [{ type: header.type, message: [header.message] }];
  const addInner = (inner: ErrorHeader[]): void => {
    for (const { type, message } of inner.slice(0, Math.max(0, MAX_CAUSE_DEPTH - links.length))) {
      links.push({ type, message: [message] });
    }
  };
  addInner(opening.inner);
  const longMessage = headless || parseErrorHeader(opening.text) !== null;
  let end = start + 1;
  for (; end < lines.length && end - start <= MAX_MESSAGE_LINES; end += 1) {
    const line = lines[end] ?? '';
    if (line.trim() === '' || isDotnetTraceLine(line) || LISTED.test(line)) break;
    const { text, inner } = splitAtInner(line);
    if (inner.length === 0 && (!longMessage || parseErrorHeader(line))) break;
    links.at(-1)?.message.push(text);
    addInner(inner);
  }
  if (!(listed || links.length > 1 || isDotnetTraceLine(lines[end] ?? ''))) return null;
  const chain: Exception[] = links.map(({ type, message }) => ({
    type,
    message: joinMessage(message),
    frames: [],
  }));
  chain.forEach((exception, at) => {
    const inner = chain[at + 1];
    if (inner) exception.cause = inner;
  });
  return { chain, ...(listed ? { listed: Number(listed[1]) } : {}), end };
}
