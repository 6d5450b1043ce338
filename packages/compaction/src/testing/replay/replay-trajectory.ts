/**
 * Replays a recorded agent run through the real AI SDK tool loop, as if a model produced it: a
 * `MockLanguageModelV3` answers each step with the recorded thought and tool call, the tools
 * return the recorded observations, and — when a compaction is given — its `prepareStep` and
 * `wrapTools` run exactly as they would in production. Each step records what the model actually
 * received: exact tokens, whether the goal is still there verbatim, and tool call/result pairing.
 */
import { countTokens, type Encoding } from '@sightline/core';
import {
  generateText,
  jsonSchema,
  type ModelMessage,
  type PrepareStepFunction,
  stepCountIs,
  type ToolSet,
  tool,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { Compaction } from '../../engine/create-compaction.js';
import { countPromptTokens } from '../../history/message-tokens.js';
import {
  checkPromptPairing,
  type ModelPrompt,
  promptContains,
  promptTexts,
} from '../prompt-checks.js';
import { type ReplayScript, recordedResults } from './replay-script.js';

type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

/** Options of {@link replayTrajectory}. */
export interface ReplayOptions {
  /**
   * Compaction to run the loop through: its `prepareStep` runs before every call and every tool
   * goes through its `wrapTools`. Default: none (the raw baseline).
   */
  compaction?: Compaction;
  /**
   * More tools offered next to the recorded ones (never called by the replay), e.g. the recovery
   * tools in a raw baseline so both runs send the same tool definitions. Default none.
   */
  tools?: ToolSet;
  /** Encoding the prompt is counted with. Default `o200k_base`. */
  encoding?: Encoding;
}

/** What the model received at one step. */
export interface ReplayStep {
  /** Model call number, 0-based; call `n` answers with turn `n` (the last call ends the run). */
  step: number;
  /** Exact tokens of the prompt and tool definitions (C1's `countPromptTokens`, overheads included). */
  contextTokens: number;
  /** Exact tokens of the prompt's texts and tool definitions alone, without per-message overheads. */
  textTokens: number;
  /** Characters of those same texts (for the chars/4 estimate). */
  textChars: number;
  /** Messages in the prompt, system prompt included. */
  messages: number;
  /** Whether the script's goal appears verbatim in some part of the prompt. */
  goalPresent: boolean;
  /** Tool call ids without a result in this prompt. */
  orphanToolCalls: string[];
  /** Tool result ids without a call in this prompt. */
  orphanToolResults: string[];
  /** Time spent in the compaction's `prepareStep` before this call, ms (`undefined` without one). */
  prepareStepMs: number | undefined;
  /**
   * Whether this prompt starts with the whole previous prompt unchanged (same tool definitions,
   * same messages), so a provider's prompt cache can reuse it; false for the first call.
   */
  extendsPrevious: boolean;
}

/** What {@link replayTrajectory} returns. */
export interface ReplayResult {
  /** One entry per model call (turns + 1). */
  steps: ReplayStep[];
  /** Largest `contextTokens` over all steps. */
  peakTokens: number;
  /** The prompt of the last call (what survived to the end). */
  finalPrompt: ModelPrompt;
}

/** Text the replayed model ends the run with, after the last recorded turn. */
export const REPLAY_FINAL_TEXT = 'Replay finished.';

/**
 * Replays `script` through `generateText` with a mock model and recorded tool results.
 * @param script - from `parseTrajectory`.
 * @param options - see {@link ReplayOptions}.
 * @returns per-step figures (tokens, goal presence, pairing, compaction time) and the peak.
 * @throws whatever `generateText` or the compaction throws (a replay has no model to fail).
 * @example
 * const raw = await replayTrajectory(script);
 * const compacted = await replayTrajectory(script, { compaction: createCompaction({ profile }) });
 */
export async function replayTrajectory(
  script: ReplayScript,
  { compaction, tools: extraTools = {}, encoding = 'o200k_base' }: ReplayOptions = {},
): Promise<ReplayResult> {
  const steps: ReplayStep[] = [];
  let prepareStepMs: number | undefined;
  let previous: string[] | undefined;
  const model = new MockLanguageModelV3({
    modelId: 'replay',
    doGenerate: async (options) => {
      const current = [
        JSON.stringify(options.tools ?? []),
        ...options.prompt.map((message) => JSON.stringify(message)),
      ];
      const extendsPrevious =
        previous !== undefined &&
        previous.length <= current.length &&
        previous.every((message, index) => message === current[index]);
      previous = current;
      steps.push({
        ...(await measureCall(options, script.goal, encoding, steps.length, prepareStepMs)),
        extendsPrevious,
      });
      prepareStepMs = undefined;
      return answer(script, steps.length - 1);
    },
  });
  const recorded = { ...recordedTools(script), ...extraTools };
  const tools: ToolSet = compaction ? compaction.wrapTools(recorded) : recorded;
  const prepareStep: PrepareStepFunction<ToolSet> | undefined = compaction
    ? async (options) => {
        const started = performance.now();
        const prepared = await compaction.prepareStep(options);
        prepareStepMs = performance.now() - started;
        return prepared;
      }
    : undefined;
  await generateText({
    model,
    system: script.system,
    messages: [{ role: 'user', content: script.goal }],
    tools,
    prepareStep,
    stopWhen: stepCountIs(script.turns.length + 1),
  });
  const finalPrompt = model.doGenerateCalls.at(-1)?.prompt ?? [];
  return {
    steps,
    peakTokens: Math.max(0, ...steps.map((step) => step.contextTokens)),
    finalPrompt,
  };
}

async function measureCall(
  options: CallOptions,
  goal: string,
  encoding: Encoding,
  step: number,
  prepareStepMs: number | undefined,
): Promise<Omit<ReplayStep, 'extendsPrevious'>> {
  const { prompt } = options;
  const definitions = (options.tools ?? []).flatMap((definition) =>
    definition.type === 'function' ? [definition] : [],
  );
  const toolSet: ToolSet = Object.fromEntries(
    definitions.map((definition) => [
      definition.name,
      tool({
        description: definition.description,
        inputSchema: jsonSchema(definition.inputSchema),
      }),
    ]),
  );
  // The provider-level prompt has the shape of the SDK's model messages (system prompt included).
  const messages: ModelMessage[] = prompt;
  const { total } = await countPromptTokens({ messages, tools: toolSet }, { encoding });
  const texts = [
    ...promptTexts(prompt),
    ...definitions.map((definition) =>
      JSON.stringify({
        name: definition.name,
        description: definition.description ?? '',
        parameters: definition.inputSchema,
      }),
    ),
  ];
  const pairing = checkPromptPairing(prompt);
  return {
    step,
    contextTokens: total,
    textTokens: texts.reduce((sum, text) => sum + countTokens(text, { encoding }), 0),
    textChars: texts.reduce((sum, text) => sum + text.length, 0),
    messages: prompt.length,
    goalPresent: promptContains(prompt, goal),
    ...pairing,
    prepareStepMs,
  };
}

/** The recorded answer of call `index`: its turn's thought and calls, or the closing text. */
function answer(script: ReplayScript, index: number): GenerateResult {
  const turn = script.turns[index];
  const content: GenerateResult['content'] = [];
  if (!turn) content.push({ type: 'text', text: REPLAY_FINAL_TEXT });
  else {
    if (turn.thought.trim() !== '') content.push({ type: 'text', text: turn.thought });
    for (const call of turn.toolCalls) {
      content.push({
        type: 'tool-call',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        input: JSON.stringify(call.input),
      });
    }
  }
  return {
    content,
    finishReason: { unified: turn ? 'tool-calls' : 'stop', raw: undefined },
    usage: {
      // A replay has no provider: usage is unknown (compaction's calibration ignores it).
      inputTokens: {
        total: undefined,
        noCache: undefined,
        cacheRead: undefined,
        cacheWrite: undefined,
      },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    },
    warnings: [],
  };
}

/** One tool per recorded command name; each returns the observation recorded for its call id. */
function recordedTools(script: ReplayScript): ToolSet {
  const { results, toolNames } = recordedResults(script);
  return Object.fromEntries(
    toolNames.map((name) => [
      name,
      tool({
        description: `Runs the recorded \`${name}\` command and returns what it printed.`,
        inputSchema: jsonSchema<Record<string, unknown>>({
          type: 'object',
          additionalProperties: true,
        }),
        execute: async (_input, { toolCallId }) => results.get(toolCallId) ?? '',
      }),
    ]),
  );
}
