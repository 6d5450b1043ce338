/**
 * Offloading of large tool results: the full text goes to the store at
 * `/tool_results/<session>/<toolCallId>.txt`; the model gets the path, the size, a numbered
 * preview of the first and last lines, and how to fetch the rest with `read_stored` and
 * `search_stored`. Media parts (images, files) stay in the result: only text is offloaded.
 *
 * One core function works on the AI SDK's `ToolResultOutput` (what a tool-result part in a
 * history holds); {@link offloadToolResult} adapts a raw `execute` return value, and `wrapTools`
 * adapts whole tool sets.
 */
import {
  countFittingItems,
  countTokens,
  type Encoding,
  formatBytes,
  pluralize,
} from '@sightline/core';
import type { JSONValue } from 'ai';
import { countToolResultOutputTokens } from '../history/message-tokens.js';
import { numberLines } from '../history/numbered-lines.js';
import type { ToolResultOutput } from '../history/tool-output-text.js';
import { toolOutputText } from '../history/tool-output-text.js';
import { MASKED_RESULT_PREFIX } from '../mask/mask-tool-results.js';
import type { CompactionStore } from '../stores/compaction-store.js';
import { escapeStoreId, toolResultPath } from '../stores/store-paths.js';
import { splitLines } from '../stores/store-text.js';

/** Default token limit above which a tool result is offloaded (the issue's default). */
export const DEFAULT_OFFLOAD_LIMIT_TOKENS = 20_000;

/** Marks the text that replaces an offloaded tool result. */
export const OFFLOADED_RESULT_PREFIX = '[Tool result offloaded]';

/** How the preview of an offloaded result is shaped. */
export interface OffloadPreviewOptions {
  /** Lines shown from the start. Default 20. */
  headLines?: number;
  /** Lines shown from the end. Default 10. */
  tailLines?: number;
  /** Characters of a preview line before it is cut with `…`. Default 200. */
  maxLineChars?: number;
  /**
   * Most tokens the preview lines may take, beyond the fixed frame (about 120 tokens: sizes, path,
   * how to read more); lines are dropped to fit. Default 1,500, and never more than half of
   * `limitTokens`.
   */
  maxTokens?: number;
}

/** Options of {@link offloadToolOutput}. */
export interface OffloadToolOutputOptions {
  /** Where the full text goes. */
  store: CompactionStore;
  /** Session id (part of the store path). */
  session: string;
  /** Id of the tool call the result answers (part of the store path). */
  toolCallId: string;
  /** Name of the tool, shown in the replacement. */
  toolName: string;
  /** The result as the model would see it. */
  output: ToolResultOutput;
  /** Results whose text is over this many tokens are offloaded. Default 20,000. */
  limitTokens?: number;
  /** Encoding to count with (from the model profile). Default `o200k_base`. */
  encoding?: Encoding;
  /** Shape of the preview. */
  preview?: OffloadPreviewOptions;
}

/** What {@link offloadToolOutput} did. */
export interface ToolOutputOffload {
  /** The output to send instead: same kind (text, error or content with the media kept). */
  output: ToolResultOutput;
  /** The text of the replacement (path, size, preview, how to read more). */
  replacement: string;
  /** Store path of the full text. */
  path: string;
  /** Size of the stored text, in bytes (UTF-8). */
  bytes: number;
  /** Lines of the stored text. */
  lines: number;
  /** Tokens of the stored text. */
  tokens: number;
  /** Tokens of the original output (media by estimate). */
  tokensBefore: number;
  /** Tokens of the replacement output (media by estimate). */
  tokensAfter: number;
}

/**
 * Offloads a tool result output when its text is over `limitTokens`.
 * @param options - see {@link OffloadToolOutputOptions}.
 * @returns the replacement and where the text went, or `undefined` when the output stays as it is
 * (under the limit, no text, `execution-denied`, already an offload or mask replacement, or a
 * replacement that would not be smaller than the output; nothing is stored then).
 * @throws whatever `store.write` throws (the output is then left to the caller unchanged).
 * @example
 * const offload = await offloadToolOutput({ store, session: 's1', toolCallId: part.toolCallId,
 *   toolName: part.toolName, output: part.output });
 * if (offload) part = { ...part, output: offload.output };
 */
export async function offloadToolOutput({
  store,
  session,
  toolCallId,
  toolName,
  output,
  limitTokens = DEFAULT_OFFLOAD_LIMIT_TOKENS,
  encoding = 'o200k_base',
  preview = {},
}: OffloadToolOutputOptions): Promise<ToolOutputOffload | undefined> {
  if (output.type === 'execution-denied') return undefined;
  const textOnly: ToolResultOutput =
    output.type === 'content'
      ? { type: 'content', value: output.value.filter((part) => part.type === 'text') }
      : output;
  const textTokens = countToolResultOutputTokens(textOnly, { encoding });
  if (textTokens <= limitTokens) return undefined;

  const text = toolOutputText(textOnly);
  // Already a replacement (offloaded by `wrapTools`, or masked): offloading it again would only
  // store a preview of a preview.
  if (text.startsWith(OFFLOADED_RESULT_PREFIX) || text.startsWith(MASKED_RESULT_PREFIX)) {
    return undefined;
  }
  const path = toolResultPath(session, toolCallId);
  const lines = splitLines(text);
  const bytes = Buffer.byteLength(text, 'utf8');
  const replacement = renderReplacement({
    session,
    toolName,
    path,
    lines,
    bytes,
    tokens: textTokens,
    limitTokens,
    preview,
  });
  const replaced = replaceText(output, replacement);
  const tokensBefore = countToolResultOutputTokens(output, { encoding });
  const tokensAfter = countToolResultOutputTokens(replaced, { encoding });
  // A limit below the size of a preview (about 110 tokens) would grow the result: leave it.
  if (tokensAfter >= tokensBefore) return undefined;
  await store.write(path, text);
  return {
    output: replaced,
    replacement,
    path,
    bytes,
    lines: lines.length,
    tokens: textTokens,
    tokensBefore,
    tokensAfter,
  };
}

