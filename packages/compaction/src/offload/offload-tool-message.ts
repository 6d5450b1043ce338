/**
 * Message-level offload for the compaction engine: every tool result of a newly appended message
 * (tool messages, and results a provider executed inside an assistant message) goes through
 * `offloadToolOutput`. Results already offloaded by `wrapTools` are small and stay as they are.
 */
import type { Encoding } from '@sightline/core';
import type { ModelMessage, ToolResultPart } from 'ai';
import type { CompactionMove } from '../history/compaction-events.js';
import type { CompactionStore } from '../stores/compaction-store.js';
import { offloadToolOutput } from './offload-tool-output.js';

/** Options of {@link offloadToolMessage}. */
export interface OffloadToolMessageOptions {
  /** Where full results go. */
  store: CompactionStore;
  /** Session id (names store paths). */
  session: string;
  /** Results over this many tokens are offloaded. */
  limitTokens: number;
  /** Encoding to count with. Default `o200k_base`. */
  encoding?: Encoding;
}

/** What {@link offloadToolMessage} did to one message. */
export interface OffloadedMessage {
  /** The message to keep (the same object when nothing was offloaded). */
  message: ModelMessage;
  /** What moved where. */
  moved: CompactionMove[];
  /** Tokens of the offloaded results before offloading (0 when none). */
  resultTokensBefore: number;
  /** Tokens of their replacements (0 when none). */
  resultTokensAfter: number;
}

/**
 * Offloads the oversized tool results of one message.
 * @param message - any message; only tool results are looked at.
 * @param options - see {@link OffloadToolMessageOptions}.
 * @returns see {@link OffloadedMessage}.
 * @throws whatever the store throws.
 */
export async function offloadToolMessage(
  message: ModelMessage,
  { store, session, limitTokens, encoding }: OffloadToolMessageOptions,
): Promise<OffloadedMessage> {
  if (
    (message.role !== 'tool' && message.role !== 'assistant') ||
    typeof message.content === 'string'
  ) {
    return { message, moved: [], resultTokensBefore: 0, resultTokensAfter: 0 };
  }
  const moved: CompactionMove[] = [];
  let resultTokensBefore = 0;
  let resultTokensAfter = 0;
  const offload = async (part: ToolResultPart): Promise<ToolResultPart> => {
    const { toolCallId, toolName, output } = part;
    const result = await offloadToolOutput({
      store,
      session,
      toolCallId,
      toolName,
      output,
      limitTokens,
      encoding,
    });
    if (!result) return part;
    moved.push({ toolCallId, toolName, path: result.path });
    resultTokensBefore += result.tokensBefore;
    resultTokensAfter += result.tokensAfter;
    return { ...part, output: result.output };
  };
  // Tool messages and assistant messages (provider-executed results) alike: only result parts move.
  const content = await Promise.all(
    message.content.map((part) => (part.type === 'tool-result' ? offload(part) : part)),
  );
  return {
    message: moved.length > 0 ? ({ ...message, content } as typeof message) : message,
    moved,
    resultTokensBefore,
    resultTokensAfter,
  };
}
