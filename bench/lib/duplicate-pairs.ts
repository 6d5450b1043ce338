/**
 * A learned duplicate-pair model for issue text, as measured by `npm run bench:grouping-pairs`
 * (tried for issue #28; the service does not ship it: held out it did worse than the service's
 * text rule, bench/README.md "grouping-pairs"). The method of duplicate-report detection:
 * candidates retrieved by shared rare words (Runeson, Alexandersson, Nyholm, ICSE 2007: retrieval
 * by text similarity), then a logistic model over the pair's features (Sun, Lo, Khoo, Jiang, ASE
 * 2011 "REP": title and body similarity as separate features, unigrams and bigrams, IDF-weighted
 * shared terms; Wang et al., ICSE 2008: execution information — here exception types, error lines,
 * identifiers, file names — and versions), plus the time between the filings and the lengths.
 *
 * An issue's profile is what the model reads of it: content words (title and template-stripped
 * body, the service's `contentWords`), bigrams and technical tokens, each list capped so a pasted
 * log stays small. Every feature is in [0, 1] or a log, so one weight scale fits all.
 */
import {
  type Boilerplate,
  contentWords,
  DEFAULT_BOILERPLATE,
  ISSUE_TEXT,
  jaccard,
  stripBoilerplate,
  textSimilarity,
} from '@sightline/service/internal';

/** Distinct content words kept at most (the most frequent, then the first seen). */
const MAX_WORDS = 400;
/** Bigrams, identifiers, file names kept at most each. */
const MAX_TOKENS = 200;
/** Exception types, error lines and versions kept at most each. */
const MAX_FEW = 20;

/** An issue as the pair model reads it (see the module header). */
export interface TextProfile {
  /** Distinct content words of the title. */
  title: string[];
  /**
   * Distinct tokens of the title as written, numbers and keys kept (`hadoop-17796`, `2.3.6`,
   * `centos 8`), lower case: tasks of one series differ only there.
   */
  titleTokens: string[];
  /** Content words of title and body with their counts. */
  words: Record<string, number>;
  /** Distinct content-word bigrams (`a b`). */
  bigrams: string[];
  /** Exception and error type names (`NullPointerException`, `TypeError`), lower case. */
  errors: string[];
  /** Error lines: a line naming an error, exception or failure, numbers masked, lower case. */
  errorLines: string[];
  /** Code identifiers: camelCase, snake_case or dotted names of two or more parts, lower case. */
  identifiers: string[];
  /** File names with an extension (base names, lower case). */
  files: string[];
  /** Version strings (`3.4.1`). */
  versions: string[];
  /** Content words in title and body (with repeats). */
  length: number;
  /** Filing time, ms since the epoch; undefined when unknown. */
  at?: number;
  /**
   * The service's own text signature of the issue (`groupKey`'s MinHash and title hashes), or
   * undefined when the issue has too few content words for the service's text rule.
   */
  signature?: number[];
}

/**
 * The profile of an issue.
 * @param text - title and body as one text (the title on the first line).
 * @param title - the title alone ('' when none).
 * @param at - when it was filed (ISO time), when known.
 */
