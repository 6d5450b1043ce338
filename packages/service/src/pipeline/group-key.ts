/**
 * How a parsed report finds its group, in this order (the rule users know from Sentry's grouping,
 * docs.sentry.io/concepts/data-management/event-grouping):
 * 1. Provider identity: a Sentry issue id (the issue and all its events), a GitHub issue, a store
 *    review id map to the group they joined first.
 * 2. Crashes: a fingerprint of the exception type and the normalized in-app frames (file and
 *    function; crash-signature.ts), so a release that shifts lines or a runtime that prints the
 *    function another way keeps the group; a group stored under the previous fingerprint version
 *    is found by that one.
 * 3. Text, for high-confidence duplicates only: MinHash over word shingles of the content words
 *    (issue-template boilerplate, stop words and praise words removed) with LSH banding (Broder
 *    1997; banding as in Leskovec, Rajaraman, Ullman, "Mining of Massive Datasets", ch. 3). A text
 *    with too few content words (a short "great app" review) is its own group.
 */
import { createHash } from 'node:crypto';
import { withoutWithheldNotes } from '@sightline/core';
import { MinHash } from 'bloom-filters';
import {
  type Boilerplate,
  DEFAULT_BOILERPLATE,
  type Report,
  wordTokens,
} from '../adapters/investigator.js';
import type { GroupKey } from '../store/index.js';
import { GROUPING_TEXT_CHARS, stripBoilerplate } from './boilerplate.js';
import { crashSignature, legacyCrashSignatures } from './crash-signature.js';

/** MinHash size: 20 bands of 3 rows. A pair at Jaccard 0.7 shares a band with probability ~1. */
const HASHES = 60;
const ROWS_PER_BAND = 3;
/** When two texts share a group. */
export interface TextSettings {
  /** Least estimated Jaccard similarity of content shingles (0–1). */
  threshold: number;
  /** Fewest distinct content words a text needs to be grouped with another by text at all. */
  minWords: number;
  /** Least Jaccard similarity of the two titles' content words, when both have some (0–1). */
  minTitle: number;
}
/**
 * Issue text: chosen by `npm run bench:grouping-fit` on 5,079 real tracker reports (the most
 * recall with pairwise precision ≥ 0.95, checked on each data set held out; bench/README.md).
 * Re-checked on 6,459 with VS Code's GitHub duplicates added: kept, as the new choice did not hold
 * out (82.6 % precision on Hadoop's reports). Learned duplicate-pair models (logistic regression
 * over 24 pair features after Sun et al. ASE 2011 "REP", this rule's similarity and decision
 * among them; with interaction products; or after this rule) were measured in its place by
 * `npm run bench:grouping-pairs`, cross-validated by project: in sample they match or pass this
 * rule, held out none keeps pairwise precision ≥ 0.95 with more recall, so the rule stays
 * (bench/README.md, "grouping-pairs"). Semantic similarity after this rule (SIF sentence vectors
 * of pre-trained GloVe word vectors, Arora et al. ICLR 2017) reached 95 % precision at no
 * threshold, in sample or held out: it scores a tracker's same-form reports of different bugs
 * highest.
 */
export const ISSUE_TEXT: TextSettings = { threshold: 0.85, minWords: 10, minTitle: 0.8 };
/**
 * Reviews and other plain text: set by hand (no labelled set of duplicate reviews was found to fit
 * them on); short, often untitled texts, so fewer words and no title test.
 */
export const REVIEW_TEXT: TextSettings = { threshold: 0.7, minWords: 4, minTitle: 0 };
/** Shingle values are hashed into [0, 2^20): small enough that `a·x + b` stays exact in a double. */
const VALUE_RANGE = 2 ** 20;
/** The first prime above VALUE_RANGE: the modulus of the hash functions. */
const PRIME = 1_048_583;

/**
 * Words that say nothing about which problem a report is about: English function words and the
 * praise and filler of short reviews, so "great app, love it" never groups two different
 * complaints.
 */
const NON_CONTENT_WORDS = new Set(
  `a an the and or but if then so to of in on at by for with from as is are was were be been being
  it its it's this that these those i i'm i've me my we our you your he she they them their there
  here not no do does did done have has had can could would should will just also very really too
  when what which who how why all any some more most much many one get got please thanks thank hi
  hello app apps great good nice love like best awesome amazing excellent perfect cool wonderful
  fantastic useful helpful easy ok okay fine bad worst terrible awful hate stars star review update
  version still even now again ever`.split(/\s+/),
);

/**
 * Fixed hash functions, so signatures stored by one process compare with those of the next
 * (bloom-filters' MinHashFactory draws them at random per factory).
 */
const HASH_FUNCTIONS = Array.from({ length: HASHES }, (_, i) => {
  const digest = createHash('sha256').update(`sightline-minhash-${i}`).digest();
  return {
    a: 1 + (digest.readUInt32BE(0) % (PRIME - 1)),
    b: digest.readUInt32BE(4) % PRIME,
    c: PRIME,
  };
});

/** What {@link groupKey} reads besides the report. */
export interface GroupKeyOptions {
  /** Provider identities of the report (see `providerIdentities`). Default none. */
  identities?: readonly string[];
  /** Template boilerplate to drop from text. Default GitHub's default templates. */
  boilerplate?: Boilerplate;
}

