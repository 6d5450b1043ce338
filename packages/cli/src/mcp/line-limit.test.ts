import { once } from 'node:events';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLineLimit } from './line-limit.js';

/** Runs `chunks` through a limit of `maxBytes`: the lines passed on (one push each) and the lengths dropped. */
async function run(
  chunks: string[],
  maxBytes: number,
  drop?: (line: Buffer) => boolean,
  edges: string[][] = [],
) {
  const dropped: number[] = [];
  const pushed: string[] = [];
  const limit = Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(
    createLineLimit({
      maxBytes,
      edgeBytes: 3,
      onDropped: ({ bytes, head, tail }) => {
        dropped.push(bytes);
        edges.push([String(head), String(tail)]);
      },
      ...(drop ? { drop } : {}),
    }),
  );
  // Read as the SDK's transport reads: 'data' events, one a push in flowing mode.
  limit.on('data', (chunk: Buffer) => pushed.push(String(chunk)));
  await once(limit, 'end');
  return { pushed, dropped };
}

describe('createLineLimit', () => {
  it('passes on whole lines, one push each, however the input is cut', async () => {
    expect(await run(['{"a":1}\n{"b"', ':2}\n\n{"c":3}'], 10)).toEqual({
      pushed: ['{"a":1}\n', '{"b":2}\n', '\n', '{"c":3}'],
      dropped: [],
    });
  });

  it('drops a line past the limit, across chunks, and keeps the lines after it', async () => {
    expect(await run(['ok\n0123', '456789', 'ab\r\nnext\n', 'x'.repeat(12)], 10)).toEqual({
      pushed: ['ok\n', 'next\n'],
      dropped: [13, 12],
    });
    expect(await run(['0123456789\n'], 10)).toEqual({ pushed: ['0123456789\n'], dropped: [] });
  });

  it('keeps the two ends of a dropped line, however the input is cut', async () => {
    const edges: string[][] = [];
    await run(
      ['ab', 'cdefghijk', 'lm', 'n\n', 'abcdefghijklmn\n', 'a', 'bcdefghijklmn'],
      10,
      undefined,
      edges,
    );
    expect(edges).toEqual([
      ['abc', 'lmn'],
      ['abc', 'lmn'],
      ['abc', 'lmn'],
    ]);
  });

  it('drops a line within the limit that drop refuses, told without its line feed', async () => {
    const told: string[] = [];
    const drop = (line: Buffer) => {
      told.push(String(line));
      return String(line).startsWith('bad');
    };
    expect(await run(['ok\nbad one\nok', ' two\nbad'], 10, drop)).toEqual({
      pushed: ['ok\n', 'ok two\n'],
      dropped: [],
    });
    expect(told).toEqual(['ok', 'bad one', 'ok two', 'bad']);
  });
});
