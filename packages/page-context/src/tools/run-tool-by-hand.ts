/**
 * A tool call made by hand, from an inspector: the person clicking Run is the user, so an action
 * declared with `confirm` runs without a second question.
 */
import type { JsonValue, PageSnapshot } from '../types.js';
import { toTools } from './to-tools.js';

/**
 * Runs one of a page's tools as the model would call it (input checked by its schema).
 * @param snapshot - the page now (`registry.snapshot()`).
 * @param name - the tool's name.
 * @param input - its input, parsed JSON.
 * @param onProgress - receives what the running action reports.
 * @returns the tool result: the action's, or the `{ error }` value the model would read.
 * @throws Error when the page no longer offers `name`.
 */
export function runToolByHand(
  snapshot: PageSnapshot,
  name: string,
  input: unknown,
  onProgress: (message: string) => void,
): Promise<JsonValue> {
  const pageTool = toTools(snapshot, {
    confirmToolCall: () => Promise.resolve(true),
    onProgress: (_, message) => onProgress(message),
  })[name];
  if (!pageTool?.execute) throw new Error(`the page no longer offers ${name}`);
  return pageTool.execute(input, {
    toolCallId: `by-hand-${Date.now()}`,
    messages: [],
  }) as Promise<JsonValue>;
}
