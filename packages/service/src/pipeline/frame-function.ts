/**
 * A stack frame's function name as the crash fingerprint (`crash2:`, `crash3:`; `crash4:` through
 * frame-key.ts) keys it: the bare name of the function, the same whichever runtime version, engine
 * or call shape printed the frame.
 *
 * The rule follows Sentry's grouping of stack frames (docs.sentry.io/concepts/data-management/
 * event-grouping/, "Grouping by stack trace", and the function component of its grouping
 * strategy, getsentry/sentry src/sentry/grouping/strategies/newstyle.py, with
 * src/sentry/stacktraces/functions.py for native names): JavaScript names lose their receiver
 * (`Object.foo`, `Foo.foo` → `foo`, "to resolve common cross-browser differences"), Java
 * `lambda$…` and anonymous JavaScript functions carry no name, native names lose return types,
 * template arguments and parameter lists, and names of compiler-generated closures are normalized.
 * Sentry does this per platform; a parsed frame carries no platform, so here each rule keys on
 * syntax only one language writes:
 *
 * 1. Wrappers V8 adds or drops between versions and call shapes: ` [as alias]`, `async `, `new `.
 * 2. Anonymous names carry none (the frame's file still counts): `?`, `<anonymous>` (also as
 *    `Object.<anonymous>`), V8's `<computed>` (a method named by a computed key, `Foo.<computed>`),
 *    `(anonymous function)`, `Anonymous function`, `global code`, `eval code`, `<unknown>`,
 *    SpiderMonkey's `…/<`, Python's `<lambda>`, `<genexpr>` and the comprehensions (list, dict
 *    and set comprehensions have no frame of their own since Python 3.12, PEP 709: see
 *    {@link isInlinedComprehension}).
 * 3. Closures and generated methods name the function they are in: Rust `{{closure}}` and
 *    `{closure#0}`, C++ `{lambda(int)#1}::operator()`, Swift `closure #1 in f` and
 *    `protocol witness for P.f() in conformance T` (or `… T : P in Module`), Ruby `block (2 levels) in f` (also `rescue in`
 *    and `ensure in`; Ruby's `<main>` and `<top (required)>` name no function), Go
 *    `(*conn).serve.func1`, C#
 *    `<Main>b__0_0` and `<Run>d__4.MoveNext`; Java and Kotlin synthetic parts of a name
 *    (`lambda$main$0`, `$default`, `$lambda-1`, `access$000`) are dropped.
 * 4. Objective-C `-[Class method:with:]` is `method`, as Swift's `Class.method(_:with:)` is.
 * 5. Parameter lists, template and generic arguments, return types and qualifiers go
 *    (`void ns::Foo<int>::bar(int) const` → `bar`, Go's `main.(*Server).handle` → `handle`);
 *    Java's `<init>` and `<clinit>` stay, and so do C++ operators' symbols
 *    (`Foo::operator()(int) const` → `operator()`, `std::operator<< <char>(…)` → `operator<<`).
 * 6. The last segment after `.`, `::`, `/`, `#` or `->` is the name (Sentry's JavaScript rule,
 *    here for every language: the frame's file keeps the frames of two classes apart).
 */

/** Names that stand for an anonymous function (compared after rule 1, lower case). */
const ANONYMOUS = new Set([
  '?',
  '<anonymous>',
  '(anonymous function)',
  '<anonymous function>',
  'anonymous function',
  'anonymous',
  'global code',
  'eval code',
  'eval',
  '<unknown>',
  '<redacted>',
  '<lambda>',
  '<listcomp>',
  '<dictcomp>',
  '<setcomp>',
  '<genexpr>',
]);

/**
 * True for a Python list, dict or set comprehension's frame: inlined into its function since
 * Python 3.12 (PEP 709), so the same crash has the frame on 3.11 and not on 3.12.
 */
export function isInlinedComprehension(text: string | undefined): boolean {
  return /^<(?:listcomp|dictcomp|setcomp)>$/.test((text ?? '').trim());
}

