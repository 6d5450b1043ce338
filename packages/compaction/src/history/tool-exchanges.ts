/**
 * Segmentation of an AI SDK history into atomic blocks.
 *
 * Providers reject a tool call without its result (and a result without its call), so compaction
 * may only keep or remove a *tool exchange* as a whole: an assistant message with tool calls plus
 * every tool message answering them (parallel calls, results spread over several tool messages,
 * approval requests and responses). Every other message is a block of its own. An exchange whose
 * calls are not all answered yet is *unfinished*: compaction never cuts into it nor masks it.
 */
import type { ModelMessage } from 'ai';

/** One atomic run of messages: `messages.slice(start, end)`. */
export type HistoryBlock =
  | {
      /** A single message that answers nothing and asks nothing (system, user, plain assistant, stray tool message). */
      kind: 'message';
      /** Index of the first message (0-based). */
      start: number;
      /** Index after the last message (exclusive). */
      end: number;
    }
  | {
      /** An assistant message with client tool calls plus the tool messages answering them. */
      kind: 'exchange';
      /** Index of the assistant message (0-based). */
      start: number;
      /** Index after the last tool message of the exchange (exclusive). */
      end: number;
      /** Ids of the tool calls made by the assistant message, in order. */
      toolCallIds: string[];
      /** True when every call has a tool result. */
      finished: boolean;
    };

/**
 * Splits a history into atomic blocks, in order, covering every message exactly once.
 *
 * Tool calls a provider executed itself (`providerExecuted`) are answered by a tool result inside
 * an assistant message: the same one, or a later one for tools with deferred results (the AI SDK's
 * `supportsDeferredResults`); in that case every message from the call to its result is one
 * exchange. Consecutive tool messages that only answer (or approve)
 * calls of the exchange are part of it, also after the last result arrived.
 * @param messages - the history, as `prepareStep` receives it.
 * @returns the blocks; their `start`/`end` ranges tile `0..messages.length`.
 * @example segmentHistory([user, assistantWithTwoCalls, toolA, toolB]) // [message 0–1, exchange 1–4]
 */
export function segmentHistory(messages: readonly ModelMessage[]): HistoryBlock[] {
  const blocks: Array<{ block: HistoryBlock; pending: Set<string> }> = [];
  let index = 0;
  while (index < messages.length) {
    const message = messages[index] as ModelMessage;
    const calls = message.role === 'assistant' ? pendingToolCalls(message) : undefined;
    const deferred = deferredResultIds(message);
    // A provider's deferred result answers a call of an earlier exchange: everything from that
    // exchange to this message is one block, so the call and its result are never cut apart.
    const opener = blocks.findIndex(({ pending }) => [...pending].some((id) => deferred.has(id)));
    const folded = opener < 0 ? [] : blocks.splice(opener);
    if (!calls || calls.ids.length === 0) {
      blocks.push(
        fold(folded, { kind: 'message', start: index, end: index + 1 }, new Set(), deferred),
      );
      index += 1;
      continue;
    }
    const known = new Set(calls.ids);
    const pending = new Set(calls.unanswered);
    let end = index + 1;
    while (end < messages.length) {
      const next = messages[end] as ModelMessage;
      if (next.role !== 'tool' || !answersOnly(next, known, calls.approvals)) break;
      for (const part of next.content) {
        if (part.type === 'tool-result') pending.delete(part.toolCallId);
      }
      end += 1;
    }
    const exchange: HistoryBlock = {
      kind: 'exchange',
      start: index,
      end,
      toolCallIds: calls.ids,
      finished: pending.size === 0,
    };
    blocks.push(fold(folded, exchange, pending, deferred));
    index = end;
  }
  return blocks.map(({ block }) => block);
}

/** Merges `folded` (blocks from the exchange a deferred result answers) with the block answering it. */
function fold(
  folded: ReadonlyArray<{ block: HistoryBlock; pending: Set<string> }>,
  block: HistoryBlock,
  pending: Set<string>,
  answered: ReadonlySet<string>,
): { block: HistoryBlock; pending: Set<string> } {
  if (folded.length === 0) return { block, pending };
  const open = new Set(
    [...folded.flatMap((item) => [...item.pending]), ...pending].filter((id) => !answered.has(id)),
  );
  const ids = [...folded.map((item) => item.block), block].flatMap((item) =>
    item.kind === 'exchange' ? item.toolCallIds : [],
  );
  const start = (folded[0] as { block: HistoryBlock }).block.start;
  return {
    block: { kind: 'exchange', start, end: block.end, toolCallIds: ids, finished: open.size === 0 },
    pending: open,
  };
}

/** Ids answered by tool results inside an assistant message (provider-executed tools). */
function deferredResultIds(message: ModelMessage): Set<string> {
  const ids = new Set<string>();
  if (message.role !== 'assistant' || typeof message.content === 'string') return ids;
  for (const part of message.content) if (part.type === 'tool-result') ids.add(part.toolCallId);
  return ids;
}

/**
 * Whether a block may be removed, masked or summarized: everything but an unfinished exchange.
 * @param block - a block from {@link segmentHistory}.
 * @returns false only for an exchange still waiting for a tool result.
 */
export function isSettledBlock(block: HistoryBlock): boolean {
  return block.kind === 'message' || block.finished;
}

/** A tool exchange block. */
export type ExchangeBlock = Extract<HistoryBlock, { kind: 'exchange' }>;

/**
 * The finished exchanges that end before `recentStart`: what masking and truncation may rewrite.
 * @param messages - the history.
 * @param recentStart - index of the first message of the recent window.
 * @returns the exchanges, in order.
 */
export function settledExchangesBefore(
  messages: readonly ModelMessage[],
  recentStart: number,
): ExchangeBlock[] {
  return segmentHistory(messages).filter(
    (block): block is ExchangeBlock =>
      block.kind === 'exchange' && block.finished && block.end <= recentStart,
  );
}

interface AssistantCalls {
  /** Every tool call id of the message. */
  ids: string[];
  /** Calls not answered inside the message itself. */
  unanswered: string[];
  /** Approval ids requested by the message. */
  approvals: Set<string>;
}

function pendingToolCalls(message: Extract<ModelMessage, { role: 'assistant' }>): AssistantCalls {
  const ids: string[] = [];
  const answeredInline = new Set<string>();
  const approvals = new Set<string>();
  if (typeof message.content === 'string') return { ids, unanswered: [], approvals };
  for (const part of message.content) {
    if (part.type === 'tool-call') ids.push(part.toolCallId);
    else if (part.type === 'tool-result') answeredInline.add(part.toolCallId);
    else if (part.type === 'tool-approval-request') approvals.add(part.approvalId);
  }
  return { ids, unanswered: ids.filter((id) => !answeredInline.has(id)), approvals };
}

function answersOnly(
  message: Extract<ModelMessage, { role: 'tool' }>,
  calls: Set<string>,
  approvals: Set<string>,
): boolean {
  return message.content.every((part) =>
    part.type === 'tool-result' ? calls.has(part.toolCallId) : approvals.has(part.approvalId),
  );
}
