/**
 * The offline issue classifier: a wink naive Bayes text classifier over issue tokens
 * (`issueTokens`: title weighted, code blocks, stack traces and template headings as markers),
 * labelling GitHub/GitLab issues and support messages as bug, feature or question. Trained on the
 * NLBSE'24 issue-classification training split (Kallis et al., NLBSE'24) by
 * `npm run train:classify`; stored as versioned JSON in model/issue-classifier.json.
 */
import { type IssueFeatureOptions, type IssueText, issueTokens } from './issue-features.js';
import {
  checkModelFile,
  type NaiveBayesConfig,
  naiveBayesVocabulary,
  restoreNaiveBayes,
  scoreTokens,
} from './naive-bayes.js';

/** Marks a file as a Sightline issue-classifier model. */
export const ISSUE_CLASSIFIER_FORMAT = 'sightline-issue-classifier';
/** The model-file version this code reads. Bump it when the file's shape or meaning changes. */
export const ISSUE_CLASSIFIER_VERSION = 1;

/** The labels of the issue classifier. */
export type IssueLabel = 'bug' | 'feature' | 'question';

/** Every {@link IssueLabel}, in a fixed order. */
export const ISSUE_LABELS: readonly IssueLabel[] = ['bug', 'feature', 'question'];

/** A trained issue classifier, as stored on disk. */
export interface IssueClassifierModel {
  format: typeof ISSUE_CLASSIFIER_FORMAT;
  version: number;
  labels: IssueLabel[];
  features: IssueFeatureOptions;
  naiveBayes: NaiveBayesConfig;
  /** Tokens found in fewer training issues than this were left out of the vocabulary. */
  minDocumentFrequency: number;
  /** The wink classifier's learning, as returned by its `exportJSON()`. */
  learning: string;
  /** How the model was trained and what cross-validation measured (informational). */
  training: Record<string, unknown>;
}

/** The classifier's answer for one issue. */
export interface IssuePrediction {
  label: IssueLabel;
  /** Score of `label`, 0..1: a ranking, not a calibrated probability. */
  confidence: number;
  /** Score of every label, summing to 1. */
  scores: Record<IssueLabel, number>;
  /** The tokens that pushed most toward `label` (log2 odds ratio against the runner-up), best first. */
  topFeatures: string[];
  /** Set when the issue is probably in a language the model was not trained on (confidence capped). */
  unfamiliarLanguage?: string;
}

/** A loaded issue classifier. */
export interface IssueClassifier {
  readonly model: IssueClassifierModel;
  /**
   * Classifies one issue. An issue with no known token gets uniform scores and the label
   * `question` (it says nothing about a defect or a wish); one whose words are mostly unknown
   * keeps its label with confidence capped at `UNFAMILIAR_LANGUAGE_CONFIDENCE`.
   *
   * @param issue - Title and Markdown body.
   * @returns The label, its confidence, every label's score and the strongest features.
   */
  predict(issue: IssueText): IssuePrediction;
}

/** How many top features a prediction lists. */
const TOP_FEATURES = 3;

/**
 * Loads a trained issue model.
 *
 * @param model - The parsed model file.
 * @returns A classifier ready to predict.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` when the file is not an issue-classifier model
 *   of version {@link ISSUE_CLASSIFIER_VERSION}.
 */
export function loadIssueClassifier(model: IssueClassifierModel): IssueClassifier {
  checkModelFile(model, { format: ISSUE_CLASSIFIER_FORMAT, version: ISSUE_CLASSIFIER_VERSION });
  const classifier = restoreNaiveBayes(model.learning);
  const vocabulary = naiveBayesVocabulary(model.learning);
  const labelMap = Object.fromEntries(model.labels.map((label) => [label, label]));
  const scoring = { labels: model.labels, labelMap, offsets: {} };
  // A token's own odds do not depend on the report, so they are computed once per token (at most
  // the vocabulary's size) and reused by every later prediction.
  const tokenOddsCache = new Map<string, Map<string, number>>();
  const tokenOdds = (token: string): Map<string, number> => {
    let odds = tokenOddsCache.get(token);
    if (!odds) {
      odds = new Map(classifier.computeOdds([token]));
      tokenOddsCache.set(token, odds);
    }
    return odds;
  };

  return {
    model,
    predict(issue) {
      const tokens = issueTokens(issue, model.features);
      const text = `${issue.title ?? ''}\n${issue.body}`;
      const scored = scoreTokens(classifier, tokens, scoring, {
        fallback: 'question',
        text,
        vocabulary,
      });
      const known = tokens.filter((token) => vocabulary.has(token));
      const topFeatures =
        known.length === 0 ? [] : strongestFeatures(known, scored.label, scored.scores, tokenOdds);
      return { ...scored, topFeatures };
    },
  };
}

/**
 * The distinct tokens whose own odds favour `label` most over the runner-up label.
 *
 * @param known - The issue's tokens that are in the vocabulary.
 * @param label - The winning label.
 * @param scores - Every label's score (to find the runner-up).
 * @param oddsOf - wink's odds of a one-token document, per label.
 * @returns Up to {@link TOP_FEATURES} tokens, strongest first.
 */
function strongestFeatures(
  known: readonly string[],
  label: IssueLabel,
  scores: Record<IssueLabel, number>,
  oddsOf: (token: string) => ReadonlyMap<string, number>,
): string[] {
  const runnerUp = (Object.keys(scores) as IssueLabel[])
    .filter((candidate) => candidate !== label)
    .reduce((best, candidate) => (scores[candidate] > scores[best] ? candidate : best));
  const strength = [...new Set(known)].map((token) => {
    const odds = oddsOf(token);
    return { token, margin: (odds.get(label) ?? 0) - (odds.get(runnerUp) ?? 0) };
  });
  return strength
    .filter(({ margin }) => margin > 0)
    .sort((a, b) => b.margin - a.margin || a.token.localeCompare(b.token))
    .slice(0, TOP_FEATURES)
    .map(({ token }) => token);
}
