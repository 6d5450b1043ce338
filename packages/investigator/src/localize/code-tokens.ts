/**
 * Turns code and prose into comparable search terms: identifiers are split at camelCase,
 * PascalCase, snake_case, kebab-case and digit boundaries, lower-cased, stemmed (Porter2) and
 * stripped of English stop words and language keywords. A compound identifier also keeps its whole
 * lower-cased form, so an exact mention of `hasStandardBrowserEnv` outweighs its parts.
 */
import nlp from 'wink-nlp-utils';

/** Keywords and glue words of common languages that say nothing about where a bug is. */
const CODE_STOP_WORDS = new Set(
  'const let var function return if else for while do new this self true false null undefined none nil void typeof instanceof import export from require module exports default class extends static public private protected async await try catch finally throw switch case break continue def func fn pub use package int string bool boolean number object strict js ts mjs cjs http https www com'.split(
    ' ',
  ),
);

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/;
/**
 * Longest identifier or word turned into terms, in characters; longer ones (base64, minified
 * code, a pasted blob) are skipped: no name is that long, and splitting and stemming them costs
 * time quadratic in their length (the Porter2 stemmer's regular expressions backtrack).
 */
const MAX_WORD_CHARS = 256;
const ADJACENT_WORDS = /\b([A-Za-z]{2,})(?=[ \t-]+([A-Za-z]{2,})\b)/g;

/**
 * A name's letters and digits, lower-cased, so spellings of one name compare equal
 * (`HtmlBlock`, `html_block`, `html-block` → `htmlblock`).
 */
export function compactName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Splits one identifier into its words: `parseHTTPResponse2` → `parse`, `http`, `response`;
 * `balance_pairs` → `balance`, `pairs`.
 * @param identifier one identifier, without dots.
 * @returns its words, lower-cased.
 */
export function splitIdentifier(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .split(/[^A-Za-z]+/)
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase());
}

/**
 * Tokenises code or prose into search terms (order kept, duplicates kept: term frequency counts).
 * @param text any text: source code, a bug report, a path.
 * @returns stemmed, lower-cased terms of at least two letters, stop words removed.
 */
export function tokenizeCode(text: string): string[] {
  const terms: string[] = [];
  for (const { identifier } of identifiersIn(text)) {
    for (const term of identifierTerms(identifier)) terms.push(term);
  }
  return terms;
}

/**
 * The identifiers of a text worth turning into terms (at most {@link MAX_WORD_CHARS} long).
 * @param text any text.
 * @returns each identifier with its 0-based offset in `text` (UTF-16 code units), in order.
 */
export function* identifiersIn(text: string): Generator<{ identifier: string; index: number }> {
  const pattern = new RegExp(IDENTIFIER.source, 'g');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].length <= MAX_WORD_CHARS) yield { identifier: match[0], index: match.index };
  }
}

/** Bound on each memo, so a long-lived process indexing many repositories stays small. */
const MAX_MEMO = 200_000;
/** Identifier → its terms; identifiers repeat a lot in code, and splitting one costs regexes. */
const identifiers = new Map<string, readonly string[]>();

/**
 * The search terms of one identifier (see {@link tokenizeCode}), memoized.
 * @param identifier one identifier.
 * @returns its terms; the array is shared: do not change it.
 */
export function identifierTerms(identifier: string): readonly string[] {
  let terms = identifiers.get(identifier);
  if (terms === undefined) {
    const parts = splitIdentifier(identifier);
    const words = parts.length > 1 ? [parts.join(''), ...parts] : parts;
    terms = words.flatMap((word) => normalizeWord(word) ?? []);
    if (identifiers.size >= MAX_MEMO) identifiers.clear();
    identifiers.set(identifier, terms);
  }
  return terms;
}

/** Lower-cased word → its stem, or `null` for a stop word; words repeat a lot in code. */
const normalized = new Map<string, string | null>();

function normalizeWord(word: string): string | null {
  let term = normalized.get(word);
  if (term === undefined) {
    const kept =
      word.length > 1 &&
      word.length <= MAX_WORD_CHARS &&
      !CODE_STOP_WORDS.has(word) &&
      nlp.tokens.removeWords([word]).length > 0;
    term = kept ? (nlp.tokens.stem([word])[0] ?? null) : null;
    if (normalized.size >= MAX_MEMO) normalized.clear();
    normalized.set(word, term);
  }
  return term;
}

/**
 * Maps each search term of `text` back to the first word that produced it, so evidence can say
 * `navigator` rather than the stem `navig`.
 * @param text the report text.
 * @returns term → surface word (the identifier, or its part, as written).
 */
export function termSurfaces(text: string): Map<string, string> {
  const surfaces = new Map<string, string>();
  const remember = (word: string, surface: string) => {
    const [term] = tokenizeCode(word);
    if (term && !surfaces.has(term)) surfaces.set(term, surface);
  };
  for (const { identifier } of identifiersIn(text)) {
    const parts = splitIdentifier(identifier);
    if (parts.length > 1) remember(parts.join(''), identifier);
    for (const part of parts) remember(part, part);
  }
  for (const [first, second] of adjacentWordPairs(text)) {
    remember(`${first}${second}`.toLowerCase(), `${first} ${second}`);
  }
  return surfaces;
}

/**
 * Pairs of adjacent words in prose (letters only, separated by blanks or a hyphen): the phrases
 * that may name code, like "HTML block" for `html_block`.
 * @param text prose.
 * @returns `[first, second]` pairs as written, in order.
 */
export function adjacentWordPairs(text: string): [string, string][] {
  return [...text.matchAll(ADJACENT_WORDS)].map(([, first = '', second = '']) => [first, second]);
}

/**
 * Terms for prose phrases that name code: each pair of adjacent words becomes the term of their
 * compound, so "HTML block" in a report meets `html_block` or `htmlBlock` in the code (whose
 * compound term {@link tokenizeCode} keeps). Meant for queries; a compound that no document holds
 * simply matches nothing.
 * @param text the query.
 * @returns one term per adjacent word pair, in order.
 */
export function phraseTerms(text: string): string[] {
  return adjacentWordPairs(text).flatMap(
    ([first, second]) => normalizeWord(`${first}${second}`.toLowerCase()) ?? [],
  );
}
