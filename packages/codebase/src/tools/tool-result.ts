/**
 * The one result convention of the code tools.
 *
 * Every tool — the plain async function and the AI SDK tool alike — resolves to either
 * - a success object whose `text` field is what the model reads (numbered lines, grouped matches,
 *   a folder tree …), beside structured fields for programs (the CLI's `--json`, tests), or
 * - a {@link ToolError} `{ error: { code, message } }` whose message says what to do instead.
 *
 * Tools never throw for bad input. When they are given to a model, {@link toCodeToolModelOutput}
 * sends only the text on success, and the error object (marked as an error) on failure, so the
 * structured fields never cost context tokens.
 */
import { isToolError, type ToolError } from '@sightline/core';

/** What every successful code tool result carries. */
export interface CodeToolSuccess {
  /** The result as the model reads it; always within the tool's output cap. */
  text: string;
}

/** A code tool's result: its success shape, or a model-readable error. */
export type CodeToolResult<Success extends CodeToolSuccess> = Success | ToolError;

/** What the model is sent for one code tool result (a subset of the AI SDK's tool output). */
export type CodeToolModelOutput =
  | { type: 'text'; value: string }
  | { type: 'error-json'; value: { error: { code: string; message: string } } };

/**
 * Maps a code tool result to what the model sees: the `text` on success, the error object on
 * failure (providers flag it as an error, e.g. Anthropic's `is_error`).
 */
export function toCodeToolModelOutput(
  result: CodeToolResult<CodeToolSuccess>,
): CodeToolModelOutput {
  if (isToolError(result)) {
    return { type: 'error-json', value: { error: { ...result.error } } };
  }
  return { type: 'text', value: result.text };
}
