import { describe, expect, it } from 'vitest';
import { codeSpan, inlineText, tableCell } from './markdown-text.js';

describe('codeSpan', () => {
  it.each([
    ['lib/a.js:3', '`lib/a.js:3`'],
    ['a`b', '`` a`b ``'],
    ['`a', '`` `a ``'],
    ['a``b`', '``` a``b` ```'],
    [' a ', '`  a  `'],
    ['a\nb\u202e', '`a\\u000ab\\u202e`'],
    ['', ''],
  ])('shows %j literally as %j', (text, span) => {
    expect(codeSpan(text)).toBe(span);
  });
  it('takes text of more backtick runs than a call has arguments', () => {
    const text = 'a`'.repeat(500_000);
    expect(codeSpan(text)).toBe(`\`\` ${text} \`\``);
  });
});

describe('tableCell', () => {
  it('keeps a cell on one line and escapes every `|`, inside code spans too', () => {
    expect(tableCell(' a\nb | `c|d` ')).toBe('a b \\| `c\\|d`');
  });
});

describe('inlineText', () => {
  it('puts text on one line', () => {
    expect(inlineText('a\n\n## b\t c ')).toBe('a ## b c');
  });
});
