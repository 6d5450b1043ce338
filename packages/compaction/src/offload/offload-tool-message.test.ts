import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../stores/memory-store.js';
import { offloadToolMessage } from './offload-tool-message.js';
import { OFFLOADED_RESULT_PREFIX } from './offload-tool-output.js';

const big = 'a line of output\n'.repeat(200);

describe('offloadToolMessage', () => {
  it('offloads large results of tool messages and inline provider results, and keeps small ones', async () => {
    const store = createMemoryStore();
    const tool: ModelMessage = {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'big',
          toolName: 'grep',
          output: { type: 'text', value: big },
        },
        {
          type: 'tool-result',
          toolCallId: 'small',
          toolName: 'grep',
          output: { type: 'text', value: 'ok' },
        },
      ],
    };
    const { message, moved } = await offloadToolMessage(tool, {
      store,
      session: 's',
      limitTokens: 100,
    });
    expect(moved).toEqual([
      { toolCallId: 'big', toolName: 'grep', path: '/tool_results/s/big.txt' },
    ]);
    const [first, second] = message.role === 'tool' ? message.content : [];
    expect(
      first?.type === 'tool-result' &&
        first.output.type === 'text' &&
        first.output.value.startsWith(OFFLOADED_RESULT_PREFIX),
    ).toBe(true);
    expect(second).toBe(tool.content[1]);
    expect((await store.read('/tool_results/s/big.txt')).totalLines).toBe(200);

    const inline: ModelMessage = {
      role: 'assistant',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'web',
          toolName: 'web_search',
          output: { type: 'text', value: big },
        },
      ],
    };
    expect(
      (await offloadToolMessage(inline, { store, session: 's', limitTokens: 100 })).moved,
    ).toEqual([{ toolCallId: 'web', toolName: 'web_search', path: '/tool_results/s/web.txt' }]);
    const user: ModelMessage = { role: 'user', content: big };
    expect(await offloadToolMessage(user, { store, session: 's', limitTokens: 100 })).toEqual({
      message: user,
      moved: [],
      resultTokensBefore: 0,
      resultTokensAfter: 0,
    });
  });
});
