/**
 * The naive Bayes parts both offline classifiers share, on top of wink-naive-bayes-text-classifier:
 * fitting on already-tokenized documents (with a minimum document frequency), restoring a fitted
 * model from its exported JSON, and turning wink's one-vs-rest log2 odds into label scores.
 */
import { SightlineError } from '@sightline/core';
import naiveBayesTextClassifier, {
  type NaiveBayesTextClassifier,
} from 'wink-naive-bayes-text-classifier';
import { UNFAMILIAR_LANGUAGE_CONFIDENCE, unfamiliarLanguageReason } from './unfamiliar-language.js';

/** wink's configuration: binarized (presence) or multinomial counts, and additive smoothing. */
export interface NaiveBayesConfig {
  considerOnlyPresence: boolean;
  smoothingFactor: number;
}

/** One tokenized training document and the label it is learnt under. */
export interface TokenizedExample {
  tokens: readonly string[];
  label: string;
}

/**
 * Fits a wink naive Bayes classifier on tokenized documents.
 *
 * @param examples - Tokens and label of each document, in a fixed order (wink's export keeps
 *   insertion order, so the same input gives the same bytes).
 * @param config - wink's configuration.
 * @param minDocumentFrequency - Tokens in fewer documents than this are left out (default 1).
 * @returns The learning as wink's `exportJSON()` string.
 */
export function learnNaiveBayes(
  examples: readonly TokenizedExample[],
  config: NaiveBayesConfig,
  minDocumentFrequency = 1,
): string {
  const classifier = naiveBayesTextClassifier();
  classifier.defineConfig(config);
  classifier.definePrepTasks([(tokens) => tokens]);
  const documentFrequency = new Map<string, number>();
  for (const { tokens } of examples) {
    for (const token of new Set(tokens)) {
      documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
    }
  }
  for (const { tokens, label } of examples) {
    const kept = tokens.filter(
      (token) => (documentFrequency.get(token) ?? 0) >= minDocumentFrequency,
    );
    classifier.learn(kept, label);
  }
  return classifier.exportJSON();
}

/**
 * Rebuilds a consolidated wink classifier from its exported learning. Inputs are taken as
 * already-tokenized, so no preparation task runs.
 *
 * @param learning - The string wink's `exportJSON()` returned.
 * @returns A classifier ready for `computeOdds`.
 * @throws Error from wink (`importJSON`) when `learning` is not an exported wink model.
 */
export function restoreNaiveBayes(learning: string): NaiveBayesTextClassifier {
  const classifier = naiveBayesTextClassifier();
  classifier.importJSON(learning);
  classifier.definePrepTasks([(tokens) => tokens]);
  classifier.consolidate();
  return classifier;
}

/** The vocabulary of exported wink learning (its fifth element). */
export function naiveBayesVocabulary(learning: string): Set<string> {
  return new Set(JSON.parse(learning)[4] as string[]);
}

/** Output labels, how trained labels map onto them, and per-trained-label log2-odds offsets. */
export interface OddsScoring<Label extends string> {
  labels: readonly Label[];
  labelMap: Record<string, Label>;
  offsets: Record<string, number>;
}

/**
 * Turns wink's per-label log2 odds into output-label scores and a decision: each trained label's
 * odds plus its offset become a probability with the logistic function; these are normalised to
 * sum to 1 and summed per output label. The highest score wins and is the confidence. Naive Bayes
 * is known to be over-confident, so read it as a ranking, not a calibrated probability.
 *
 * @param odds - `[trained label, log2 odds]` pairs from wink's `computeOdds`.
 * @param scoring - Output labels, label map and offsets.
 * @returns The winning output label, its score as confidence, and every output label's score.
 */
export function scoreOdds<Label extends string>(
  odds: ReadonlyArray<readonly [string, number]>,
  scoring: OddsScoring<Label>,
): { label: Label; confidence: number; scores: Record<Label, number> } {
  const scores = Object.fromEntries(scoring.labels.map((label) => [label, 0])) as Record<
    Label,
    number
  >;
  const probabilities = odds.map(
    ([label, value]) => [label, 1 / (1 + 2 ** -(value + (scoring.offsets[label] ?? 0)))] as const,
  );
  const total = probabilities.reduce((sum, [, probability]) => sum + probability, 0);
  for (const [label, probability] of probabilities) {
    const output = scoring.labelMap[label];
    if (output) scores[output] += probability / total;
  }
  const label = scoring.labels.reduce((best, candidate) =>
    scores[candidate] > scores[best] ? candidate : best,
  );
  return { label, confidence: scores[label], scores };
}

/**
 * Checks a model file's format and version before it is loaded.
 *
 * @param model - The parsed file's `format` and `version`.
 * @param expected - The format and version this code reads.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` naming both and how to retrain.
 */
export function checkModelFile(
  model: { format?: string; version?: number },
  expected: { format: string; version: number },
): void {
  if (model.format === expected.format && model.version === expected.version) return;
  throw new SightlineError({
    code: 'CACHE_VERSION_MISMATCH',
    message: `The model file is ${model.format ?? 'of unknown format'} version ${String(model.version)}, but this Sightline reads ${expected.format} version ${expected.version}. Retrain it with \`npm run train:classify\`.`,
    details: { format: model.format, version: model.version },
  });
}

/** A scored document: label, confidence, every label's score, and the unfamiliar-language reason if any. */
export interface ScoredTokens<Label extends string> {
  label: Label;
  confidence: number;
  scores: Record<Label, number>;
  unfamiliarLanguage?: string;
}

/**
 * Scores a tokenized document as both offline classifiers do: uniform scores and `fallback` when
 * no token is in the vocabulary; otherwise {@link scoreOdds}, with the confidence capped at
 * `UNFAMILIAR_LANGUAGE_CONFIDENCE` when the text is probably in a language the model was not
 * trained on.
 *
 * @param classifier - A restored wink classifier.
 * @param tokens - The document's tokens.
 * @param scoring - Output labels, label map and offsets.
 * @param context - The label for a document with no known token, the raw text (for the language
 *   check) and the model's vocabulary.
 * @returns The scored document.
 */
export function scoreTokens<Label extends string>(
  classifier: NaiveBayesTextClassifier,
  tokens: readonly string[],
  scoring: OddsScoring<Label>,
  context: { fallback: Label; text: string; vocabulary: ReadonlySet<string> },
): ScoredTokens<Label> {
  if (!tokens.some((token) => context.vocabulary.has(token))) {
    const uniform = 1 / scoring.labels.length;
    const scores = Object.fromEntries(scoring.labels.map((label) => [label, uniform]));
    return {
      label: context.fallback,
      confidence: uniform,
      scores: scores as Record<Label, number>,
    };
  }
  const scored = scoreOdds(classifier.computeOdds([...tokens]), scoring);
  const unfamiliarLanguage = unfamiliarLanguageReason(context.text, context.vocabulary);
  if (!unfamiliarLanguage) return scored;
  const confidence = Math.min(scored.confidence, UNFAMILIAR_LANGUAGE_CONFIDENCE);
  return { ...scored, confidence, unfamiliarLanguage };
}