export function textProfile(
  text: string,
  title: string,
  options: { boilerplate?: Boilerplate; at?: string; signature?: number[] } = {},
): TextProfile {
  const boilerplate = options.boilerplate ?? DEFAULT_BOILERPLATE;
  const words = contentWords(text, boilerplate);
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  const kept = [...counts].sort((a, b) => b[1] - a[1]).slice(0, MAX_WORDS);
  const bigrams = new Set<string>();
  words.forEach((word, i) => {
    const next = words[i + 1];
    if (next) bigrams.add(`${word} ${next}`);
  });
  const stripped = stripBoilerplate(text, boilerplate);
  const at = options.at === undefined ? Number.NaN : Date.parse(options.at);
  return {
    title: [...new Set(contentWords(title, boilerplate))],
    titleTokens: distinct(title.match(/[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)*/gu) ?? [], MAX_TOKENS),
    words: Object.fromEntries(kept),
    bigrams: [...bigrams].slice(0, MAX_TOKENS),
    errors: distinct(stripped.match(ERROR_TYPE) ?? [], MAX_FEW),
    errorLines: distinct(
      stripped
        .split('\n')
        .filter((line) => ERROR_LINE.test(line))
        .map((line) => line.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim())
        .filter((line) => line.length >= 8),
      MAX_FEW,
    ),
    identifiers: distinct(stripped.match(IDENTIFIER) ?? [], MAX_TOKENS),
    files: distinct(
      (stripped.match(FILE_NAME) ?? []).map((file) => file.split(/[\\/]/).at(-1) ?? file),
      MAX_TOKENS,
    ),
    versions: distinct(stripped.match(VERSION) ?? [], MAX_FEW),
    length: words.length,
    ...(Number.isFinite(at) ? { at } : {}),
    ...(options.signature ? { signature: options.signature } : {}),
  };
}

const ERROR_TYPE = /\b[A-Z][A-Za-z0-9]*(?:Error|Exception|Fault|Failure)\b/g;
const ERROR_LINE = /\b(?:error|exception|failed|failure|fatal|panic|crash(?:ed)?)\b/i;
/** Dotted or snake_case names first (`BlockManager.reportBadBlocks` whole), then camelCase. */
const IDENTIFIER =
  /\b(?:[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z][A-Za-z0-9]*)+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)\b/g;
const FILE_NAME = /[\w./\\-]*\w\.(?:[a-z]{1,4}x?|java|scala|kt|swift|json|yaml|yml|xml|html?)\b/gi;
const VERSION = /\b\d+\.\d+(?:\.\d+)*\b/g;

function distinct(values: readonly string[], max: number): string[] {
  return [...new Set(values.map((value) => value.toLowerCase()))].slice(0, max);
}

/** The features' names, in the order of {@link pairFeatures}' vector (the model file's order). */
export const PAIR_FEATURES = [
  'titleCosine',
  'textCosine',
  'bigramJaccard',
  'titleJaccard',
  'shingleJaccard',
  'titleTokensApart',
  'leastOfTitleAndText',
  'leastOfTitleAndShingles',
  'titleTimesText',
  'sharedIdfShare',
  'sharedRarest',
  'identifierJaccard',
  'sharedIdentifiers',
  'sharedErrorType',
  'otherErrorTypes',
  'errorLineJaccard',
  'fileJaccard',
  'sharedVersion',
  'otherVersions',
  'logDaysApart',
  'logShorterLength',
  'lengthRatio',
  'ruleSimilarity',
  'ruleMatch',
] as const;

/** The similarities whose pairwise products {@link withInteractions} adds. */
const INTERACTING = [
  'titleCosine',
  'textCosine',
  'titleJaccard',
  'shingleJaccard',
  'sharedIdfShare',
  'identifierJaccard',
  'errorLineJaccard',
  'ruleSimilarity',
] as const;
const INTERACTING_AT = INTERACTING.map((name) => PAIR_FEATURES.indexOf(name));
const INTERACTION_PAIRS = INTERACTING.flatMap((_, i) =>
  INTERACTING.slice(i + 1).map((__, k) => [i, i + 1 + k] as const),
);

/** The names of {@link withInteractions}' vector: the pair features, then `a×b` products. */
export const INTERACTION_FEATURES: readonly string[] = [
  ...PAIR_FEATURES,
  ...INTERACTION_PAIRS.map(([i, j]) => `${INTERACTING[i]}×${INTERACTING[j]}`),
];

/**
 * A pair's features (see {@link pairFeatures}) followed by the products of every two of its main
 * similarities: a linear model over them can ask for two things at once ("title and text
 * alike"), as a rule or a tree does.
 */
export function withInteractions(features: readonly number[]): number[] {
  const at = (i: number) => features[INTERACTING_AT[i] as number] ?? 0;
  return [...features, ...INTERACTION_PAIRS.map(([i, j]) => at(i) * at(j))];
}

