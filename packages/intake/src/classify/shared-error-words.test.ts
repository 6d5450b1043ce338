import { describe, expect, it } from 'vitest';
import { isErrorTypeName, withSharedErrorWords } from './shared-error-words.js';

describe('withSharedErrorWords', () => {
  it('reads exception and error type names of any runtime, dotted or not, as crash', () => {
    expect(
      withSharedErrorWords(
        'Export throws java.lang.NullPointerException, then a KeyError; std::io::Error on close',
      ),
    ).toBe('Export throws crash, then a crash; crash on close');
  });

  it('reads the runtimes’ crash words as crash', () => {
    expect(withSharedErrorWords('It segfaults. Segmentation fault (core dumped)')).toBe(
      'It crash. crash (crash)',
    );
    expect(withSharedErrorWords("thread 'main' panicked at src/main.rs; got SIGSEGV")).toBe(
      "thread 'main' crash src/main.rs; got crash",
    );
  });

  it('leaves plain words, other identifiers and words that only end like an error name', () => {
    const text = 'An error, an exception, a default value: ErrorBoundary and userError_count';
    expect(withSharedErrorWords(text)).toBe(text);
  });
});

describe('isErrorTypeName', () => {
  it('judges the last segment of a name', () => {
    expect(
      ['TypeError', 'java.io.IOException', 'std::io::Error', 'PageFault', 'ErrorBoundary'].map(
        isErrorTypeName,
      ),
    ).toEqual([true, true, true, true, false]);
  });
});
