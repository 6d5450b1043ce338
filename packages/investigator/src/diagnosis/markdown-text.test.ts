import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import {
  codeSpan,
  inlineText,
  literalText,
  proseBlock,
  proseText,
  tableCell,
} from './markdown-text.js';

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
  it.each([
    // Found in review: `\|` became `\\|`, which the table reads as an escaped backslash and the
    // cell's end, so the rest left its cell and code span and a link rendered.
    ['`tidy \\| [click](https://evil.example)`', '`tidy \\\\\\| [click](https://evil.example)`'],
    ['`a\\\\|b`', '`a\\\\\\\\\\|b`'],
    ['`C:\\dir\\a.ts`', '`C:\\dir\\a.ts`'],
  ])('keeps %s in its cell as %s: each backslash before a `|` is escaped too', (cell, escaped) => {
    expect(tableCell(cell)).toBe(escaped);
  });
  it('escapes a long backslash run in time linear in it', () => {
    const run = '\\'.repeat(200_000);
    expect(tableCell(`${run}x${run}|`)).toBe(`${run}x${run}${run}\\|`);
  });
});

describe('inlineText', () => {
  it('puts text on one line', () => {
    expect(inlineText('a\n\n## b\t c ')).toBe('a ## b c');
  });
});

describe('literalText', () => {
  it.each([
    ['at <img/src=x>\n[a](b)', 'at \\<img/src=x\\> \\[a\\](b)'],
    ['*a* _b_ `c` ~d~ !e &amp; #', '\\*a\\* \\_b\\_ \\`c\\` \\~d\\~ !e \\&amp; \\#'],
    ['C:\\dir a|b', 'C:\\\\dir a|b'],
  ])('escapes the Markdown and HTML of %j as %j, on one line', (text, escaped) => {
    expect(literalText(text)).toBe(escaped);
  });
});

describe('proseText', () => {
  it.each([
    // Found by a fresh-user trial: an exception message pasted into the root cause rendered an
    // image, a link and an unclosed <details> in the bot's issue comment.
    [
      'Error: see ![x](http://t.example/p.png) [d](http://e.example) **b** <details><summary>x is raised in `stringify`',
      'Error: see !\\[x\\](http\\://t.example/p.png) \\[d\\](http\\://e.example) \\*\\*b\\*\\* \\<details\\>\\<summary\\>x is raised in `stringify`',
    ],
    ['`acorn` command crashes', '`acorn` command crashes'],
    ['a ``b`c`` d', 'a `` b`c `` d'],
    ['` x `', '`x`'],
    ['`[a](b)` and <`c`>', '`[a](b)` and \\<`c`\\>'],
    // As CommonMark reads it: the first two runs pair, the third is a literal backtick.
    ['one ` unclosed, `two`', 'one `unclosed,`two\\`'],
    ['an ``` unclosed run', 'an \\`\\`\\` unclosed run'],
    ['line\nbreak  `a\nb`', 'line break `a b`'],
  ])('keeps the code spans of %j and escapes the rest: %j', (text, shown) => {
    expect(proseText(text)).toBe(shown);
  });
});

describe('GitHub references in untrusted prose', () => {
  // Found by a fresh-user trial: the Action's comment quoted an issue title naming `@maintainer`
  // live, so the bot would have notified that user; `#123` would have cross-linked an issue.
  const zwsp = '\u200b';
  it('breaks mentions and issue references outside code spans, not inside them', () => {
    expect(proseText('Crash @maintainer <img src=x> `code @a #1` in parseConfig')).toBe(
      `Crash @${zwsp}maintainer \\<img src=x\\> \`code @a #1\` in parseConfig`,
    );
    expect(literalText('see #123, acme/app#7, gh-9 and @org/team')).toBe(
      `see \\#${zwsp}123, acme/app\\#${zwsp}7, gh-${zwsp}9 and @${zwsp}org/team`,
    );
    expect(proseBlock('cc @a\n\n```\n@b #2\n```')).toBe(`cc @${zwsp}a\n\n\`\`\`\n@b #2\n\`\`\``);
  });
  it('keeps a bare address from becoming a link, outside code spans only', () => {
    // Found reviewing the escaping: `[x](http://t/p.png)` lost its link, but GitHub's extended
    // autolinks still linked the bare address left behind; a zero-width space after `://` did not
    // stop them (review 17: cmark-gfm takes it as a host character).
    const text =
      'see HTTPS://evil.example/x, 1http://a.example, _www.evil.example and `http://b.example`';
    const shown = proseText(text);
    expect(shown).toBe(
      'see HTTPS\\://evil.example/x, 1http\\://a.example, \\_www\\.evil.example and `http://b.example`',
    );
    const html = micromark(shown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).not.toContain('<a');
    expect(html).toContain('<code>http://b.example</code>');
    expect(micromark(text, { extensions: [gfm()], htmlExtensions: [gfmHtml()] })).toContain('<a');
  });
  it('leaves a `!` as written, and no image or link renders from the text around it', () => {
    // Found by fresh-user trial 19: a review's "Crap!" printed as `Crap\!` in the terminal.
    const text = 'Horrible App! Crap! see ![x](http://t.example/p.png) and !<img src=x>';
    const shown = proseText(text);
    expect(shown).toContain('Horrible App! Crap! see !\\[x\\]');
    const html = micromark(shown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    for (const tag of ['<img', '<a']) expect(html).not.toContain(tag);
  });
  it('leaves what GitHub links as no reference as written', () => {
    expect(literalText('mail a@b.example, @ alone, # heading, #x, AGH-1')).toBe(
      'mail a@b.example, @ alone, \\# heading, \\#x, AGH-1',
    );
  });
});

describe('proseBlock', () => {
  it('keeps line breaks and paragraphs, and each line safe', () => {
    expect(proseBlock('First `a`.\r\n\n- <img src=x>\n- [l](u)')).toBe(
      'First `a`.\n\n- \\<img src=x\\>\n- \\[l\\](u)',
    );
  });

  it('makes no heading of a line underlined by dashes or equals signs, and no table', () => {
    // Found by review: `---` under a line made it a heading; `|` rows with `|---|` made a table.
    expect(proseBlock('Pwned\n---\nAlso\n===')).toBe('Pwned\n\\---\nAlso\n\\===');
    expect(proseBlock('| a | b |\n|---|---|\n| 1 | 2 |')).toBe(
      '\\| a \\| b \\|\n\\|---\\|---\\|\n\\| 1 \\| 2 \\|',
    );
    expect(proseBlock('- item\n- `a|b`')).toBe('- item\n- `a|b`');
  });

  it("keeps a fenced code block as a code block, its lines' indentation and Markdown as written", () => {
    // Found by review: a model's fenced change lost its indentation and showed escaped backticks.
    const text = 'Change it:\n\n```js\nif (x) {\n  return <b>[a](b)</b>;\n}\n```\nDone.';
    expect(proseBlock(text)).toBe(
      'Change it:\n\n```js\nif (x) {\n  return <b>[a](b)</b>;\n}\n```\nDone.',
    );
    // A block holding a longer backtick run gets a longer fence; an unclosed one runs to the end.
    expect(proseBlock('~~~\na ```` b\n~~~')).toBe('`````\na ```` b\n`````');
    expect(proseBlock('```\nopen <b>')).toBe('```\nopen <b>\n```');
  });
});
