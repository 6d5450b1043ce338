/**
 * Exact token counting with gpt-tokenizer (no chars/4 estimates).
 *
 * `o200k_base` is the encoding of current OpenAI models and the default; `cl100k_base` is the
 * GPT-4/3.5 encoding. Anthropic and Google do not publish their tokenizers: for their models the
 * count is exact for o200k_base, which is a close proxy (model profiles name the encoding used).
 */
import { SightlineError } from './errors.js';

/** The part of a gpt-tokenizer encoding module Sightline uses. */
export interface EncodingModule {
  countTokens(text: string): number;
  encode(text: string): number[];
  decode(tokens: number[]): string;
}

// Each encoding's rank table takes ~0.3–1 s to load: load it on first use, not at import, so
// commands that never count tokens (and warm repository-map runs) start fast. `node:module` is
// reached through `process.getBuiltinModule` (Node ≥ 20.16), not a static import, so this file also
// loads in browser bundles; there, encodings are given with `registerEncoding`.
const loaded = new Map<Encoding, EncodingModule>();
function encodingModule(encoding: Encoding): EncodingModule {
  let module = loaded.get(encoding);
  if (!module) {
    const nodeModule = globalThis.process?.getBuiltinModule?.('node:module');
    if (!nodeModule) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `No ${encoding} tokenizer is loaded (outside Node encodings are not loaded on demand): call registerEncoding('${encoding}', await import('gpt-tokenizer/encoding/${encoding}')) once at startup.`,
        details: { encoding },
      });
    }
    const require = nodeModule.createRequire(import.meta.url);
    module = require(`gpt-tokenizer/encoding/${encoding}`) as EncodingModule;
    loaded.set(encoding, module);
  }
  return module;
}

/**
 * Makes an encoding available where it cannot be loaded on demand (browsers): pass the module
 * `gpt-tokenizer/encoding/<encoding>` once at startup. In Node this is never needed.
 * @param encoding - which encoding `module` implements.
 * @param module - the imported gpt-tokenizer encoding module.
 * @example registerEncoding('o200k_base', await import('gpt-tokenizer/encoding/o200k_base'));
 */
export function registerEncoding(encoding: Encoding, module: EncodingModule): void {
  loaded.set(encoding, module);
}

/**
 * Whether `encoding` can be counted now: it was registered, or this is Node (which loads it on
 * first use). Browsers that count lazily check it before counting.
 * @param encoding - default `o200k_base`.
 * @returns true when {@link countTokens} will not throw for want of a tokenizer.
 */
export function canCountTokens(encoding: Encoding = 'o200k_base'): boolean {
  return (
    loaded.has(encoding) || globalThis.process?.getBuiltinModule?.('node:module') !== undefined
  );
}

/** Token encodings Sightline can count exactly. */
export type Encoding = 'o200k_base' | 'cl100k_base';

/** Options of {@link countTokens}. */
export interface CountTokensOptions {
  /** Encoding to count with. Default `o200k_base`. */
  encoding?: Encoding;
}

/**
 * Counts the tokens of `text`.
 * @param text - any string; empty counts 0.
 * @param options - `encoding`, default `o200k_base`.
 * @returns the exact number of tokens (integer ≥ 0).
 * @example countTokens('hello world') // 2
 */
export function countTokens(
  text: string,
  { encoding = 'o200k_base' }: CountTokensOptions = {},
): number {
  if (text.length === 0) return 0;
  return encodingModule(encoding).countTokens(text);
}

/**
 * Cuts `text` to at most `maxTokens` tokens (o200k_base), on a token boundary.
 * @param text - the string to cut.
 * @param maxTokens - most tokens kept; 0 or less gives `''`.
 * @returns `text` unchanged when it already fits, else its longest prefix of `maxTokens` tokens.
 */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  const { encode, decode } = encodingModule('o200k_base');
  const tokens = encode(text);
  if (tokens.length <= maxTokens) return text;
  return decode(tokens.slice(0, maxTokens));
}
