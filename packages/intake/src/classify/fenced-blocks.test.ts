import { describe, expect, it } from 'vitest';
import { fencedBlockRanges, fencedBlocks, withoutFencedBlocks } from './fenced-blocks.js';

const PATTERN =
  /^ {0,3}(?=(`{3,}|~{3,}))\1[^\n]*\n[\s\S]*?(?:\n {0,3}\1[ \t]*(?=\n|$)|(?![\s\S]))/gm;

const blocks = (text: string) =>
  fencedBlockRanges(text).map(([start, end]) => text.slice(start, end));

describe('fencedBlockRanges', () => {
  it('finds blocks to the closing run of their own fence, or to the end', () => {
    const text = 'Steps:\n```js\nrun()\n````\n```  \nafter\n  ~~~~\nopen';
    expect(blocks(text)).toEqual(['```js\nrun()\n````\n```  ', '  ~~~~\nopen']);
    expect(withoutFencedBlocks(text, ' ')).toBe('Steps:\n \nafter\n ');
    // No newline after the opening line: no block.
    expect(blocks('```js')).toEqual([]);
  });

  it('gives what the pattern gives on every text of up to 6 of its parts', () => {
    const parts = ['```', '~~~', '`', '\n', '\r', ' ', '\t', 'a', '````'];
    let texts = [''];
    // Compared plainly and asserted once: 597,870 texts through `expect` took 26-33 s, at the
    // test timeout (CI of 21c1af32 timed out).
    const differing: string[] = [];
    for (let length = 1; length <= 6; length++) {
      texts = texts.flatMap((text) =>
        text.length < length - 1 ? [] : parts.map((part) => text + part),
      );
      for (const text of texts) {
        const same =
          JSON.stringify(blocks(text)) === JSON.stringify(text.match(PATTERN) ?? []) &&
          withoutFencedBlocks(text, ' ') === text.replace(PATTERN, ' ');
        if (!same) differing.push(JSON.stringify(text));
      }
    }
    expect(differing.slice(0, 10)).toEqual([]);
  });

  it("gives each block's content: after the opening line, before the closing one", () => {
    const text = 'Steps:\n```js\nrun()\nstop()\n```\n~~~\nopen\n';
    const contents = fencedBlocks(text).map(({ content: [start, end] }) => text.slice(start, end));
    expect(contents).toEqual(['run()\nstop()', 'open\n']);
  });

  it('reads lines ended by carriage returns alone in one pass', () => {
    const text = `${'~~\r~'.repeat(16_384)}~`;
    expect(fencedBlockRanges(text)).toEqual([]);
  });
});
