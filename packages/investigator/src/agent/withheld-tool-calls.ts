/**
 * Tool calls in a step that allowed none. Several servers (local OpenAI-compatible ones among
 * them) ignore `tool_choice: none`, and the AI SDK then throws `ToolChoiceViolationError`, which
 * throws the whole run away with its report. This language-model middleware takes such calls out
 * of the answer before the SDK sees them, so the step ends normally with its text and its usage,
 * and keeps them in the step's provider metadata, where the loop finds them, answers them as not
 * run and asks for the report again.
 */
import type { LanguageModelMiddleware, StepResult, ToolSet } from 'ai';

/** Key of the step's provider metadata that holds the withheld calls. */
const METADATA_KEY = 'sightline';

/** A tool call the model made where none was allowed: not run. */
export interface WithheldToolCall {
  toolCallId: string;
  toolName: string;
  /** The arguments as the model sent them (JSON text, possibly invalid). */
  input: string;
}

/**
 * The middleware: for a call with tool choice `none`, removes tool calls from the answer (the
 * finish reason becomes `stop`) and lists them under `providerMetadata.sightline.withheldToolCalls`.
 * Other calls pass unchanged. Non-streaming calls only (the agent uses `generateText`).
 */
export const withholdToolCalls: LanguageModelMiddleware = {
  specificationVersion: 'v3',
  wrapGenerate: async ({ doGenerate, params }) => {
    const result = await doGenerate();
    if (params.toolChoice?.type !== 'none') return result;
    const withheld: WithheldToolCall[] = [];
    const content = result.content.filter((part) => {
      if (part.type !== 'tool-call') return true;
      withheld.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
      return false;
    });
    if (withheld.length === 0) return result;
    return {
      ...result,
      content,
      finishReason: { unified: 'stop', raw: result.finishReason.raw },
      providerMetadata: {
        ...result.providerMetadata,
        [METADATA_KEY]: { withheldToolCalls: withheld.map((call) => ({ ...call })) },
      },
    };
  },
};

/**
 * The tool calls withheld from a step.
 * @returns them in the order the model made them; empty when none were.
 */
export function withheldToolCalls<TOOLS extends ToolSet>(
  step: Pick<StepResult<TOOLS>, 'providerMetadata'>,
): WithheldToolCall[] {
  const calls = step.providerMetadata?.[METADATA_KEY]?.withheldToolCalls;
  return Array.isArray(calls) ? (calls as unknown as WithheldToolCall[]) : [];
}
