/**
 * Turns a review (title, text, star rating) into the tokens the offline review classifier learns
 * from. Which steps run is part of the trained model, chosen by cross-validation on the training
 * split (scripts/train-classify.ts), so training and prediction always tokenize alike.
 */
import nlpUtils from 'wink-nlp-utils';
import { reviewPatternTokens } from './review-patterns.js';
import { withSharedErrorWords } from './shared-error-words.js';
import { wordTokens } from './word-tokens.js';

/** The text of one review, as the classifier sees it. */
export interface ReviewText {
  title?: string;
  /** Review body ('' when the review has only a title). */
  text: string;
  /** Star rating 1–5. */
  rating?: number;
}

/** Which preprocessing steps run. Stored in the model file. */
export interface ReviewFeatureOptions {
  /** Include the title's tokens, once more as `t:word` (a title word weighs more than a body word). */
  title: boolean;
  /**
   * Expand `n't` to `not` (wink-nlp-utils `amplifyNotElision`), then mark the two words after
   * `not`/`no`/`never`/`none` within a clause with a `!` prefix (`propagateNegations`), so
   * "doesn't open" gives `!open`, not `open`.
   */
  negation: boolean;
  /**
   * Add `__update` when the review ties a change to an update or version ("since the last
   * update", "after updating", "new version"): a regression, usually a bug.
   */
  updateWords: boolean;
  /** Drop wink-nlp-utils' default English stop words. */
  removeStopWords: boolean;
  /** Reduce words to their Porter2 stems. */
  stem: boolean;
  /** Add the adjacent word pairs of each clause (`word1_word2`). */
  bigrams: boolean;
  /** Add the star rating as one token, `__rating_N`. */
  rating: boolean;
  /**
   * Add the feature-request and problem pattern markers of `reviewPatternTokens`
   * (Panichella et al. 2015, Maalej et al. 2016), crossed with the rating. Absent: false.
   */
  patterns?: boolean;
  /**
   * Read exception and error type names and crash words (`TypeError`, `NullPointerException`,
   * segfault) as the word `crash` (`withSharedErrorWords`): reviews name no exception, so each
   * name would be a word the model never saw. Absent: false.
   */
  errorWords?: boolean;
}

/** Splits text into clauses so negation and bigrams do not cross punctuation. */
const CLAUSE_BREAK = /[.!?;:,()\n。、！？]+/;

/** An update or version named as a point in time: "since the update", "after updating", "new version". */
const UPDATE_WORDS =
  /\b(?:since|after|with|latest|last|recent|new(?:est)?)\b[\w\s'’]{0,20}?\b(?:update[sd]?|updating|upgrade[sd]?|version|release|ios\s*\d+)\b/i;

/**
 * Returns the classifier tokens of a review.
 *
 * @param review - The review's title, text and rating.
 * @param options - The preprocessing steps to run.
 * @returns Tokens in text order (title first), then the rating token if enabled.
 */
export function reviewTokens(review: ReviewText, options: ReviewFeatureOptions): string[] {
  const shared = options.errorWords ? withSharedErrorWords : (text: string) => text;
  const title = review.title === undefined ? undefined : shared(review.title);
  const text = shared(review.text);
  const source = options.title && title ? `${title}\n${text}` : text;
  const tokens: string[] = [];
  for (const clause of source.split(CLAUSE_BREAK)) {
    let words = options.negation ? negatedWords(clause) : wordTokens(clause);
    if (options.removeStopWords) words = nlpUtils.tokens.removeWords(words);
    if (options.stem) words = stemKeepingNegation(words);
    if (options.bigrams) words = nlpUtils.tokens.appendBigrams(words);
    tokens.push(...words);
  }
  if (options.title && title) {
    tokens.push(...wordTokens(title).map((word) => `t:${word}`));
  }
  if (options.updateWords && UPDATE_WORDS.test(source)) tokens.push('__update');
  if (options.rating && review.rating !== undefined) tokens.push(`__rating_${review.rating}`);
  if (options.patterns) tokens.push(...reviewPatternTokens(source, review.rating));
  return tokens;
}

/**
 * The words of one clause with negation scope marked: `n't` is expanded to `not`
 * (wink-nlp-utils `amplifyNotElision`), then the two words after `not`/`no`/`never`/`none` get a
 * `!` prefix (`propagateNegations`), so "doesn't open" gives `not`, `!open`.
 *
 * @param clause - Text without clause punctuation (split at {@link CLAUSE_BREAK} first).
 * @returns Lower-cased words.
 */
export function negatedWords(clause: string): string[] {
  const text = nlpUtils.string.amplifyNotElision(clause.replace(/’/g, "'"));
  return nlpUtils.tokens.propagateNegations(wordTokens(text), 2);
}

/**
 * Words of a text with negation scope marked clause by clause.
 *
 * @param text - Any text.
 * @returns The words of every clause, in text order.
 */
export function negatedText(text: string): string[] {
  return text.split(CLAUSE_BREAK).flatMap((clause) => negatedWords(clause));
}

/** Stems each word, keeping the `!` negation marker in front of the stem. */
function stemKeepingNegation(words: string[]): string[] {
  const negated = words.map((word) => word.startsWith('!'));
  const stems = nlpUtils.tokens.stem(words.map((word) => word.replace(/^!/, '')));
  return stems.map((stem, index) => (negated[index] ? `!${stem}` : stem));
}