/**
 * IDF of a word: `ln((N + 1) / (df + 1)) + 1` over the project's learning sample (the smoothed
 * IDF of scikit-learn's TfidfVectorizer), divided by its largest value `ln(N + 1) + 1` so it lies
 * in (0, 1]; every word weighs 1 without a sample.
 */
export function idfOf(frequencies: WordFrequencies | undefined): (word: string) => number {
  if (!frequencies || frequencies.documents === 0) return () => 1;
  const { documents, words } = frequencies;
  const top = Math.log(documents + 1) + 1;
  return (word) => (Math.log((documents + 1) / ((words.get(word) ?? 0) + 1)) + 1) / top;
}

/**
 * The feature vector of a pair (see {@link PAIR_FEATURES}); symmetric in `a` and `b`.
 * @param idf - word weights (see {@link idfOf}).
 */
export function pairFeatures(
  a: TextProfile,
  b: TextProfile,
  idf: (word: string) => number,
): number[] {
  const titleA = weights(
    a.title.map((word) => [word, 1]),
    idf,
  );
  const titleB = weights(
    b.title.map((word) => [word, 1]),
    idf,
  );
  const textA = weights(Object.entries(a.words), idf);
  const textB = weights(Object.entries(b.words), idf);
  let sharedIdf = 0;
  let rarest = 0;
  for (const word of Object.keys(a.words)) {
    if (b.words[word] === undefined) continue;
    const weight = idf(word);
    sharedIdf += weight;
    rarest = Math.max(rarest, weight);
  }
  const totalIdf = (profile: TextProfile) =>
    Object.keys(profile.words).reduce((sum, word) => sum + idf(word), 0);
  const smallerIdf = Math.min(totalIdf(a), totalIdf(b));
  const sharedIdentifiers = sharedCount(a.identifiers, b.identifiers);
  const days = a.at !== undefined && b.at !== undefined ? Math.abs(a.at - b.at) / 86_400_000 : 30;
  const shorter = Math.min(a.length, b.length);
  const longer = Math.max(a.length, b.length);
  const titleCosine = cosine(titleA, titleB);
  const textCosine = cosine(textA, textB);
  const shingles = (profile: TextProfile) => [...Object.keys(profile.words), ...profile.bigrams];
  const ruleSimilarity =
    a.signature && b.signature ? textSimilarity(a.signature, b.signature, ISSUE_TEXT.minTitle) : 0;
  const features: Record<(typeof PAIR_FEATURES)[number], number> = {
    titleCosine,
    textCosine,
    bigramJaccard: jaccardOf(a.bigrams, b.bigrams),
    titleJaccard: jaccardOf(a.title, b.title),
    shingleJaccard: jaccardOf(shingles(a), shingles(b)),
    // Title tokens as written that only one title has (a series' task numbers, modules, versions).
    titleTokensApart: Math.log1p(
      a.titleTokens.length + b.titleTokens.length - 2 * sharedCount(a.titleTokens, b.titleTokens),
    ),
    // Near-duplicates are alike in both (Sun et al.'s REP sums per-field similarities; a product
    // and a minimum let a linear model ask for both).
    leastOfTitleAndText: Math.min(titleCosine, textCosine),
    // The two quantities of the service's text rule (title-word and shingle Jaccard) as one soft
    // conjunction, with no threshold set by hand.
    leastOfTitleAndShingles: Math.min(
      jaccardOf(a.title, b.title),
      jaccardOf(shingles(a), shingles(b)),
    ),
    titleTimesText: titleCosine * textCosine,
    sharedIdfShare: smallerIdf === 0 ? 0 : sharedIdf / smallerIdf,
    sharedRarest: rarest,
    identifierJaccard: jaccardOf(a.identifiers, b.identifiers),
    sharedIdentifiers: Math.log1p(sharedIdentifiers),
    sharedErrorType: sharedCount(a.errors, b.errors) > 0 ? 1 : 0,
    otherErrorTypes: disjoint(a.errors, b.errors) ? 1 : 0,
    errorLineJaccard: jaccardOf(a.errorLines, b.errorLines),
    fileJaccard: jaccardOf(a.files, b.files),
    sharedVersion: sharedCount(a.versions, b.versions) > 0 ? 1 : 0,
    otherVersions: disjoint(a.versions, b.versions) ? 1 : 0,
    logDaysApart: Math.log1p(days),
    logShorterLength: Math.log1p(shorter),
    lengthRatio: longer === 0 ? 0 : shorter / longer,
    // The service's text rule itself (group-key.ts): its similarity (MinHash estimate of content
    // shingle Jaccard, 0 when the titles differ or a side has too few words) and its decision, so
    // a model fitted on these features can at least do what the rule does.
    ruleSimilarity,
    ruleMatch: ruleSimilarity >= ISSUE_TEXT.threshold ? 1 : 0,
  };
  return PAIR_FEATURES.map((name) => features[name]);
}

