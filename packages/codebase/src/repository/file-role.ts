/**
 * Tells the code under test from the code around it: tests, fixtures, examples, benchmarks,
 * documentation and type declarations. The localizer demotes them (a bug report is almost always
 * about shipped source) and symbol look-ups list their definitions last.
 */
/** What part a file plays in a repository. */
export type FileRole = 'source' | 'test' | 'auxiliary' | 'declaration' | 'bundle' | 'other';

const TEST_FOLDER =
  /(^|\/)(tests?|__tests__|__mocks__|spec|specs|testing|e2e|testutils?|testhelpers?|testsupport)\//i;
const TEST_NAME =
  /\.(test|spec)\.[^/]+$|_(test|spec)\.[a-z]+$|(^|\/)test_[^/]+\.py$|[a-z0-9](Test|Tests|Spec)\.[a-z]+$/;
const AUXILIARY_FOLDER = /(^|\/)(fixtures?|__fixtures__|testdata|examples?|samples?|docs?)\//i;
const AUXILIARY_TOP_FOLDER = /^(benchmarks?|bench|scripts?|tools?)\//i;
const DECLARATION = /\.d\.[cm]?ts$/;
/**
 * Source files of languages the index has no parser for, so their language is `null`: Objective-C
 * (`.m`, `.mm`), Swift, Dart, Scala, Groovy, Clojure, Elixir, Erlang, Haskell, Lua, Perl, Julia,
 * Vue and Svelte components, F#, Visual Basic, Zig, Nim, OCaml, Elm. They are code a fix changes
 * (the native side of an iOS or React Native crash), not `other` files: in the corpus of real
 * fixes, every Objective-C fix's file was demoted as non-code behind the `.h` header beside it.
 */
const UNPARSED_SOURCE =
  /\.(?:m|mm|swift|dart|scala|sc|groovy|gvy|clj|cljs|cljc|ex|exs|erl|hrl|hs|lua|pl|pm|jl|vue|svelte|fs|fsi|fsx|vb|zig|nim|ml|mli|elm)$/i;
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

/**
 * Classifies a repository-relative path.
 * @param filePath repository-relative path with `/` separators.
 * @param language the index's language id (`null` when the file is not parsed code).
 * @returns `test` for test files and folders (and a root `test.js`), `auxiliary` for fixtures,
 *   examples, benchmarks, docs, scripts and root build configuration, `declaration` for `.d.ts`
 *   files, `other` for files that are not code (no parsed language and no source extension),
 *   else `source`.
 */
export function fileRole(filePath: string, language: string | null): FileRole {
  if (TEST_FOLDER.test(filePath) || TEST_NAME.test(filePath) || ROOT_TEST_SCRIPT.test(filePath))
    return 'test';
  if (
    AUXILIARY_FOLDER.test(filePath) ||
    AUXILIARY_TOP_FOLDER.test(filePath) ||
    ROOT_BUILD_CONFIG.test(filePath)
  )
    return 'auxiliary';
  if (DECLARATION.test(filePath)) return 'declaration';
  return language === null && !UNPARSED_SOURCE.test(filePath) ? 'other' : 'source';
}
