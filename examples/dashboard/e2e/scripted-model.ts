/**
 * A scripted model for driving the app without an API key: the AI SDK's `MockLanguageModelV3`
 * whose answer at each call is computed from the prompt it received (so a script can use a tool
 * result from the previous step, as a real agent would).
 */
import { MockLanguageModelV3 } from 'ai/test';

/** The provider-level prompt of one call. */
export type ScriptPrompt = MockLanguageModelV3['doGenerateCalls'][number]['prompt'];

/** One answer: tool calls, or a final text. */
export type ScriptAnswer = { toolCalls: { toolName: string; input: unknown }[] } | { text: string };

/**
 * @param answer - gives the answer of call `index` (0-based) from its prompt.
 * @returns the model; `doGenerateCalls` records every call (prompt, tools offered).
 */
export function scriptedModel(
  answer: (prompt: ScriptPrompt, index: number) => ScriptAnswer,
): MockLanguageModelV3 {
  let index = 0;
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const result = answer(prompt, index++);
      const toolCalls = 'toolCalls' in result ? result.toolCalls : [];
      return {
        content:
          'text' in result
            ? [{ type: 'text' as const, text: result.text }]
            : toolCalls.map((call, position) => ({
                type: 'tool-call' as const,
                toolCallId: `call-${index}-${position}`,
                toolName: call.toolName,
                input: JSON.stringify(call.input),
              })),
        finishReason: {
          unified: toolCalls.length > 0 ? ('tool-calls' as const) : ('stop' as const),
          raw: undefined,
        },
        usage: {
          inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 0, text: 0, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
}

/**
 * @param prompt - a call's prompt.
 * @returns the outputs of the tool results in it, oldest first (JSON values as the tools returned).
 */
export function toolOutputs(prompt: ScriptPrompt): unknown[] {
  return prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result' && 'value' in part.output ? [part.output.value] : [],
        )
      : [],
  );
}
