import { describe, expect, it } from 'vitest';
import { jsonReportProblem, wellFormedPayload } from './report-text-problem.js';

describe('wellFormedPayload', () => {
  it('replaces each lone surrogate of a text with U+FFFD and keeps every other character', () => {
    const text = 'Crash 😀 in parse \uD800 and \uDC00 here';
    expect(wellFormedPayload({ text })).toEqual({
      text: 'Crash 😀 in parse \uFFFD and \uFFFD here',
    });
  });

  it('replaces them in every string and key of a JSON payload, and nothing that only looks like one', () => {
    const json = {
      title: 'x \uD83D',
      ['key \uDE00']: ['fine 😀', { body: 'escaped \\uD800 as written' }],
    };
    expect(wellFormedPayload({ json })).toEqual({
      json: {
        title: 'x \uFFFD',
        ['key \uFFFD']: ['fine 😀', { body: 'escaped \\uD800 as written' }],
      },
    });
  });

  it('returns a well-formed payload as it was', () => {
    const payload = { json: { body: 'a \\ud800 in a code sample, 😀' } };
    expect(wellFormedPayload(payload)).toBe(payload);
    const text = { text: 'plain' };
    expect(wellFormedPayload(text)).toBe(text);
  });
});

describe('jsonReportProblem', () => {
  it('names a lone surrogate, but not six characters that only look like one', () => {
    expect(jsonReportProblem({ title: 'x \uDBFF' })).toContain('(U+DBFF)');
    expect(jsonReportProblem({ title: 'the escape \\uD800 in docs' })).toBeUndefined();
    expect(jsonReportProblem({ title: 'two \\\\\uD800' })).toContain('(U+D800)');
  });
});
