/**
 * The languages the repository index understands: which file names map to which tree-sitter
 * grammar, where its `.wasm` and `queries/tags.scm` come from, and which supplementary queries
 * (written for Sightline, under `./queries/`) fill the gaps of the grammar's own tags query.
 */
import path from 'node:path';

/** Where a grammar's compiled parser and tags queries live inside an npm package. */
export interface GrammarSource {
  /** npm package that ships the `.wasm` parser. */
  package: string;
  /** Path of the `.wasm` file inside {@link GrammarSource.package}. */
  wasm: string;
  /** Tags queries shipped by grammar packages, as `package/relative/path.scm`, applied in order. */
  tagQueries: string[];
}

/** One language of the {@link LANGUAGES} table. */
export interface LanguageInfo {
  /** Language id stored in `IndexedFile.language`, e.g. `typescript`. */
  id: string;
  /** Human name, e.g. `TypeScript`. */
  name: string;
  /** File extensions (with the dot, lower case) that select this language. */
  extensions: string[];
  /** True when files of this language get definitions and references. */
  supported: boolean;
  /** Why the language is not supported; set only when `supported` is false. */
  reason?: string;
  /** Grammar to load; absent when unsupported. */
  grammar?: GrammarSource;
}

const ts = (wasm: string): GrammarSource => ({
  package: 'tree-sitter-typescript',
  wasm,
  // TypeScript's tags query only covers TypeScript-only syntax; the JavaScript one adds the rest.
  tagQueries: [
    'tree-sitter-typescript/queries/tags.scm',
    'tree-sitter-javascript/queries/tags.scm',
  ],
});

const grammar = (pkg: string, wasm: string, tags = true): GrammarSource => ({
  package: pkg,
  wasm,
  tagQueries: tags ? [`${pkg}/queries/tags.scm`] : [],
});

