import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { TRUNCATED_INPUT_PREFIX } from '../mask/truncate-tool-inputs.js';
import { extractiveSummary } from './extractive-summary.js';

describe('extractiveSummary', () => {
  it('lists changed and mentioned files, tools used and the last assistant text in the fixed sections', () => {
    const messages: ModelMessage[] = [
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking at lib/total.ts first.' },
          {
            type: 'tool-call',
            toolCallId: 'a',
            toolName: 'read_file',
            input: { path: 'README.md' },
          },
          {
            type: 'tool-call',
            toolCallId: 'b',
            toolName: 'edit_file',
            input: { file: 'src/cart.ts', patch: `${TRUNCATED_INPUT_PREFIX} …` },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'read_file',
            output: { type: 'text', value: 'see docs/setup.md' },
          },
        ],
      },
      { role: 'assistant', content: 'Patched the division.' },
    ];
    expect(extractiveSummary(messages)).toBe(
      [
        '## Artifacts created or changed',
        '',
        '- changed: src/cart.ts',
        '- mentioned: README.md',
        '- mentioned: lib/total.ts',
        '- mentioned: docs/setup.md',
        '',
        '## Decisions and findings',
        '',
        '- Tools used: `read_file` ×1, `edit_file` ×1.',
        '- Last assistant message before this point:',
        '',
        '> Patched the division.',
        '',
        '## Open questions',
        '',
        '- Not extracted (no summarizer model): search the transcript for questions raised.',
        '',
        '## Next steps',
        '',
        '- Continue the task from the messages after this summary; look details up in the transcript.',
      ].join('\n'),
    );
  });
});
