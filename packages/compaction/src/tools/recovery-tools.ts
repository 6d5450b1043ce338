/**
 * The recovery tools an agent uses to get back what compaction moved out of its context:
 * `read_stored` (numbered lines of a stored entry, with offset/limit) and `search_stored` (lines
 * matching a regular expression across stored entries). They never throw: failures come back as
 * `{ error: { code, message } }` values whose message says what to do. Outputs are capped in lines
 * and tokens, with a note saying how to get the rest.
 */
import { isToolError, type ToolError, toToolError } from '@sightline/core';
import { type Tool, tool } from 'ai';
import { z } from 'zod';
import type { ToolResultOutput } from '../history/tool-output-text.js';
import type { CompactionStore } from '../stores/compaction-store.js';
import { type ReadStoredInput, type ReadStoredOutput, readStored } from './read-stored.js';
import { type SearchStoredInput, type SearchStoredOutput, searchStored } from './search-stored.js';
import { createStoreScope } from './store-scope.js';

export type { ReadStoredInput, ReadStoredOutput, SearchStoredInput, SearchStoredOutput };

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
  const scope = createStoreScope(session);
  const scopeName = session ? "this session's store" : 'the store';
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
      execute: (input) =>
        readStored(input, { store, scope, maxReadLines, maxOutputTokens }).catch(toToolError),
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
      execute: (input) =>
        searchStored(input, { store, scope, maxMatches, maxOutputTokens, scopeName }).catch(
          toToolError,
        ),
      toModelOutput: ({ output }) => toModelOutput(output),
    }),
  };
}

function toModelOutput(output: { text: string } | ToolError): ToolResultOutput {
  if (isToolError(output)) return { type: 'error-json', value: { error: { ...output.error } } };
  return { type: 'text', value: output.text };
}
