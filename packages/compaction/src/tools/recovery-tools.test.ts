import { countTokens } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../stores/memory-store.js';
import { createRecoveryTools } from './recovery-tools.js';

const context = { toolCallId: 't', messages: [] };
const lines = (count: number, word = 'line') =>
  Array.from({ length: count }, (_, index) => `${word} ${index + 1}`).join('\n');

async function setup(options: { session?: string; maxOutputTokens?: number } = {}) {
  const store = createMemoryStore();
  await store.write('/tool_results/s1/call_1.txt', lines(300));
  await store.write('/tool_results/s1/call_2.txt', 'alpha\nthe NEEDLE is 42\nomega');
  await store.write('/tool_results/s2/call_9.txt', 'NEEDLE of another session');
  await store.write('/conversation_history/s1.md', '# Transcript\nuser: find the needle\n');
  const tools = createRecoveryTools({ store, ...options });
  return {
    read: (input: { path: string; offset?: number; limit?: number }) =>
      tools.read_stored.execute?.(input, context),
    search: (input: { pattern: string; path_prefix?: string }) =>
      tools.search_stored.execute?.(input, context),
    tools,
  };
}

describe('read_stored', () => {
  it('returns numbered lines with a note on how to read on', async () => {
    const { read } = await setup();
    expect(await read({ path: '/tool_results/s1/call_1.txt', offset: 10, limit: 2 })).toEqual({
      text: [
        '/tool_results/s1/call_1.txt (lines 10-11 of 300)',
        '  10│ line 10',
        '  11│ line 11',
        '[Showing lines 10-11 of 300. To read on, call read_stored with offset=12.]',
      ].join('\n'),
      path: '/tool_results/s1/call_1.txt',
      lines: [10, 11],
      totalLines: 300,
      nextOffset: 12,
    });
  });

  it('reads at most 200 lines and stays within the token cap', async () => {
    const { read } = await setup({ maxOutputTokens: 300 });
    const result = await read({ path: '/tool_results/s1/call_1.txt' });
    expect(result && 'text' in result && countTokens(result.text)).toBeLessThanOrEqual(300);
    expect(result && 'nextOffset' in result && result.nextOffset).toBeGreaterThan(10);
    const { read: readAll } = await setup();
    expect(await readAll({ path: '/tool_results/s1/call_1.txt' })).toMatchObject({
      lines: [1, 200],
      nextOffset: 201,
    });
  });

  it('returns errors that say what to do instead of throwing', async () => {
    const { read } = await setup();
    expect(await read({ path: '/tool_results/s1/call_3.txt' })).toEqual({
      error: {
        code: 'STORE_ENTRY_NOT_FOUND',
        message:
          'Nothing is stored at /tool_results/s1/call_3.txt. Stored under /tool_results/s1/: /tool_results/s1/call_1.txt, /tool_results/s1/call_2.txt.',
      },
    });
    expect(await read({ path: '/tool_results/s1/call_2.txt', offset: 9 })).toEqual({
      error: {
        code: 'INVALID_ARGUMENT',
        message:
          'offset 9 is past the end: /tool_results/s1/call_2.txt has 3 lines. Use an offset from 1 to 3.',
      },
    });
    expect(await read({ path: '../etc/passwd' })).toMatchObject({
      error: { code: 'STORE_PATH_INVALID' },
    });
  });

  it('keeps a session to its own entries', async () => {
    const { read } = await setup({ session: 's1' });
    expect(await read({ path: '/tool_results/s2/call_9.txt' })).toMatchObject({
      error: { code: 'STORE_PATH_INVALID' },
    });
    expect(await read({ path: '/conversation_history/s1.md' })).toMatchObject({ lines: [1, 2] });
  });

  it('sends the model only the text, or the error', async () => {
    const { tools } = await setup();
    const toModel = tools.read_stored.toModelOutput;
    expect(
      await toModel?.({
        toolCallId: 't',
        input: { path: '/x' },
        output: { text: 'hi', path: '/x', lines: [1, 1], totalLines: 1, nextOffset: undefined },
      }),
    ).toEqual({
      type: 'text',
      value: 'hi',
    });
    const error = { error: { code: 'INVALID_ARGUMENT' as const, message: 'm' } };
    expect(await toModel?.({ toolCallId: 't', input: { path: '/x' }, output: error })).toEqual({
      type: 'error-json',
      value: error,
    });
  });
});

describe('search_stored', () => {
  it('lists matching lines grouped by path', async () => {
    const { search } = await setup();
    expect(await search({ pattern: '(?i)needle' })).toEqual({
      text: [
        'Lines matching /(?i)needle/ in the store:',
        '/conversation_history/s1.md',
        '   2│ user: find the needle',
        '/tool_results/s1/call_2.txt',
        '   2│ the NEEDLE is 42',
        '/tool_results/s2/call_9.txt',
        '   1│ NEEDLE of another session',
        '[To see the lines around a match, call read_stored with its path and an offset a few lines before it.]',
      ].join('\n'),
      matches: [
        { path: '/conversation_history/s1.md', line: 2, text: 'user: find the needle' },
        { path: '/tool_results/s1/call_2.txt', line: 2, text: 'the NEEDLE is 42' },
        { path: '/tool_results/s2/call_9.txt', line: 1, text: 'NEEDLE of another session' },
      ],
      truncated: false,
    });
  });

  it('searches only the session’s entries, narrowed by path_prefix', async () => {
    const { search } = await setup({ session: 's1' });
    const all = await search({ pattern: 'NEEDLE' });
    expect(all && 'matches' in all && all.matches.map((match) => match.path)).toEqual([
      '/tool_results/s1/call_2.txt',
    ]);
    const narrowed = await search({ pattern: '(?i)needle', path_prefix: '/conversation_history/' });
    expect(
      narrowed && 'matches' in narrowed && narrowed.matches.map((match) => match.path),
    ).toEqual(['/conversation_history/s1.md']);
    expect(await search({ pattern: 'x', path_prefix: '/tool_results/s2/' })).toMatchObject({
      error: { code: 'STORE_PATH_INVALID' },
    });
  });

  it('caps matches with a note, and reports no match or a bad pattern plainly', async () => {
    const { search } = await setup();
    const capped = await search({ pattern: '^line', path_prefix: '/tool_results/s1/' });
    expect(capped).toMatchObject({ truncated: true });
    expect(capped && 'matches' in capped && capped.matches).toHaveLength(50);
    expect(capped && 'text' in capped && capped.text).toContain(
      '[Showing the first 50 matches; more exist.',
    );
    expect(await search({ pattern: 'absent' })).toEqual({
      text: 'No lines match /absent/ in the store. Try a shorter or case-insensitive pattern ((?i)word).',
      matches: [],
      truncated: false,
    });
    expect(await search({ pattern: '(?<=x)y' })).toMatchObject({
      error: { code: 'INVALID_REGEX' },
    });
  });
});
