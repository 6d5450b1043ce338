/**
 * The caps every code tool applies, in one place, so that no tool call can flood the model's
 * context window or hang the agent run. Each tool reads the fields it needs.
 */
import { formatBytes, SightlineError } from '@sightline/core';
import { DEFAULT_MAX_READ_BYTES } from '../repository/read-at-most.js';

/** Caps of the code tools. Every field is optional; defaults are in {@link DEFAULT_LIMITS}. */
export interface CodeToolLimits {
  /** Upper bound on the tokens (o200k_base) of one tool result's text. Default 10,000. */
  maxOutputTokens?: number;
  /** Upper bound a caller may raise grep's `maxResults` to, in matches. Default 500. */
  maxGrepResults?: number;
  /** Characters of a matching line grep shows before cutting it with `…`. Default 200. */
  maxMatchChars?: number;
  /** Seconds-long searches are stopped after this many milliseconds. Default 10,000 ms. */
  grepTimeoutMs?: number;
  /** Bytes of ripgrep output read before the search is stopped. Default 64 MiB. */
  maxGrepOutputBytes?: number;
  /** Lines read_file returns per call. Default 200. */
  maxReadLines?: number;
  /** Characters of one line read_file shows before cutting it. Default 2,000. */
  maxLineChars?: number;
  /**
   * Files larger than this are neither read by read_file nor searched by grep
   * ({@link fileTooLarge}), in bytes. Default 10 MiB.
   */
  maxFileBytes?: number;
  /** Entries list_dir shows. Default 200. */
  maxListEntries?: number;
  /** Folder depth list_dir may be asked for. Default 5. */
  maxListDepth?: number;
  /** Definitions find_symbol shows. Default 30. */
  maxSymbolResults?: number;
}

/**
 * Default caps. 200 lines a read and 2,000 characters a line follow the read tools of current
 * coding agents (Claude Code's Read tool: 2,000 lines, lines cut at 2,000 characters); the line
 * count is lower here because a diagnosis reads many small ranges rather than whole files.
 */
export const DEFAULT_LIMITS: Readonly<Required<CodeToolLimits>> = Object.freeze({
  maxOutputTokens: 10_000,
  maxGrepResults: 500,
  maxMatchChars: 200,
  grepTimeoutMs: 10_000,
  maxGrepOutputBytes: 64 * 1_048_576,
  maxReadLines: 200,
  maxLineChars: 2_000,
  maxFileBytes: DEFAULT_MAX_READ_BYTES,
  maxListEntries: 200,
  maxListDepth: 5,
  maxSymbolResults: 30,
});

/**
 * The refusal of a file over `maxFileBytes`, the same from read_file and grep (a grep with `path`
 * on it): neither tool shows its lines, so neither points at the other (fresh-user trial 40, where
 * read_file advised grep and grep answered "no matches").
 * @param shownPath - the path as the caller gave it.
 * @param size - the file's size, in bytes.
 * @param maxFileBytes - the cap, in bytes.
 * @returns a `FILE_TOO_LARGE` error with `details.path`.
 */
export function fileTooLarge(
  shownPath: string,
  size: number,
  maxFileBytes: number,
): SightlineError {
  return new SightlineError({
    code: 'FILE_TOO_LARGE',
    message: `"${shownPath}" is ${formatBytes(size)}; read_file and grep read files up to ${formatBytes(maxFileBytes)} (the secret gate checks no larger file), so its lines cannot be shown. A file this large is usually generated, minified or data: look for the files it is built from (find_symbol, or grep over the rest of the repository).`,
    details: { path: shownPath },
  });
}
