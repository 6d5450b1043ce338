/**
 * The kind of a corpus report — a crash (a stack trace, panic, crash log or sanitizer report in the
 * text) or a plain description — and the facets used to slice the figures (mobile platforms,
 * compiled or bundled JavaScript). Decided from the report text and the repository's tree with
 * patterns written independently of Sightline's own parser, so the corpus does not grade the
 * parser by its own reading.
 */

/**
 * Lines that only appear in a stack trace, panic or crash log, per runtime. A line's leading blank
 * is `[^\S\r\n\u2028\u2029]*`, not `\s*`: under the `m` flag `^\s*` runs over every following
 * blank line before it fails, quadratic in a text of blank lines (40,000 of them took 5.8 s); the
 * two accept the same texts, since a match of the latter starts on the line the former's blank
 * ends on.
 */
const TRACE_PATTERNS: RegExp[] = [
  /^[^\S\r\n\u2028\u2029]*at [\w$.<>/\-[\]]+\([^)\n]*(\.(java|kt|scala|groovy)|Native Method|Unknown Source)[^)\n]*\)/m, // JVM
  /Exception in thread "|^[^\S\r\n\u2028\u2029]*Caused by: [\w.$]+(Exception|Error)/m, // JVM
  /FATAL EXCEPTION: |AndroidRuntime: .*(Exception|Error)\b/, // Android logcat
  /\bat [\w$.]+\([\w$]+\.(java|kt):\d+\)/, // JVM frame after a log prefix
  /^[^\S\r\n\u2028\u2029]*[\w$]+(\.[\w$<>]+)+ \([\w$]+\.(java|kt):\d+\)/m, // JVM frame as Crashlytics and Play Console print it
  // V8, SpiderMonkey. The location's last character before `:line:column` stands for the whole
  // location (`.*` takes the rest): `.*\(?[^\s()]+:` read every split of a long line (300,000
  // characters took minutes); the two accept the same texts (300,000 random texts, no difference).
  /^[^\S\r\n\u2028\u2029]*at .*[^\s()]:\d+:\d+\)?\s*$/m,
  /^[\w$.<>]*@[^\s@]+:\d+:\d+\s*$/m, // Firefox, Safari
  /Traceback \(most recent call last\)/, // Python
  /^panic: |^goroutine \d+ \[[\w ]+\]:/m, // Go
  /thread '[^']*' panicked at|^stack backtrace:/m, // Rust
  /AddressSanitizer|UndefinedBehaviorSanitizer|Segmentation fault|SIGSEGV|SIGABRT|core dumped/, // native
  /^#\d+\s+0x[0-9a-f]+ in /m, // gdb, sanitizers
  /^[^\S\r\n\u2028\u2029]*#\d+ [^\n]+\.php\(\d+\): /m, // PHP
  /PHP (Fatal error|Warning|Notice):|Uncaught [\w\\]+(Exception|Error)/, // PHP
  /^[^\S\r\n\u2028\u2029]*(from )?[^\s:]+\.rb:\d+:in [`']/m, // Ruby
  /^[^\S\r\n\u2028\u2029]*at [\w.<>`[\], ]+\(.*\) in [^\n]+:line \d+/m, // .NET
  /Unhandled [Ee]xception[:.]/, // .NET, Dart
  /Fatal error: |EXC_BAD_ACCESS|EXC_CRASH|Thread \d+ Crashed/, // Swift, iOS
  /\*\*\* (Terminating app due to uncaught exception|First throw call stack)/, // Objective-C
  /^[^\S\r\n\u2028\u2029]*\d+\s+\S.*\s[-+]\[\w+(\(\w+\))? [\w:]+\]/m, // Apple backtrace line with an Objective-C method
  /^[^\S\r\n\u2028\u2029]*\d+\s+[\w.+-]+\s+0x[0-9a-f]{6,}\s+\S.* \+ \d+/m, // Apple backtrace line: image, address, symbol + offset
  /^#\d+\s+\S+ \(package:[^)]+\)/m, // Dart, Flutter
];

