/**
 * Exact token counts of what one step of a tool loop sends: system prompt, messages (text,
 * reasoning, tool calls and results, media) and tool schemas, counted with gpt-tokenizer
 * (`countTokens` from @sightline/core).
 *
 * What the provider adds around them is not public, so three documented estimates complete the
 * count (the {@link createUsageCalibration} ratio corrects the rest against reported usage):
 * - {@link MESSAGE_OVERHEAD_TOKENS} per message and {@link PROMPT_OVERHEAD_TOKENS} per prompt, from
 *   OpenAI's cookbook "How to count tokens with tiktoken" (3 tokens per message, 3 to prime the
 *   reply, for gpt-3.5/4-family chat models);
 * - {@link MEDIA_TOKEN_ESTIMATE} per image or file part, Anthropic's figure for a full-size image
 *   ("Vision" docs: tokens ≈ width × height / 750, about 1,600 for a 1092 × 1092 image, the size
 *   larger images are scaled down to); base64 data is never counted as text.
 *
 * Counts per message are cached in a WeakMap keyed by the message object, so a step that adds two
 * messages to a 200-message history counts two. Messages are treated as immutable (the AI SDK and
 * this package replace messages rather than edit them): a message edited in place keeps its old count.
 */
import { countTokens, type Encoding } from '@sightline/core';
import { asSchema, type ModelMessage, type SystemModelMessage, type ToolSet } from 'ai';
import type { ToolResultOutput } from './tool-output-text.js';

/** Tokens a chat message costs beyond its content (role, separators). Source: OpenAI cookbook. */
export const MESSAGE_OVERHEAD_TOKENS = 3;
/** Tokens every prompt costs once (priming the reply). Source: OpenAI cookbook. */
export const PROMPT_OVERHEAD_TOKENS = 3;
/** Flat estimate for one image or file part. Source: Anthropic vision docs (≈ 1092² / 750). */
export const MEDIA_TOKEN_ESTIMATE = 1_600;

/** Options of the counting functions. */
export interface CountOptions {
  /** Encoding to count with; take it from the model profile. Default `o200k_base`. */
  encoding?: Encoding;
}

/** What {@link countPromptTokens} counts: the parts of one model call. */
export interface PromptParts {
  /** The `system` option of the call. */
  system?: string | SystemModelMessage | SystemModelMessage[];
  /** The messages of the call. */
  messages: ModelMessage[];
  /** The tools offered to the model (their names, descriptions and input schemas are sent). */
  tools?: ToolSet;
}

/** Token count of one prompt, by part. */
export interface PromptTokens {
  /** System prompt, including its message overhead. */
  system: number;
  /** All messages, including their overheads. */
  messages: number;
  /** Tool names, descriptions and JSON schemas. */
  tools: number;
  /** Sum of the above plus {@link PROMPT_OVERHEAD_TOKENS}. */
  total: number;
}

const messageCache = new Map<Encoding, WeakMap<object, number>>();
const toolCache = new Map<Encoding, WeakMap<object, number>>();

function cacheFor(
  caches: Map<Encoding, WeakMap<object, number>>,
  encoding: Encoding,
): WeakMap<object, number> {
  let cache = caches.get(encoding);
  if (!cache) {
    cache = new WeakMap();
    caches.set(encoding, cache);
  }
  return cache;
}

/**
 * Counts one message, its content and {@link MESSAGE_OVERHEAD_TOKENS}; cached per message object.
 * @param message - an AI SDK model message (system, user, assistant or tool).
 * @param options - `encoding`, default `o200k_base`.
 * @returns tokens (integer > 0).
 */
export function countMessageTokens(
  message: ModelMessage,
  { encoding = 'o200k_base' }: CountOptions = {},
): number {
  const cache = cacheFor(messageCache, encoding);
  const cached = cache.get(message);
  if (cached !== undefined) return cached;
  const count = MESSAGE_OVERHEAD_TOKENS + countContent(message, encoding);
  cache.set(message, count);
  return count;
}

/**
 * Sums {@link countMessageTokens} over messages.
 * @param messages - the history.
 * @param options - `encoding`, default `o200k_base`.
 * @returns tokens of all messages.
 */
