/**
 * A failure of a model or server that would otherwise pass silently: a server without tool
 * calling (or one that returns tool calls as plain text) yields a report made with zero tool
 * calls. (A server that cuts the prompt is caught by `prompt-truncation.ts`.)
 */
import { SightlineError } from '@sightline/core';

const TOOL_CALL_TAG = /<tool_call>/i;
const TOOL_NAME = /"(?:name|function)"\s*:\s*"[a-z_]+"/gi;
const TOOL_ARGUMENTS = /"(?:arguments|parameters|input)"\s*:/gi;

/**
 * True for text that looks like a tool call written out as plain text: a `<tool_call>` tag, or
 * JSON with a name and, anywhere after it, arguments. What
 * `/<tool_call>|"(name|function)"\s*:\s*"[a-z_]+"[\s\S]*"(arguments|parameters|input)"\s*:/i`
 * accepts, in linear time: the arguments are looked for once, after the first name, where the
 * pattern read from every name to the text's end and back (64 KiB of names took 0.3 s).
 */
function looksLikeTextToolCall(reply: string): boolean {
  if (TOOL_CALL_TAG.test(reply)) return true;
  TOOL_NAME.lastIndex = 0;
  if (!TOOL_NAME.test(reply)) return false;
  TOOL_ARGUMENTS.lastIndex = TOOL_NAME.lastIndex;
  return TOOL_ARGUMENTS.test(reply);
}

/**
 * The error for an investigation in which the model made no tool call at all, even after a nudge.
 * @param modelName - the model, for the message.
 * @param replies - the text of the model's replies.
 * @returns a `MODEL_OUTPUT_INVALID` error (no report was written) that says what to change; the
 *   loop adds the replies as a partial report.
 */
export function noToolCallError(modelName: string, replies: readonly string[]): SightlineError {
  const asText = replies.some(looksLikeTextToolCall);
  const what = asText
    ? 'it wrote its tool calls as plain text instead of calling the tools, so the server does not parse this model’s tool calls'
    : 'it answered in prose both times, so the server or model does not support tool calling';
  return new SightlineError({
    code: 'MODEL_OUTPUT_INVALID',
    message: `The model ${modelName} made no tool call, even when asked to: ${what}. A diagnosis made without reading the code would be a guess, so none is given. Use a model with tool calling (Ollama: one tagged "tools", such as qwen2.5-coder or llama3.1; llama.cpp: start llama-server with --jinja), or investigate offline without --model.`,
    details: { model: modelName, errors: [], markdown: '', noToolCalls: true },
  });
}
