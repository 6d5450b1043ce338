/**
 * The store contract: where compaction puts what leaves the context window (offloaded tool results,
 * transcripts). `createMemoryStore` and `createDiskStore` implement it, and `describeStoreContract`
 * (store-contract.ts) holds every implementation to the same behaviour.
 *
 * Store paths are POSIX-style and absolute *within the store* (`/tool_results/<session>/<id>.txt`,
 * `/conversation_history/<session>.md`); they never name a place on the host file system. The
 * store interface is versioned (`version: 1`) so a pluggable backend written for another version is
 * rejected with a clear error instead of misbehaving (Sightline STYLE.md item 10).
 */

/** Version of the {@link CompactionStore} contract implemented by this package. */
export const STORE_VERSION = 1;

/** Size and age of one stored entry. */
export interface StoreEntryInfo {
  /** Store path, e.g. `/tool_results/s1/call_1.txt`. */
  path: string;
  /** Size of the content in bytes (UTF-8). */
  bytes: number;
  /** Number of lines (a trailing newline does not start a new line; empty content has 0). */
  lines: number;
  /** Last write or append, in milliseconds since the Unix epoch. */
  modifiedAt: number;
}

/** Options of {@link CompactionStore.read}. */
export interface StoreReadOptions {
  /** First line to return, 1-based. Default 1. */
  offset?: number;
  /** Most lines to return. Default: all lines from `offset`. */
  limit?: number;
}

/** A window of lines read from a stored entry. */
export interface StoreReadResult {
  /** Store path that was read. */
  path: string;
  /**
   * The selected lines, raw (no line numbers), joined with `\n`, without a trailing newline.
   * Callers that show lines to a model number them themselves (`lines[0]` is the first number).
   */
  content: string;
  /** First and last line returned, 1-based inclusive; `[offset, offset - 1]` when none. */
  lines: [start: number, end: number];
  /** Number of lines in the whole entry. */
  totalLines: number;
  /** Offset to pass to read the next lines, or `undefined` when the end was reached. */
  nextOffset: number | undefined;
}

/** Options of {@link CompactionStore.grep}. */
export interface StoreGrepOptions {
  /** Only search entries whose path starts with this prefix (e.g. `/tool_results/s1/`). Default `/`. */
  prefix?: string;
  /** Stop after this many matches. Default 100. */
  maxMatches?: number;
}

/** One line matched by {@link CompactionStore.grep}. */
export interface StoreMatch {
  /** Store path of the entry. */
  path: string;
  /** Line number, 1-based. */
  line: number;
  /** The matched line, cut to at most 500 characters (with `…` when cut). */
  text: string;
}

/**
 * Where compaction puts what leaves the context window: offloaded tool results, transcripts.
 *
 * Every method validates its path (see `assertStorePath`) and throws `SightlineError`
 * `STORE_PATH_INVALID` for `..`, `.`, empty segments, NUL, backslashes or a relative path; reading a
 * missing entry throws `STORE_ENTRY_NOT_FOUND`. Implementations: `createMemoryStore()`,
 * `createDiskStore({ root })`; both pass the same contract test suite.
 */
export interface CompactionStore {
  /** Contract version; this package only accepts `1`. */
  readonly version: 1;
  /**
   * Replaces the content at `path` (creating parent folders). Atomic for the disk store: a reader
   * sees the old content or the new one, never a part.
   * @throws SightlineError `STORE_PATH_INVALID`.
   */
  write(path: string, content: string): Promise<void>;
  /**
   * Appends `content` to the entry at `path`, creating it when missing. Never leaves a half-written
   * entry behind (the disk store rewrites through a temporary file).
   * @throws SightlineError `STORE_PATH_INVALID`.
   */
  append(path: string, content: string): Promise<void>;
  /**
   * Reads a window of lines.
   * @throws SightlineError `STORE_PATH_INVALID`, `STORE_ENTRY_NOT_FOUND`, `INVALID_ARGUMENT`
   * (offset < 1 or limit < 1).
   */
  read(path: string, options?: StoreReadOptions): Promise<StoreReadResult>;
  /**
   * Lists entries whose path starts with `prefix` (default `/`), sorted by path.
   * @throws SightlineError `STORE_PATH_INVALID` when `prefix` is not absolute.
   */
  list(prefix?: string): Promise<StoreEntryInfo[]>;
  /**
   * Finds lines matching `pattern`, in path order. A model may write the pattern, so it is RE2
   * syntax (JavaScript regular expressions without lookaround or backreferences; `(?i)` ignores
   * case), matched in linear time: no pattern can cause catastrophic backtracking. The built-in
   * stores scan the first 10,000 characters of each line and cut returned lines to 500.
   * @throws SightlineError `INVALID_REGEX` when the pattern does not compile; `STORE_PATH_INVALID`
   * for a prefix that is not absolute; `INVALID_ARGUMENT` when `maxMatches` < 1.
   */
  grep(pattern: string, options?: StoreGrepOptions): Promise<StoreMatch[]>;
  /** Size and age of the entry, or `undefined` when there is none. */
  stat(path: string): Promise<StoreEntryInfo | undefined>;
}
