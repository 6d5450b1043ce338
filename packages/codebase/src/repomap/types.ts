/**
 * Shapes of the repository index that the repository map, the code tools and the localizer share.
 * Paths are relative to the repository root, with `/` separators. Lines are 1-based, inclusive.
 */

/**
 * Every kind of definition, normalised across languages from tags.scm captures. The order is the
 * order of symbol look-up results (`findDefinitions`): types and functions before members,
 * values last.
 */
export const DEFINITION_KINDS = [
  'class',
  'interface',
  'type',
  'enum',
  'function',
  'method',
  'module',
  'macro',
  'constant',
  'field',
  'variable',
  'other',
] as const;

/** Kind of a definition, normalised across languages from tags.scm captures. */
export type DefinitionKind = (typeof DEFINITION_KINDS)[number];

/** One definition found by tree-sitter tags. */
export interface Definition {
  name: string;
  kind: DefinitionKind;
  /** Repository-relative path. */
  path: string;
  /** 1-based inclusive line range of the whole definition node. */
  lines: [number, number];
  /** Enclosing scope names, outermost first, e.g. `['Parser', 'parseInline']`. */
  scope: string[];
  /** The definition's first line(s), trimmed: what the map shows. At most 200 characters. */
  signature: string;
}

/** One reference (use, call, import) of a name. */
export interface Reference {
  name: string;
  path: string;
  /** 1-based line. */
  line: number;
  /**
   * What the name was selected from, where the grammar gives it: the operand of a Go selector
   * (`fmt` in `fmt.Println`, `s` in `s.Close()`) or the package of a qualified type.
   */
  qualifier?: string;
}

/** One import of a file (Go `import` specs). */
export interface ImportSpec {
  /** The imported path as written, e.g. `github.com/acme/tool/internal/config`. */
  path: string;
  /** The local name given in the import (`cfg "…/config"`, `.` or `_`), if any. */
  alias?: string;
}

/** One indexed file. */
export interface IndexedFile {
  path: string;
  /** Language id, e.g. `typescript`, `tsx`, `javascript`, `python`, or `null` when not parsed. */
  language: string | null;
  /** Size in bytes. */
  size: number;
  /** Number of lines. */
  lineCount: number;
  mtimeMs: number;
  definitions: Definition[];
  references: Reference[];
  /** 1-based lines that look like secrets (`scanSecrets`): never quoted or shown. */
  secretLines?: number[];
  /** The package the file declares (Go `package x`), where the grammar gives it. */
  package?: string;
  /** The file's imports (Go), where the grammar gives them. */
  imports?: ImportSpec[];
}

/** The whole index of a repository. */
export interface RepositoryIndex {
  /** Absolute, real path of the repository root. */
  root: string;
  /** Every indexed file, keyed by repository-relative path. */
  files: Map<string, IndexedFile>;
  /** Files skipped and why (vendored, generated, minified, binary, too large). */
  skipped: { path: string; reason: string }[];
  /** Problems that did not stop the index (a grammar that failed to load, an unsupported language). */
  warnings?: string[];
}

/** What a report is about; used to personalize PageRank. */
export interface Focus {
  /** Identifiers mentioned in the report (function names, error names, …). */
  identifiers?: string[];
  /** Repository-relative paths mentioned in the report. */
  paths?: string[];
  /** Stack frames mapped to repository files (1-based line). */
  frames?: { path: string; line?: number }[];
}

/** A file with its personalized PageRank score. */
export interface RankedFile {
  path: string;
  /** PageRank score; scores over all files sum to 1. */
  rank: number;
}
