import { describe, expect, it } from 'vitest';
import { type IssueFeatureOptions, issueTokens } from './issue-features.js';

const options: IssueFeatureOptions = {
  codeText: false,
  bodyWordLimit: 100,
  bigrams: false,
  negation: false,
};

describe('issueTokens', () => {
  it("adds the first words answering a template's bold question as a:word, when asked", () => {
    const body =
      '**Do you want to request a *feature* or report a *bug*?**\nFeature, a new hook\n\n**What is the current behavior?** It throws';
    const tokens = issueTokens({ title: 'Hooks', body }, { ...options, templateAnswers: true });
    expect(tokens.filter((token) => token.startsWith('a:'))).toEqual([
      'a:feature',
      'a:a',
      'a:new',
      'a:it',
      'a:throws',
    ]);
    expect(issueTokens({ title: 'Hooks', body }, options).some((t) => t.startsWith('a:'))).toBe(
      false,
    );
  });

  it('adds the title as t:word (a block the vectorizer weights) and marks a question title', () => {
    const tokens = issueTokens({ title: 'How to build on Windows?', body: '' }, options);
    expect(tokens.filter((token) => token === 't:build')).toHaveLength(1);
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

  it('reads markers after blank lines and on frames of every V8 shape, in linear-time patterns', () => {
    const markers = (body: string) =>
      issueTokens({ body }, options).filter((token) => token.startsWith('__'));
    const blank = '\n \n\t\n'.repeat(2000);
    expect(markers(`intro${blank}  - [ ] done${blank} 2. then${blank}\terror: broke`)).toEqual(
      expect.arrayContaining(['__checklist', '__numbered_steps', '__error_line']),
    );
    for (const frame of [
      'at Object.<anonymous> (/app/src/a b.js:3:9)',
      'at new Foo (src/foo.js:1:2)',
      'at src/app.js:12:5',
      'at async Promise.all (x.js:1)',
    ]) {
      expect(markers(`text\n    ${frame}  \n`), frame).toContain('__stack_trace');
    }
    expect(markers('at the end of the day it fails')).not.toContain('__stack_trace');
    // A fence needs a line end after it; a long run of backticks without one is not a block.
    expect(markers('````js\ncode')).toContain('__code_block');
    expect(markers(`text ${'`'.repeat(5000)}`)).not.toContain('__code_block');
    expect(markers(`${'`'.repeat(5000)}`)).not.toContain('__code_block');
    // Lines ended by carriage returns alone, each opening a fence; a heading of 32,000 `#\t`.
    expect(markers(`${'~~\r~'.repeat(16_384)}~`)).not.toContain('__code_block');
    const heading = issueTokens({ body: `#\t*${'#\t'.repeat(32_768)}end` }, options);
    expect(heading.filter((token) => token.startsWith('h:'))).toHaveLength(1);
  });

  it('marks expected-versus-actual wording outside template comments', () => {
    const tokens = issueTokens(
      {
        title: 'Parser accepts untrusted keys',
        body: 'It returns true (expected: undefined), so a request body can inject flags.',
      },
      options,
    );
    expect(tokens).toContain('__expectation');
    const template = '<!-- Describe the expected behaviour -->\nPlease add one.';
    expect(issueTokens({ title: 'Add a dark theme', body: template }, options)).not.toContain(
      '__expectation',
    );
  });

  it('adds bigrams and marks negation scope when asked', () => {
    const tokens = issueTokens(
      { title: 'Save fails', body: "It doesn't create the file." },
      { ...options, bigrams: true, negation: true },
    );
    expect(tokens).toEqual(expect.arrayContaining(['t:save_fails', 'not', '!create', '!the']));
    expect(tokens).not.toContain('create');
  });

  it('keeps at most bodyWordLimit body words', () => {
    const tokens = issueTokens({ body: 'word '.repeat(500) }, { ...options, bodyWordLimit: 10 });
    expect(tokens.filter((token) => token === 'word')).toHaveLength(10);
  });
});

describe('the image marker on long bodies', () => {
  it('marks Markdown images and <img> tags, and reads 64 KiB of unclosed `![`', () => {
    const image = (body: string) => issueTokens({ title: 'x', body }, options).includes('__image');
    expect(image('see ![shot](a.png)')).toBe(true);
    expect(image('see <IMG src=a.png>')).toBe(true);
    expect(image('see ![shot] (a.png) and <imgx>')).toBe(false);
    expect(image(`a${'IMG![I'.repeat(11_000)}`)).toBe(false);
    expect(image(`a${'![I'.repeat(22_000)}](b.png)`)).toBe(true);
  });
});