export function countMessagesTokens(
  messages: readonly ModelMessage[],
  options: CountOptions = {},
): number {
  let total = 0;
  for (const message of messages) total += countMessageTokens(message, options);
  return total;
}

function countContent(message: ModelMessage, encoding: Encoding): number {
  const text = (value: string) => countTokens(value, { encoding });
  if (typeof message.content === 'string') return text(message.content);
  let total = 0;
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        total += text(part.text);
        break;
      case 'image':
      case 'file':
        total += MEDIA_TOKEN_ESTIMATE;
        break;
      case 'tool-call':
        total += text(part.toolName) + text(stringify(part.input));
        break;
      case 'tool-result':
        total += text(part.toolName) + countToolResultOutputTokens(part.output, { encoding });
        break;
      default:
        // Tool approval requests and responses: ids and a flag, sent as JSON.
        total += text(stringify(part));
    }
  }
  return total;
}

/**
 * Counts what a tool result sends to the model: text as is, JSON serialized, media parts by
 * {@link MEDIA_TOKEN_ESTIMATE}.
 * @param output - any `ToolResultOutput` variant.
 * @param options - `encoding`, default `o200k_base`.
 * @returns tokens.
 */
export function countToolResultOutputTokens(
  output: ToolResultOutput,
  { encoding = 'o200k_base' }: CountOptions = {},
): number {
  const text = (value: string) => countTokens(value, { encoding });
  switch (output.type) {
    case 'text':
    case 'error-text':
      return text(output.value);
    case 'json':
    case 'error-json':
      return text(stringify(output.value));
    case 'execution-denied':
      return text(output.reason ?? 'Tool execution denied.');
    case 'content':
      return output.value.reduce(
        (sum, part) =>
          sum +
          (part.type === 'text'
            ? text(part.text)
            : part.type === 'custom'
              ? 0
              : MEDIA_TOKEN_ESTIMATE),
        0,
      );
  }
}

/**
 * Counts the tool definitions a call sends: name, description and input JSON Schema of each tool
 * (`asSchema(tool.inputSchema).jsonSchema`); cached per tool object.
 * @param tools - the tool set.
 * @param options - `encoding`, default `o200k_base`.
 * @returns tokens of all tool definitions.
 */
export async function countToolsTokens(
  tools: ToolSet,
  { encoding = 'o200k_base' }: CountOptions = {},
): Promise<number> {
  const cache = cacheFor(toolCache, encoding);
  let total = 0;
  for (const [name, definition] of Object.entries(tools)) {
    let count = cache.get(definition);
    if (count === undefined) {
      const parameters = await asSchema(definition.inputSchema).jsonSchema;
      count = countTokens(
        stringify({ name, description: definition.description ?? '', parameters }),
        { encoding },
      );
      cache.set(definition, count);
    }
    total += count;
  }
  return total;
}

/**
 * Counts a whole prompt: system, messages and tools, plus {@link PROMPT_OVERHEAD_TOKENS}.
 * @param parts - `system`, `messages`, `tools` as passed to `generateText`/`streamText`.
 * @param options - `encoding`, default `o200k_base`.
 * @returns tokens by part and in total.
 * @example const { total } = await countPromptTokens({ system, messages, tools }, { encoding: profile.encoding });
 */
export async function countPromptTokens(
  { system, messages, tools }: PromptParts,
  options: CountOptions = {},
): Promise<PromptTokens> {
  const systemMessages: SystemModelMessage[] =
    system === undefined
      ? []
      : typeof system === 'string'
        ? [{ role: 'system', content: system }]
        : [system].flat();
  const counts = {
    system: countMessagesTokens(systemMessages, options),
    messages: countMessagesTokens(messages, options),
    tools: tools ? await countToolsTokens(tools, options) : 0,
  };
  return {
    ...counts,
    total: counts.system + counts.messages + counts.tools + PROMPT_OVERHEAD_TOKENS,
  };
}

function stringify(value: unknown): string {
  return JSON.stringify(value) ?? '';
}