/** The group key of a parsed report (see the module header). */
export function groupKey(report: Report, options: GroupKeyOptions = {}): GroupKey {
  const identities = [...(options.identities ?? [])];
  const signature = crashSignature(report);
  if (signature) {
    // Groups stored before the current fingerprint version are found by the one they were made with.
    const legacy = legacyCrashSignatures(report);
    return { identities, signature, ...(legacy.length > 0 ? { legacySignatures: legacy } : {}) };
  }
  const settings = report.kind === 'issue' ? ISSUE_TEXT : REVIEW_TEXT;
  const words = contentWords(`${report.title ?? ''}\n${report.body}`, options.boilerplate);
  if (new Set(words).size < settings.minWords) return { identities };
  const minhash = wordsMinHash(words);
  const title = [
    ...new Set(contentWords(report.title ?? '', options.boilerplate).map(hashToRange)),
  ];
  return {
    identities,
    minhash: [...minhash, ...title.sort((a, b) => a - b)],
    bands: bandKeys(minhash),
    similarity: (a, b) => textSimilarity(a, b, settings.minTitle),
    threshold: settings.threshold,
  };
}

/**
 * How alike two text signatures are (0–1): the estimated Jaccard similarity of their content
 * shingles, or 0 when both have titles and these share less than `minTitle` of their content
 * words (two reports in one form, or two tasks of one series, differ there). A signature is the
 * MinHash of the content ({@link HASHES} values) followed by the hashed title words.
 */
export function textSimilarity(a: number[], b: number[], minTitle: number): number {
  const [titleA, titleB] = [a, b].map((signature) => new Set(signature.slice(HASHES)));
  if (titleA && titleB && titleA.size > 0 && titleB.size > 0) {
    if (jaccard(titleA, titleB) < minTitle) return 0;
  }
  return estimateJaccard(a.slice(0, HASHES), b.slice(0, HASHES));
}

/** Jaccard similarity of two sets: shared members over all members (0 when both are empty). */
export function jaccard<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  let shared = 0;
  for (const member of a) if (b.has(member)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * The content words of a text: boilerplate dropped, case folded, numbers masked but versions
 * kept whole (`3.4.1`: another release is often another task), stop words and the project's common
 * words out. A run in a script written without spaces (Chinese, Japanese, Thai…) is split into
 * words as the classifiers split it (`wordTokens`: ICU word boundaries): otherwise a sentence is
 * one "word" and a report in those scripts never reaches the least word count. The secret gate's
 * `[withheld: …]` notes are left out (their words are the gate's, the same in every report that
 * quotes a key), then only the text's first {@link GROUPING_TEXT_CHARS} characters are read.
 */
export function contentWords(
  text: string,
  boilerplate: Boilerplate = DEFAULT_BOILERPLATE,
): string[] {
  const words =
    stripBoilerplate(withoutWithheldNotes(text).slice(0, GROUPING_TEXT_CHARS), boilerplate)
      .toLowerCase()
      .replace(/\d+(?:\.\d+)+|\d+/g, (number) => (number.includes('.') ? number : '#'))
      .match(/\d+(?:\.\d+)+|[\p{L}\p{M}\p{N}#_']+/gu) ?? [];
  return words
    .flatMap((word) => (NON_ASCII.test(word) ? wordTokens(word) : [word]))
    .filter(
      (word) => !NON_CONTENT_WORDS.has(word) && word !== '#' && !boilerplate.words?.has(word),
    );
}

/** Any letter outside ASCII: a word that may be in a script written without spaces. */
const NON_ASCII = /\P{ASCII}/u;

/** MinHash signature of a text's content word 1- and 2-shingles. */
export function textMinHash(text: string, boilerplate?: Boilerplate): number[] {
  return wordsMinHash(contentWords(text, boilerplate));
}

/** The hashed 1- and 2-shingles of content words: the set text similarity compares. */
export function contentShingles(words: readonly string[]): Set<number> {
  const shingles = new Set<number>();
  words.forEach((word, i) => {
    shingles.add(hashToRange(word));
    const next = words[i + 1];
    if (next) shingles.add(hashToRange(`${word} ${next}`));
  });
  return shingles;
}

function wordsMinHash(words: readonly string[]): number[] {
  const shingles = contentShingles(words);
  const minhash = new MinHash(HASHES, HASH_FUNCTIONS);
  if (shingles.size === 0) shingles.add(0);
  minhash.bulkLoad([...shingles]);
  return minhash._signature;
}

/** Estimated Jaccard similarity of two signatures (bloom-filters' `compareWith`). */
export function estimateJaccard(a: number[], b: number[]): number {
  return toMinHash(a).compareWith(toMinHash(b));
}

function toMinHash(signature: number[]): MinHash {
  const minhash = new MinHash(HASHES, HASH_FUNCTIONS);
  minhash._signature = signature;
  return minhash;
}

/** LSH band keys: `<band>:<rows>`; two signatures sharing one are compared. */
function bandKeys(signature: number[]): string[] {
  const keys: string[] = [];
  for (let start = 0; start < signature.length; start += ROWS_PER_BAND) {
    keys.push(
      `${start / ROWS_PER_BAND}:${signature.slice(start, start + ROWS_PER_BAND).join('.')}`,
    );
  }
  return keys;
}

/** FNV-1a (32-bit) of a string, folded into [0, VALUE_RANGE). */
function hashToRange(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % VALUE_RANGE;
}
