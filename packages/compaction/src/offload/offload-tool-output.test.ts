import { countTokens } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import type { ToolResultOutput } from '../history/tool-output-text.js';
import { createMemoryStore } from '../stores/memory-store.js';
import {
  OFFLOADED_RESULT_PREFIX,
  offloadToolOutput,
  offloadToolResult,
  toDefaultModelOutput,
} from './offload-tool-output.js';

const numbered = (count: number) =>
  Array.from({ length: count }, (_, index) => `line ${index + 1} of the log`);
const base = { session: 's1', toolCallId: 'call_1', toolName: 'grep', limitTokens: 100 };

describe('offloadToolOutput', () => {
  it('leaves a result under the limit unchanged and stores nothing', async () => {
    const store = createMemoryStore();
    expect(
      await offloadToolOutput({ ...base, store, output: { type: 'text', value: 'short' } }),
    ).toBeUndefined();
    expect(await store.list()).toEqual([]);
  });

  it('never offloads a replacement again, nor a result its preview would not shrink', async () => {
    const store = createMemoryStore();
    const lines = Array.from({ length: 40 }, (_, line) => `row ${line}`).join('\n');
    const first = await offloadToolOutput({
      ...base,
      store,
      limitTokens: 50,
      output: { type: 'text', value: lines },
    });
    expect(first).toBeDefined();
    const again = await offloadToolOutput({
      ...base,
      store,
      limitTokens: 50,
      output: first?.output ?? { type: 'text', value: '' },
    });
    expect(again).toBeUndefined();
    const other = createMemoryStore();
    // 60 tokens is over a 50-token limit, but a preview frame alone is about 110 tokens.
    const small = Array.from({ length: 12 }, (_, line) => `item ${line}`).join('\n');
    expect(
      await offloadToolOutput({
        ...base,
        store: other,
        limitTokens: 20,
        output: { type: 'text', value: small },
      }),
    ).toBeUndefined();
    expect(await other.list()).toEqual([]);
  });

  it('stores the full text and replaces it by path, size, a numbered preview and how to read more', async () => {
    const store = createMemoryStore();
    const text = numbered(100).join('\n');
    const offload = await offloadToolOutput({
      ...base,
      store,
      limitTokens: 200,
      preview: { headLines: 3, tailLines: 2 },
      output: { type: 'text', value: text },
    });
    const path = '/tool_results/s1/call_1.txt';
    expect((await store.read(path)).content).toBe(text);
    const replacement = [
      `${OFFLOADED_RESULT_PREFIX} grep returned ${countTokens(text)} tokens (100 lines, 1.8 KB), more than the 200-token limit, so it was saved to the store at ${path}.`,
      'Preview: first 3 lines and last 2 lines, numbered:',
      '   1│ line 1 of the log',
      '   2│ line 2 of the log',
      '   3│ line 3 of the log',
      '[… 95 lines not shown …]',
      '  99│ line 99 of the log',
      ' 100│ line 100 of the log',
      `To read more, call read_stored with {"path": "${path}", "offset": 4, "limit": 200}; to find something, call search_stored with {"pattern": "<regular expression>", "path_prefix": "/tool_results/s1/"}.`,
    ].join('\n');
    expect(offload).toEqual({
      output: { type: 'text', value: replacement },
      replacement,
      path,
      bytes: Buffer.byteLength(text),
      lines: 100,
      tokens: countTokens(text),
      tokensBefore: countTokens(text),
      tokensAfter: countTokens(replacement),
    });
  });

  it('cuts long preview lines and fits the preview into half the limit', async () => {
    const store = createMemoryStore();
    const lines = Array.from({ length: 50 }, (_, index) => `${index} ${'word '.repeat(100)}`);
    const offload = await offloadToolOutput({
      ...base,
      store,
      limitTokens: 400,
      output: { type: 'text', value: lines.join('\n') },
    });
    expect(offload?.replacement).toContain('longer than 200 characters cut with "…"');
    expect(offload?.replacement).toMatch(/^ {3}1│ 0 word .*…$/m);
    const frame = countTokens(offload?.replacement.replace(/^ *\d+│.*\n/gm, '') ?? '');
    expect(countTokens(offload?.replacement ?? '')).toBeLessThanOrEqual(frame + 200);
    expect(offload?.replacement).toMatch(/^ {2}50│ 49 word/m);
    expect((await store.read('/tool_results/s1/call_1.txt')).totalLines).toBe(50);
  });

  it('keeps the error flag of error results', async () => {
    const store = createMemoryStore();
    const offload = await offloadToolOutput({
      ...base,
      store,
      output: { type: 'error-json', value: { trace: numbered(80) } },
    });
    expect(offload?.output.type).toBe('error-text');
    expect((await store.read('/tool_results/s1/call_1.txt')).content).toBe(
      JSON.stringify({ trace: numbered(80) }, null, 2),
    );
  });

  it('offloads only the text of content results; media parts stay in place', async () => {
    const store = createMemoryStore();
    const image = { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' } as const;
    const output: ToolResultOutput = {
      type: 'content',
      value: [
        { type: 'text', text: numbered(60).join('\n') },
        image,
        { type: 'text', text: 'tail' },
      ],
    };
    const offload = await offloadToolOutput({ ...base, store, output });
    expect(offload?.output).toEqual({
      type: 'content',
      value: [{ type: 'text', text: offload?.replacement }, image],
    });
    expect((await store.read('/tool_results/s1/call_1.txt')).content).toBe(
      `${numbered(60).join('\n')}\ntail`,
    );
  });

  it('does not count media toward the limit and never offloads a denial', async () => {
    const store = createMemoryStore();
    const media: ToolResultOutput = {
      type: 'content',
      value: [
        { type: 'image-url', url: 'https://example.test/a.png' },
        { type: 'text', text: 'ok' },
      ],
    };
    expect(await offloadToolOutput({ ...base, store, output: media })).toBeUndefined();
    expect(
      await offloadToolOutput({
        ...base,
        store,
        limitTokens: 0,
        output: { type: 'execution-denied', reason: 'no' },
      }),
    ).toBeUndefined();
  });
});

describe('offloadToolResult', () => {
  it('converts a raw result like the AI SDK and offloads it as JSON text', async () => {
    const store = createMemoryStore();
    const raw = { matches: numbered(40) };
    const offload = await offloadToolResult({ ...base, store, output: raw });
    expect(offload?.output.type).toBe('text');
    expect((await store.read('/tool_results/s1/call_1.txt')).content).toBe(
      JSON.stringify(raw, null, 2),
    );
  });

  it('maps strings to text and other values to JSON', () => {
    expect(toDefaultModelOutput('a')).toEqual({ type: 'text', value: 'a' });
    expect(toDefaultModelOutput(undefined)).toEqual({ type: 'json', value: null });
    expect(toDefaultModelOutput([1])).toEqual({ type: 'json', value: [1] });
  });
});
