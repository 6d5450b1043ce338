/**
 * Decides from a frame alone whether it is the application's code (`inApp`) or belongs to the
 * runtime, the operating system or a third-party library. Repository-aware re-checking lives in
 * `mark-in-app-frames.ts`. The lists follow the platforms' own conventions: Node's `node:` and
 * `internal/` modules, Python's `site-packages`, the JDK and Android packages, Go's standard
 * library, Rust's `std`/`core`/`alloc`, .NET's `System.*`/`Microsoft.*`, Ruby gems, Composer's
 * PHP packages, Apple system
 * images (compare Sentry's default in-app rules: docs.sentry.io "Stack Trace Rules").
 */
import { builtinModules } from 'node:module';
import { withoutQueryAndFragment } from './lines.js';

/** Paths of runtime, standard-library and third-party code, any language. */
const LIBRARY_PATHS: RegExp[] = [
  /(?:^|[/\\])(?:node_modules|bower_components|jspm_packages)[/\\]/,
  /^(?:node|bun|deno):/,
  /^internal[/\\]/,
  /^(?:native|native code|\[native code\]|<anonymous>|unknown|eval code|global code)$/i,
  /^<[^>]*>$/,
  /^(?:chrome|moz|safari|safari-web)-extension:/,
  /^webpack\/(?:bootstrap|runtime)/,
  /(?:^|[/\\])(?:site|dist)-packages[/\\]/,
  /[/\\]lib(?:64)?[/\\]python\d(?:\.\d+)?[/\\]/,
  /^<frozen /,
  /[/\\](?:gems|rubygems|\.rbenv|\.rvm|rubies)[/\\]/,
  /[/\\]ruby[/\\]\d+\.\d+(?:\.\d+)?[/\\]/,
  /^<internal:/,
  /[/\\]vendor[/\\]bundle[/\\]/,
  /[/\\]\.cargo[/\\]registry[/\\]/,
  /^\/rustc[/\\]/,
  /[/\\]pkg[/\\]mod[/\\]/,
  /^\/usr\/(?:local\/)?(?:lib\/)?go[^/]*\/src\//,
  /[/\\]go\/src\/(?:runtime|net|internal|sync|syscall|reflect|os|fmt|io|testing)\//,
  /^\/(?:System|usr)\/lib(?:rary)?\//,
];

/**
 * Error-reporting SDKs that capture the stack (stacktrace.js, TraceKit, raven-js, Sentry, Bugsnag,
 * Rollbar): their frames sit around the error, they are never its cause.
 */
const REPORTER_FILE =
  /(?:^|[/\\])(?:stacktrace|tracekit|raven|bugsnag|rollbar|sentry)(?:[.-][\w.-]*)?\.js$/i;

/**
 * True when a frame's file belongs to the application rather than a runtime, standard library,
 * installed package or error-reporting SDK.
 * @param file the frame's file as printed (after `file://` removal).
 */
export function isInAppFile(file: string): boolean {
  const path = withoutQueryAndFragment(file);
  if (REPORTER_FILE.test(path)) return false;
  return !LIBRARY_PATHS.some((pattern) => pattern.test(path)) && !isComposerPackageFile(path);
}

const SLASH = /[/\\]/;
const LINE_END = /[\n\r\u2028\u2029]/;

/**
 * A PHP file of a Composer package, `…/vendor/<vendor>/<package>/….php` (`.phtml`, `.inc`): what
 * `/[/\\]vendor[/\\][^/\\]+[/\\][^/\\]+[/\\].*\.(?:php|phtml|inc)$/` tests, in one pass back from
 * the path's end (the pattern read from every `vendor/a/b/` to the line's end: a 1 MiB frame file
 * of a Sentry event took 15 s). Some slash of the last line, before the extension, must end
 * `vendor/<a>/<b>/` (`a` and `b` non-empty, slash-free).
 */
function isComposerPackageFile(path: string): boolean {
  const extension = /\.(?:php|phtml|inc)$/.exec(path);
  if (!extension) return false;
  // The slash before each character, -1 when none.
  const before = new Int32Array(path.length + 1);
  let last = -1;
  for (let at = 0; at < path.length; at += 1) {
    before[at] = last;
    if (SLASH.test(path.charAt(at))) last = at;
  }
  for (let at = extension.index - 1; at >= 0 && !LINE_END.test(path.charAt(at)); at -= 1) {
    if (!SLASH.test(path.charAt(at))) continue;
    const package_ = before[at] ?? -1;
    const vendor = package_ > 0 ? (before[package_] ?? -1) : -1;
    if (package_ < at - 1 && package_ >= 0 && vendor >= 0 && vendor < package_ - 1) {
      const folder = vendor - 'vendor'.length;
      if (path.slice(folder, vendor) === 'vendor' && SLASH.test(path.charAt(folder - 1)))
        return true;
    }
  }
  return false;
}

