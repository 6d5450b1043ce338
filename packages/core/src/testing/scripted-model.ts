/**
 * A scripted language model for tests: it answers each call with the next response of a list and
 * records what it was asked (prompt, offered tools, tool choice, response format). Built on the AI
 * SDK's own `MockLanguageModelV3` (`ai/test`), so the code under test runs the real `generateText`
 * loop. Pattern: openai-agents-js `packages/agents-core/src/testing/`.
 */

import { MockLanguageModelV3 } from 'ai/test';
import { countTokens } from '../tokens.js';

type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

/** One scripted tool call: the tool's name and its input (serialized to JSON for the SDK). */
export interface ScriptedToolCall {
  toolName: string;
  input: unknown;
}

/**
 * Token usage a scripted response reports. Default: the tokens of what the model was sent (the
 * prompt and the tool definitions, as JSON, o200k_base) and of what it answers, as a real
 * provider would report them.
 */
export interface ScriptedUsage {
  input: number;
  output: number;
  /** Of `input`, tokens read from the prompt cache. Default: none reported. */
  cacheRead?: number;
  /** Of `input`, tokens written to the prompt cache. Default: none reported. */
  cacheWrite?: number;
}

/**
 * One scripted answer: tool calls (optionally with text before them), plain text, an error the
 * call throws (to simulate network or authentication failures), or `hang`: no answer until the
 * call's abort signal fires, then the signal's reason is thrown (a server that never replies).
 */
export type ScriptedResponse =
  | { toolCalls: ScriptedToolCall[]; text?: string; usage?: ScriptedUsage }
  | { text: string; usage?: ScriptedUsage }
  | { error: Error }
  | { hang: true };

/** What the model was asked in one call. */
export interface ScriptedCall {
  /** The full prompt (system, user, assistant and tool messages) in the provider-level format. */
  prompt: CallOptions['prompt'];
  /** Names of the tools offered in this call, in the order given (`[]` when none). */
  tools: string[];
  /** The tool definitions of this call as the provider receives them (`[]` when none). */
  toolDefinitions: NonNullable<CallOptions['tools']>;
  /** The tool choice of this call (`undefined` when the SDK sent none). */
  toolChoice: CallOptions['toolChoice'];
  /** `json` when the caller asked for structured output. */
  responseFormat: CallOptions['responseFormat'];
  /** The signal the call was given (the caller's, merged with any timeout by the AI SDK). */
  abortSignal: CallOptions['abortSignal'];
  /** Provider options of the call (`undefined` when none were given). */
  providerOptions: CallOptions['providerOptions'];
}

/** A scripted model and the log of its calls. */
export interface ScriptedModel {
  /** Pass this as `model` to `generateText` or to Sightline functions. */
  model: MockLanguageModelV3;
  /** One entry per call, in call order. */
  calls: ScriptedCall[];
  /** Responses not used yet. */
  remaining(): number;
}

/** Options of {@link createScriptedModel}. */
export interface ScriptedModelOptions {
  /** Model id the mock reports. Default `scripted`. */
  modelId?: string;
}

/**
 * Creates a model that answers call N with `responses[N]`.
 * @param responses - answers in call order; a call past the end throws, naming the call number.
 * @param options - see {@link ScriptedModelOptions}.
 * @returns the model and its call log.
 * @example
 * const scripted = createScriptedModel([
 *   { toolCalls: [{ toolName: 'grep', input: { pattern: 'cartTotal' } }] },
 *   { text: '## Root cause\n…' },
 * ]);
 */
export function createScriptedModel(
  responses: readonly ScriptedResponse[],
  { modelId = 'scripted' }: ScriptedModelOptions = {},
): ScriptedModel {
  const calls: ScriptedCall[] = [];
  const model = new MockLanguageModelV3({
    modelId,
    doGenerate: async (options) => {
      calls.push({
        prompt: options.prompt,
        tools: (options.tools ?? []).map((tool) => tool.name),
        toolDefinitions: options.tools ?? [],
        toolChoice: options.toolChoice,
        responseFormat: options.responseFormat,
        abortSignal: options.abortSignal,
        providerOptions: options.providerOptions,
      });
      const response = responses[calls.length - 1];
      if (!response) {
        throw new Error(
          `Scripted model "${modelId}" has no response for call ${calls.length} (it holds ${responses.length}).`,
        );
      }
      if ('error' in response) throw response.error;
      if ('hang' in response) return untilAborted(options.abortSignal);
      const sent = countTokens(JSON.stringify([options.prompt, options.tools ?? []]));
      return toGenerateResult(response, calls.length, sent);
    },
  });
  return { model, calls, remaining: () => responses.length - calls.length };
}

/** Never resolves; rejects with the signal's reason once it fires (at once if it has). */
function untilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

function toGenerateResult(
  response: Exclude<ScriptedResponse, { error: Error } | { hang: true }>,
  callNumber: number,
  sentTokens: number,
): GenerateResult {
  const toolCalls = 'toolCalls' in response ? response.toolCalls : [];
  const content: GenerateResult['content'] = [];
  if (response.text) content.push({ type: 'text', text: response.text });
  toolCalls.forEach((call, index) => {
    content.push({
      type: 'tool-call',
      toolCallId: `call-${callNumber}-${index + 1}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    });
  });
  const answered = countTokens(`${response.text ?? ''}${JSON.stringify(toolCalls)}`);
  const { input, output, cacheRead, cacheWrite } = response.usage ?? {
    input: sentTokens,
    output: answered,
  };
  return {
    content,
    finishReason: {
      unified: toolCalls.length > 0 ? 'tool-calls' : 'stop',
      raw: undefined,
    },
    usage: {
      inputTokens: {
        total: input,
        noCache: input - (cacheRead ?? 0) - (cacheWrite ?? 0),
        cacheRead,
        cacheWrite,
      },
      outputTokens: { total: output, text: output, reasoning: undefined },
    },
    warnings: [],
  };
}
