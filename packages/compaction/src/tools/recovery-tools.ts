/**
 * The recovery tools an agent uses to get back what compaction moved out of its context:
 * `read_stored` (numbered lines of a stored entry, with offset/limit) and `search_stored` (lines
 * matching a regular expression across stored entries). They never throw: failures come back as
 * `{ error: { code, message } }` values whose message says what to do. Outputs are capped in lines
 * and tokens, with a note saying how to get the rest.
 */
import {
  countFittingItems,
  isToolError,
  pluralize,
  SightlineError,
  type ToolError,
  toToolError,
} from '@sightline/core';
import { type Tool, tool } from 'ai';
import { z } from 'zod';
import { numberLines } from '../history/numbered-lines.js';
import type { CompactionStore, StoreMatch, ToolResultOutput } from '../history/types.js';
import {
  assertStorePath,
  assertStorePrefix,
  escapeStoreId,
  transcriptPath,
} from '../stores/store-paths.js';

/** Options of {@link createRecoveryTools}. */
export interface RecoveryToolsOptions {
  /** The store compaction writes to. */
  store: CompactionStore;
  /**
   * Restricts both tools to this session's entries (`/tool_results/<session>/` and its transcript),
   * so agents sharing a store cannot read each other's data. Default: the whole store.
   */
  session?: string;
  /** Most tokens of one tool output (o200k_base). Default 5,000. */
  maxOutputTokens?: number;
  /** Most lines `read_stored` returns per call. Default 200. */
  maxReadLines?: number;
  /** Most matches `search_stored` returns per call. Default 50. */
  maxMatches?: number;
}

/** Input of `read_stored`. */
export interface ReadStoredInput {
  path: string;
  offset?: number;
  limit?: number;
}

/** Input of `search_stored`. */
export interface SearchStoredInput {
  pattern: string;
  path_prefix?: string;
}

/** What `read_stored` returns on success. */
export interface ReadStoredOutput {
  /** Numbered lines and notes, as the model reads them. */
  text: string;
  path: string;
  /** Lines shown, 1-based inclusive. */
  lines: [number, number];
  totalLines: number;
  /** Offset to continue from, when lines are left. */
  nextOffset: number | undefined;
}

/** What `search_stored` returns on success. */
export interface SearchStoredOutput {
  /** Matches grouped by path, as the model reads them. */
  text: string;
  matches: StoreMatch[];
  /** True when more matches may exist than were returned. */
  truncated: boolean;
}

/** The recovery tools, keyed by the names the model sees (a type alias, so it is a `ToolSet`). */
export type RecoveryTools = {
  read_stored: Tool<ReadStoredInput, ReadStoredOutput | ToolError>;
  search_stored: Tool<SearchStoredInput, SearchStoredOutput | ToolError>;
};

/**
 * Creates `read_stored` and `search_stored`.
 * @param options - see {@link RecoveryToolsOptions}.
 * @returns AI SDK tools; spread them into the tool set given to the model.
 * @example
 * const tools = { ...myTools, ...createRecoveryTools({ store, session: 'run-1' }) };
 */
