/**
 * How every Sightline MCP tool answers: a text block a model reads (capped in tokens, with a note
 * when cut), structured content for programs, and failures as tool errors (`isError: true`) whose
 * text says what to do — never a protocol error, so a client model can correct itself and the
 * server keeps serving.
 */

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type CodeToolResult, type CodeToolSuccess, DEFAULT_LIMITS } from '@sightline/codebase';
import { countTokens, isToolError, toToolError, truncateToTokens } from '@sightline/core';

/** Annotations of a tool that only reads the repository and reaches nothing outside it. */
export const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/** Most tokens of one tool answer's text: the code tools' own cap (10,000), for every tool. */
export const MAX_TEXT_TOKENS = DEFAULT_LIMITS.maxOutputTokens;

/**
 * Cuts `text` to {@link MAX_TEXT_TOKENS} tokens and says so at its end.
 * @param text - the full text.
 * @param hint - what to do to see the rest, e.g. `Ask for fewer tokens.`; ends the note.
 * @returns `text` unchanged when it fits, else its head and a note.
 */
export function capText(text: string, hint: string): string {
  if (countTokens(text) <= MAX_TEXT_TOKENS) return text;
  const note = `\n[Output cut at ${MAX_TEXT_TOKENS.toLocaleString('en')} tokens. ${hint}]`;
  return truncateToTokens(text, MAX_TEXT_TOKENS - countTokens(note)) + note;
}

/**
 * A successful answer.
 * @param text - what the model reads; capped with {@link capText}.
 * @param structured - the same result as an object, for clients that read structured content.
 * @param hint - how to get what a cut left out. Default: narrow the request.
 * @returns the tool result.
 */
export function toolSuccess(
  text: string,
  structured?: Record<string, unknown>,
  hint = 'Narrow the request to see the rest.',
): CallToolResult {
  return {
    content: [{ type: 'text', text: capText(text, hint) }],
    ...(structured ? { structuredContent: structured } : {}),
  };
}

/**
 * A tool error, `CODE: message` as its text.
 * @param error - a code tool's `ToolError`, or anything thrown: `SightlineError`s keep their code,
 *   the rest become `TOOL_FAILED`.
 * @param attachment - what the failed work still produced, e.g. an unverified report: a second
 *   text block, capped with {@link capText}. Default none.
 * @returns the tool result with `isError: true`.
 */
export function toolFailure(error: unknown, attachment?: string): CallToolResult {
  const { error: failure } = isToolError(error) ? error : toToolError(error);
  return {
    content: [
      { type: 'text', text: `${failure.code}: ${failure.message}` },
      ...(attachment === undefined
        ? []
        : [{ type: 'text' as const, text: capText(attachment, 'The rest is not shown.') }]),
    ],
    isError: true,
  };
}

/**
 * The answer for a code tool's result: its text and its structured fields, or its error.
 * @param result - what `grep`, `readFile`, `listDir` or `findSymbol` returned.
 * @returns the tool result.
 */
export function fromCodeToolResult(result: CodeToolResult<CodeToolSuccess>): CallToolResult {
  if (isToolError(result)) return toolFailure(result);
  return toolSuccess(result.text, { ...result });
}

/**
 * Runs a tool's work and turns anything it throws into a {@link toolFailure}.
 * @param work - the tool's work.
 * @returns its result, or the failure.
 */
export async function guarded(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    return toolFailure(error);
  }
}
