/**
 * The name of a native frame's function, read from what gdb, lldb, the sanitizers or a failed
 * `assert` print: without gdb's argument values (`f (a=1)`), lldb's (`main(argc=1)`), a C++
 * signature and its qualifiers (`ns::f(int) const`), GCC's return type and `[with T = int]`
 * clause. The parentheses that belong to a C++ name stay: `(anonymous namespace)::`, an enclosing
 * function's `run()::`, `operator()`. One scan, linear in the text, that tracks brackets (`<>`,
 * `()`, `[]`, `{}`), so a template's or a lambda's spaces and parentheses are never read as the
 * end of the name (a name such as `std::vector<int, std::allocator<int> >` or
 * `main::{lambda()#1}` is kept whole).
 */

import { withoutRustHash } from './rust-symbol.js';

/** What a C++ operator's name holds after `operator`: `<<=`, `->*`, `()`, `[]`, `new[]`. */
const OPERATOR_SYMBOL =
  /^\s*(?:\(\)|\[\]|(?:new|delete)(?:\s*\[\])?(?![\w$])|""\s*[\w$]+|[-+*/%^&|~!=<>,]{1,3})/;
/** What may end a C++ function's signature after its parameters (a cut one's too). */
const QUALIFIERS = new Set(['const', 'volatile', 'noexcept', '&', '&&']);
const OPENERS = '<([{';
const CLOSERS = '>)]}';

/** Where a name ends in a text, as {@link scanName} reads it. */
interface NameScan {
  /** Index where the name ends (exclusive): a parameter or argument list, or the text's end. */
  end: number;
  /** The outermost bracket still open at `end`, when the text was cut inside it. */
  open?: { at: number; char: string };
  /** Where each run of blanks outside brackets starts, before any `operator` (a return type ends at one). */
  blanks: number[];
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\w$]/.test(char);
}

/**
 * Scans `text` for the end of the function's name: the first parenthesized group outside other
 * brackets that is not part of a name (as one followed by `::` is, the `()` of `operator()`, and a
 * return type's `decltype(…)`).
 */
function scanName(text: string): NameScan {
  const stack: { at: number; char: string }[] = [];
  const open = new Map<string, number>();
  const blanks: number[] = [];
  let afterOperator = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charAt(at);
    if (
      stack.length === 0 &&
      char === 'o' &&
      text.startsWith('operator', at) &&
      !isWordChar(text[at - 1]) &&
      !isWordChar(text[at + 8])
    ) {
      afterOperator = true;
      const symbol = OPERATOR_SYMBOL.exec(text.slice(at + 8, at + 20));
      at += 7 + (symbol ? symbol[0].length : 0);
      continue;
    }
    if (stack.length === 0 && /\s/.test(char)) {
      if (!afterOperator && !/\s/.test(text[at - 1] ?? '')) blanks.push(at);
      continue;
    }
    const opener = OPENERS.indexOf(char);
    if (opener >= 0) {
      stack.push({ at, char });
      open.set(char, (open.get(char) ?? 0) + 1);
      continue;
    }
    const closer = CLOSERS.indexOf(char);
    // `->` (a Rust or trailing return type) closes nothing.
    if (closer < 0 || (char === '>' && text[at - 1] === '-')) continue;
    const match = OPENERS.charAt(closer);
    // A stray closer (a `>` that compares) is text; `)` closes its `(` past any `<` left open.
    if ((open.get(match) ?? 0) === 0 || (char === '>' && stack.at(-1)?.char !== '<')) continue;
    let top = stack.pop();
    while (top && top.char !== match) {
      open.set(top.char, (open.get(top.char) ?? 1) - 1);
      top = stack.pop();
    }
    open.set(match, (open.get(match) ?? 1) - 1);
    // A group that ends the name: not `run()::`, nor a return type's `decltype(…)`.
    if (
      stack.length === 0 &&
      match === '(' &&
      top &&
      !text.startsWith('::', at + 1) &&
      !/(?:^|[^\w$])decltype\s*$/.test(text.slice(Math.max(0, top.at - 10), top.at))
    ) {
      return { end: top.at, blanks };
    }
  }
  const outer = stack[0];
  if (outer?.char === '(') return { end: outer.at, blanks };
  return outer ? { end: outer.at, open: outer, blanks } : { end: text.length, blanks };
}

/** The text without trailing C++ qualifiers (`const`, `&&`, `noexcept`), word by word from its end. */
function withoutQualifiers(text: string): string {
  const blankBefore = (at: number) => /\s/.test(text.charAt(at - 1));
  let end = text.length;
  while (end > 0 && blankBefore(end)) end -= 1;
  for (;;) {
    let start = end;
    while (start > 0 && !blankBefore(start)) start -= 1;
    if (start === 0 || !QUALIFIERS.has(text.slice(start, end))) return text.slice(0, end);
    end = start;
    while (end > 0 && blankBefore(end)) end -= 1;
  }
}

/**
 * `name(args)` → `name`: what a frame's function is called, without argument values, a C++
 * signature, qualifiers or a return type (see the module header).
 * @param text the function's text as a debugger, sanitizer or `assert` prints it (any length: the
 *   scan is linear).
 * @returns the name (a Rust symbol without its `::h<16 hex>` hash); a text cut inside a template's brackets (a frame line past the line limit)
 *   keeps the name before them, its arguments shown as `<…>`; `undefined` for no name (`??`,
 *   `n/a`, blank).
 */
export function functionName(text: string): string | undefined {
  let trimmed = text.trim();
  const clause = trimmed.endsWith(']') ? trimmed.lastIndexOf(' [with ') : -1;
  if (clause > 0) trimmed = trimmed.slice(0, clause);
  const { end, open, blanks } = scanName(trimmed);
  let name = withoutQualifiers(trimmed.slice(0, end));
  const blank = blanks.filter((at) => at < name.length).at(-1);
  // GCC's `__PRETTY_FUNCTION__` (a failed assert's) leads with the return type: `void ns::f`.
  if (blank !== undefined) name = name.slice(blank + 1).trimStart();
  if (open && name !== '')
    name = `${name}${open.char}…${CLOSERS.charAt(OPENERS.indexOf(open.char))}`;
  if (name === '' || name.startsWith('??') || name === 'n/a') return undefined;
  // A Rust symbol's hash names the build, not the function (as a Rust panic's backtrace drops it).
  return withoutRustHash(name);
}
