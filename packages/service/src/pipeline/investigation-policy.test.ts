import { describe, expect, it } from 'vitest';
import { parseReports } from '../adapters/investigator.js';
import { investigationCause } from './investigation-policy.js';

const analysis = (text: string, label: string, confidence: number) => {
  const [report] = parseReports(text, {});
  if (!report) throw new Error('unparsed');
  return { report, classification: { label, confidence, method: 'offline', reasons: [] } } as never;
};

describe('investigationCause', () => {
  it('investigates bug and crash groups, traces, code and uncertain labels', () => {
    expect(investigationCause('bug', analysis('It is broken.', 'bug', 0.9))).toBe('bug group');
    const trace = 'TypeError: x is undefined\n    at run (src/a.js:1:2)';
    expect(investigationCause('question', analysis(trace, 'question', 0.9))).toBe('stack trace');
    const code = 'Why does this print true?\n\n```js\nconsole.log(JSON5.parse(text).isAdmin);\n```';
    expect(investigationCause('question', analysis(code, 'question', 0.9))).toBe('code');
    expect(investigationCause('question', analysis('How do I sign in?', 'question', 0.4))).toMatch(
      /^uncertain label/,
    );
  });

  it('leaves a confident feature request or question without code for someone to ask', () => {
    expect(
      investigationCause('feature', analysis('Please add a dark mode (at night).', 'feature', 0.8)),
    ).toBeUndefined();
    expect(
      investigationCause('question', analysis('How do I sign in?', 'question', 0.7)),
    ).toBeUndefined();
  });
});
