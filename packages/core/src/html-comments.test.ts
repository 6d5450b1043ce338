import { describe, expect, it } from 'vitest';
import { withoutHtmlComments } from './html-comments.js';

const PATTERN = /<!--[\s\S]*?-->/g;

describe('withoutHtmlComments', () => {
  it('takes out each comment up to its first closing, keeping an unclosed one', () => {
    expect(withoutHtmlComments('a<!-- hint -->b<!-- open')).toBe('ab<!-- open');
    expect(withoutHtmlComments('x<!-- a --> y <!-- b -->z', ' ')).toBe('x  y  z');
    expect(withoutHtmlComments('<!---->|<!-->|-->')).toBe('|');
  });

  it('gives what the lazy pattern gives, on texts of every arrangement of its parts', () => {
    const parts = ['<!--', '-->', '-', '<!', 'a', '\n', '>'];
    const texts: string[] = [''];
    for (let length = 1; length <= 5; length++) {
      for (let code = 0; code < parts.length ** length; code++) {
        let text = '';
        for (let at = 0, rest = code; at < length; at++, rest = Math.floor(rest / parts.length))
          text += parts[rest % parts.length];
        texts.push(text);
      }
    }
    for (const text of texts)
      expect(withoutHtmlComments(text, '_'), text).toBe(text.replace(PATTERN, '_'));
  });

  it('reads many unclosed comments in one pass', () => {
    const text = `${'<!--'.repeat(60_000)}end`;
    expect(withoutHtmlComments(text)).toBe(text);
  });
});
