/**
 * How much of an investigation's input a provider's prompt cache would serve, measured on the
 * requests a run actually sent (the provider-neutral prompt the AI SDK hands a provider, with its
 * cache breakpoints, and the tool definitions). Rules, as the providers document them:
 *
 * - **Anthropic** (platform.claude.com/docs/en/build-with-claude/prompt-caching): a request
 *   writes the prefix up to each `cache_control` breakpoint (tools, then system, then messages);
 *   a later request reads the longest written prefix it repeats exactly, found at one of its own
 *   breakpoints or at most 20 blocks before one. A prefix shorter than the model's minimum
 *   (1,024 tokens for Sonnet 4.5, Sonnet 4, Opus 4.1; 4,096 for Opus 4.5 and Haiku 4.5; 2,048 for
 *   Haiku 3.5) is not cached.
 * - **OpenAI** (developers.openai.com/api/docs/guides/prompt-caching; "Prompt Caching 201",
 *   openai-cookbook): a request reads the longest exact prefix seen before, when the prompt has
 *   1,024 tokens or more, in increments of 128 tokens (1,024, 1,152, …). The investigation's
 *   `promptCacheKey` routes its steps to the same cache, so every earlier request counts.
 *
 * The cache's lifetime (5 minutes or more) is longer than an investigation's steps; it is ignored.
 * Tokens are counted with gpt-tokenizer (o200k_base) on the JSON of each block, a proxy for the
 * providers' own tokenizers.
 */
import { countTokens } from '@sightline/core';

/** One request as a provider receives it (e.g. `ScriptedCall.prompt` and its tool definitions). */
export interface SentRequest {
  /** The prompt: messages with `content` and optional `providerOptions`. */
  prompt: readonly { content: unknown; providerOptions?: unknown }[];
  /** The tool definitions, in the order sent. */
  tools: readonly unknown[];
}

/** The caching rules of a provider. */
export type CacheRules =
  | { provider: 'anthropic'; minTokens: number }
  | { provider: 'openai'; minTokens: number; increment: number };

/** Anthropic's rules for Sonnet 4.5 (1,024-token minimum) and OpenAI's rules. */
export const CACHE_RULES = {
  anthropic: { provider: 'anthropic', minTokens: 1024 },
  openai: { provider: 'openai', minTokens: 1024, increment: 128 },
} as const satisfies Record<string, CacheRules>;

/** Blocks a breakpoint looks back over for an earlier written prefix (Anthropic). */
const LOOKBACK_BLOCKS = 20;

/** Per request: its input tokens, how many the cache would serve and how many it would write. */
export interface CacheableStep {
  inputTokens: number;
  cacheableTokens: number;
  /** Tokens newly written to the cache (Anthropic bills them above the input price; OpenAI: 0). */
  cacheWriteTokens: number;
}

/** The measurement of a run. */
export interface CacheableShare {
  steps: CacheableStep[];
  inputTokens: number;
  cacheableTokens: number;
  cacheWriteTokens: number;
  /** `cacheableTokens / inputTokens` (0 for no input). */
  share: number;
}

interface Block {
  text: string;
  tokens: number;
  breakpoint: boolean;
}

/**
 * Measures the cacheable share of a run's requests under a provider's rules.
 * @param requests - the requests in the order sent.
 * @param rules - e.g. {@link CACHE_RULES}`.anthropic`.
 * @returns per request and in total: input tokens and cacheable tokens.
 */
export function measureCacheableShare(
  requests: readonly SentRequest[],
  rules: CacheRules,
): CacheableShare {
  const blocked = requests.map(toBlocks);
  const cacheable =
    rules.provider === 'anthropic'
      ? anthropicReads(blocked, rules.minTokens)
      : openaiReads(blocked, rules.minTokens, rules.increment);
  const steps = blocked.map((blocks, index) => ({
    inputTokens: sumTokens(blocks, blocks.length),
    cacheableTokens: cacheable[index]?.read ?? 0,
    cacheWriteTokens: cacheable[index]?.write ?? 0,
  }));
  const total = (field: keyof CacheableStep) => steps.reduce((sum, step) => sum + step[field], 0);
  const inputTokens = total('inputTokens');
  const cacheableTokens = total('cacheableTokens');
  return {
    steps,
    inputTokens,
    cacheableTokens,
    cacheWriteTokens: total('cacheWriteTokens'),
    share: inputTokens === 0 ? 0 : cacheableTokens / inputTokens,
  };
}

