/**
 * One progress line for a compaction event of an investigation: what moved out of the model's
 * context and where it lives now, or a warning that the prompt is over the model's limit.
 */
import type { InvestigateProgress } from '@sightline/investigator';

/** A compaction event as `investigate` reports it (`@sightline/compaction`'s `CompactionEvent`). */
export type CompactionProgressEvent = Extract<InvestigateProgress, { type: 'compaction' }>['event'];

const number = (value: number) => value.toLocaleString('en-US');
const count = (value: number, noun: string) => `${value} ${noun}${value === 1 ? '' : 's'}`;

/**
 * Describes one compaction event in a line.
 * @param event - the event (`{ type: 'compaction', event }` progress of `investigate`).
 * @returns e.g. `compaction: offloaded read_file result (23,400 tokens) → /tool_results/s/c1.txt`.
 */
export function describeCompaction(event: CompactionProgressEvent): string {
  const context = `context ${number(event.tokensBefore)} → ${number(event.tokensAfter)} tokens`;
  const paths = (limit: number) => {
    const shown = event.moved.slice(0, limit).map((move) => move.path);
    const more = event.moved.length - shown.length;
    return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  };
  switch (event.type) {
    case 'tool-result-offload': {
      const tokens = event.resultTokensBefore ?? event.tokensBefore - event.tokensAfter;
      const [first] = event.moved;
      const what =
        event.moved.length === 1
          ? `${first?.toolName ?? 'tool'} result`
          : count(event.moved.length, 'tool result');
      return `compaction: offloaded ${what} (${number(tokens)} tokens) → ${paths(2)}`;
    }
    case 'tool-result-mask':
      return `compaction: masked ${count(event.moved.length, 'old tool result')} (${context}); full text in the store`;
    case 'tool-input-truncate':
      return `compaction: truncated ${count(event.moved.length, 'old tool input')} (${context}); full text in the store`;
    case 'history-summarize':
      return `compaction: summarized the older history (${context}) → ${paths(1)}`;
    case 'context-over-limit':
      return `compaction: warning: the prompt is ${number(event.tokensAfter)} tokens, over the model's limit even after compaction (system prompt, tools and goal alone are too large)`;
    case 'target-unreachable':
      return `compaction: warning: compaction reached only ${number(event.tokensAfter)} tokens (system prompt, tools and goal take most of the window); it now compacts less often`;
    case 'compaction-skip':
      return `compaction: warning: skipped, nothing moved: ${event.reason ?? 'the store failed'}`;
  }
}
