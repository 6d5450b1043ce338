/**
 * `createCompaction`: everything an AI SDK tool loop needs to stay inside its model's window —
 * a `prepareStep` (or a language-model middleware, on the same engine), tool wrapping that
 * offloads large results, and recovery tools.
 */
import { randomUUID } from 'node:crypto';
import { countTokens, type ModelProfile } from '@sightline/core';
import type {
  LanguageModel,
  LanguageModelMiddleware,
  ModelMessage,
  SystemModelMessage,
  ToolSet,
} from 'ai';
import type { CompactionEvent, CompactionEventListener } from '../history/compaction-events.js';
import type { ContextSize } from '../history/context-size.js';
import { resolveContextSize } from '../history/context-size.js';
import {
  countMessagesTokens,
  countMessageTokens,
  countToolsTokens,
  PROMPT_OVERHEAD_TOKENS,
} from '../history/message-tokens.js';
import { offloadToolMessage } from '../offload/offload-tool-message.js';
import { wrapTools } from '../offload/wrap-tools.js';
import type { CompactionStore } from '../stores/compaction-store.js';
import { createMemoryStore } from '../stores/memory-store.js';
import { assertStoreVersion, transcriptPath } from '../stores/store-paths.js';
import { createCompactNowTool } from '../tools/compact-now-tool.js';
import { createRecoveryTools } from '../tools/recovery-tools.js';
import { createCompactionEngine } from './compaction-engine.js';
import {
  fromLanguageModelPrompt,
  type LanguageModelCallOptions,
  toLanguageModelPrompt,
} from './language-model-prompt.js';
import { createUsageCalibration } from './usage-calibration.js';
import { validateCompactionOptions } from './validate-compaction-options.js';

/** Options of {@link createCompaction}. */
export interface CreateCompactionOptions {
  /** The model's window, output limit and encoding (`getModelProfile` from @sightline/core). */
  profile: ModelProfile;
  /** Where offloaded content and transcripts go. Default: a new in-memory store. */
  store?: CompactionStore;
  /** Session id naming store paths; unique per conversation. Default: a random UUID. */
  session?: string;
  /** Tool results above this size are offloaded to the store. Default `{ tokens: 20_000 }`. */
  offloadLimit?: ContextSize;
  /** Context size from which old inputs are truncated, old results masked, then history summarized. Default `{ fraction: 0.85 }`. */
  trigger?: ContextSize;
  /** Newest part of the history kept verbatim (cut at tool exchange boundaries), at most. Default `{ fraction: 0.1 }`. */
  keepRecent?: ContextSize;
  /**
   * Size a compaction brings the context down to once triggered, shrinking the kept recent part
   * if needed, so the next steps append without compacting again. `{ tokens }` or `{ fraction }`.
   * Default `{ fraction: 0.5 }` (see `DEFAULT_COMPACTION_TARGET`).
   */
  target?: ContextSize;
  /** Size from which a string argument of an old tool call is truncated, in tokens. Default 256. */
  largeInputTokens?: number;
  /** Model writing summaries, called with no tools. Default: extractive summaries. Do not pass a model wrapped with this compaction's middleware. */
  summarizer?: LanguageModel;
  /** System prompt of the loop, counted (the SDK sends it outside `messages`). */
  system?: string | SystemModelMessage | SystemModelMessage[];
  /** Tools of the loop, counted (schemas are sent every step). Default: the tools last given to `wrapTools`. */
  tools?: ToolSet;
  /**
   * Scale counts by the ratio of provider-reported to counted input tokens; reports more than 2×
   * away from the count are ignored (see `createUsageCalibration`). Default true.
   */
  calibrate?: boolean;
  /** Receives each event as it happens; must not throw. */
  onEvent?: CompactionEventListener;
}

/** Minimal view of `prepareStep`'s argument this package reads. */
export interface PrepareStepInput {
  /** The loop's full history for this step. */
  messages: ModelMessage[];
  /** Step number (0-based). */
  stepNumber: number;
  /** Steps done; the last one's `usage.inputTokens` calibrates counts. */
  steps: ReadonlyArray<{ usage: { inputTokens: number | undefined } }>;
}

/** What {@link createCompaction} returns. */
export interface Compaction {
  /** Session id of this instance. */
  readonly session: string;
  /** The store it writes to. */
  readonly store: CompactionStore;
  /** Pass as `prepareStep` of `generateText`/`streamText`/`ToolLoopAgent` (compose it with your own if needed). */
  prepareStep: (input: PrepareStepInput) => Promise<{ messages: ModelMessage[] }>;
  /** The same engine as a language-model middleware (`wrapLanguageModel`); use it instead of `prepareStep`, not with it. */
  middleware: LanguageModelMiddleware;
  /** Wraps tools so that oversized results are offloaded as they are produced; also records them for counting. */
  wrapTools<TOOLS extends ToolSet>(tools: TOOLS): TOOLS;
  /** Recovery tools and `compact_now`, to add to the agent's tools. */
  tools: ReturnType<typeof createRecoveryTools> & {
    compact_now: ReturnType<typeof createCompactNowTool>;
  };
  /** Every event so far, oldest first. */
  readonly events: readonly CompactionEvent[];
  /**
   * Runs one engine step on a history outside a tool loop (replays, tests): offload, count, and
   * compact when over the trigger (or always with `force`).
   * @param messages - the full history so far.
   * @param options - `force`: compact whatever the size. Default false.
   * @returns the messages that would be sent.
   */
  compact(
    messages: readonly ModelMessage[],
    options?: { force?: boolean },
  ): Promise<ModelMessage[]>;
}

