/**
 * Tells the code under test from the code around it: tests, fixtures, examples, benchmarks,
 * documentation and type declarations. The localizer demotes them (a bug report is almost always
 * about shipped source) and symbol look-ups list their definitions last.
 *
 * A folder's name is read relative to its repository: a folder that holds most of the
 * repository's code is the code, whatever its name. `app/src/main/java/com/example/myapp/` (the
 * default package of Android Studio and `gradle init`) or Google's `com/google/samples/apps/…`
 * hold a whole app under an `example`/`samples` segment; read by name alone, every file of such
 * an app was "auxiliary" and every suspect demoted (fresh-user trial). So a file under an
 * `examples?/` or `samples?/` folder is not auxiliary when that folder (the path up to and
 * including the segment, e.g. `app/src/main/java/com/example/`) holds more than half of the
 * repository's code ({@link majorityCodeFolders}); a library's small `examples/` stays
 * auxiliary, and a repository that is nothing but samples (`samples/a/`, `samples/b/`) has its
 * samples as its code. What was chosen and why:
 * - "Most of the code" is more than half of the code files and more than half of their lines.
 *   Files alone misread libraries whose many small examples outnumber their source files: in
 *   the localization corpus, react-hot-loader's `examples/` held 51% and 72% of the code files
 *   (24% and 47% of the lines), react-native-video's 53% (31%), cpp-httplib's `example/` 11 of
 *   13 files beside its one 10,000-line header (6%). Sunflower's `com/google/samples/` holds 91%
 *   of the files and 89% of the lines.
 * - Tests are not counted, neither in a folder nor in the whole. A JVM project's tests mirror its
 *   packages in another tree (`src/test/java/com/example/…`), so counting them would take a
 *   well-tested app's `src/main/java/com/example/` under half; and a test is a test whatever
 *   folder holds it (tests are decided before auxiliary files), so tests never gain from the rule.
 * - Only `examples?/` and `samples?/` can be the code: they are package names (`com.example`,
 *   `org.example`, `com.google.samples`) and the repositories of sample apps. `docs?/`,
 *   `fixtures?/`, `__fixtures__/` and `testdata/` name what they hold, documentation and test
 *   inputs, and stay auxiliary even when they outnumber the code: a documentation site's demos or
 *   a GitHub Pages copy of a library in `docs/`, a parser's thousands of input files in
 *   `fixtures/`, are not where its bugs are fixed.
 * - Every auxiliary-named segment of a path is judged: `docs/examples/x.js` is auxiliary through
 *   `docs/`, and `com/example/app/fixtures/F.java` through its `fixtures/` even when
 *   `com/example/` is the code. A file is source by the rule only when each such segment's folder
 *   holds most of the code.
 * - Without a repository (no folders given) names alone decide, as before.
 */
/** What part a file plays in a repository. */
export type FileRole = 'source' | 'test' | 'auxiliary' | 'declaration' | 'bundle' | 'other';

const TEST_FOLDER =
  /(^|\/)(tests?|__tests__|__mocks__|spec|specs|testing|e2e|testutils?|testhelpers?|testsupport)\//i;
const TEST_NAME =
  /\.(test|spec)\.[^/]+$|_(test|spec)\.[a-z]+$|(^|\/)test_[^/]+\.py$|[a-z0-9](Test|Tests|Spec)\.[a-z]+$/;
/** Every auxiliary-named folder segment of a path (the lookbehind lets `docs/examples/` match twice). */
const AUXILIARY_FOLDER =
  /(?<=^|\/)(?:fixtures?|__fixtures__|testdata|examples?|samples?|docs?)\//gi;
/** The auxiliary folder names that can be a repository's code (see the module header). */
const CODE_NAMED_FOLDER = /(?<=^|\/)(?:examples?|samples?)\//gi;
const AUXILIARY_TOP_FOLDER = /^(benchmarks?|bench|scripts?|tools?)\//i;
const DECLARATION = /\.d\.[cm]?ts$/;
/**
 * Source files of languages the index has no parser for, so their language is `null`: Swift, Dart,
 * MATLAB (a `.m` file that is not Objective-C, `languageForPath`), Scala, Groovy, Clojure, Elixir,
 * Erlang, Haskell, Lua, Perl, Julia, Vue and Svelte components, F#, Visual Basic, Zig, Nim, OCaml,
 * Elm. They are code a fix changes (the native side of an iOS or
 * React Native crash), not `other` files: in the corpus of real fixes, every Objective-C fix's file
 * was demoted as non-code behind the `.h` header beside it while the index had no Objective-C
 * parser.
 */
const UNPARSED_SOURCE =
  /\.(?:swift|m|dart|scala|sc|groovy|gvy|clj|cljs|cljc|ex|exs|erl|hrl|hs|lua|pl|pm|jl|vue|svelte|fs|fsi|fsx|vb|zig|nim|ml|mli|elm)$/i;
/**
 * A package's test script at its root (`test.js`, the convention of many small npm packages tested
 * with AVA or tape); `lib/test.js` deeper in a tree stays source.
 */
const ROOT_TEST_SCRIPT = /^tests?\.[cm]?[jt]s$/i;
/**
 * Build and tool configuration at a repository's or a workspace package's root
 * (`rollup.config.js`, `webpack.config.ts`, `karma.conf.js`, `gulpfile.js`): code that builds or
 * checks the project rather than code it ships. Deeper in a tree (`src/app.config.ts`) a
 * `.config` file can be application code, so only roots count.
 */
