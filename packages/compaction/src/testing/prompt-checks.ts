/**
 * Checks on the prompt a model actually received (the provider-level prompt a language model's
 * `doGenerate` gets): tool call/result pairing, and whether a text survives verbatim.
 */

import type { LanguageModelPrompt } from '../engine/language-model-prompt.js';
import { toolOutputText } from '../history/tool-output-text.js';

/** The provider-level prompt (`LanguageModelV3Prompt`) a model receives in one call. */
export type ModelPrompt = LanguageModelPrompt;

/** Tool calls and results of a prompt that have no partner. */
export interface PromptPairing {
  /** Ids of client tool calls that no later tool result answers. */
  orphanToolCalls: string[];
  /** Ids of tool results that answer no earlier tool call. */
  orphanToolResults: string[];
}

/**
 * Finds unpaired tool calls and results. A call is paired when a tool result with its id follows
 * it (in a tool message, or inline for a provider-executed call); a result is paired when a call
 * with its id precedes it.
 * @param prompt - the prompt a model received.
 * @returns the orphan ids, in prompt order (empty arrays for a well-formed prompt).
 */
export function checkPromptPairing(prompt: ModelPrompt): PromptPairing {
  const called = new Set<string>();
  const answered = new Set<string>();
  const orphanToolResults: string[] = [];
  for (const message of prompt) {
    if (message.role !== 'assistant' && message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') called.add(part.toolCallId);
      if (part.type !== 'tool-result') continue;
      if (called.has(part.toolCallId)) answered.add(part.toolCallId);
      else orphanToolResults.push(part.toolCallId);
    }
  }
  return {
    orphanToolCalls: [...called].filter((id) => !answered.has(id)),
    orphanToolResults,
  };
}

/**
 * Every text of a prompt, in order: the system prompt, text parts, tool call inputs and tool
 * result values (as `toolOutputText` renders them: JSON pretty-printed, media as placeholders). Used to look for a text verbatim and to estimate size.
 * @param prompt - the prompt a model received.
 * @returns one string per part (files and approval parts are skipped).
 */
export function promptTexts(prompt: ModelPrompt): string[] {
  const texts: string[] = [];
  for (const message of prompt) {
    if (message.role === 'system') {
      texts.push(message.content);
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') texts.push(part.text);
      else if (part.type === 'tool-call') texts.push(JSON.stringify(part.input) ?? '');
      else if (part.type === 'tool-result') texts.push(toolOutputText(part.output));
    }
  }
  return texts;
}

/**
 * Whether `text` appears verbatim in one part of the prompt (the system prompt, a text part, a
 * tool input or a tool result).
 * @param prompt - the prompt a model received.
 * @param text - the text to find, e.g. the user's original goal.
 * @returns true when some part contains it unchanged.
 */
export function promptContains(prompt: ModelPrompt, text: string): boolean {
  return promptTexts(prompt).some((part) => part.includes(text));
}
