import { describe, expect, it } from 'vitest';
import { splitCodeSpans } from './code-spans.js';

describe('splitCodeSpans', () => {
  it.each([
    ['', []],
    ['no code', [{ code: false, text: 'no code' }]],
    [
      '`acorn` fails',
      [
        { code: true, text: 'acorn' },
        { code: false, text: ' fails' },
      ],
    ],
    [
      'a ``b`c`` d',
      [
        { code: false, text: 'a ' },
        { code: true, text: 'b`c' },
        { code: false, text: ' d' },
      ],
    ],
    ['` x `', [{ code: true, text: 'x' }]],
    ['`  `', [{ code: true, text: '  ' }]],
    // As CommonMark reads it: the first two runs pair, the third is a literal backtick.
    [
      'one ` open, `two`',
      [
        { code: false, text: 'one ' },
        { code: true, text: 'open,' },
        { code: false, text: 'two`' },
      ],
    ],
    ['an ``` unclosed run', [{ code: false, text: 'an ``` unclosed run' }]],
  ])('splits %j into %j', (text, parts) => {
    expect(splitCodeSpans(text)).toEqual(parts);
  });

  it('pairs many backtick runs of distinct lengths in time linear in the text', () => {
    // Each run of a new length has no closer: a search for one from every run is quadratic.
    const text = Array.from({ length: 2_000 }, (_, at) => `${'`'.repeat(at + 1)}x`).join('');
    expect(splitCodeSpans(text)).toEqual([{ code: false, text }]);
  });
});
