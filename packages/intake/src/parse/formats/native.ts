/**
 * Native backtraces of C, C++ and other compiled programs, as people paste them into issues:
 * - gdb's `bt`: `#0  0x00007f… in __GI_raise (sig=6) at ../sysdeps/unix/sysv/linux/raise.c:55`,
 *   `#4  jv_string_implode (j=...) at jv.c:717`, `#1  0x… in abort () from /lib/libc.so.6`; long
 *   argument values wrap over several lines. Without `bt`, the stop line after `Program received
 *   signal SIGSEGV, Segmentation fault.` (`0x0807d9ab in slowlogCommand (c=0x7e) at slowlog.c:118`)
 *   is the one frame. Format: sourceware.org/gdb/current/onlinedocs/gdb.html/Backtrace.html.
 * - The sanitizers' reports (AddressSanitizer, ThreadSanitizer, MemorySanitizer, LeakSanitizer,
 *   symbolized by LLVM): `    #0 0x5613e8af05b8 in decUnitCompare src/decNumber/decNumber.c:6257:11`,
 *   `#3 0x7f… in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x21b96)`, headed
 *   `==PID==ERROR: AddressSanitizer: SEGV on unknown address …`.
 *   Format: github.com/google/sanitizers/wiki/AddressSanitizer.
 * - glibc's `backtrace_symbols` lines (servers' own crash handlers, Redis's crash report):
 *   `./redis-server *:6379(processCommand+0x257)[0x45a527]`: a binary and a symbol, no source.
 *   Format: man7.org/linux/man-pages/man3/backtrace_symbols.3.html.
 * - lldb's `bt` (macOS, iOS, Swift): `  * frame #0: 0x… a.out`crash(p=0x0) at main.c:3:8` under
 *   `* thread #1, …, stop reason = EXC_BAD_ACCESS (code=1, address=0x0)`; `thread backtrace all`
 *   lists every thread, the selected one starred. Format: lldb.llvm.org/use/formatting.html.
 * The exception is the first backtrace (the crashing thread's when several threads are dumped:
 * the one that went through a signal handler or `abort`); its frames before a signal handler are
 * the handler's own and left out. The header is the sanitizer's `ERROR:` line, a failed `assert`
 * (`prog: jv.c:717: jv_string_implode: Assertion `x' failed.`, whose location is the innermost
 * frame when no backtrace follows), UBSan's `file.c:12:3: runtime error: …`, a C++ `terminate
 * called after throwing an instance of 'T'` with its `what():`, Foundation's "Terminating app due to
 * uncaught exception", gdb's "received signal" line or lldb's stop reason.
 */
import { MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { parseUncaughtHeader } from './apple-uncaught-exception.js';
import { assertionInFrames, type FrameAssertion } from './assertion-frame.js';
import { crashReport, describeException } from './error-header.js';
import {
  makeFrame,
  parseFrameText,
  parseLldbFrame,
  parseSymbolsLine,
  SYSTEM_MODULE,
} from './native-frame.js';
import { functionName } from './native-function-name.js';
import type { FormatInput, ParsedReport, TraceFormat } from './types.js';

const NUMBERED = /^\s*#(\d{1,4})\s+(\S.*)$/;
const THREAD_HEADER = /^Thread (\d+) \((?:.*?\(LWP (\d+)\)|LWP (\d+)\))?/;
/** lldb's thread line, `* thread #1, queue = 'com.apple.main-thread', stop reason = …` (`*`: the selected thread). */
const LLDB_THREAD = /^\s*(\*\s*)?thread #(\d+)(?:,(.*))?\s*$/;
/**
 * What lldb says stopped a thread, when it is a crash: `EXC_BAD_ACCESS (code=1, address=0x0)`, a
 * crash signal (`signal SIGABRT`; not the `SIGSTOP` or `SIGINT` of a process interrupted by hand).
 */
const LLDB_STOP =
  /\bstop reason = (?:signal (SIG(?:SEGV|BUS|ABRT|IOT|ILL|FPE|TRAP|SYS))(?::\s*(.*))?|(EXC_[A-Z_]+)(?:\s*\((.*)\))?|(Fatal error): (.*))$/;
const WRAPPED_LOCATION = /^\s+((?:at|from) \S+)\s*$/;
const SIGNAL_HANDLER = /^\s*#\d{1,4}\s+(?:0x[0-9a-fA-F]+ in )?<signal handler called>\s*$/;
// Numbered frame lines end a wrapped argument list; so does a blank line.
const MAX_WRAPPED_LINES = 8;
/** Frame lines read in all: `thread apply all bt` of 100 threads of 40 frames. */
const MAX_NATIVE_FRAMES = 4_096;
/** What detection needs to know: frame-counting formats score at most 60. */
const DETECT_FRAMES = 60;

const SANITIZER = /==\d+==\s*ERROR: (\w*Sanitizer): (.+)$/;
const ASSERTED = /^[`'](.*)' failed\.?\s*$/;
const SOURCE_LINE = /^[^\s:]+:\d+$/;
const RUNTIME_ERROR = /^\s*([^\s:]+):(\d+):(\d+): runtime error: (.+)$/;
const TERMINATE = /terminate called after throwing an instance of '(.+)'\s*$/;
const WHAT = /^\s*what\(\):\s*(.*)$/;
const RECEIVED_SIGNAL =
  /^(?:Program|Thread (\d+)(?: "[^"]*")?) (?:received|terminated with) signal (SIG[A-Z0-9]+|\d+), (.+)$/;
/** gdb's own word for the current thread: `[Current thread is 2 (Thread 0x7f (LWP 4124))]`, `[Switching to Thread 0x7f (LWP 4124)]`. */
const CURRENT_THREAD =
  /^\[(?:Current thread is (\d+)|Switching to Thread)\b.*?(?:\(LWP (\d+)\))?\)?\]\s*$/;

function openParens(text: string): number {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
  }
  return depth;
}

/** A numbered frame starting at `lines[index]`, its wrapped argument lines joined; and where it ends. */
function numberedFrame(
  lines: string[],
  index: number,
): { frame: Frame; number: number; next: number } | null {
  const match = NUMBERED.exec(lines[index] ?? '');
  if (!match?.[2]) return null;
  let text = match[2];
  let next = index + 1;
  while (
    openParens(text) > 0 &&
    next < lines.length &&
    next - index <= MAX_WRAPPED_LINES &&
    (lines[next] ?? '').trim() !== '' &&
    !NUMBERED.test(lines[next] ?? '')
  ) {
    text = `${text} ${(lines[next] ?? '').trim()}`;
    next += 1;
  }
  // gdb wraps before ` at file:line` (or ` from lib`) when the call is long.
  const wrapped = WRAPPED_LOCATION.exec(lines[next] ?? '');
  if (wrapped && openParens(text) === 0 && next - index <= MAX_WRAPPED_LINES) {
    text = `${text} ${wrapped[1]}`;
    next += 1;
  }
  const frame = parseFrameText(text, `#${match[1]} ${text}`);
  return frame ? { frame, number: Number(match[1]), next } : null;
}

/** An lldb frame line as {@link numberedFrame} gives a gdb one. */
function lldbFrame(
  line: string,
  index: number,
): { frame: Frame; number: number; next: number } | null {
  const read = parseLldbFrame(line);
  return read ? { ...read, next: index + 1 } : null;
}

/** One backtrace: its frames innermost first, where a signal handler returned, its gdb thread. */
interface Backtrace {
  frames: Frame[];
  /** Index of the first frame past `<signal handler called>`; -1 when none. */
  handler: number;
  /** The number of the `Thread N (…):` header before it (`thread apply all bt`). */
  thread?: number;
  /** The kernel's thread id that header names, `(LWP 4124)`. */
  lwp?: string;
}

/**
 * The backtraces of `lines`: each a run of frames, innermost first; and where a signal handler
 * returned. Reading stops after `limit` frames in all (a 10 MiB dump holds 200,000 frame lines).
 */
function backtraces(lines: string[], limit = MAX_NATIVE_FRAMES): Backtrace[] {
  const traces: (Backtrace & { last: number })[] = [];
  let current: (Backtrace & { last: number }) | undefined;
  let thread: number | undefined;
  let lwp: string | undefined;
  let symbolsRun: Frame[] = [];
  const closeSymbols = () => {
    if (symbolsRun.length >= 2) traces.push({ frames: symbolsRun, handler: -1, last: -1 });
    symbolsRun = [];
  };
  let read = 0;
  let index = 0;
  while (index < lines.length && read < limit) {
    const line = lines[index] ?? '';
    if (line.includes('<signal handler') && SIGNAL_HANDLER.test(line)) {
      if (current) current.handler = current.frames.length;
      index += 1;
      continue;
    }
    const threadHeader = line.startsWith('Thread ') ? THREAD_HEADER.exec(line) : null;
    if (threadHeader) {
      thread = Number(threadHeader[1]);
      lwp = threadHeader[2] ?? threadHeader[3];
    }
    const lldbThread = line.includes('thread #') ? LLDB_THREAD.exec(line) : null;
    if (lldbThread) {
      thread = Number(lldbThread[2]);
      lwp = undefined;
    }
    const numbered = line.includes('#')
      ? line.includes('frame #')
        ? lldbFrame(line, index)
        : numberedFrame(lines, index)
      : null;
    if (numbered) {
      closeSymbols();
      const { number } = numbered;
      if (!current || number === 0 || number <= current.last) {
        current = {
          frames: [],
          handler: -1,
          last: -1,
          ...(thread ? { thread } : {}),
          ...(lwp ? { lwp } : {}),
        };
        traces.push(current);
      }
      current.last = number;
      read += 1;
      if (current.frames.length < MAX_FRAMES) current.frames.push(numbered.frame);
      index = numbered.next;
      continue;
    }
    const symbols = line.includes('[0x') ? parseSymbolsLine(line) : null;
    if (symbols) {
      current = undefined;
      read += 1;
      if (symbolsRun.length < MAX_FRAMES) symbolsRun.push(symbols);
    } else if (line.trim() !== '') closeSymbols();
    index += 1;
  }
  closeSymbols();
  return traces;
}

/** The frames after a signal handler: gdb marks it; glibc's trampoline is an unnamed libc frame. */
function pastHandler({ frames, handler }: Backtrace): Frame[] {
  if (handler >= 0 && handler < frames.length) return frames.slice(handler);
  // A libc frame without a symbol is also glibc's start-up code (`libc.so.6(+0x29d90)` before
  // `__libc_start_main`, trial 33): a trampoline has the crashing code, in-app, after it.
  const trampoline = frames.findIndex(
    (frame, at) =>
      at < 5 &&
      !frame.function &&
      !frame.file &&
      SYSTEM_MODULE.test(frame.module ?? '') &&
      frames.slice(at + 1).some((after) => after.inApp),
  );
  return trampoline >= 0 ? frames.slice(trampoline + 1) : frames;
}

const CRASHING = /^(?:__GI_)?(?:raise|abort|__assert_fail|__pthread_kill\w*|pthread_kill)$/;

/** The gdb stop line after a "received signal" line, when no backtrace follows. */
function stopFrame(lines: string[]): Frame | null {
  for (let index = 0; index + 1 < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (!line.includes(' signal ') || !RECEIVED_SIGNAL.test(line.trim())) continue;
    const next = (lines[index + 1] ?? '').trim();
    const frame = next ? parseFrameText(next, next) : null;
    if (frame && (frame.file || frame.module)) return frame;
  }
  return null;
}

/**
 * glibc's failed `assert`: `prog: file.c:717: function: Assertion `condition' failed.`, read by
 * its `: ` separators (the function may hold any character but that pair).
 */
function failedAssertion(
  line: string,
): { condition: string; location: Omit<Frame, 'inApp' | 'raw'> } | null {
  const at = line.indexOf(': Assertion ');
  const condition = ASSERTED.exec(line.slice(at + ': Assertion '.length))?.[1];
  if (condition === undefined) return null;
  const parts = line.slice(0, at).split(': ');
  const source = parts.findIndex((part) => SOURCE_LINE.test(part));
  const [file, number] = (parts[source] ?? '').split(':');
  if (source < 0 || !file) return null;
  const name = functionName(parts.slice(source + 1).join(': '));
  return {
    condition,
    location: { file, line: Number(number), ...(name ? { function: name } : {}) },
  };
}

/** The crash's type and message, and the location a failed check names. */
function header(lines: string[]): { type: string; message: string; location?: Frame } {
  let found: { type: string; message: string; location?: Frame; rank: number } | undefined;
  const offer = (rank: number, type: string, message: string, location?: Frame) => {
    if (!found || rank < found.rank)
      found = { type, message, rank, ...(location ? { location } : {}) };
  };
  lines.forEach((line, index) => {
    const sanitizer = line.includes('Sanitizer') ? SANITIZER.exec(line) : null;
    if (sanitizer?.[1]) {
      const message = (sanitizer[2] ?? '')
        .replace(/ on (?:unknown )?address 0x[0-9a-fA-F]+.*$/, '')
        .replace(/ (?:on|at) (?:pc )?0x[0-9a-fA-F]+.*$/, '')
        .replace(/ \(pc 0x.*$/, '');
      offer(0, sanitizer[1], message.trim());
      return;
    }
    const assertion = line.includes(': Assertion ') ? failedAssertion(line) : null;
    if (assertion) {
      offer(1, 'Assertion failed', assertion.condition, makeFrame(assertion.location, line));
      return;
    }
    const terminate = line.includes('terminate called') ? TERMINATE.exec(line) : null;
    if (terminate?.[1]) {
      const what = WHAT.exec(lines[index + 1] ?? '')?.[1] ?? '';
      offer(2, terminate[1], what.trim());
      return;
    }
    const uncaught = parseUncaughtHeader(line);
    if (uncaught) {
      offer(2, uncaught.type, uncaught.message);
      return;
    }
    const runtime = line.includes('runtime error') ? RUNTIME_ERROR.exec(line) : null;
    if (runtime?.[1]) {
      const location = makeFrame(
        { file: runtime[1], line: Number(runtime[2]), column: Number(runtime[3]) },
        line,
      );
      offer(3, 'runtime error', runtime[4] ?? '', location);
      return;
    }
    const stop = line.includes('stop reason = ') ? LLDB_STOP.exec(line.trim()) : null;
    if (stop) {
      offer(4, stop[1] ?? stop[3] ?? stop[5] ?? '', (stop[2] ?? stop[4] ?? stop[6] ?? '').trim());
      return;
    }
    const signal = line.includes(' signal ') ? RECEIVED_SIGNAL.exec(line.trim()) : null;
    if (signal?.[2]) {
      // Older gdb prints the number: `Program terminated with signal 11, Segmentation fault.`
      const type = /^\d+$/.test(signal[2]) ? `signal ${signal[2]}` : signal[2];
      offer(4, type, (signal[3] ?? '').trim().replace(/\.$/, ''));
    }
  });
  return found
    ? {
        type: found.type,
        message: found.message,
        ...(found.location ? { location: found.location } : {}),
      }
    : { type: '', message: '' };
}

/** A native crash: its exception, and the failed assert its frames show when no line names one. */
interface NativeCrash {
  exceptions: Exception[];
  assertion?: FrameAssertion;
}

/**
 * Reads a native crash: its header and the crashing backtrace's frames; with no header, a failed
 * `assert`'s frame (`__assert_fail`, `__assert_rtn`) names it.
 */
function readNativeCrash(text: string[]): NativeCrash {
  const lines = withSpaces(text);
  const traces = withoutRepeats(backtraces(lines));
  const crashed = crashedThread(lines);
  const crashing =
    (crashed
      ? traces.find((trace) =>
          crashed.thread ? trace.thread === crashed.thread : trace.lwp === crashed.lwp,
        )
      : undefined) ??
    traces.find(
      (trace) =>
        trace.handler >= 0 || trace.frames.some((frame) => CRASHING.test(frame.function ?? '')),
    ) ??
    traces[0];
  const { location, ...head } = header(lines);
  let frames = crashing ? pastHandler(crashing) : [];
  if (frames.length === 0) {
    const stop = stopFrame(lines) ?? location;
    frames = stop ? [stop] : [];
  }
  if (frames.length === 0) return { exceptions: [] };
  const assertion = head.type === '' ? assertionInFrames(frames) : null;
  if (!assertion) return { exceptions: [{ ...head, frames }] };
  return {
    exceptions: [{ type: 'Assertion failed', message: assertion.condition, frames }],
    assertion,
  };
}

/** Parses a native crash: its header and the crashing backtrace's frames. */
function parseNativeExceptions(lines: string[]): Exception[] {
  return readNativeCrash(lines).exceptions;
}

/**
 * A native crash report; one titled by an assert's frame says where the assert is, as the
 * message line it lacks would (`Assertion failed: len > 0 (parser.c:42)`).
 */
function parseNative(input: FormatInput): ParsedReport[] {
  const { exceptions, assertion } = readNativeCrash(input.lines);
  const reports = crashReport(input, exceptions);
  const first = exceptions[0];
  if (!assertion?.file || !first) return reports;
  const where = ` (${assertion.file}${assertion.line ? `:${assertion.line}` : ''})`;
  const title = describeException(first);
  return reports.map((report) =>
    report.title === title ? { ...report, title: `${title}${where}` } : report,
  );
}

const frameKey = (frame: Frame) =>
  [frame.function, frame.file, frame.line, frame.module].join('\u0000');

/**
 * The traces that do not merely begin another: gdb prints the frame it stopped in (`#0 …` after
 * "Program terminated with signal", trial 33) before `bt` prints it again with its callers.
 */
function withoutRepeats(traces: Backtrace[]): Backtrace[] {
  const begins = (short: Backtrace, long: Backtrace) =>
    long.frames.length > short.frames.length &&
    short.frames.every((frame, at) => frameKey(frame) === frameKey(long.frames[at] ?? frame));
  return traces.filter((trace) => !traces.some((other) => begins(trace, other)));
}

/**
 * The thread that crashed, as gdb names it: `Thread 2 "jobd" received signal SIGSEGV`, or (a core
 * file, older gdb) `[Current thread is 2 (… (LWP 4124))]` and `[Switching to Thread … (LWP 4124)]`;
 * as lldb does: the selected `* thread #2`, or the thread with a crash as its stop reason.
 */
function crashedThread(lines: string[]): { thread?: number; lwp?: string } | undefined {
  // A thread lldb shows starred is the one selected, which need not be the one that crashed.
  let selected: number | undefined;
  for (const line of lines) {
    if (line.includes(' signal ')) {
      const thread = RECEIVED_SIGNAL.exec(line.trim())?.[1];
      if (thread) return { thread: Number(thread) };
    }
    const lldb = line.includes('thread #') ? LLDB_THREAD.exec(line) : null;
    if (lldb && LLDB_STOP.test(line)) return { thread: Number(lldb[2]) };
    if (lldb?.[1]) selected ??= Number(lldb[2]);
    if (!line.startsWith('[')) continue;
    const current = CURRENT_THREAD.exec(line.trim());
    if (current?.[1]) return { thread: Number(current[1]) };
    if (current?.[2]) return { lwp: current[2] };
  }
  return selected === undefined ? undefined : { thread: selected };
}

/**
 * Runs of horizontal blanks: spaces, tabs, no-break and other Unicode spaces pasted from a page
 * (one space alone is left as it is).
 */
const BLANKS =
  /[ \t\v\f\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]{2,}|[\t\v\f\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;

/**
 * The lines with each run of horizontal blanks one space: gdb's and lldb's tokens may be apart by
 * any (`#0\t0x… in main ()\tat a.c:3`, `main ()   at a.c:3`, trial 37), and the patterns here
 * read one space.
 */
function withSpaces(lines: string[]): string[] {
  return lines.map((line) => line.replace(BLANKS, ' '));
}

/** How many frames the native format reads in `lines`, up to {@link DETECT_FRAMES}. */
function countFrames(text: string[]): number {
  const lines = withSpaces(text);
  const frames = backtraces(lines, DETECT_FRAMES).reduce(
    (sum, trace) => sum + trace.frames.length,
    0,
  );
  if (frames > 0) return frames;
  return stopFrame(lines) || header(lines).location ? 1 : 0;
}

/** The native backtrace format (gdb, lldb, sanitizers, `backtrace_symbols`). */
export const nativeFormat: TraceFormat = {
  name: 'native',
  requires: {
    what: 'a native backtrace (gdb or lldb `bt`, a sanitizer report, `backtrace_symbols`)',
  },
  detect: ({ lines }) => Math.min(DETECT_FRAMES, countFrames(lines)),
  parse: parseNative,
  parseExceptions: parseNativeExceptions,
};