/** Java and Kotlin synthetic parts of a name between `$` signs. */
const SYNTHETIC_PART = /^(?:lambda(?:-\d+)?|\d+|default|access|inlined|suspendImpl|jvmOverloads)$/;

/**
 * `text` without a trailing V8 method alias (`A.b [as c]`): what
 * `.replace(/\s+\[as [^\]]*\]$/, '')` gives, in linear time (the pattern read from every space of
 * a long run to the end). The alias is the first `[as ` after the last `]` but the final one with a space before it.
 */
function withoutMethodAlias(text: string): string {
  if (text.length < 5 || !text.endsWith(']')) return text;
  let at = text.indexOf('[as ', text.lastIndexOf(']', text.length - 2) + 1);
  while (at !== -1 && at + 4 < text.length) {
    let start = at;
    while (start > 0 && /\s/.test(text.charAt(start - 1))) start--;
    if (start < at) return text.slice(0, start);
    at = text.indexOf('[as ', at + 1);
  }
  return text;
}

/**
 * A C++ operator function's name, its symbol captured: `operator()`, `operator[]`, `operator<<`,
 * `operator->`, `operator new[]` (before its parameter or template list, or at the end).
 */
const CPP_OPERATOR =
  /\boperator ?(\(\)|\[\]|->\*?|<=>|<<=?|>>=?|&&|\|\||\+\+|--|[-+*/%^&|~!=<>,]=?|(?:new|delete)(?:\[\])?)(?=\s*[(<]|\s*$)/g;
/** First of the characters that stand for C++ operators' names (one each, Unicode private use). */
const OPERATOR_MARK = 0xe000;

/**
 * `text` with each C++ operator's name replaced by a mark, and the names the marks stand for:
 * an operator's symbol would otherwise be read as brackets or separators, and `operator()`,
 * `operator[]` and `operator<` would all be `operator` (Sentry keeps them apart: its
 * src/sentry/stacktraces/functions.py).
 */
function withOperatorsMarked(text: string): { text: string; operators: string[] } {
  const operators: string[] = [];
  const marked = text.replace(CPP_OPERATOR, (_, symbol: string) => {
    operators.push(/^[nd]/.test(symbol) ? `operator ${symbol}` : `operator${symbol}`);
    return String.fromCharCode(OPERATOR_MARK + Math.min(operators.length - 1, 0x18ff));
  });
  return { text: marked, operators };
}

/** The end of a C++ lambda's name after its parameters: `#1}`, `#1}::operator()`. */
const LAMBDA_END = /#\d+\}(?:::operator\(\))?/y;

/**
 * `text` without C++ lambda names (`{lambda(int)#1}::operator()`): what
 * `.replace(/\{lambda\([^)]*\)#\d+\}(?:::operator\(\))?/g, '')` gives, in linear time (the pattern
 * read from every `{lambda(` to the next `)`). Every `{lambda(` before one `)` ends its parameters
 * there, so when that `)` is not followed by `#n}` they all fail and the scan goes on after it.
 */
function withoutLambdaNames(text: string): string {
  let kept = '';
  let from = 0;
  let at = text.indexOf('{lambda(');
  while (at !== -1) {
    const close = text.indexOf(')', at + 8);
    if (close === -1) break;
    LAMBDA_END.lastIndex = close + 1;
    if (LAMBDA_END.test(text)) {
      kept += text.slice(from, at);
      from = LAMBDA_END.lastIndex;
      at = text.indexOf('{lambda(', from);
    } else {
      at = text.indexOf('{lambda(', close + 1);
    }
  }
  return kept + text.slice(from);
}

/** How {@link normalizeFunction} reads a name. */
export interface NormalizeFunctionOptions {
  /**
   * Whether a `funcN` segment is a Go closure and names nothing (`(*conn).serve.func1` →
   * `serve`). Default true, as `crash2:` and `crash3:` read every frame; `crash4:` passes it for
   * Go frames only, where elsewhere `Object.func1` is a function named `func1`.
   */
  goClosures?: boolean;
}

/**
 * The bare function name of a frame's function text (see the module header), or '' when the
 * function is anonymous or the text names none.
 */
export function normalizeFunction(
  text: string | undefined,
  { goClosures = true }: NormalizeFunctionOptions = {},
): string {
  let name = (text ?? '').trim();
  // 1. Wrappers.
  name = withoutMethodAlias(name).replace(/^(?:async|new)\s+/, '');
  if (
    ANONYMOUS.has(name.toLowerCase()) ||
    /\/<$|(?:^|\.)(?:<anonymous>|<computed>|\(anonymous function\))$/.test(name)
  ) {
    return '';
  }
  // Java's constructors and class initializers are named functions, not brackets.
  if (/^<(?:init|clinit)>$/.test(name)) return name;
  // 4. Objective-C message: the selector's first part.
  const objc = /^[-+]?\[\S+ (?=([^\]:\s]+))\1[^\]]*\]$/.exec(name);
  if (objc?.[1]) return objc[1];
  // 3. Closures and generated methods: the function they are in.
  name = name
    .replace(/^(?:(?:specialized|merged|partial apply for|@objc)\s+)+/, '')
    .replace(/^(?:implicit )?closure #\d+ in /, '')
    // Fully demangled, the conformance names its protocol and module: `Cart : Totals in MyApp`.
    .replace(/^protocol witness for (.+) in conformance \S+(?: : \S+ in \S+)?$/, '$1')
    .replace(/^(?:block|rescue|ensure)(?: \(\d+ levels\))? in /, '');
  const marked = withOperatorsMarked(withoutLambdaNames(name));
  name = marked.text
    .replace(/\{\{closure\}\}|\{closure#\d+\}/g, '')
    .replace(/<([\p{L}_$][\p{L}\p{N}_$]*)>[a-z]__[\p{L}\p{N}_|]*(?:\.MoveNext)?/gu, '$1')
    .replace(/\.<anonymous>|<anonymous>|\(anonymous function\)/g, '')
    .replace(/<$/, '');
  // 5. Argument lists, template and generic arguments, qualifiers and return types.
  name = removeBracketed(name);
  const words = name.split(/\s+/).filter((word) => word && !QUALIFIERS.has(word));
  name = words.at(-1) ?? '';
  // 6. The last segment; then Java and Kotlin synthetic parts.
  const segments = name
    .replace(/\.prototype\./g, '.')
    .split(/::|->|[./#]/)
    .filter((segment) => segment && !/^h[0-9a-f]{16}$/.test(segment));
  // Go names a closure after its function: `(*conn).serve.func1`, `main.main.func1.2`.
  const closure = goClosures ? /^(?:func)?\d+$/ : /^\d+$/;
  const named = segments.filter((segment) => !closure.test(segment));
  const last = (named.length > 0 ? named : segments).at(-1) ?? '';
  const operator = last.length === 1 ? marked.operators[last.charCodeAt(0) - OPERATOR_MARK] : '';
  if (operator) return operator;
  return last
    .split('$')
    .filter((part) => part && !SYNTHETIC_PART.test(part))
    .join('$');
}

/** C++ qualifiers left after the parameter list. */
const QUALIFIERS = new Set(['const', 'volatile', 'noexcept', 'override', 'final', '&', '&&']);

/**
 * Removes bracketed groups — `(…)`, `<…>`, `[…]` — nested or not, from a name; a name whose
 * brackets do not close (a cut-off line) keeps what came before the open one.
 */
function removeBracketed(name: string): string {
  const closing: Record<string, string> = { '(': ')', '<': '>', '[': ']' };
  let out = '';
  const open: string[] = [];
  for (const char of name) {
    const close = closing[char];
    if (close) {
      open.push(close);
      continue;
    }
    if (open.length > 0) {
      if (char === open.at(-1)) open.pop();
      continue;
    }
    out += char;
  }
  return open.length > 0 ? out || name : out;
}
