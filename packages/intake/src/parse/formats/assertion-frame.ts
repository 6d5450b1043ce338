/**
 * A failed `assert` read from its frame when no message line says so (the message went to a
 * terminal, the report holds only `bt`): glibc's `__assert_fail (assertion, file, line, function)`
 * (also as `__GI___assert_fail`, or `__assert_fail_base` with its arguments named) and macOS's
 * `__assert_rtn (func, file, line, expr)`, with gdb's named arguments (`assertion=0x5555 "len > 0"`,
 * `line=line@entry=42`) or bare values (`("len > 0", "parser.c", 42, ...)`). The arguments are
 * read by one scan of the frame's text, linear in it.
 */
import type { Frame } from '../types.js';

/** What a failed assert's frame says. */
export interface FrameAssertion {
  /** The condition that failed (`len > 0`); '' when the frame shows no arguments. */
  condition: string;
  /** The source file and 1-based line of the `assert`, from the arguments or the calling frame. */
  file?: string;
  line?: number;
}

/**
 * glibc's and macOS's functions that report a failed assert, by where their arguments are, in
 * the order they are looked for (`__assert_fail_base`'s first argument is a format: its others
 * are read by name only).
 */
const ASSERT_FUNCTIONS = new Map([
  ['__assert_fail', { condition: 0, file: 1, line: 2 }],
  ['__GI___assert_fail', { condition: 0, file: 1, line: 2 }],
  ['__assert_rtn', { condition: 3, file: 1, line: 2 }],
  ['__assert_fail_base', { condition: -1, file: -1, line: -1 }],
]);

/** One argument of a call as gdb or lldb prints it: its name (`file=`), and its value. */
interface Argument {
  name?: string;
  /** A string literal's content, or a number. */
  value?: string;
}

/** The arguments of the call in `raw` after `name`: `(a=1, b=0x1 "x")` split at top-level commas. */
function callArguments(raw: string, name: string): Argument[] {
  const start = raw.indexOf('(', raw.indexOf(name) + name.length);
  if (start < 0) return [];
  const parts: string[] = [];
  let part = start + 1;
  let quoted = false;
  let depth = 0;
  let at = start + 1;
  for (; at < raw.length; at += 1) {
    const char = raw.charAt(at);
    if (quoted) {
      if (char === '\\') at += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '(') depth += 1;
    else if (char === ')' && depth-- === 0) break;
    else if (char === ',' && depth === 0) {
      parts.push(raw.slice(part, at));
      part = at + 1;
    }
  }
  parts.push(raw.slice(part, at));
  return parts.map(argument);
}

function argument(text: string): Argument {
  const name = /^\s*([A-Za-z_]\w*)=/.exec(text)?.[1];
  const open = text.indexOf('"');
  const close = text.lastIndexOf('"');
  if (open >= 0 && close > open) {
    const value = text.slice(open + 1, close).replace(/\\(.)/g, '$1');
    return { ...(name ? { name } : {}), value };
  }
  const number = /(?:^|[\s=])(\d+)\s*$/.exec(text)?.[1];
  return { ...(name ? { name } : {}), ...(number ? { value: number } : {}) };
}

/** The value of the argument named one of `names`, else of the argument at `index`. */
function argumentValue(args: Argument[], names: string[], index: number): string | undefined {
  const named = args.find((arg) => arg.name !== undefined && names.includes(arg.name));
  if (named) return named.value;
  const positional = args[index];
  return positional && positional.name === undefined ? positional.value : undefined;
}

/**
 * The failed assert a backtrace's frames show, if any.
 * @param frames a backtrace's frames, innermost first, each with its `raw` text.
 * @returns the condition and, when known, the file and line (from the arguments, else from the
 *   first frame after it with a source file: the function that asserted); `null` when no frame
 *   is one of the assert functions.
 */
export function assertionInFrames(frames: readonly Frame[]): FrameAssertion | null {
  let index = -1;
  for (const candidate of ASSERT_FUNCTIONS.keys()) {
    index = frames.findIndex((frame) => frame.function === candidate);
    if (index >= 0) break;
  }
  const frame = frames[index];
  const name = frame?.function;
  const places = name === undefined ? undefined : ASSERT_FUNCTIONS.get(name);
  if (!frame || !name || !places) return null;
  const args = callArguments(frame.raw, name);
  const condition = argumentValue(args, ['assertion', 'expr'], places.condition) ?? '';
  const file = argumentValue(args, ['file'], places.file);
  const line = Number(argumentValue(args, ['line'], places.line));
  if (file && line > 0) return { condition, file, line };
  const caller = frames.slice(index + 1).find((after) => after.file && after.inApp);
  return caller?.file
    ? { condition, file: caller.file, ...(caller.line ? { line: caller.line } : {}) }
    : { condition };
}
