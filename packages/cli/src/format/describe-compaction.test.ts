import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress } from '../io/progress.js';
import type { CompactionProgressEvent } from './describe-compaction.js';
import { describeProgress } from './describe-progress.js';

const base = { session: 's1', step: 3, at: 0 };
const events: Array<[CompactionProgressEvent, string]> = [
  [
    {
      ...base,
      type: 'tool-result-offload',
      tokensBefore: 30_100,
      tokensAfter: 7_100,
      resultTokensBefore: 23_400,
      resultTokensAfter: 400,
      moved: [{ toolCallId: 'c1', toolName: 'read_file', path: '/tool_results/s1/c1.txt' }],
    },
    'compaction: offloaded read_file result (23,400 tokens) → /tool_results/s1/c1.txt',
  ],
  [
    {
      ...base,
      type: 'tool-result-mask',
      tokensBefore: 3_600,
      tokensAfter: 2_100,
      moved: [
        { toolCallId: 'a', path: '/tool_results/s1/a.txt' },
        { toolCallId: 'b', path: '/tool_results/s1/b.txt' },
      ],
    },
    'compaction: masked 2 old tool results (context 3,600 → 2,100 tokens); full text in the store',
  ],
  [
    {
      ...base,
      type: 'tool-input-truncate',
      tokensBefore: 2_000,
      tokensAfter: 1_500,
      moved: [{ toolCallId: 'e', path: '/tool_results/s1/e.input.json' }],
    },
    'compaction: truncated 1 old tool input (context 2,000 → 1,500 tokens); full text in the store',
  ],
  [
    {
      ...base,
      type: 'history-summarize',
      tokensBefore: 3_500,
      tokensAfter: 1_200,
      moved: [{ path: '/conversation_history/s1.md' }],
    },
    'compaction: summarized the older history (context 3,500 → 1,200 tokens) → /conversation_history/s1.md',
  ],
  [
    { ...base, type: 'context-over-limit', tokensBefore: 4_200, tokensAfter: 4_106, moved: [] },
    "compaction: warning: the prompt is 4,106 tokens, over the model's limit even after compaction (system prompt, tools and goal alone are too large)",
  ],
  [
    { ...base, type: 'target-unreachable', tokensBefore: 3_600, tokensAfter: 2_900, moved: [] },
    'compaction: warning: compaction reached only 2,900 tokens (system prompt, tools and goal take most of the window); it now compacts less often',
  ],
  [
    {
      ...base,
      type: 'compaction-skip',
      tokensBefore: 3_600,
      tokensAfter: 3_600,
      moved: [],
      reason: 'tool-result-mask skipped: the store failed (ENOSPC).',
    },
    'compaction: warning: skipped, nothing moved: tool-result-mask skipped: the store failed (ENOSPC).',
  ],
];

describe('describeProgress for compaction events', () => {
  it.each(events)('describes %# in one line', (event, line) => {
    expect(describeProgress({ type: 'compaction', event })).toBe(line);
  });

  it('reaches the plain progress output (non-TTY stderr) as a line', () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const progress = createProgress({ stream: stream as unknown as NodeJS.WriteStream });
    const [event, line] = events[0] as [CompactionProgressEvent, string];
    const text = describeProgress({ type: 'compaction', event });
    if (text) progress.update(text);
    expect(chunks.join('')).toBe(`${line}\n`);
  });
});
