/**
 * The `Type: message` line that heads a JavaScript, Java, .NET or Python error, and the common
 * crash-report assembly of a trace format.
 */
import { MAX_EXCEPTIONS } from '../limits.js';
import { collapseWhitespace, cutTitle } from '../lines.js';
import type { Exception } from '../types.js';
import type { FormatInput, ParsedReport } from './types.js';

/** An error header split into type and message. */
export interface ErrorHeader {
  type: string;
  message: string;
}

// `Uncaught TypeError: x`, `TypeError [ERR_X]: x`, `java.lang.IllegalStateException: x`, `Error`,
// Crashlytics' `Fatal Exception: java.lang.X: msg` and `Non-fatal Exception: …`, Safari's Web
// Inspector's console level (`[Error] TypeError: x`), a rejected promise as Chrome
// (`Uncaught (in promise) TypeError: x`) and Safari (`Unhandled Promise Rejection: TypeError: x`)
// print it; .NET's `Type (0x80131904): x` and `Type (258): x`, the code captured.
const HEADER =
  /^(?:\[(?:Error|Warning)\] )?(?:Uncaught \(in promise\) |Unhandled Promise Rejection: |Uncaught |Unhandled (?:e|E)xception[.:] |Exception in thread "[^"]*" |\[cause\]: |(?:Fatal|Non-fatal) Exception: )?([A-Za-z_$][\w$]*(?:\.[\w$]+)*)(?: \[[\w-]+\]| \((0x[0-9A-Fa-f]{1,16}|-?\d{1,10})\))?(?::(?: (.*))?)?$/;

/**
 * Parses an error header line. The code .NET's `Exception.ToString()` prints after the type when
 * the exception has one (`Type (0x80131904): message`: the HResult of a `SqlException`, the native
 * error number of a `Win32Exception`, learn.microsoft.com/dotnet/api/system.exception.tostring and
 * ".../system.componentmodel.win32exception.tostring") opens the message, `(0x80131904) message`;
 * JavaScript's `[ERR_X]` is left out.
 * @param line one line, leading whitespace allowed.
 * @param requireErrorName accept a bare type (`Foo: bar`) only when its name ends in Error,
 *   Exception, Warning, Fault, Panic, Interrupt or Exit, or is dotted. Default true.
 * @returns the header, or `null` when the line is not one.
 */
export function parseErrorHeader(line: string, requireErrorName = true): ErrorHeader | null {
  const match = HEADER.exec(line.trim());
  if (!match?.[1]) return null;
  const type = match[1];
  const hasColon = line.includes(':');
  if (
    requireErrorName &&
    !/(?:Error|Exception|Warning|Fault|Panic|Interrupt|Exit)$/.test(type) &&
    !type.includes('.')
  ) {
    return null;
  }
  if (!hasColon && !/(?:Error|Exception)$/.test(type)) return null;
  const message = (match[3] ?? '').trim();
  return { type, message: match[2] ? `(${match[2]}) ${message}`.trim() : message };
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

/** `Type: message` of an exception and of each of its causes, outermost first. */
export function describeChain(exceptions: Exception[]): string[] {
  const lines: string[] = [];
  for (const exception of exceptions) {
    for (let current: Exception | undefined = exception; current; current = current.cause) {
      lines.push(describeException(current));
    }
  }
  return lines;
}

/**
 * A debugger's prompt line: a command, no title. lldb's and gdb's (`(lldb) bt`, `(gdb) thread
 * apply all bt`), those of gdb's front ends and relatives (pwndbg's `pwndbg> bt`, GEF's `gef➤  bt`,
 * PEDA's `gdb-peda$ bt`, rr's `(rr)`, UDB's `(udb)`, `(cuda-gdb)`), quoted in Markdown or not
 * (`> (gdb) bt`). Tested on trimmed lines.
 */
export const DEBUGGER_PROMPT =
  /^(?:>[ \t]*)*(?:\((?:lldb|gdb|rr|udb|cuda-gdb)\)|pwndbg>|gef(?:➤|>)|gdb-peda\$)(?:\s|$)/;

/** Whether the first of `lines` with text is a debugger's prompt ({@link DEBUGGER_PROMPT}): a pasted session. */
export function opensWithPrompt(lines: readonly string[]): boolean {
  return DEBUGGER_PROMPT.test(lines.find((line) => line.trim() !== '')?.trim() ?? '');
}

/** The title of a report that holds only debugger prompts: the commands, none of their output. */
export const PROMPTS_ONLY_TITLE = 'Debugger session with no output';

/**
 * The first line of `lines` that is not a debugger's prompt ({@link DEBUGGER_PROMPT}), trimmed;
 * {@link PROMPTS_ONLY_TITLE} when every line with text is one (Markdown fences aside).
 * @returns the line, or `undefined` when no line has text.
 */
export function titleBesidePrompts(lines: readonly string[]): string | undefined {
  let prompts = false;
  for (const line of lines) {
    const text = line.trim();
    if (text === '' || /^(?:`{3,}|~{3,})/.test(text)) continue;
    if (!DEBUGGER_PROMPT.test(text)) return text;
    prompts = true;
  }
  return prompts ? PROMPTS_ONLY_TITLE : undefined;
}

/**
 * The title of a debugger's backtrace that names no error (taken at a breakpoint or by hand): where
 * it stopped, `Backtrace in parse_header (parser.c:42)`, from its first in-app frame with a
 * function name (else its first frame with one).
 */
function stoppedIn(exception: Exception | undefined): string {
  const frames = exception?.frames ?? [];
  const frame =
    frames.find((candidate) => candidate.inApp && candidate.function) ??
    frames.find((candidate) => candidate.function);
  if (!frame?.function) return '';
  const file = frame.file ?? frame.module;
  const where = file ? ` (${file}${frame.line ? `:${frame.line}` : ''})` : '';
  return `Backtrace in ${frame.function}${where}`;
}

/**
 * The title of a pasted debugger session (its first line a prompt, {@link DEBUGGER_PROMPT}): its
 * crash (`Type: message`), else where it stopped (`Backtrace in …`); '' when it has neither.
 */
export function sessionTitle(first: Exception | undefined): string {
  return first ? describeException(first) || stoppedIn(first) : '';
}

/**
 * Wraps the exceptions of a text crash log into a crash report titled after the first one (or,
 * when the trace names no error, after its first line that is not a debugger's prompt; a pasted
 * debugger session, after where it stopped).
 * @param summaryOnly scan only the title and exception messages for identifiers, not the whole
 *   text (for dumps full of unrelated threads and metadata). Default false.
 * @returns one crash report (no exceptions means a text report).
 */
export function crashReport(
  input: FormatInput,
  exceptions: Exception[],
  summaryOnly = false,
): ParsedReport[] {
  const kept = exceptions.slice(0, MAX_EXCEPTIONS);
  const first = kept[0];
  // A debugger session pasted as it is has no title of its own (trial 35): where it stopped is one.
  const session = opensWithPrompt(input.lines);
  const title =
    (session ? sessionTitle(first) : first ? describeException(first) : '') ||
    titleBesidePrompts(input.lines);
  return [
    {
      kind: first ? 'crash' : 'text',
      exceptions: kept,
      ...(title ? { title: cutTitle(title) } : {}),
      body: input.text,
      ...(summaryOnly ? { identifierText: [title, ...describeChain(kept)].join('\n') } : {}),
    },
  ];
}
