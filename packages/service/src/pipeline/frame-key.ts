/**
 * A frame's function and module as the crash fingerprint `crash4:` keys them. The function: the bare name
 * (`normalizeFunction`, frame-function.ts) with only the ids a compiler, runtime or bundler
 * generates taken out, so the digits of a real name stay (`fn0` and `fn1`, `parseV2` and
 * `parseV3`, `sha256` and `sha1`, `utf8Decode` and `utf16Decode` are four pairs of functions).
 * `crash2:` and `crash3:` masked every digit of the name, which put distinct crashes into one
 * group.
 *
 * Sentry's grouping does not mask digits in function names either: it removes the generated
 * parts it knows (getsentry/sentry src/sentry/grouping/strategies/newstyle.py for Java, Ruby and
 * Clojure; src/sentry/stacktraces/functions.py for native names: C++ lambdas, MSVC anonymous
 * namespaces, Rust hashes, symbol versions, Windows decorations). The ordinals
 * `normalizeFunction` already reads (Java `lambda$main$0`, `Foo$1`, `access$000`, Kotlin
 * `$lambda-1`, Swift `closure #1 in`, Rust `{closure#0}` and `::h1a2b3c4d5e6f7a8b`, C++
 * `{lambda(int)#1}`, C# `<Main>b__0_1` and `<>c__DisplayClass0_0`, Go `func1`/`func2.3`, webpack's
 * numeric module ids as in `Object.635`) stay its work; here, before it:
 *
 * - Java's hidden lambda classes: `Foo$$Lambda$123/0x0000000800c0b000` is `Foo$$Lambda`.
 * - Clang's block names: `__34-[Cart total:]_block_invoke_2` is `-[Cart total:]` (so `total`),
 *   `__main_block_invoke` is `main` (a block is named by its function, as a closure is).
 * - Clang's `$_0` and MSVC's `<lambda_1>` / `<lambda_…32 hex…>` lambdas name their function, as
 *   GCC's `{lambda(int)#1}` does.
 * - GCC's and LLVM's clone suffixes (`.part.0`, `.isra.0`, `.constprop.1`, `.cold`,
 *   `.llvm.1234`), GNU symbol versions (`@@GLIBC_2.14`), Windows decorations (`_foo@12`),
 *   Ruby's ERB template suffix (`__1234567_89012`), Clojure's `$fn__12345`.
 * - Go's `gowrap1` and `deferwrap1` wrappers (Go 1.22) are closures like `func1`; and a `funcN`
 *   segment is read as a closure only in a Go frame (its file a `.go` file).
 *
 * After it: hexadecimal addresses (`0x7ffe12ab`), UUIDs and runs of 12 or more hexadecimal
 * characters with a digit (hashes) become `#`. No other digit is touched.
 *
 * The module keys a frame that has no file: Java's generated classes lose their ids there, as in
 * Sentry's module component (reflection accessors `GeneratedMethodAccessor123`, CGLIB's
 * `$$EnhancerBySpringCGLIB$$1a2b3c4d`, Javassist's `_$$_javassist_74`, Clojure's `$fn__12345`,
 * a hidden lambda class's `$$Lambda$57/0x00000008000a1c40`), and so do addresses and hashes.
 */
import type { Frame } from '../adapters/investigator.js';
import { normalizeFunction } from './frame-function.js';