/** Options of {@link offloadToolResult}: those of {@link offloadToolOutput}, with a raw result. */
export interface OffloadToolResultOptions extends Omit<OffloadToolOutputOptions, 'output'> {
  /** What a tool's `execute` returned: a string is sent as text, anything else as JSON. */
  output: unknown;
}

/**
 * Offloads a raw tool result (an `execute` return value), converted the way the AI SDK converts
 * results of tools without `toModelOutput` (string → `text`, else `json`, `undefined` → `null`).
 * @param options - see {@link OffloadToolResultOptions}.
 * @returns as {@link offloadToolOutput}.
 * @throws whatever `store.write` throws.
 */
export function offloadToolResult({
  output,
  ...options
}: OffloadToolResultOptions): Promise<ToolOutputOffload | undefined> {
  return offloadToolOutput({ ...options, output: toDefaultModelOutput(output) });
}

/**
 * The AI SDK's default conversion of a tool result for the model (ai `createToolModelOutput`).
 * @param output - a raw `execute` return value.
 * @returns a `text` output for strings, else a `json` output.
 */
export function toDefaultModelOutput(output: unknown): ToolResultOutput {
  if (typeof output === 'string') return { type: 'text', value: output };
  return { type: 'json', value: (output ?? null) as JSONValue };
}

function replaceText(output: ToolResultOutput, replacement: string): ToolResultOutput {
  const keep =
    'providerOptions' in output && output.providerOptions
      ? { providerOptions: output.providerOptions }
      : {};
  switch (output.type) {
    case 'error-text':
    case 'error-json':
      return { type: 'error-text', value: replacement, ...keep };
    case 'content': {
      const media = output.value.filter((part) => part.type !== 'text');
      return { type: 'content', value: [{ type: 'text', text: replacement }, ...media], ...keep };
    }
    default:
      return { type: 'text', value: replacement, ...keep };
  }
}

interface ReplacementInput {
  session: string;
  toolName: string;
  path: string;
  lines: string[];
  bytes: number;
  tokens: number;
  limitTokens: number;
  preview: OffloadPreviewOptions;
}

function renderReplacement({
  session,
  toolName,
  path,
  lines,
  bytes,
  tokens,
  limitTokens,
  preview: { headLines = 20, tailLines = 10, maxLineChars = 200, maxTokens = 1_500 },
}: ReplacementInput): string {
  const total = lines.length;
  const wanted = Math.min(total, headLines + tailLines);
  const render = (count: number): string => {
    const head = Math.min(
      total,
      Math.ceil((count * headLines) / Math.max(1, headLines + tailLines)),
    );
    const tail = Math.min(count - head, total - head);
    const width = Math.max(4, String(total).length);
    const first = numberLines(lines.slice(0, head), 1, { maxLineChars, width });
    const last = numberLines(lines.slice(total - tail), total - tail + 1, { maxLineChars, width });
    const hidden = total - head - tail;
    const cut = first.cut + last.cut;
    const out = [
      `${OFFLOADED_RESULT_PREFIX} ${toolName} returned ${tokens.toLocaleString('en-US')} tokens (${pluralize(total, 'line')}, ${formatBytes(bytes)}), more than the ${limitTokens.toLocaleString('en-US')}-token limit, so it was saved to the store at ${path}.`,
      count > 0
        ? `Preview: ${head < total ? `first ${pluralize(head, 'line')}` : 'all lines'}${tail > 0 ? ` and last ${pluralize(tail, 'line')}` : ''}, numbered${cut > 0 ? `; ${pluralize(cut, 'line')} longer than ${maxLineChars} characters cut with "…"` : ''}:`
        : 'No preview fits here.',
      ...first.lines,
      ...(hidden > 0 && count > 0 ? [`[… ${pluralize(hidden, 'line')} not shown …]`] : []),
      ...last.lines,
      `To read more, call read_stored with {"path": "${path}", "offset": ${head + 1}, "limit": 200}; to find something, call search_stored with {"pattern": "<regular expression>", "path_prefix": "/tool_results/${escapeStoreId(session)}/"}.`,
    ];
    return out.join('\n');
  };
  // The frame (sizes, path, how to read more) is always shown; preview lines get the budget.
  const budget = countTokens(render(0)) + Math.min(maxTokens, Math.floor(limitTokens / 2));
  return render(countFittingItems(wanted, budget, render));
}
