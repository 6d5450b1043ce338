/** The `compact_now` tool: lets the agent ask for a compaction at its next step. */
import { type Tool, tool } from 'ai';
import { z } from 'zod';

/** Output of the `compact_now` tool. */
export interface CompactNowOutput {
  /** Always true: the compaction runs before the next model call. */
  scheduled: true;
  /** Context tokens now (system prompt, tool schemas and messages, calibrated estimate). */
  contextTokens: number;
  /** What will happen, in words, with the store path of the transcript. */
  plan: string;
}

/** Options of {@link createCompactNowTool}. */
export interface CompactNowToolOptions {
  /** Schedules the compaction. */
  request: () => void;
  /** Current context tokens. */
  contextTokens: () => number;
  /** Store path the transcript will be appended to. */
  transcriptPath: string;
}

/**
 * Creates the `compact_now` tool. It never throws.
 * @param options - see {@link CompactNowToolOptions}.
 * @returns an AI SDK tool taking an optional `reason`.
 */
export function createCompactNowTool({
  request,
  contextTokens,
  transcriptPath,
}: CompactNowToolOptions): Tool<{ reason?: string }, CompactNowOutput> {
  return tool({
    description:
      'Compact the conversation history before your next step: old tool inputs and outputs are replaced by pointers to the store and the older messages by a summary that quotes the original request. Call it when a phase of the task is done and its details are no longer needed. Nothing is lost: use search_stored and read_stored to get details back.',
    inputSchema: z.object({
      reason: z.string().optional().describe('Why now, e.g. "exploration done". Optional.'),
    }),
    execute: async () => {
      request();
      return {
        scheduled: true,
        contextTokens: contextTokens(),
        plan: `Before your next step, old tool results outside the recent window will be masked to stubs naming their store paths, large old tool inputs replaced by pointers, and the older history replaced by a summary (your original request quoted verbatim). The full transcript will be appended to ${transcriptPath}.`,
      };
    },
  });
}
