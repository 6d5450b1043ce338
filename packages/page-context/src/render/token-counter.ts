/**
 * Exact token counting for the formatter, with a bounded cache per encoding: consecutive snapshots
 * of a page repeat most node blocks, so each block's count is usually computed once.
 */
import { countTokens, type Encoding, getModelProfile, type ModelProfile } from '@sightline/core';

/** Counts the tokens of a text exactly. */
export type TokenCounter = (text: string) => number;

/** How a token count is chosen: a custom counter, an encoding, or a model profile (or id). */
export interface TokenCounterOptions {
  /** Model profile, or a model id looked up with `getModelProfile`; gives the encoding. */
  profile?: ModelProfile | string;
  /** Encoding; wins over `profile`. Default `o200k_base`. */
  encoding?: Encoding;
  /** Custom exact counter; wins over both (e.g. a provider's own tokenizer). */
  countTokens?: TokenCounter;
}

/**
 * The encoding a set of options counts with.
 * @param options - `encoding` or `profile`.
 * @returns `encoding`, else the profile's, else `o200k_base`.
 */
export function encodingOf(options: TokenCounterOptions): Encoding {
  const profile =
    typeof options.profile === 'string' ? getModelProfile(options.profile) : options.profile;
  return options.encoding ?? profile?.encoding ?? 'o200k_base';
}

const CACHE_LIMIT = 50_000;
/** Longer texts (whole documents) are counted without caching. */
const CACHED_TEXT_LENGTH = 4_000;
const counters = new Map<Encoding, TokenCounter>();

/**
 * Resolves the counter for a set of options.
 * @param options - `countTokens`, `encoding` or `profile`.
 * @returns a counter; the built-in ones cache up to 50,000 texts (of up to 4,000 characters) per encoding (then start over).
 * @throws SightlineError `INVALID_ARGUMENT` on first use in a browser where the encoding was not
 * registered with `registerEncoding` from `@sightline/core`.
 */
export function resolveTokenCounter(options: TokenCounterOptions = {}): TokenCounter {
  if (options.countTokens) return options.countTokens;
  const encoding = encodingOf(options);
  let counter = counters.get(encoding);
  if (!counter) {
    const cache = new Map<string, number>();
    counter = (text) => {
      if (text.length > CACHED_TEXT_LENGTH) return countTokens(text, { encoding });
      let count = cache.get(text);
      if (count === undefined) {
        count = countTokens(text, { encoding });
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(text, count);
      }
      return count;
    };
    counters.set(encoding, counter);
  }
  return counter;
}
