/**
 * `wrapTools`: every tool with an `execute` gets a `toModelOutput` that offloads a result over
 * the token limit to the store and sends the model the replacement (path, size, preview).
 *
 * Why `toModelOutput` rather than replacing what `execute` returns: the application keeps the
 * original result (in `steps[].toolResults`, `onStepFinish`, UI streams), and only the model's view
 * changes. The AI SDK calls `toModelOutput` for successful results only, so errors thrown by
 * `execute` reach the model unchanged. A tool's own `toModelOutput` runs first and its output is
 * what gets offloaded. Tools without `execute` (results supplied by the app) and provider-executed
 * tools pass through untouched.
 */
import type { Encoding } from '@sightline/core';
import type { ToolSet } from 'ai';
import type { CompactionEventListener } from '../history/compaction-events.js';
import type { ToolResultOutput } from '../history/tool-output-text.js';
import type { CompactionStore } from '../stores/compaction-store.js';
import { assertStoreVersion } from '../stores/store-paths.js';
import {
  DEFAULT_OFFLOAD_LIMIT_TOKENS,
  offloadToolOutput,
  toDefaultModelOutput,
} from './offload-tool-output.js';

/** Options of {@link wrapTools}. */
export interface WrapToolsOptions {
  /** Where offloaded results go. */
  store: CompactionStore;
  /** Session id (part of every store path). */
  session: string;
  /** Results whose text is over this many tokens are offloaded. Default 20,000. */
  limitTokens?: number;
  /** Encoding to count with (from the model profile). Default `o200k_base`. */
  encoding?: Encoding;
  /** Receives a `tool-result-offload` event for each offloaded result (once per tool call). */
  onEvent?: CompactionEventListener;
  /** Current step of the tool loop, for events. Default: -1 (unknown). */
  currentStep?: () => number;
  /**
   * Tokens of the context at the latest step, so events count the whole context (that plus the
   * result). Default: 0 — without a compaction engine the context is unknown, and
   * `tokensBefore`/`tokensAfter` count the result alone.
   */
  contextTokens?: () => number;
  /** Clock for events, ms since the Unix epoch. Default `Date.now`. */
  now?: () => number;
}

type ToModelOutput = (options: {
  toolCallId: string;
  input: unknown;
  output: unknown;
}) => ToolResultOutput | PromiseLike<ToolResultOutput>;

/**
 * Wraps a tool set so large results are offloaded before the model sees them.
 * @param tools - the tools to give the model.
 * @param options - see {@link WrapToolsOptions}.
 * @returns a tool set of the same type; tools without `execute` are the same objects.
 * @throws SightlineError `STORE_VERSION_MISMATCH` for a store of another contract version. A store
 * write that fails later does not throw: the model gets the full result (nothing is lost) and a
 * `compaction-skip` event carries the store's error.
 * @example
 * const tools = wrapTools({ grep, read_file }, { store: createMemoryStore(), session: 'run-1' });
 * await generateText({ model, tools, stopWhen: stepCountIs(20), prompt });
 */
export function wrapTools<TOOLS extends ToolSet>(
  tools: TOOLS,
  {
    store,
    session,
    limitTokens = DEFAULT_OFFLOAD_LIMIT_TOKENS,
    encoding = 'o200k_base',
    onEvent,
    currentStep = () => -1,
    contextTokens = () => 0,
    now = Date.now,
  }: WrapToolsOptions,
): TOOLS {
  assertStoreVersion(store);
  const reported = new Set<string>();
  const wrapped: ToolSet = {};
  for (const [toolName, definition] of Object.entries(tools)) {
    if (!definition.execute || definition.type === 'provider') {
      wrapped[toolName] = definition;
      continue;
    }
    const original = definition.toModelOutput as ToModelOutput | undefined;
    const toModelOutput: ToModelOutput = async (call) => {
      const output = original ? await original(call) : toDefaultModelOutput(call.output);
      const offload = await offloadToolOutput({
        store,
        session,
        toolCallId: call.toolCallId,
        toolName,
        output,
        limitTokens,
        encoding,
      }).catch((error: unknown) => {
        // The store failed: the model gets the full result (nothing lost), and the event says why.
        const context = contextTokens();
        onEvent?.({
          type: 'compaction-skip',
          session,
          step: currentStep(),
          tokensBefore: context,
          tokensAfter: context,
          moved: [],
          reason: `tool-result-offload of ${toolName} result ${call.toolCallId} skipped: the store failed (${error instanceof Error ? error.message : String(error)}). The full result stays in the context. Free space or fix the store's permissions.`,
          at: now(),
        });
        return undefined;
      });
      if (!offload) return output;
      if (!reported.has(call.toolCallId)) {
        reported.add(call.toolCallId);
        const context = contextTokens();
        onEvent?.({
          type: 'tool-result-offload',
          session,
          step: currentStep(),
          tokensBefore: context + offload.tokensBefore,
          tokensAfter: context + offload.tokensAfter,
          resultTokensBefore: offload.tokensBefore,
          resultTokensAfter: offload.tokensAfter,
          moved: [{ toolCallId: call.toolCallId, toolName, path: offload.path }],
          at: now(),
        });
      }
      return offload.output;
    };
    wrapped[toolName] = { ...definition, toModelOutput } as ToolSet[string];
  }
  return wrapped as TOOLS;
}
