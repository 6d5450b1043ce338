import { describe, expect, it } from 'vitest';
import { extractIdentifiers } from './identifiers.js';
import { extractPaths } from './paths.js';

describe('extractIdentifiers', () => {
  it('keeps code-like tokens in order of first appearance, without English words', () => {
    const text =
      'Since 1.6.2 the `navigator` check fails: hasStandardBrowserEnv reads navigator.userAgent and ' +
      'throws ReferenceError. See e.g. the MAX_RETRIES and pixel_array values, std::vec::Vec and ENOENT. ' +
      'Works on my iPhone with JavaScript from example.com, file utils.js.';
    expect(extractIdentifiers(text, [])).toEqual([
      'navigator',
      'hasStandardBrowserEnv',
      'navigator.userAgent',
      'ReferenceError',
      'MAX_RETRIES',
      'pixel_array',
      'std::vec::Vec',
      'ENOENT',
    ]);
  });

  it('adds frame function names, skips path chunks and `<module>`-style names', () => {
    const frames = [
      { function: 'stringify', inApp: false, raw: '' },
      { function: '<module>', inApp: true, raw: '' },
      { function: 'merge', inApp: true, raw: '' },
    ];
    expect(
      extractIdentifiers(
        'at stringify (/home/user/node_modules/qs/lib/stringify.js:78:15)',
        frames,
      ),
    ).toEqual(['stringify', 'merge']);
  });
});

describe('extractPaths', () => {
  it('normalises paths from text and frames, in order, without duplicates', () => {
    const text =
      'Broken in src/app.ts:12:5 and file:///home/u/p/lib/x.mjs:3, see https://cdn.example.com/js/main.js?v=2, ' +
      'C:\\src\\Shop\\Program.cs, not Node.js or example.com or v1.2.3.';
    const frames = [
      { file: 'webpack:///./src/app.ts', inApp: true, raw: '' },
      { file: '<anonymous>', inApp: false, raw: '' },
    ];
    expect(extractPaths(text, frames)).toEqual([
      'src/app.ts',
      '/home/u/p/lib/x.mjs',
      '/js/main.js',
      'C:\\src\\Shop\\Program.cs',
    ]);
  });
});
