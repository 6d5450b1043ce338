/**
 * Markdown rendering of a stretch of history for `/conversation_history/<session>.md`: every
 * message in order, with its role, text, reasoning, tool inputs and tool outputs in full, so that
 * a person can read it and `search_stored`/`read_stored` can find any detail in it.
 */
import type { ModelMessage } from 'ai';
import { toolOutputText } from '../history/tool-output-text.js';

/** Options of {@link renderTranscript}. */
export interface RenderTranscriptOptions {
  /** Heading of this stretch, e.g. `Compaction 2 (step 14): messages 3–41`. */
  title: string;
}

/**
 * Renders messages as Markdown.
 * @param messages - the messages to render, in order.
 * @param options - `title`, the stretch's heading.
 * @returns Markdown ending with a newline; fenced blocks use a fence longer than any backtick run
 * inside them, so tool outputs containing Markdown cannot break the layout.
 */
export function renderTranscript(
  messages: readonly ModelMessage[],
  { title }: RenderTranscriptOptions,
): string {
  const sections = messages.map((message) => `### ${message.role}\n\n${renderContent(message)}`);
  return `## ${title}\n\n${sections.join('\n\n')}\n\n`;
}

function renderContent(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  const parts: string[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        parts.push(part.text);
        break;
      case 'reasoning':
        parts.push(`Reasoning:\n\n${part.text}`);
        break;
      case 'image':
        parts.push(`[image${part.mediaType ? ` ${part.mediaType}` : ''}]`);
        break;
      case 'file':
        parts.push(`[file ${part.filename ?? ''} ${part.mediaType}]`.replace('  ', ' '));
        break;
      case 'tool-call':
        parts.push(
          `Tool call \`${part.toolName}\` (id ${part.toolCallId}) input:\n\n${markdownFence(JSON.stringify(part.input, null, 2), 'json')}`,
        );
        break;
      case 'tool-result':
        parts.push(
          `Tool result \`${part.toolName}\` (id ${part.toolCallId}):\n\n${markdownFence(toolOutputText(part.output))}`,
        );
        break;
      case 'tool-approval-request':
        parts.push(`Approval requested for call ${part.toolCallId} (approval ${part.approvalId}).`);
        break;
      case 'tool-approval-response':
        parts.push(
          `Approval ${part.approvalId}: ${part.approved ? 'approved' : 'denied'}${part.reason ? ` (${part.reason})` : ''}.`,
        );
        break;
    }
  }
  return parts.join('\n\n');
}

/**
 * Wraps text in a Markdown code fence longer than any backtick run inside it, so the text shows
 * verbatim whatever it contains.
 * @param text - the text to fence.
 * @param language - info string after the opening fence. Default none.
 * @returns the fenced block, without a trailing newline.
 */
export function markdownFence(text: string, language = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}${language}\n${text}\n${marks}`;
}
