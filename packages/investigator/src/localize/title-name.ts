/**
 * How much of a file's name a report's title uses: a title is the reporter's densest summary, and
 * it names the component at fault far more often than the body's steps and logs do ("Comment lines
 * after the first are not recognised", fixed in `CSVParser`; "Pie chart for top languages", fixed
 * in `top-languages-card.js`). The lexical match of the whole report dilutes that over the body;
 * this signal keeps it. It is the summary-versus-name similarity of learning to rank for bug
 * localization (Ye, Bunescu & Liu, FSE 2014, "class name similarity"), on the terms of
 * code-tokens.ts and weighted by inverse document frequency over the repository's file names, so
 * `index`, `utils` or `mod` shared with a title say little and `canonicalizer` much.
 *
 * Measured first as a scratch proxy (the name's words unstemmed, IDF over the report's candidate
 * files) beside the other features, on the corpus of real fixes (877 reports, 5 folds grouped by
 * repository): Acc@1 0.473 → 0.504, MRR 0.617 → 0.642; bench/README.md "localize" has the figures
 * of the signal as shipped.
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { tokenizeCode } from './code-tokens.js';

/**
 * File names that stand for their folder as a module (`src/parser/index.ts` is `parser`,
 * `src/net/mod.rs` is `net`, `pkg/__init__.py` is `pkg`): the language's own conventions for a
 * folder's entry file (Node's and TypeScript's `index`, Rust's `mod`, Python's `__init__`).
 */
const MODULE_ENTRY_NAMES = new Set(['index', 'mod', '__init__']);

/**
 * The name a file is known by: its base name without extensions, or its folder's name for a
 * module entry file (`MODULE_ENTRY_NAMES`).
 * @param path - repository-relative path, `/`-separated.
 */
export function moduleName(path: string): string {
  const segments = path.split('/');
  const base = segments.at(-1) ?? '';
  const stem = base.replace(/\..*$/, '');
  return MODULE_ENTRY_NAMES.has(stem) && segments.length > 1 ? (segments.at(-2) ?? stem) : stem;
}

/** The distinct terms of a file's name (`tokenizeCode`). */
function nameTerms(path: string): Set<string> {
  return new Set(tokenizeCode(moduleName(path)));
}

/** Per index: each name term's inverse document frequency over the index's files. */
const idfByIndex = new WeakMap<RepositoryIndex, { idf: Map<string, number>; unseen: number }>();

function nameIdf(index: RepositoryIndex): { idf: Map<string, number>; unseen: number } {
  let cached = idfByIndex.get(index);
  if (!cached) {
    const frequency = new Map<string, number>();
    for (const path of index.files.keys())
      for (const term of nameTerms(path)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    const files = index.files.size;
    // ln(1 + N / df), the smoothed inverse document frequency of probabilistic retrieval.
    const idf = new Map([...frequency].map(([term, count]) => [term, Math.log1p(files / count)]));
    cached = { idf, unseen: Math.log1p(files) };
    idfByIndex.set(index, cached);
  }
  return cached;
}

/** The title-name signal of one file: the share, and the name's words the title uses. */
export interface TitleNameMatch {
  /** IDF-weighted share of the file name's terms found in the title, in [0, 1]. */
  share: number;
  /** The name's terms the title uses (stemmed, as `tokenizeCode` gives them). */
  terms: string[];
}

/**
 * Scores files by how much of their name the title uses.
 * @param index - the repository index (its file names give the IDF).
 * @param title - the report's title (empty: every share is 0).
 * @param paths - the files to score.
 * @returns files whose name shares at least one term with the title, with the IDF-weighted
 *   share (the title's name terms' IDF over all the name's terms' IDF).
 */
export function titleNameMatches(
  index: RepositoryIndex,
  title: string,
  paths: Iterable<string>,
): Map<string, TitleNameMatch> {
  const titleTerms = new Set(tokenizeCode(title));
  const matches = new Map<string, TitleNameMatch>();
  if (titleTerms.size === 0) return matches;
  const { idf, unseen } = nameIdf(index);
  for (const path of paths) {
    const terms = [...nameTerms(path)];
    const shared = terms.filter((term) => titleTerms.has(term));
    if (shared.length === 0) continue;
    const weight = (term: string) => idf.get(term) ?? unseen;
    const total = terms.reduce((sum, term) => sum + weight(term), 0);
    const share = shared.reduce((sum, term) => sum + weight(term), 0) / total;
    matches.set(path, { share, terms: shared });
  }
  return matches;
}
