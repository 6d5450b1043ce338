import { describe, expect, it } from 'vitest';
import { tokenizeCode } from './code-tokens.js';
import {
  buildMessageIndex,
  importMessageIndex,
  messageIndexVersion,
  searchMessageIndex,
} from './message-index.js';

const MESSAGES = new Map([
  ['src/parser.js', ['Fix crash when the config file is empty', 'Initial import']],
  ['src/button.js', ['Restyle the settings button']],
  ['src/cache.js', ['Cache: keep the parsed config']],
  ['1', ['A file named like an array index']],
]);

const QUERIES = [
  'the parser crashes on an empty config file',
  'constructor toString hasOwnProperty valueOf __proto__ isPrototypeOf',
  'constructor of the config parser',
  'nothing shared',
];

describe('message index', () => {
  it('searches an imported export exactly as the index it came from', () => {
    const built = buildMessageIndex(MESSAGES);
    const imported = importMessageIndex(built.exportJSON());
    if (!imported) throw new Error('not imported');
    for (const query of QUERIES) {
      const terms = tokenizeCode(query);
      expect(searchMessageIndex(imported, terms, 10)).toEqual(searchMessageIndex(built, terms, 10));
    }
    expect(searchMessageIndex(built, tokenizeCode(QUERIES[0] ?? ''), 10)[0]?.[0]).toBe(
      'src/parser.js',
    );
  });

  it('leaves out the padding of a small set, and refuses text that is no export', () => {
    const small = buildMessageIndex(new Map([['a.js', ['parser crash']]]));
    expect(searchMessageIndex(small, ['parser'], 10).map(([path]) => path)).toEqual(['a.js']);
    expect(importMessageIndex('not json')).toBeUndefined();
    expect(importMessageIndex('[1, 2]')).toBeUndefined();
    expect(messageIndexVersion()).toMatch(/^[0-9a-f]{16}$/);
    expect(messageIndexVersion()).toBe(messageIndexVersion());
  });
});
