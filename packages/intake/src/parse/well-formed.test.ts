import { describe, expect, it } from 'vitest';
import { parseReport } from './parse-report.js';
import { parseWellFormedJson, wellFormedJson, wellFormedText } from './well-formed.js';

describe('wellFormedText', () => {
  it('replaces each lone surrogate with U+FFFD and keeps pairs', () => {
    expect(wellFormedText('a \uD800 b \uDC00 c 😀')).toBe('a \uFFFD b \uFFFD c 😀');
    const fine = 'plain 😀';
    expect(wellFormedText(fine)).toBe(fine);
  });
});

describe('wellFormedJson', () => {
  it('replaces lone surrogates in strings and keys, and nothing that only looks like one', () => {
    expect(
      wellFormedJson({
        title: 'x \uD83D',
        ['k\uDE00']: ['😀', { body: 'the escape \\uD800 in docs' }],
      }),
    ).toEqual({ title: 'x \uFFFD', ['k\uFFFD']: ['😀', { body: 'the escape \\uD800 in docs' }] });
    const fine = { a: ['b'] };
    expect(wellFormedJson(fine)).toBe(fine);
  });
});

describe('parseWellFormedJson', () => {
  it('reads lone escapes as U+FFFD, escaped pairs as their character, and other JSON as it is', () => {
    expect(parseWellFormedJson('{"a":"x \\udfff","b":"\\ud83d\\ude00","\\uD800k":1}')).toEqual({
      a: 'x \uFFFD',
      b: '😀',
      ['\uFFFDk']: 1,
    });
    expect(parseWellFormedJson('{"a":"the escape \\\\ud800"}')).toEqual({
      a: 'the escape \\ud800',
    });
    expect(() => parseWellFormedJson('{"a":')).toThrow(SyntaxError);
  });
});

describe('a report read from JSON', () => {
  it('holds no lone surrogate its escapes made, in a JSON report or a JSON Lines record', () => {
    // Found by fresh-user trial 19: `{"title":"issue with lone \udfff in title"}` in a JSON Lines
    // file became a group titled with three U+FFFD.
    const report = parseReport(
      '{"title":"issue with lone \\udfff in title","body":"a \\ud83d\\ude00 b"}',
    );
    expect(report.title).toBe('issue with lone \uFFFD in title');
    expect(report.body).not.toMatch(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    );
  });
});
