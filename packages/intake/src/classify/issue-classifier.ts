/**
 * The offline issue classifier: softmax logistic regression with NB-weighted priors (Wang &
 * Manning 2012, `training/nb-weighting.ts`) on TF-IDF of issue tokens (`issueTokens`: title words weighted
 * above body words, word bigrams, template answers, and code blocks, stack traces and template
 * headings as markers), labelling GitHub/GitLab issues and
 * support messages as bug, feature or question. Trained on the NLBSE'24 issue-classification
 * training split (Kallis et al., NLBSE'24) by `npm run train:classify`; stored as versioned JSON in
 * model/issue-classifier.json.
 */
import { type IssueFeatureOptions, type IssueText, issueTokens } from './issue-features.js';
import {
  type LinearTextModel,
  loadLinearTextModel,
  type StoredLinearTextModel,
} from './linear-text-model.js';
import { checkModelFile } from './model-file.js';
import { UNFAMILIAR_LANGUAGE_CONFIDENCE, unfamiliarLanguageReason } from './unfamiliar-language.js';

/** Marks a file as a Sightline issue-classifier model. */
export const ISSUE_CLASSIFIER_FORMAT = 'sightline-issue-classifier';
/** The model-file version this code reads. Bump it when the file's shape or meaning changes. */
export const ISSUE_CLASSIFIER_VERSION = 2;

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
  /** The fitted TF-IDF + logistic regression model; its classes are `labels`, in order. */
  model: StoredLinearTextModel;
  /** How the model was trained and what cross-validation measured (informational). */
  training: Record<string, unknown>;
}

/** The classifier's answer for one issue. */
export interface IssuePrediction {
  label: IssueLabel;
  /** Probability of `label` under the model, 0..1 (capped for an unfamiliar language). */
  confidence: number;
  /** Probability of every label, summing to 1. */
  scores: Record<IssueLabel, number>;
  /** How far the label is from changing, 0..1 (see {@link issueMargin}); 0 with uniform scores. */
  margin: number;
  /** The terms that pushed most toward `label` (weight × TF-IDF against the other labels), best first. */
  topFeatures: string[];
  /** Set when the issue is probably in a language the model was not trained on (confidence capped). */
  unfamiliarLanguage?: string;
}

/** A loaded issue classifier. */
export interface IssueClassifier {
  readonly model: IssueClassifierModel;
  /**
   * Classifies one issue. An issue with no known word (markers aside) gets uniform scores and the label
   * `question` (it says nothing about a defect or a wish); one whose words are mostly unknown
   * keeps its label with confidence capped at `UNFAMILIAR_LANGUAGE_CONFIDENCE`.
   *
   * @param issue - Title and Markdown body.
   * @returns The label, its confidence, every label's score, the margin and the strongest features.
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
 *   of version {@link ISSUE_CLASSIFIER_VERSION}, or is damaged.
 */
export function loadIssueClassifier(model: IssueClassifierModel): IssueClassifier {
  checkModelFile(model, { format: ISSUE_CLASSIFIER_FORMAT, version: ISSUE_CLASSIFIER_VERSION });
  const linear: LinearTextModel = loadLinearTextModel(model.model);
  return {
    model,
    predict(issue) {
      const tokens = issueTokens(issue, model.features);
      const prediction = linear.predict(tokens);
      const unfamiliarLanguage = unfamiliarLanguageReason(
        `${issue.title ?? ''}\n${issue.body}`,
        linear.words,
      );
      const flagged = unfamiliarLanguage ? { unfamiliarLanguage } : {};
      if (!tokens.some((token) => linear.words.has(token))) {
        const uniform = 1 / model.labels.length;
        const scores = Object.fromEntries(model.labels.map((label) => [label, uniform]));
        return {
          label: 'question',
          confidence: uniform,
          scores: scores as Record<IssueLabel, number>,
          margin: 0,
          topFeatures: [],
          ...flagged,
        };
      }
      const probabilities = [...prediction.probabilities];
      const best = probabilities.indexOf(Math.max(...probabilities));
      const label = model.labels[best] ?? 'question';
      const scores = Object.fromEntries(
        model.labels.map((name, index) => [name, probabilities[index] ?? 0]),
      ) as Record<IssueLabel, number>;
      const topFeatures = prediction.strongest(best, TOP_FEATURES);
      const confidence = probabilities[best] ?? 0;
      const margin = issueMargin(scores);
      if (!unfamiliarLanguage) return { label, confidence, scores, margin, topFeatures };
      return {
        label,
        confidence: Math.min(confidence, UNFAMILIAR_LANGUAGE_CONFIDENCE),
        scores,
        margin,
        topFeatures,
        unfamiliarLanguage,
      };
    },
  };
}

/**
 * How far an issue's label is from changing: the lead of the most probable label over the next.
 *
 * @param scores - Every label's probability.
 * @returns 0..1; 0 on a tie.
 * @example issueMargin({ bug: 0.2, feature: 0.38, question: 0.42 }); // 0.04
 */
export function issueMargin(scores: Record<IssueLabel, number>): number {
  const [first = 0, second = 0] = Object.values(scores).sort((a, b) => b - a);
  return first - second;
}
