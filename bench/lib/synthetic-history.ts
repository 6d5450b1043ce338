/**
 * A synthetic agent history for timing compaction: a goal, then tool exchanges (an assistant
 * message with one `read_file` call, a tool message with ~40 numbered lines of code), built
 * deterministically so every run measures the same input.
 */
import type { ModelMessage } from 'ai';

/** The goal the synthetic history opens with. */
const SYNTHETIC_GOAL =
  'Find why cartTotal in src/cart/total.ts skips the first line item, and propose a fix.';

/**
 * Builds a history of exactly `size` messages: the goal, then alternating tool calls and results
 * (a closing assistant text when `size` is even).
 * @param size - number of messages, at least 1.
 * @returns the messages; each is a fresh object.
 */
export function syntheticHistory(size: number): ModelMessage[] {
  const messages: ModelMessage[] = [{ role: 'user', content: SYNTHETIC_GOAL }];
  for (let turn = 1; messages.length + 2 <= size; turn++) {
    const toolCallId = `call_${turn}`;
    const path = `src/module-${turn % 37}/file-${turn}.ts`;
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: `Reading ${path} to follow the call chain (step ${turn}).` },
        { type: 'tool-call', toolCallId, toolName: 'read_file', input: { path, startLine: 1 } },
      ],
    });
    messages.push({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId,
          toolName: 'read_file',
          output: { type: 'text', value: codeLines(turn) },
        },
      ],
    });
  }
  if (messages.length < size) messages.push({ role: 'assistant', content: 'Still reading.' });
  return messages;
}

function codeLines(turn: number): string {
  return Array.from({ length: 40 }, (_, index) => {
    const line = index + 1;
    const value = (turn * 31 + line * 17) % 997;
    return `${line}: export const value${turn}_${line} = compute(items[${value}], ${value % 13}); // ${turn}`;
  }).join('\n');
}