/** Node's own modules, as old Node versions print them in traces: a bare `timers.js`, `node.js`. */
const NODE_CORE_MODULES = new Set([...builtinModules, 'node']);

/**
 * True when a V8 frame's file is one of Node's own modules printed without a path (`timers.js`,
 * `events.js`, `node.js` before Node 16 printed `node:` URLs); application files in Node traces
 * are absolute paths or URLs.
 */
export function isNodeCoreFile(file: string): boolean {
  if (/[/:]/.test(file)) return false;
  return NODE_CORE_MODULES.has(file.replace(/\.js$/, ''));
}

/** Package prefixes of the JDK, Kotlin, Android and widely used JVM libraries. */
const JVM_LIBRARY_PREFIXES = [
  'java.',
  'javax.',
  'jakarta.',
  'jdk.',
  'sun.',
  'com.sun.',
  'kotlin.',
  'kotlinx.',
  'scala.',
  'android.',
  'androidx.',
  'com.android.',
  'dalvik.',
  'libcore.',
  'org.apache.',
  'org.springframework.',
  'org.eclipse.jetty.',
  'org.mortbay.',
  'org.hibernate.',
  'org.junit.',
  'junit.',
  'org.gradle.',
  'com.fasterxml.',
  'com.google.common.',
  'com.google.android.',
  'com.google.gson.',
  'io.netty.',
  'okhttp3.',
  'okio.',
  'retrofit2.',
  'io.reactivex.',
  'rx.',
  'reactor.',
  'org.slf4j.',
  'ch.qos.logback.',
  'groovy.',
  'org.codehaus.groovy.',
  'worker.org.gradle.',
];

/**
 * True when a JVM class (`com.example.Foo$1`) is application code: not the JDK, Kotlin, Android
 * or a common library.
 */
export function isInAppJvmClass(className: string): boolean {
  return !JVM_LIBRARY_PREFIXES.some((prefix) => className.startsWith(prefix));
}

/** True when a .NET type (`MyApp.Orders.Service`) is application code, not `System.*` and friends. */
export function isInAppDotnetType(typeName: string): boolean {
  return !/^(?:System|Microsoft|Mono|Newtonsoft|Xamarin|NUnit|Xunit|Castle)\b/.test(typeName);
}

/** Top-level packages of Go's standard library (go.dev/pkg), plus the runtime. */
const GO_STDLIB = new Set([
  'archive',
  'bufio',
  'builtin',
  'bytes',
  'cmp',
  'compress',
  'container',
  'context',
  'crypto',
  'database',
  'debug',
  'embed',
  'encoding',
  'errors',
  'expvar',
  'flag',
  'fmt',
  'go',
  'hash',
  'html',
  'image',
  'index',
  'internal',
  'io',
  'iter',
  'log',
  'maps',
  'math',
  'mime',
  'net',
  'os',
  'path',
  'plugin',
  'reflect',
  'regexp',
  'runtime',
  'slices',
  'sort',
  'strconv',
  'strings',
  'sync',
  'syscall',
  'testing',
  'text',
  'time',
  'unicode',
  'unique',
  'unsafe',
  'panic',
  'weak',
]);

/**
 * True when a Go frame is application code.
 * @param packagePath the frame's package (`net/http`, `github.com/me/app/server`, `main`).
 * @param file the frame's source file, when printed.
 */
export function isInAppGoFrame(packagePath: string, file?: string): boolean {
  if (file && !isInAppFile(file)) return false;
  const first = packagePath.split('/')[0] ?? '';
  if (first.includes('.')) return !/^golang\.org\/x\//.test(packagePath);
  return first === 'main' || !GO_STDLIB.has(first);
}

/** True when a Rust symbol (`std::panicking::begin_panic`) is application code. */
export function isInAppRustSymbol(symbol: string): boolean {
  return !/^(?:<?(?:std|core|alloc|backtrace|tokio|futures|hyper|rayon)::|rust_begin_unwind|rust_panic|__rust|_start\b|__libc_start|start_thread|clone3?\b|__scrt_|BaseThreadInitThunk|RtlUserThreadStart)/.test(
    symbol,
  );
}
