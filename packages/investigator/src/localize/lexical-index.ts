/**
 * BM25F search over a repository index, at two grains: whole files (fields: path, definition
 * names, content) and single definitions (fields: name with scope, body). Built lazily once per
 * `RepositoryIndex` and cached for its lifetime. Scoring is wink-bm25-text-search's BM25F (Robertson &
 * Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009) with its default
 * k1 = 1.2, b = 0.75; terms come from {@link tokenizeCode}.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Definition, RepositoryIndex } from '@sightline/codebase';
import bm25 from 'wink-bm25-text-search';
import { bm25Postings } from './bm25-postings.js';
import { identifiersIn, identifierTerms, phraseTerms, tokenizeCode } from './code-tokens.js';

/** A lexical match of a query against one document. */
export interface LexicalMatch {
  /** BM25F score divided by the best score of the same query: 1 for the best document. */
  score: number;
  /** Query terms found in the document, rarest in the repository first (at most 6). */
  terms: string[];
}

/** A definition that matched a query. */
export interface DefinitionMatch {
  definition: Definition;
  match: LexicalMatch;
}

/** Lexical search over one repository index. */
export interface LexicalIndex {
  /** Scores every file that shares a term with the query, keyed by path. */
  searchFiles(query: string): Map<string, LexicalMatch>;
  /** Scores definitions that share a term with the query, grouped by path, best first. */
  searchDefinitions(query: string): Map<string, DefinitionMatch[]>;
  /** How the query's terms occur in the files ({@link QueryStatistics}). */
  fileStatistics(query: string): QueryStatistics;
  /**
   * Every distinct term of the file collection (paths, definition names and bodies), unordered:
   * what a background of many repositories is built from (`npm run train:ties`).
   */
  fileVocabulary(): string[];
}

/** Definition kinds worth a document of their own: they have a body a fix would change. */
const BODY_KINDS = new Set([
  'function',
  'method',
  'class',
  'interface',
  'type',
  'enum',
  'module',
  'macro',
]);

interface Corpus {
  search(query: string): Map<string, LexicalMatch>;
  statistics(query: string): QueryStatistics;
  vocabulary(): string[];
}

/** How a query's terms occur in the repository's files (query performance prediction). */
export interface QueryStatistics {
  /** Distinct terms of the query. */
  terms: number;
  /** Documents in the collection (files). */
  documents: number;
  /** Distinct terms in the collection (paths, names and bodies). */
  vocabulary: number;
  /** Document frequency of each distinct query term found in the collection. */
  known: { term: string; documentFrequency: number }[];
  /** The best document's raw BM25F score for the query; 0 when no document matches. */
  bestScore: number;
}

/** Builds one BM25F engine over pre-tokenised documents (at least three, padded if needed). */
function buildCorpus(
  documents: { id: string; fields: Record<string, string[]> }[],
  weights: Record<string, number>,
): Corpus {
  const engine = bm25();
  engine.defineConfig({ fldWeights: weights });
  // Documents arrive as term lists (no joining and re-splitting); the query as one string.
  engine.definePrepTasks([
    (input) => (typeof input !== 'string' ? input : input === '' ? [] : input.split(' ')),
  ]);
  const ids = new Set<string>();
  for (const { id, fields } of documents) {
    ids.add(id);
    engine.addDoc(fields, id);
  }
  // wink-bm25 needs at least three documents, each with every configured field.
  const empty = Object.fromEntries(Object.keys(weights).map((field) => [field, []]));
  for (let pad = documents.length; pad < 3; pad += 1) engine.addDoc(empty, `\0pad${pad}`);
  engine.consolidate();
  // The engine's own tables say which terms a document holds and how rare each term is (IDF
  // falls strictly as document frequency grows); queries are scored over its weights, one pass per
  // distinct term (bm25-postings.ts).
  const termIndex = engine.getTokens();
  const idf = engine.getIDF();
  const vocabularySize = Object.keys(termIndex).length;
  const postings = bm25Postings(engine.getDocs(), [...ids], vocabularySize);
  const rarestFirst = (a: string, b: string) =>
    (idf[termIndex[b] as number] ?? 0) - (idf[termIndex[a] as number] ?? 0) || a.localeCompare(b);
  const hitsOf = (terms: readonly string[]) =>
    postings.score(
      terms.flatMap((term) => {
        const token = termIndex[term];
        return token === undefined ? [] : [{ term, token }];
      }),
      rarestFirst,
      6,
    );
  return {
    vocabulary: () => Object.keys(termIndex),
    statistics(query) {
      const distinct = [...new Set([...tokenizeCode(query), ...phraseTerms(query)])];
      const known = distinct.flatMap((term) => {
        const token = termIndex[term];
        return token === undefined
          ? []
          : [{ term, documentFrequency: postings.documentFrequency(token) }];
      });
      return {
        terms: distinct.length,
        documents: ids.size,
        vocabulary: vocabularySize,
        known,
        bestScore: hitsOf(distinct)[0]?.score ?? 0,
      };
    },
    search(query) {
      const hits = hitsOf([...tokenizeCode(query), ...phraseTerms(query)]);
      const best = hits[0]?.score ?? 0;
      return new Map(hits.map(({ id, score, terms }) => [id, { score: score / best, terms }]));
    },
  };
}

