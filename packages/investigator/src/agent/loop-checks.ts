/**
 * Failures of a model or server that would otherwise pass silently, detected from what the
 * provider reports: a server without tool calling (or one that returns tool calls as plain text)
 * yields a report made with zero tool calls, and a local server whose context window is smaller
 * than the prompt cuts its start (system prompt and report included) without an error.
 */
import { SightlineError } from '@sightline/core';

/** Below this share of the tokens sent, a reported prompt is taken as cut by the server. */
const TRUNCATION_SHARE = 0.5;

/**
 * Checks the first step's reported prompt size against what was sent.
 * @param modelName - the model, for the message.
 * @param sentTokens - tokens of the system prompt and first message, counted here (a lower bound
 *   of the whole request: tool definitions are not counted).
 * @param reportedTokens - input tokens the provider reported for the first step, if any.
 * @returns a `MODEL_CALL_FAILED` error to throw when the server processed far fewer tokens
 *   (under half) than were sent; `undefined` otherwise or when nothing was reported.
 */
export function truncatedContextError(
  modelName: string,
  sentTokens: number,
  reportedTokens: number | undefined,
): SightlineError | undefined {
  if (reportedTokens === undefined || reportedTokens >= sentTokens * TRUNCATION_SHARE) return;
  return new SightlineError({
    code: 'MODEL_CALL_FAILED',
    message: `The model ${modelName} read only ${reportedTokens} prompt tokens of the at least ${sentTokens} sent: the server cut the prompt (its context window is smaller than the request), so the model never saw the instructions or the report. Raise the server's context length (Ollama: set OLLAMA_CONTEXT_LENGTH=32768 or the model's num_ctx; llama.cpp: --ctx-size 32768), or send less (--map-tokens 512).`,
    details: { model: modelName, sentTokens, reportedTokens, contextTruncated: true },
  });
}

/** Text that looks like a tool call written out as plain text (JSON with a name and arguments, or a `<tool_call>` tag). */
const TEXT_TOOL_CALL =
  /<tool_call>|"(name|function)"\s*:\s*"[a-z_]+"[\s\S]*"(arguments|parameters|input)"\s*:/i;

/**
 * The error for an investigation in which the model made no tool call at all, even after a nudge.
 * @param modelName - the model, for the message.
 * @param replies - the text of the model's replies.
 * @returns a `MODEL_OUTPUT_INVALID` error (no report was written) that says what to change.
 */
export function noToolCallError(modelName: string, replies: readonly string[]): SightlineError {
  const asText = replies.some((reply) => TEXT_TOOL_CALL.test(reply));
  const what = asText
    ? 'it wrote its tool calls as plain text instead of calling the tools, so the server does not parse this model’s tool calls'
    : 'it answered in prose both times, so the server or model does not support tool calling';
  return new SightlineError({
    code: 'MODEL_OUTPUT_INVALID',
    message: `The model ${modelName} made no tool call, even when asked to: ${what}. A diagnosis made without reading the code would be a guess, so none is given. Use a model with tool calling (Ollama: one tagged "tools", such as qwen2.5-coder or llama3.1; llama.cpp: start llama-server with --jinja), or investigate offline without --model.`,
    details: { model: modelName, errors: [], markdown: '', noToolCalls: true },
  });
}