/** Every language the index recognises, supported or not (the README's language table). */
export const LANGUAGES: readonly LanguageInfo[] = [
  {
    id: 'typescript',
    name: 'TypeScript',
    extensions: ['.ts', '.mts', '.cts'],
    supported: true,
    grammar: ts('tree-sitter-typescript.wasm'),
  },
  {
    id: 'tsx',
    name: 'TSX',
    extensions: ['.tsx'],
    supported: true,
    grammar: ts('tree-sitter-tsx.wasm'),
  },
  {
    id: 'javascript',
    name: 'JavaScript',
    extensions: ['.js', '.mjs', '.cjs', '.jsx'],
    supported: true,
    grammar: grammar('tree-sitter-javascript', 'tree-sitter-javascript.wasm'),
  },
  {
    id: 'python',
    name: 'Python',
    extensions: ['.py', '.pyi'],
    supported: true,
    grammar: grammar('tree-sitter-python', 'tree-sitter-python.wasm'),
  },
  {
    id: 'go',
    name: 'Go',
    extensions: ['.go'],
    supported: true,
    grammar: grammar('tree-sitter-go', 'tree-sitter-go.wasm'),
  },
  {
    id: 'rust',
    name: 'Rust',
    extensions: ['.rs'],
    supported: true,
    grammar: grammar('tree-sitter-rust', 'tree-sitter-rust.wasm'),
  },
  {
    id: 'java',
    name: 'Java',
    extensions: ['.java'],
    supported: true,
    grammar: grammar('tree-sitter-java', 'tree-sitter-java.wasm'),
  },
  {
    id: 'csharp',
    name: 'C#',
    extensions: ['.cs'],
    supported: true,
    grammar: grammar('tree-sitter-c-sharp', 'tree-sitter-c_sharp.wasm'),
  },
  {
    id: 'ruby',
    name: 'Ruby',
    extensions: ['.rb', '.rake', '.gemspec'],
    supported: true,
    grammar: grammar('tree-sitter-ruby', 'tree-sitter-ruby.wasm'),
  },
  {
    id: 'php',
    name: 'PHP',
    extensions: ['.php'],
    supported: true,
    grammar: grammar('tree-sitter-php', 'tree-sitter-php.wasm'),
  },
  {
    id: 'c',
    name: 'C',
    extensions: ['.c', '.h'],
    supported: true,
    grammar: grammar('tree-sitter-c', 'tree-sitter-c.wasm'),
  },
  {
    id: 'cpp',
    name: 'C++',
    extensions: ['.cc', '.cpp', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h++', '.ipp'],
    supported: true,
    grammar: grammar('tree-sitter-cpp', 'tree-sitter-cpp.wasm'),
  },
  {
    id: 'kotlin',
    name: 'Kotlin',
    extensions: ['.kt', '.kts'],
    supported: true,
    // The package ships the parser but no tags query; Sightline's own query does the tagging.
    grammar: grammar('@tree-sitter-grammars/tree-sitter-kotlin', 'tree-sitter-kotlin.wasm', false),
  },
  {
    id: 'objc',
    name: 'Objective-C',
    extensions: ['.m', '.mm'],
    supported: true,
    // The package ships the parser but no tags query: the grammar extends C's, so C's tags query
    // finds functions and types, and Sightline's own query the classes, methods and messages.
    grammar: {
      package: 'tree-sitter-objc',
      wasm: 'tree-sitter-objc.wasm',
      tagQueries: ['tree-sitter-c/queries/tags.scm'],
    },
  },
  {
    id: 'swift',
    name: 'Swift',
    extensions: ['.swift'],
    supported: false,
    reason:
      'no npm package ships a Swift tree-sitter .wasm (tree-sitter-swift 0.7.1 ships tags.scm only); files are listed without definitions',
  },
];

const BY_EXTENSION = new Map<string, LanguageInfo>(
  LANGUAGES.flatMap((language) => language.extensions.map((ext) => [ext, language] as const)),
);

/**
 * Lines that only C++ headers contain: classes, namespaces, templates, access specifiers, `std::`.
 * A line's leading blank is `[^\S\r\n\u2028\u2029]*`, not `\s*`: under the `m` flag `^\s*` runs
 * over every following blank line before it fails, quadratic in a header of blank lines (a 1 MiB one
 * would take minutes to index); the two accept the same texts.
 */
const CPP_HEADER =
  /^[^\S\r\n\u2028\u2029]*(class\s+\w+|namespace\b|template\s*<|(public|private|protected)\s*:)|\bstd::/m;

/**
 * What only Objective-C headers contain: an `@interface` or `@protocol` block at the start of a
 * line (leading blank as in {@link CPP_HEADER}), which `@end` closes (on its line, or on a later
 * one), or a forward declaration `@class Foo, Bar;` at the start of a line. Doxygen's `@interface`
 * and `@class` commands in a comment block have no `@end` and no semicolon.
 */
const OBJC_BLOCK = /^[^\S\r\n\u2028\u2029]*@(?:interface|protocol)[^\S\r\n\u2028\u2029]+[A-Za-z_]/m;
const OBJC_END = /(?<![\w@])@end\b/;
const OBJC_FORWARD =
  /^[^\S\r\n\u2028\u2029]*@class[^\S\r\n\u2028\u2029]+\w+(?:,[^\S\r\n\u2028\u2029]*\w+)*;/m;

/**
 * A line that only Objective-C (or C) source has at its start: a preprocessor include or an
 * Objective-C block. A `.m` file without one is MATLAB (or Mathematica, Mercury) code, whose
 * comments are `%` lines: the Objective-C grammar would read it as errors.
 */
const OBJC_SOURCE =
  /^[^\S\r\n\u2028\u2029]*(?:#[^\S\r\n\u2028\u2029]*(?:import|include)\b|@(?:implementation|interface|protocol|class)\b)/m;

/** Whether a `.h` header's text declares Objective-C classes or protocols. */
function isObjcHeader(content: string): boolean {
  return (OBJC_BLOCK.test(content) && OBJC_END.test(content)) || OBJC_FORWARD.test(content);
}

/**
 * Picks the language of a file from its name; a `.h` header counts as Objective-C when `content`
 * declares an Objective-C class or protocol ({@link isObjcHeader}), else as C++ when it shows
 * C++-only syntax (classes, namespaces, templates, access specifiers, `std::`). A `.m` file is
 * Objective-C unless `content` holds no include and no Objective-C block ({@link OBJC_SOURCE}).
 * @param filePath repository-relative or absolute path.
 * @param content the file's text, used only for `.h` and `.m`; without it `.h` is C and `.m`
 *   Objective-C.
 * @returns the language, or `null` for an unknown extension or a `.m` file of another language.
 */
export function languageForPath(filePath: string, content?: string): LanguageInfo | null {
  const ext = path.extname(filePath).toLowerCase();
  const language = BY_EXTENSION.get(ext);
  if (!language) return null;
  if (ext === '.m' && content !== undefined && !OBJC_SOURCE.test(content)) return null;
  if (ext === '.h' && content !== undefined) {
    if (isObjcHeader(content)) return BY_EXTENSION.get('.m') ?? language;
    if (CPP_HEADER.test(content)) return BY_EXTENSION.get('.hpp') ?? language;
  }
  return language;
}