/**
 * The request as content blocks in the order providers put them: the tool definitions, then each
 * message's parts. A message marked with a cache breakpoint marks its last part, as the Anthropic
 * provider sends it.
 */
function toBlocks({ prompt, tools }: SentRequest): Block[] {
  const blocks: Block[] = [block(tools, false)];
  for (const message of prompt) {
    const { providerOptions, ...rest } = message;
    const parts = Array.isArray(message.content) ? (message.content as unknown[]) : [rest];
    parts.forEach((part, index) => {
      const own = isBreakpoint((part as { providerOptions?: unknown }).providerOptions);
      const last = index === parts.length - 1 && isBreakpoint(providerOptions);
      blocks.push(block(withoutOptions(part), own || last));
    });
  }
  return blocks;
}

function block(value: unknown, breakpoint: boolean): Block {
  const text = JSON.stringify(value);
  return { text, tokens: countTokens(text), breakpoint };
}

function withoutOptions(part: unknown): unknown {
  if (typeof part !== 'object' || part === null) return part;
  const { providerOptions: _options, ...rest } = part as Record<string, unknown>;
  return rest;
}

function isBreakpoint(options: unknown): boolean {
  const anthropic = (options as { anthropic?: { cacheControl?: unknown } } | undefined)?.anthropic;
  return anthropic?.cacheControl !== undefined;
}

const sumTokens = (blocks: readonly Block[], count: number) =>
  blocks.slice(0, count).reduce((total, { tokens }) => total + tokens, 0);

/** What one request reads from and writes to the cache, in tokens. */
interface CacheUse {
  read: number;
  write: number;
}

/** Anthropic: written prefixes (by their text), the longest one each request reads, its writes. */
function anthropicReads(requests: readonly Block[][], minTokens: number): CacheUse[] {
  const written = new Set<string>();
  return requests.map((blocks) => {
    const prefixes = prefixKeys(blocks);
    let read = 0;
    blocks.forEach((current, index) => {
      if (!current.breakpoint) return;
      for (let end = index; end >= Math.max(0, index - LOOKBACK_BLOCKS); end -= 1) {
        if (written.has(prefixes[end] ?? '')) {
          read = Math.max(read, sumTokens(blocks, end + 1));
          break;
        }
      }
    });
    let longest = 0;
    blocks.forEach((current, index) => {
      const tokens = sumTokens(blocks, index + 1);
      if (!current.breakpoint || tokens < minTokens) return;
      if (!written.has(prefixes[index] ?? '')) longest = Math.max(longest, tokens);
      written.add(prefixes[index] ?? '');
    });
    return { read, write: Math.max(0, longest - read) };
  });
}

/** The key of each prefix `blocks[0..i]` (the blocks' texts joined). */
function prefixKeys(blocks: readonly Block[]): string[] {
  const keys: string[] = [];
  let key = '';
  for (const { text } of blocks) {
    key += `${text}\u0000`;
    keys.push(key);
  }
  return keys;
}

/**
 * OpenAI: the longest exact prefix shared with any earlier request (its tokens: those of the
 * shared text), rounded down to the cache's increments.
 */
function openaiReads(
  requests: readonly Block[][],
  minTokens: number,
  increment: number,
): CacheUse[] {
  const seen: string[] = [];
  return requests.map((blocks) => {
    const text = blocks.map((current) => current.text).join('');
    const shared = seen.reduce((best, earlier) => Math.max(best, commonPrefix(earlier, text)), 0);
    seen.push(text);
    const tokens = shared === 0 ? 0 : countTokens(text.slice(0, shared));
    if (tokens < minTokens) return { read: 0, write: 0 };
    return { read: minTokens + Math.floor((tokens - minTokens) / increment) * increment, write: 0 };
  });
}

function commonPrefix(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  let index = 0;
  while (index < length && left.charCodeAt(index) === right.charCodeAt(index)) index += 1;
  return index;
}
