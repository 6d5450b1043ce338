/**
 * The BM25 index of commit messages that the `historySimilarity` feature searches
 * (history-features.ts): one document per file, its messages' terms (`tokenizeCode`);
 * wink-bm25-text-search with its default k1 = 1.2, b = 0.75.
 *
 * Building it tokenizes every message (most of what the history features cost once the logs are
 * read), so it is also kept as the library's own export (`exportJSON`, restored by `importJSON`)
 * beside the logs (history-log-cache.ts). An export is only valid for the code that built it:
 * {@link messageIndexVersion} names that code by what it does (the export of a fixed probe set
 * of messages: the terms, the configuration and the scores of this tokenizer and library) and by
 * {@link MESSAGE_INDEX_FORMAT}, raised by hand for a change the probe cannot see.
 */
import { createHash } from 'node:crypto';
import bm25 from 'wink-bm25-text-search';
import { tokenizeCode } from './code-tokens.js';

/** A consolidated BM25 index of per-file messages. */
export type MessageIndex = ReturnType<typeof bm25>;

/** Raised when the index is built differently in a way {@link PROBE} would not show. */
export const MESSAGE_INDEX_FORMAT = 1;

/** Messages that exercise the tokenizer (camelCase, snake_case, digits, stems, stop words). */
const PROBE: ReadonlyMap<string, readonly string[]> = new Map([
  [
    'src/http/parseResponse.ts',
    ['Fix NullPointerException in parseHTTPResponse2 when the config_file is empty (#123)'],
  ],
  ['lib/cache.js', ['Refactor: the cache keeps its entries\n\nCloses gh-7', 'crashes on startup']],
  ['README.md', ['docs: constructor usage, toString and __proto__ of the parsed objects']],
]);

/** Documents arrive as term lists, the query as one string of terms. */
function withTasks(index: MessageIndex): MessageIndex {
  index.definePrepTasks([(input) => (typeof input === 'string' ? input.split(' ') : input)]);
  return index;
}

/**
 * Builds the index.
 * @param messages path → its messages.
 * @returns the consolidated index (three documents at least: empty ones pad a smaller set).
 */
export function buildMessageIndex(messages: ReadonlyMap<string, readonly string[]>): MessageIndex {
  const index = bm25();
  index.defineConfig({ fldWeights: { text: 1 } });
  withTasks(index);
  for (const [path, list] of messages) index.addDoc({ text: tokenizeCode(list.join('\n')) }, path);
  // The engine needs three documents at least.
  for (let pad = messages.size; pad < 3; pad += 1) index.addDoc({ text: [] }, `\0pad${pad}`);
  index.consolidate();
  return index;
}

/**
 * An index from its export (`exportJSON` of one {@link buildMessageIndex} built).
 * @returns the index, or `undefined` for text that is not such an export. Never throws.
 */
export function importMessageIndex(json: string): MessageIndex | undefined {
  try {
    const index = bm25();
    index.importJSON(json);
    return withTasks(index);
  } catch {
    return undefined;
  }
}

let version: string | undefined;

/**
 * What names the code building the index: 16 hex of the SHA-256 of {@link MESSAGE_INDEX_FORMAT}
 * and the export of the probe messages' index (computed once per process, about 1 ms).
 */
export function messageIndexVersion(): string {
  version ??= createHash('sha256')
    .update(`${MESSAGE_INDEX_FORMAT}\n${buildMessageIndex(PROBE).exportJSON()}`)
    .digest('hex')
    .slice(0, 16);
  return version;
}

/**
 * Searches the index.
 * @param index the index.
 * @param terms the query's terms (`tokenizeCode` of the report).
 * @param limit results at most.
 * @returns `[path, score]` pairs, best first, the padding documents and scores of 0 left out.
 */
export function searchMessageIndex(
  index: MessageIndex,
  terms: readonly string[],
  limit: number,
): Array<[string, number]> {
  // A built index's term table has no prototype; an imported one's has Object's, where
  // `constructor` or `toString` would be found: only the table's own terms are searched.
  const vocabulary = index.getTokens();
  const known = terms.filter((term) => Object.hasOwn(vocabulary, term));
  if (known.length === 0) return [];
  return index
    .search(known.join(' '), limit)
    .filter(([path, score]) => !path.startsWith('\0pad') && score > 0);
}