/** Words of a report about iOS: the platform, UIKit and its classes. */
const IOS_PLATFORM =
  /\b(iOS|iPadOS|UIKit|UIKitCore|UI(Application|View|ViewController|Window|Scene|NavigationController|TableView|CollectionView|ScrollView))\b/;
/**
 * Apple's mobile devices: iOS evidence unless the report is about a Mac (a Mac crash log lists a
 * connected iPhone among its USB devices).
 */
const IOS_DEVICE = /\b(iPhone|iPad)\b/;
const MACOS = /\b(macOS|Mac ?OS ?X|OS X)\b/;

/**
 * Issue-template placeholders such as `[e.g. iOS 12.1.0, React Native 0.58.0]`: the template's
 * examples, not the reporter's facts.
 */
const TEMPLATE_EXAMPLE = /\[e\.g\.[^\]\n]*\]/g;

/**
 * A report about React Native: the name, or its runtime in the trace (the Android bridge's
 * `com.facebook.react.` frames, the iOS bridge's `RCT…` classes).
 */
const REACT_NATIVE_REPORT =
  /[Rr]eact[- ][Nn]ative|REACT[-_ ]NATIVE|\bcom\.facebook\.react\.|\bRCT[A-Z]\w+/;

/**
 * Whether a report carries a crash or stack trace.
 * @param text - title and body.
 * @returns `crash` when any runtime's trace pattern matches, else `plain`.
 */
export function reportKind(text: string): 'crash' | 'plain' {
  return TRACE_PATTERNS.some((pattern) => pattern.test(text)) ? 'crash' : 'plain';
}

/**
 * Facets of a case for slicing the figures.
 * @param text - the report's title and body.
 * @param paths - the repository's files at the parent revision.
 * @param gold - the gold files.
 * @returns sorted facet names: `android`, `ios`, `react-native`, `flutter`, `bundled-js`.
 */
export function reportTags(
  text: string,
  paths: readonly string[],
  gold: readonly { file: string }[],
): string[] {
  const tags = new Set<string>();
  const facts = text.replace(TEMPLATE_EXAMPLE, '');
  const has = (pattern: RegExp) => paths.some((file) => pattern.test(file));
  const goldIn = (pattern: RegExp) => gold.some(({ file }) => pattern.test(file));
  // Android: a gold file inside a module with a manifest, or a report about Android in a
  // repository that builds for it (a library's sample app alone does not make a case Android's).
  const modules = paths
    .filter((file) => file.endsWith('AndroidManifest.xml'))
    .map((file) => file.replace(/(src\/[^/]+\/)?AndroidManifest\.xml$/, ''));
  const inModule = gold.some(({ file }) => modules.some((root) => file.startsWith(root)));
  if (inModule || goldIn(/(^|\/)android\//) || (modules.length > 0 && /\bandroid\b/i.test(facts)))
    tags.add('android');
  // iOS: a fix in an ios/ folder (a React Native or Flutter module's iOS side), or a report
  // about iOS (its devices, UIKit classes) fixed in Swift/Objective-C or in a repository that
  // builds for Apple platforms. A Swift or Objective-C file alone is no iOS case: macOS Cocoa code
  // (Electron's *_mac.mm) is written in the same languages.
  const apple =
    goldIn(/\.(swift|m|mm)$/) || has(/\.(xcodeproj|xcworkspace)\/|(^|\/)Podfile$|\.podspec$/);
  const aboutIos = IOS_PLATFORM.test(facts) || (IOS_DEVICE.test(facts) && !MACOS.test(facts));
  if (goldIn(/(^|\/)ios\//i) || (apple && aboutIos)) tags.add('ios');
  if (REACT_NATIVE_REPORT.test(facts) || has(/(^|\/)react-native\.config\.js$/))
    tags.add('react-native');
  if (has(/(^|\/)pubspec\.yaml$/) && goldIn(/\.dart$/)) tags.add('flutter');
  if (/[\w-]+\.(min|bundle|umd|cjs|esm)\.js|\/(dist|build|lib)\/[\w./-]+\.[cm]?js:\d+/.test(text))
    tags.add('bundled-js');
  return [...tags].sort();
}