/**
 * Creates a compaction instance for one conversation.
 * @param options - see {@link CreateCompactionOptions}.
 * @returns the {@link Compaction}.
 * @throws SightlineError `INVALID_ARGUMENT` for a missing or malformed profile, an invalid size,
 * a bad `largeInputTokens` or an empty `session`,
 * `STORE_VERSION_MISMATCH` for a store of another version.
 * @example
 * const compaction = createCompaction({ profile: getModelProfile('claude-sonnet-4-5') });
 * const agent = new ToolLoopAgent({ model, prepareStep: compaction.prepareStep,
 *   tools: compaction.wrapTools({ ...myTools, ...compaction.tools }) });
 */
export function createCompaction(options: CreateCompactionOptions): Compaction {
  validateCompactionOptions(options);
  const {
    profile,
    store = createMemoryStore(),
    session = randomUUID(),
    offloadLimit = { tokens: 20_000 },
    trigger = { fraction: 0.85 },
    keepRecent = { fraction: 0.1 },
    calibrate = true,
  } = options;
  assertStoreVersion(store);
  const encoding = profile.encoding;
  const limitTokens = resolveContextSize(offloadLimit, profile) ?? Number.POSITIVE_INFINITY;
  let countedTools = options.tools;
  let running = false;
  const engine = createCompactionEngine({
    session,
    store,
    profile,
    trigger,
    keepRecent,
    target: options.target,
    largeInputTokens: options.largeInputTokens,
    summarizer: options.summarizer,
    countMessage: (message) => countMessageTokens(message, { encoding }),
    offload: (message) => offloadToolMessage(message, { store, session, limitTokens, encoding }),
    onEvent: options.onEvent,
    calibration: calibrate ? createUsageCalibration() : undefined,
  });
  // `options.system` never changes: count it once, at the first step (a string system prompt
  // becomes a new message object each time, which the per-message cache would miss).
  let systemTokens: number | undefined;
  const countSystemTokens = () => {
    const { system } = options;
    if (system === undefined) return 0;
    const messages: SystemModelMessage[] =
      typeof system === 'string' ? [{ role: 'system', content: system }] : [system].flat();
    return countMessagesTokens(messages, { encoding });
  };
  const loopFixedTokens = async () => {
    systemTokens ??= countSystemTokens();
    return (
      PROMPT_OVERHEAD_TOKENS +
      systemTokens +
      (countedTools ? await countToolsTokens(countedTools, { encoding }) : 0)
    );
  };

  async function exclusive<T>(run: () => Promise<T>): Promise<T> {
    running = true;
    try {
      return await run();
    } finally {
      running = false;
    }
  }

  let middlewareStep = 0;
  let compactCalls = 0;
  const middleware: LanguageModelMiddleware = {
    specificationVersion: 'v3',
    async transformParams({ params }) {
      // A summarizer call made from inside the engine passes through untouched.
      if (running) return params;
      const fixedTokens = PROMPT_OVERHEAD_TOKENS + countFunctionTools(params.tools, encoding);
      const view = await exclusive(() =>
        engine.step(fromLanguageModelPrompt(params.prompt), {
          step: middlewareStep++,
          fixedTokens,
        }),
      );
      return { ...params, prompt: toLanguageModelPrompt(view) };
    },
    async wrapGenerate({ doGenerate }) {
      const result = await doGenerate();
      if (!running) engine.observeUsage(result.usage.inputTokens.total);
      return result;
    },
  };

  const compactNow = createCompactNowTool({
    request: () => engine.requestCompaction(),
    contextTokens: () => engine.contextTokens(),
    transcriptPath: transcriptPath(session),
  });

  return {
    session,
    store,
    async prepareStep({ messages, stepNumber, steps }) {
      if (steps.length > 0) engine.observeUsage(steps.at(-1)?.usage.inputTokens);
      const fixedTokens = await loopFixedTokens();
      return {
        messages: await exclusive(() => engine.step(messages, { step: stepNumber, fixedTokens })),
      };
    },
    middleware,
    wrapTools(tools) {
      countedTools = options.tools ?? tools;
      return wrapTools(tools, {
        store,
        session,
        limitTokens,
        encoding,
        onEvent: (event) => engine.addEvent(event),
        currentStep: () => engine.currentStep,
        contextTokens: () => engine.contextTokens(),
      });
    },
    tools: { ...createRecoveryTools({ store, session }), compact_now: compactNow },
    events: engine.events,
    async compact(messages, { force = false } = {}) {
      if (force) engine.requestCompaction();
      const fixedTokens = await loopFixedTokens();
      return exclusive(() => engine.step(messages, { step: compactCalls++, fixedTokens }));
    },
  };
}

/** Tokens of provider-level tool definitions: name, description and JSON Schema of each function tool. */
function countFunctionTools(
  tools: LanguageModelCallOptions['tools'],
  encoding: ModelProfile['encoding'],
): number {
  let total = 0;
  for (const definition of tools ?? []) {
    if (definition.type !== 'function') continue;
    const { name, description = '', inputSchema: parameters } = definition;
    total += countTokens(JSON.stringify({ name, description, parameters }), { encoding });
  }
  return total;
}
