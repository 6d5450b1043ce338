/**
 * Truncation of old tool inputs: the large string arguments of write/edit-style tool calls (file
 * contents, replacement text, patches) are replaced by a pointer to the full input in the store.
 *
 * Write/edit-style calls are recognised by their arguments, not their names: any string argument
 * (at any depth of the input object) of at least `largeInputTokens` tokens is content, not a
 * parameter such as a path or a pattern. The default, 256 tokens (about 1 KB of code), is this
 * package's choice: paths, patterns and queries stay far below it, a file body or patch rarely does.
 * Other arguments stay, so the model still sees which file was written.
 */
import { countTokens, type Encoding } from '@sightline/core';
import type { ModelMessage, ToolCallPart } from 'ai';
import type { CompactionMove } from '../history/compaction-events.js';
import type { CompactionPlan, StoreWrite } from '../history/compaction-plan.js';
import { settledExchangesBefore } from '../history/tool-exchanges.js';
import { escapeStoreId } from '../stores/store-paths.js';

/** Default size from which a string tool argument counts as content, in tokens. */
export const DEFAULT_LARGE_INPUT_TOKENS = 256;

/** Start of the text that replaces a truncated argument (recognised to never truncate twice). */
export const TRUNCATED_INPUT_PREFIX = '[truncated tool input]';

/**
 * Where the full input of a truncated tool call lives:
 * `/tool_results/<session>/<toolCallId>.input.json`, beside the call's result (escaped ids never
 * contain `.`, so this never collides with a result's `<toolCallId>.txt`), and so inside the
 * session's scope of `read_stored`/`search_stored`.
 * @param session - session id (escaped).
 * @param toolCallId - tool call id (escaped).
 * @returns a valid store path.
 * @throws SightlineError `INVALID_ARGUMENT` for an empty id.
 */
export function toolInputPath(session: string, toolCallId: string): string {
  return `/tool_results/${escapeStoreId(session)}/${escapeStoreId(toolCallId)}.input.json`;
}

/** Options of {@link truncateToolInputs}. */
export interface TruncateToolInputsOptions {
  /** Session id (names the store paths). */
  session: string;
  /** Index of the first message of the recent window; calls from there on are kept whole. */
  recentStart: number;
  /** Size from which a string argument is replaced, in tokens. Default 256. */
  largeInputTokens?: number;
  /** Encoding to count with. Default `o200k_base`. */
  encoding?: Encoding;
}

/**
 * Plans the truncation of large arguments of settled tool calls before `recentStart`.
 * Pure: returns the new history and the writes that must land first.
 * @param messages - the history.
 * @param options - see {@link TruncateToolInputsOptions}.
 * @returns a plan; `moved` is empty when no argument was large enough.
 */
export function truncateToolInputs(
  messages: readonly ModelMessage[],
  {
    session,
    recentStart,
    largeInputTokens = DEFAULT_LARGE_INPUT_TOKENS,
    encoding,
  }: TruncateToolInputsOptions,
): CompactionPlan {
  const result = [...messages];
  const writes: StoreWrite[] = [];
  const moved: CompactionMove[] = [];
  const callers = settledExchangesBefore(messages, recentStart).flatMap((block) =>
    Array.from({ length: block.end - block.start }, (_, offset) => block.start + offset),
  );
  for (const index of callers) {
    const message = messages[index] as ModelMessage;
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    let changed = false;
    const content = message.content.map((part) => {
      if (part.type !== 'tool-call') return part;
      const path = toolInputPath(session, part.toolCallId);
      const pointer = `${TRUNCATED_INPUT_PREFIX} full input of ${part.toolName} (call ${part.toolCallId}) is in the store at ${path}; use read_stored to see it.`;
      const input = replaceLargeStrings(part.input, (text) =>
        text.length >= largeInputTokens && countTokens(text, { encoding }) >= largeInputTokens
          ? pointer
          : undefined,
      );
      if (input === part.input) return part;
      changed = true;
      writes.push({ path, content: JSON.stringify(part.input, null, 2) });
      moved.push({ toolCallId: part.toolCallId, toolName: part.toolName, path });
      return { ...part, input } satisfies ToolCallPart;
    });
    if (changed) result[index] = { ...message, content };
  }
  return { messages: result, writes, moved };
}

/** Returns `value` itself when nothing was replaced, a copy otherwise. */
function replaceLargeStrings(
  value: unknown,
  replace: (text: string) => string | undefined,
): unknown {
  if (typeof value === 'string') {
    return value.startsWith(TRUNCATED_INPUT_PREFIX) ? value : (replace(value) ?? value);
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => replaceLargeStrings(item, replace));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(
      ([key, item]) => [key, replaceLargeStrings(item, replace)] as const,
    );
    const record = value as Record<string, unknown>;
    return entries.some(([key, item]) => item !== record[key])
      ? Object.fromEntries(entries)
      : value;
  }
  return value;
}