/** Java's hidden class of a lambda: `$$Lambda$123/0x0000000800c0b000`, `$$Lambda/0x…`, `$$Lambda$1/1199823423`. */
const JAVA_HIDDEN_LAMBDA = /\$\$Lambda(?:\$\d+)?\/(?:0x[0-9a-f]+|\d+)/gi;
/** Clang's block name after its last `_block_invoke`: nothing, or the block's ordinal. */
const BLOCK_ORDINAL = /^(?:_\d+)?$/;
/** What clang puts before a block's function: `__`, and a method's length (`__34-[Cart total:]`). */
const BLOCK_PREFIX = /^_{2,3}(?:\d+(?=[-+]\[))?/;
/** Clang's `$_0` and MSVC's `<lambda_1>` lambdas, with their call operator. */
const NATIVE_LAMBDA = /::(?:\$_\d+|<lambda_(?:\d+|[0-9a-f]{32})>)(?:::operator\(\))?(?=::|\(|$)/gi;
/**
 * GCC's and LLVM's clone suffixes, GNU symbol versions, Ruby's ERB template suffix; looked for in
 * a name's last {@link SUFFIX_CHARS} characters only (a search of the whole name from each
 * position would take quadratic time on a long one).
 */
const GENERATED_SUFFIX =
  /(?:(?:\.(?:part|isra|constprop|cold|lto_priv|localalias|llvm)(?:\.\d+)*)+|@@?GLIBC_[\d.]+|__\d{4,}_\d{4,})$/;
/** The longest generated suffix {@link GENERATED_SUFFIX} removes, in characters. */
const SUFFIX_CHARS = 120;
/** Windows' stdcall and fastcall decoration: `_foo@12`, `@foo@8`. */
const WINDOWS_DECORATION = /^@?([^@\s]+)@\d+$/;
/** Clojure's anonymous function class: `core$fn__12345`. */
const CLOJURE_FN = /\$fn__\d+/g;
/** Go 1.22's wrappers of `go` and `defer` calls: `main.main.gowrap1`. */
const GO_WRAPPER = /\.(?:gowrap|deferwrap)\d+(?=\.|$)/g;

/** Hexadecimal addresses, UUIDs and hashes: what is left of a generated id after normalizing. */
const GENERATED_ID =
  /0x[0-9a-f]+|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|(?<![0-9a-z])(?=[a-f]*\d)[0-9a-f]{12,}(?![0-9a-z])/gi;

/** Java's generated classes: reflection accessors, CGLIB and Javassist proxies. */
const JAVA_GENERATED_CLASS =
  /(Generated(?:Serialization|Method)?(?:Constructor)?Accessor)\d+|(\$\$\w+?CGLIB\$\$)[0-9a-f]+(?:_\d+)?|(\$\$_javassist)(?:_seam)?(?:_\d+)?/gi;

/**
 * The module of a frame as `crash4:` keys it, for a frame without a file (see the module header):
 * generated class ids out, addresses and hashes `#`; '' for a module that is one address.
 *
 * @param module - The frame's module, package or class (undefined for none).
 * @returns The module with its generated ids removed.
 */
export function moduleKey(module: string | undefined): string {
  const text = (module ?? '')
    .trim()
    .replace(JAVA_HIDDEN_LAMBDA, '$$$$Lambda')
    .replace(CLOJURE_FN, '$$fn')
    .replace(JAVA_GENERATED_CLASS, '$1$2$3')
    .replace(GENERATED_ID, '#');
  return text === '#' ? '' : text;
}

/**
 * The function of a frame as `crash4:` keys it (see the module header), or '' when the function
 * is anonymous or the frame names none.
 *
 * @param frame - The frame: its function text, and its file (a `.go` file makes `funcN` a closure).
 * @returns The bare name with generated ids removed or masked as `#`, real digits kept.
 */
export function functionKey(frame: Pick<Frame, 'function' | 'file'>): string {
  const go = /\.go$/i.test(frame.file ?? '');
  let text = (frame.function ?? '').trim();
  text = text.replace(JAVA_HIDDEN_LAMBDA, '$$$$Lambda').replace(CLOJURE_FN, '$$fn');
  text = withoutBlockSuffix(text).replace(NATIVE_LAMBDA, '');
  const head = Math.max(0, text.length - SUFFIX_CHARS);
  text = (text.slice(0, head) + text.slice(head).replace(GENERATED_SUFFIX, '')).replace(
    WINDOWS_DECORATION,
    '$1',
  );
  if (go) text = text.replace(GO_WRAPPER, '');
  return normalizeFunction(text, { goClosures: go }).replace(GENERATED_ID, '#');
}

/**
 * A clang block's name as the function it is in: `__34-[Cart total:]_block_invoke_2` →
 * `-[Cart total:]`, `__main_block_invoke_3_block_invoke` → `main`; any other name unchanged.
 * Read from the end, one `_block_invoke` at a time (linear in the name's length).
 */
function withoutBlockSuffix(text: string): string {
  if (!text.startsWith('__')) return text;
  let end = text.length;
  for (;;) {
    const at = end < 13 ? -1 : text.lastIndexOf('_block_invoke', end - 13);
    if (at === -1 || !BLOCK_ORDINAL.test(text.slice(at + 13, end))) break;
    end = at;
  }
  if (end === text.length) return text;
  return text.slice(0, end).replace(BLOCK_PREFIX, '') || text;
}
