import { describe, expect, it } from 'vitest';
import { type IssueFeatureOptions, issueTokens } from './issue-features.js';

const options: IssueFeatureOptions = { titleRepeat: 2, codeText: false, bodyWordLimit: 100 };

describe('issueTokens', () => {
  it('weights the title (t:word, repeated) and marks a question title', () => {
    const tokens = issueTokens({ title: 'How to build on Windows?', body: '' }, options);
    expect(tokens.filter((token) => token === 't:build')).toHaveLength(2);
    expect(tokens.filter((token) => token === 'build')).toHaveLength(1);
    expect(tokens).toEqual(
      expect.arrayContaining(['__title_question', '__title_wh', '__empty_body']),
    );
  });

  it('turns code blocks, stack traces, template headings and checklists into marker tokens', () => {
    const body = [
      '<!-- Please fill in the template -->',
      '### Steps to reproduce',
      '1. Open the editor',
      '',
      '### Actual behaviour',
      '```',
      'TypeError: x is undefined',
      '    at render (src/app.js:12:5)',
      '```',
      '- [x] I searched existing issues',
      'See https://example.com/shot.png',
    ].join('\n');
    const tokens = issueTokens({ title: 'Editor fails', body }, options);
    expect(tokens).toEqual(
      expect.arrayContaining([
        '__code_block',
        '__stack_trace',
        '__error_line',
        '__checklist',
        '__link',
        '__numbered_steps',
        '__template_comment',
        'h:steps_to_reproduce',
        'h:actual_behaviour',
      ]),
    );
    // Code text is left out unless asked for; the template comment's words too.
    expect(tokens).not.toContain('render');
    expect(tokens).not.toContain('template');
    expect(issueTokens({ body }, { ...options, codeText: true })).toContain('render');
  });

  it('keeps at most bodyWordLimit body words', () => {
    const tokens = issueTokens({ body: 'word '.repeat(500) }, { ...options, bodyWordLimit: 10 });
    expect(tokens.filter((token) => token === 'word')).toHaveLength(10);
  });
});