/**
 * A definition longer than this, in lines, is indexed by its own lines and its members' names,
 * not their bodies (members are documents of their own): a class of thousands of lines would
 * otherwise repeat its whole file once per nesting level.
 */
const WHOLE_BODY_MAX_LINES = 400;

/**
 * The line ranges of a definition's own text: all of it when short, else its lines outside the
 * definitions nested in it, with the nested definitions' first lines (their names) kept.
 * @param definition - the definition.
 * @param nested - the file's definitions, sorted by first line.
 * @returns 1-based inclusive ranges, in order.
 */
function ownLines(definition: Definition, nested: readonly Definition[]): [number, number][] {
  const [start, end] = definition.lines;
  if (end - start < WHOLE_BODY_MAX_LINES) return [[start, end]];
  const ranges: [number, number][] = [];
  let next = start;
  for (const inner of nested) {
    const [innerStart, innerEnd] = inner.lines;
    if (inner === definition || innerStart < next || innerEnd > end || !BODY_KINDS.has(inner.kind))
      continue;
    ranges.push([next, innerStart]);
    next = innerEnd + 1;
  }
  if (next <= end) ranges.push([next, end]);
  return ranges;
}

function definitionId(definition: Definition): string {
  return `${definition.path}#${definition.lines[0]}-${definition.lines[1]}#${definition.name}`;
}