/** TF-IDF weights: (1 + ln tf) · idf. */
function weights(
  counts: readonly (readonly [string, number])[],
  idf: (word: string) => number,
): Map<string, number> {
  return new Map(counts.map(([word, tf]) => [word, (1 + Math.log(tf)) * idf(word)]));
}

function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  for (const [word, weight] of a) dot += weight * (b.get(word) ?? 0);
  if (dot === 0) return 0;
  const norm = (vector: ReadonlyMap<string, number>) =>
    Math.sqrt([...vector.values()].reduce((sum, weight) => sum + weight * weight, 0));
  return dot / (norm(a) * norm(b));
}

function sharedCount(a: readonly string[], b: readonly string[]): number {
  const set = new Set(b);
  return a.filter((value) => set.has(value)).length;
}

function jaccardOf(a: readonly string[], b: readonly string[]): number {
  return jaccard(new Set(a), new Set(b));
}

/** Both have some, and none is shared. */
function disjoint(a: readonly string[], b: readonly string[]): boolean {
  return a.length > 0 && b.length > 0 && sharedCount(a, b) === 0;
}

/** Rarest content words an issue is indexed and looked up under. */
export const RETRIEVAL_TERMS = 12;
/** Candidate issues scored per issue at most (the most shared rare words first). */
export const MAX_CANDIDATES = 40;

/** A fitted model: weights in the order of {@link PAIR_FEATURES}, and a bias. */
export interface PairWeights {
  weights: readonly number[];
  bias: number;
}

/** The model's probability (0–1) that a pair with these features is one problem. */
export function duplicateProbability(model: PairWeights, features: readonly number[]): number {
  let score = model.bias;
  features.forEach((value, i) => {
    score += (model.weights[i] ?? 0) * value;
  });
  return 1 / (1 + Math.exp(-score));
}

/**
 * The words a profile is indexed and looked up under: its {@link RETRIEVAL_TERMS} rarest content
 * words (highest IDF; ties by the word).
 */
export function retrievalTerms(profile: TextProfile, idf: (word: string) => number): string[] {
  return Object.keys(profile.words)
    .map((word) => ({ word, weight: idf(word) }))
    .sort((a, b) => b.weight - a.weight || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, RETRIEVAL_TERMS)
    .map(({ word }) => word);
}

/** Document frequencies of content words in a sample of report texts. */
export interface WordFrequencies {
  documents: number;
  words: ReadonlyMap<string, number>;
}

/** How many of `texts` hold each content word (with `boilerplate` dropped). */
export function wordFrequencies(
  texts: readonly string[],
  boilerplate: Boilerplate = DEFAULT_BOILERPLATE,
): WordFrequencies {
  const words = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(contentWords(text, boilerplate)))
      words.set(word, (words.get(word) ?? 0) + 1);
  }
  return { documents: texts.length, words };
}