const ROOT_BUILD_CONFIG =
  /^(?:packages\/[^/]+\/)?(?:[\w-]+(?:\.[\w-]+)*\.(?:config|conf)\.[cm]?[jt]s|gulpfile(?:\.babel)?\.[cm]?[jt]s|gruntfile\.[cm]?[jt]s)$/i;

/**
 * Scripts and code of other languages that {@link fileRole} leaves `other` (its roles are what the
 * learned ranking was fitted with): shell, PowerShell and batch scripts, SQL, R, Solidity,
 * CoffeeScript, Fortran, Pascal, Tcl, Racket, Nix, assembly, Crystal, D, Haxe, Makefiles and
 * Dockerfiles. Code all the same when asking whether a folder holds any (fresh-user trial 26: a
 * folder of shell scripts was called "no code" beside a diagnosis citing one).
 */
const OTHER_CODE =
  /(?:\.(?:sh|bash|zsh|fish|ps1|psm1|bat|cmd|sql|r|sol|coffee|f|f90|f95|for|pas|tcl|rkt|nix|asm|s|cr|d|hx|awk|sed|mk)|(?:^|\/)(?:makefile|gnumakefile|dockerfile|containerfile)|(?:^|\/)dockerfile\.[\w.-]+)$/i;

/**
 * Whether a file is code: parsed by the index, source of a language it has no parser for, or a
 * script or program of another language ({@link OTHER_CODE}).
 * @param filePath repository-relative path with `/` separators.
 * @param language the index's language id (`null` when the file is not parsed code).
 * @returns true for code, false for documents, settings and data.
 */
export function isCodeFile(filePath: string, language: string | null): boolean {
  return language !== null || UNPARSED_SOURCE.test(filePath) || OTHER_CODE.test(filePath);
}

/** No majority folders: names alone decide. */
const NO_CODE_FOLDERS: ReadonlySet<string> = new Set();

/** Whether a path is a test by its folders or name (or is a root `test.js`). */
function isTestPath(filePath: string): boolean {
  return TEST_FOLDER.test(filePath) || TEST_NAME.test(filePath) || ROOT_TEST_SCRIPT.test(filePath);
}

/** The folders of a path's segments that `pattern` matches, each up to and including its `/`. */
function matchedFolders(filePath: string, pattern: RegExp): string[] {
  return [...filePath.matchAll(pattern)].map((match) =>
    filePath.slice(0, match.index + match[0].length),
  );
}

/**
 * The `examples?/` and `samples?/` folders that hold more than half of a repository's code, in
 * files and in lines both, tests not counted (see the module header for why). They form a chain
 * (`samples/` and `samples/app/src/main/java/com/example/`, never two side by side), so the set
 * is small.
 * @param files every file of the repository (an index's files): repository-relative path with `/`
 *   separators, the index's language id (`null` when not parsed) and the number of lines. Read
 *   once, in one pass.
 * @returns folder paths ending in `/` (`app/src/main/java/com/example/`); empty when none holds
 *   most of the code or the repository has no code.
 */
export function majorityCodeFolders(
  files: Iterable<{ path: string; language: string | null; lineCount: number }>,
): ReadonlySet<string> {
  const held = new Map<string, { files: number; lines: number }>();
  const total = { files: 0, lines: 0 };
  for (const { path, language, lineCount } of files) {
    if (!isCodeFile(path, language) || isTestPath(path)) continue;
    total.files += 1;
    total.lines += lineCount;
    for (const folder of matchedFolders(path, CODE_NAMED_FOLDER)) {
      const count = held.get(folder) ?? { files: 0, lines: 0 };
      count.files += 1;
      count.lines += lineCount;
      held.set(folder, count);
    }
  }
  return new Set(
    [...held]
      .filter(([, count]) => count.files * 2 > total.files && count.lines * 2 > total.lines)
      .map(([folder]) => folder),
  );
}

/**
 * Classifies a repository-relative path.
 * @param filePath repository-relative path with `/` separators.
 * @param language the index's language id (`null` when the file is not parsed code).
 * @param codeFolders the repository's majority folders ({@link majorityCodeFolders}; once per
 *   repository, e.g. `codeFoldersOf(index)`): a file whose every auxiliary-named folder is one of
 *   them is not auxiliary by its folders. Default none: folder names alone decide.
 * @returns `test` for test files and folders (and a root `test.js`), `auxiliary` for fixtures,
 *   examples, benchmarks, docs, scripts and root build configuration, `declaration` for `.d.ts`
 *   files, `other` for files that are not code (no parsed language and no source extension),
 *   else `source`.
 */
export function fileRole(
  filePath: string,
  language: string | null,
  codeFolders: ReadonlySet<string> = NO_CODE_FOLDERS,
): FileRole {
  if (isTestPath(filePath)) return 'test';
  if (
    matchedFolders(filePath, AUXILIARY_FOLDER).some((folder) => !codeFolders.has(folder)) ||
    AUXILIARY_TOP_FOLDER.test(filePath) ||
    ROOT_BUILD_CONFIG.test(filePath)
  )
    return 'auxiliary';
  if (DECLARATION.test(filePath)) return 'declaration';
  return language === null && !UNPARSED_SOURCE.test(filePath) ? 'other' : 'source';
}
