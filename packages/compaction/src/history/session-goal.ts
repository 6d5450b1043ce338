/** The session goal: what the user asked for at the start, kept verbatim through every compaction. */
import type { ModelMessage } from 'ai';

/**
 * Finds the user's original goal: the text of the first user message and of the user messages
 * directly after it (before the first assistant or tool message), joined by a blank line.
 * Non-text parts (images, files) are named, e.g. `[image/png file]`.
 * @param messages - the history as the tool loop received it (before any compaction).
 * @returns the goal, verbatim; `undefined` when the history has no user message.
 */
export function findSessionGoal(messages: readonly ModelMessage[]): string | undefined {
  const first = messages.findIndex((message) => message.role === 'user');
  if (first < 0) return undefined;
  const texts: string[] = [];
  for (let index = first; index < messages.length; index += 1) {
    const message = messages[index] as ModelMessage;
    if (message.role === 'system') continue;
    if (message.role !== 'user') break;
    texts.push(
      typeof message.content === 'string'
        ? message.content
        : message.content
            .map((part) =>
              part.type === 'text' ? part.text : `[${part.mediaType ?? part.type} ${part.type}]`,
            )
            .join('\n'),
    );
  }
  return texts.join('\n\n');
}
