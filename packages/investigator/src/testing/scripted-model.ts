/**
 * A scripted language model for tests: it answers each call with the next response of a list and
 * records what it was asked (prompt, offered tools, tool choice, response format). Built on the AI
 * SDK's own `MockLanguageModelV3` (`ai/test`), so the code under test runs the real `generateText`
 * loop. Pattern: openai-agents-js `packages/agents-core/src/testing/`.
 */
import { MockLanguageModelV3 } from 'ai/test';

type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

/** One scripted tool call: the tool's name and its input (serialized to JSON for the SDK). */
export interface ScriptedToolCall {
  toolName: string;
  input: unknown;
}

/** Token usage a scripted response reports. Default: 10 input, 5 output tokens. */
export interface ScriptedUsage {
  input: number;
  output: number;
}

/**
 * One scripted answer: tool calls (optionally with text before them), plain text, or an error the
 * call throws (to simulate network or authentication failures).
 */
export type ScriptedResponse =
  | { toolCalls: ScriptedToolCall[]; text?: string; usage?: ScriptedUsage }
  | { text: string; usage?: ScriptedUsage }
  | { error: Error };

/** What the model was asked in one call. */
export interface ScriptedCall {
  /** The full prompt (system, user, assistant and tool messages) in the provider-level format. */
  prompt: CallOptions['prompt'];
  /** Names of the tools offered in this call, in the order given (`[]` when none). */
  tools: string[];
  /** The tool choice of this call (`undefined` when the SDK sent none). */
  toolChoice: CallOptions['toolChoice'];
  /** `json` when the caller asked for structured output. */
  responseFormat: CallOptions['responseFormat'];
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
        toolChoice: options.toolChoice,
        responseFormat: options.responseFormat,
      });
      const response = responses[calls.length - 1];
      if (!response) {
        throw new Error(
          `Scripted model "${modelId}" has no response for call ${calls.length} (it holds ${responses.length}).`,
        );
      }
      if ('error' in response) throw response.error;
      return toGenerateResult(response, calls.length);
    },
  });
  return { model, calls, remaining: () => responses.length - calls.length };
}

function toGenerateResult(
  response: Exclude<ScriptedResponse, { error: Error }>,
  callNumber: number,
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
  const { input, output } = response.usage ?? { input: 10, output: 5 };
  return {
    content,
    finishReason: {
      unified: toolCalls.length > 0 ? 'tool-calls' : 'stop',
      raw: undefined,
    },
    usage: {
      inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: output, text: output, reasoning: undefined },
    },
    warnings: [],
  };
}