export function createRecoveryTools({
  store,
  session,
  maxOutputTokens = 5_000,
  maxReadLines = 200,
  maxMatches = 50,
}: RecoveryToolsOptions): RecoveryTools {
  const scopes = session
    ? [`/tool_results/${escapeStoreId(session)}/`, transcriptPath(session)]
    : ['/'];
  const inScope = (path: string) => scopes.some((scope) => path.startsWith(scope));
  const outOfScope = (path: string) =>
    new SightlineError({
      code: 'STORE_PATH_INVALID',
      message: `${path} is outside this session's store. Use a path under ${scopes.join(' or ')}, exactly as the conversation gave it.`,
      details: { path },
    });

  const readStored = async ({ path, offset = 1, limit = maxReadLines }: ReadStoredInput) => {
    assertStorePath(path);
    if (!inScope(path)) throw outOfScope(path);
    const window = await store
      .read(path, { offset, limit: Math.min(limit, maxReadLines) })
      .catch(async (error) => {
        if (!SightlineError.isInstance(error) || error.code !== 'STORE_ENTRY_NOT_FOUND')
          throw error;
        throw await notFound(store, path);
      });
    if (window.totalLines > 0 && offset > window.totalLines) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `offset ${offset} is past the end: ${path} has ${pluralize(window.totalLines, 'line')}. Use an offset from 1 to ${window.totalLines}.`,
      });
    }
    const lines =
      window.content === '' && window.totalLines === 0 ? [] : window.content.split('\n');
    const { lines: numbered, cut } = numberLines(lines, offset);
    const render = (count: number) => {
      const last = offset + count - 1;
      const out = [
        lines.length === 0
          ? `${path} is empty (0 lines).`
          : `${path} (lines ${offset}-${last} of ${window.totalLines})`,
        ...numbered.slice(0, count),
      ];
      if (last < window.totalLines) {
        out.push(
          `[Showing lines ${offset}-${last} of ${window.totalLines}. To read on, call read_stored with offset=${last + 1}.]`,
        );
      }
      if (cut > 0)
        out.push(`[${pluralize(cut, 'line')} longer than 2,000 characters cut with "…".]`);
      return out.join('\n');
    };
    const shown = Math.max(
      Math.min(1, lines.length),
      countFittingItems(lines.length, maxOutputTokens, render),
    );
    const last = offset + shown - 1;
    return {
      text: render(shown),
      path,
      lines: [offset, last] as [number, number],
      totalLines: window.totalLines,
      nextOffset: last < window.totalLines ? last + 1 : undefined,
    };
  };

  const searchStored = async ({ pattern, path_prefix }: SearchStoredInput) => {
    // Search where the asked prefix and this session's scopes overlap (the narrower of each pair).
    const prefixes =
      path_prefix === undefined
        ? scopes
        : [
            ...new Set(
              scopes.flatMap((scope) =>
                path_prefix.startsWith(scope)
                  ? [path_prefix]
                  : scope.startsWith(path_prefix)
                    ? [scope]
                    : [],
              ),
            ),
          ];
    if (path_prefix !== undefined) {
      assertStorePrefix(path_prefix);
      if (prefixes.length === 0) throw outOfScope(path_prefix);
    }
    const found: StoreMatch[] = [];
    for (const prefix of prefixes) {
      found.push(
        ...(await store.grep(pattern, { prefix, maxMatches: maxMatches + 1 - found.length })),
      );
      if (found.length > maxMatches) break;
    }
    const where = path_prefix ?? (session ? "this session's store" : 'the store');
    if (found.length === 0) {
      return {
        text: `No lines match /${pattern}/ in ${where}. Try a shorter or case-insensitive pattern ((?i)word).`,
        matches: [],
        truncated: false,
      };
    }
    const render = (count: number) => {
      const out = [`Lines matching /${pattern}/ in ${where}:`];
      let currentPath = '';
      for (const match of found.slice(0, count)) {
        if (match.path !== currentPath) {
          currentPath = match.path;
          out.push(match.path);
        }
        out.push(numberLines([match.text], match.line, { maxLineChars: 500 }).lines[0] ?? '');
      }
      if (count < found.length) {
        out.push(
          `[Showing the first ${pluralize(count, 'match', 'matches')}; more exist. Narrow the pattern or path_prefix, or read around a line with read_stored.]`,
        );
      } else {
        out.push(
          '[To see the lines around a match, call read_stored with its path and an offset a few lines before it.]',
        );
      }
      return out.join('\n');
    };
    const wanted = Math.min(found.length, maxMatches);
    const shown = Math.max(1, countFittingItems(wanted, maxOutputTokens, render));
    return { text: render(shown), matches: found.slice(0, shown), truncated: shown < found.length };
  };

  return {
    read_stored: tool({
      description: `Read lines of content that was moved out of this conversation to save space: offloaded tool results (/tool_results/...) and earlier conversation transcripts (/conversation_history/...). Pass the exact path the conversation gave. Returns up to ${maxReadLines} numbered lines (about ${maxOutputTokens.toLocaleString('en-US')} tokens at most) per call; use offset to read on.`,
      inputSchema: z.object({
        path: z
          .string()
          .describe(
            'Store path, e.g. /tool_results/<session>/<id>.txt, exactly as given in the conversation.',
          ),
        offset: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe('First line to read, 1-based. Default 1.'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(maxReadLines)
          .optional()
          .describe(`Lines to read. Default and maximum ${maxReadLines}.`),
      }),
      execute: (input) => readStored(input).catch(toToolError),
      toModelOutput: ({ output }) => toModelOutput(output),
    }),
    search_stored: tool({
      description: `Search content that was moved out of this conversation (offloaded tool results and earlier conversation transcripts) for lines matching a regular expression. RE2 syntax: like JavaScript regular expressions but without lookaround or backreferences; prefix (?i) to ignore case. Returns up to ${maxMatches} matching lines with their path and line number; then read around a match with read_stored.`,
      inputSchema: z.object({
        pattern: z
          .string()
          .min(1)
          .describe(
            'Regular expression (RE2, at most 1,000 characters), e.g. "TypeError|undefined is not" or "(?i)checkout".',
          ),
        path_prefix: z
          .string()
          .optional()
          .describe(
            'Only search paths starting with this, e.g. /tool_results/<session>/. Default: everything this conversation stored.',
          ),
      }),
      execute: (input) => searchStored(input).catch(toToolError),
      toModelOutput: ({ output }) => toModelOutput(output),
    }),
  };
}

async function notFound(store: CompactionStore, path: string): Promise<SightlineError> {
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  const siblings = await store.list(folder).catch(() => []);
  const names = siblings.slice(0, 10).map((entry) => entry.path);
  const hint =
    names.length > 0
      ? ` Stored under ${folder}: ${names.join(', ')}${siblings.length > names.length ? ', …' : ''}.`
      : ' Use search_stored to find what you are looking for.';
  return new SightlineError({
    code: 'STORE_ENTRY_NOT_FOUND',
    message: `Nothing is stored at ${path}.${hint}`,
    details: { path },
  });
}

function toModelOutput(output: { text: string } | ToolError): ToolResultOutput {
  if (isToolError(output)) return { type: 'error-json', value: { error: { ...output.error } } };
  return { type: 'text', value: output.text };
}
