/**
 * Test double: a `MockLanguageModelV3` whose answer at each call is computed from the prompt it
 * received, so a scripted agent can react to what compaction left in its context (read a path
 * from a search result, check that its goal is still there). Reports no input usage, so usage
 * calibration stays neutral.
 */
import { MockLanguageModelV3 } from 'ai/test';

/** The provider-level prompt a call received. */
export type StepPrompt = MockLanguageModelV3['doGenerateCalls'][number]['prompt'];

/** What a scripted step answers: tool calls, or a final text. */
export type StepAnswer = { toolCalls: Array<{ toolName: string; input: unknown }>; text?: string } | { text: string };

/**
 * Creates the model.
 * @param steps - one function per call, given the prompt of that call.
 * @returns the mock; `doGenerateCalls` holds every prompt received.
 */
export function createStepModel(steps: ReadonlyArray<(prompt: StepPrompt) => StepAnswer>): MockLanguageModelV3 {
  let call = 0;
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const step = steps[call];
      call += 1;
      if (!step) throw new Error(`The scripted model has no step ${call}.`);
      const answer = step(prompt);
      const toolCalls = 'toolCalls' in answer ? answer.toolCalls : [];
      return {
        content: [
          ...(answer.text ? [{ type: 'text' as const, text: answer.text }] : []),
          ...toolCalls.map((toolCall, index) => ({
            type: 'tool-call' as const,
            toolCallId: `step${call}-call${index + 1}`,
            toolName: toolCall.toolName,
            input: JSON.stringify(toolCall.input),
          })),
        ],
        finishReason: { unified: toolCalls.length > 0 ? ('tool-calls' as const) : ('stop' as const), raw: undefined },
        usage: {
          inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 10, text: 10, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
}