function createLexicalIndex(index: RepositoryIndex): LexicalIndex {
  const paths = [...index.files.keys()].sort();
  // Terms of each file, computed once and shared by the file and definition documents; dropped
  // once both corpora are built.
  let fileTerms: Map<string, LineTerms> | undefined = new Map();
  const termsOf = (file: string, [start, end]: [number, number] = [1, Infinity]): string[] => {
    fileTerms ??= new Map();
    let terms = fileTerms.get(file);
    if (!terms) {
      terms = tokenizeLines(
        withoutLines(
          readFileSafely(path.join(index.root, file)),
          index.files.get(file)?.secretLines,
        ),
      );
      fileTerms.set(file, terms);
    }
    const lines = terms.lineStarts.length - 1;
    const from = Math.min(Math.max(start - 1, 0), lines);
    const to = Math.min(Math.max(end, 0), lines);
    return to > from ? terms.terms.slice(terms.lineStarts[from], terms.lineStarts[to]) : [];
  };
  const release = () => {
    if (files && definitions) fileTerms = undefined;
  };
  let files: Corpus | undefined;
  let definitions: { corpus: Corpus; byId: Map<string, Definition> } | undefined;
  const fileCorpus = () => {
    files ??= buildCorpus(
      paths.map((file) => ({
        id: file,
        fields: {
          path: tokenizeCode(file),
          names: tokenizeCode(
            (index.files.get(file)?.definitions ?? [])
              .map((definition) => definition.name)
              .join(' '),
          ),
          body: termsOf(file),
        },
      })),
      { path: 3, names: 2, body: 1 },
    );
    release();
    return files;
  };
  return {
    searchFiles: (query) => fileCorpus().search(query),
    fileStatistics: (query) => fileCorpus().statistics(query),
    fileVocabulary: () => fileCorpus().vocabulary(),
    searchDefinitions(query) {
      if (!definitions) {
        const byId = new Map<string, Definition>();
        for (const file of paths) {
          for (const definition of index.files.get(file)?.definitions ?? []) {
            if (BODY_KINDS.has(definition.kind)) byId.set(definitionId(definition), definition);
          }
        }
        const sorted = new Map<string, Definition[]>();
        const nestedIn = (file: string) => {
          let list = sorted.get(file);
          if (!list) {
            list = [...(index.files.get(file)?.definitions ?? [])].sort(
              (a, b) => a.lines[0] - b.lines[0] || b.lines[1] - a.lines[1],
            );
            sorted.set(file, list);
          }
          return list;
        };
        const documents = [...byId.entries()].map(([id, definition]) => ({
          id,
          fields: {
            name: tokenizeCode([...definition.scope, definition.name].join(' ')),
            body: ownLines(definition, nestedIn(definition.path)).flatMap((range) =>
              termsOf(definition.path, range),
            ),
          },
        }));
        definitions = { corpus: buildCorpus(documents, { name: 3, body: 1 }), byId };
        release();
      }
      const grouped = new Map<string, DefinitionMatch[]>();
      for (const [id, match] of definitions.corpus.search(query)) {
        const definition = definitions.byId.get(id);
        if (!definition) continue;
        const list = grouped.get(definition.path);
        if (list) list.push({ definition, match });
        else grouped.set(definition.path, [{ definition, match }]);
      }
      return grouped;
    },
  };
}

/** A file's terms in order, with where each line's terms start. */
interface LineTerms {
  terms: string[];
  /** `lineStarts[i]`: index in `terms` of line i + 1's first term; one entry past the last line. */
  lineStarts: number[];
}

function tokenizeLines(text: string): LineTerms {
  const terms: string[] = [];
  const lineStarts: number[] = [0];
  let lineEnd = text.indexOf('\n');
  for (const { identifier, index } of identifiersIn(text)) {
    while (lineEnd !== -1 && lineEnd < index) {
      lineStarts.push(terms.length);
      lineEnd = text.indexOf('\n', lineEnd + 1);
    }
    for (const term of identifierTerms(identifier)) terms.push(term);
  }
  while (lineEnd !== -1) {
    lineStarts.push(terms.length);
    lineEnd = text.indexOf('\n', lineEnd + 1);
  }
  lineStarts.push(terms.length);
  return { terms, lineStarts };
}

/**
 * The text with the given 1-based lines emptied (their line breaks kept): the lines the index
 * withheld as secrets never score, so a report cannot probe them through BM25 (no oracle).
 */
function withoutLines(text: string, lines: readonly number[] = []): string {
  if (lines.length === 0) return text;
  const split = text.split('\n');
  for (const line of lines) if (line <= split.length) split[line - 1] = '';
  return split.join('\n');
}

function readFileSafely(absolute: string): string {
  try {
    return readFileSync(absolute, 'utf8');
  } catch {
    return '';
  }
}

const cache = new WeakMap<RepositoryIndex, LexicalIndex>();

/**
 * Returns the lexical index of a repository index, building it on first use (files are read from
 * `index.root`; an unreadable file counts as empty).
 * @param index the repository index.
 * @returns the cached {@link LexicalIndex}.
 */
export function getLexicalIndex(index: RepositoryIndex): LexicalIndex {
  let lexical = cache.get(index);
  if (!lexical) {
    lexical = createLexicalIndex(index);
    cache.set(index, lexical);
  }
  return lexical;
}
