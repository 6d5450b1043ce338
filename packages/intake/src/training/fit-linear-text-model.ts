/**
 * Fits the linear text model both offline classifiers share (`classify/linear-text-model.ts`):
 * the TF-IDF vocabulary of the training documents, then L2-regularised logistic regression, one
 * softmax or one binary model per label (one-vs-rest), optionally with Naive-Bayes weighting; the
 * result is the compact stored form that `loadLinearTextModel` reads.
 */
import type {
  LinearTextMode,
  LinearTextSettings,
  StoredLinearTextModel,
} from '../classify/linear-text-model.js';
import type { LogisticRegressionWeights } from '../classify/logistic-regression.js';
import { createVectorizer, termCounts, vectorize } from '../classify/tfidf.js';
import { fitLogisticRegression } from './fit-logistic-regression.js';
import { fitVocabulary } from './fit-vocabulary.js';
import { nbScales } from './nb-weighting.js';

/**
 * Fits a linear text model.
 *
 * @param documents - Tokens of each training document.
 * @param labels - Each document's classes, 0 … `classes` − 1: exactly one under `softmax`, any
 *   number (none too) under `one-vs-rest`.
 * @param shape - The mode and the number of classes (≥ 2 under `softmax`).
 * @param settings - Features, penalty and vocabulary cut-off.
 * @returns The model in its stored form.
 */
export function fitLinearTextModel(
  documents: ReadonlyArray<readonly string[]>,
  labels: ReadonlyArray<readonly number[]>,
  shape: { mode: LinearTextMode; classes: number },
  settings: LinearTextSettings,
): StoredLinearTextModel {
  const { mode, classes } = shape;
  const counts = documents.map((tokens) => termCounts(tokens, settings.charSizes));
  const vocabulary = fitVocabulary(counts, settings.minDocumentFrequency);
  const vectorizer = createVectorizer(vocabulary, settings.blockWeights);
  const rows = counts.map((document) => vectorize(document, vectorizer));
  const features = vocabulary.terms.length;
  const fit = (targets: number[], classCount: number) => {
    const sizes = Array.from({ length: classCount }, (_, k) =>
      targets.reduce((count, target) => count + (target === k ? 1 : 0), 0),
    );
    const classWeights = sizes.map((size) => targets.length / (classCount * Math.max(size, 1)));
    const power = settings.nbPower ?? 0;
    // Two classes: one ratio (class 1 against class 0) scales both rows of the binary model.
    const featureScales =
      power === 0
        ? undefined
        : Array.from({ length: classCount }, (_, k) =>
            nbScales(
              rows,
              targets.map((target) => target === (classCount === 2 ? 1 : k)),
              features,
              { power },
            ),
          );
    return fitLogisticRegression(
      rows,
      targets,
      { classes: classCount, features },
      {
        l2: settings.l2,
        ...(settings.balanced ? { classWeights } : {}),
        ...(featureScales ? { featureScales } : {}),
      },
    );
  };
  let fitted: LogisticRegressionWeights;
  if (mode === 'softmax') {
    fitted = fit(
      labels.map((set) => set[0] ?? 0),
      classes,
    );
  } else {
    // A two-class softmax is binary logistic regression; its score is w₁ − w₀.
    const binary = Array.from({ length: classes }, (_, k) =>
      fit(
        labels.map((set) => (set.includes(k) ? 1 : 0)),
        2,
      ),
    );
    fitted = {
      weights: binary.map(({ weights: [negative, positive] }) =>
        (positive as Float64Array).map((value, j) => value - (negative?.[j] ?? 0)),
      ),
      bias: Float64Array.from(binary, ({ bias }) => (bias[1] ?? 0) - (bias[0] ?? 0)),
    };
  }
  const weights = new Float32Array(classes * vocabulary.terms.length);
  fitted.weights.forEach((row, k) => {
    weights.set(row, k * vocabulary.terms.length);
  });
  return {
    ...settings,
    mode,
    classes,
    terms: vocabulary.terms.join('\n'),
    idf: toBase64(Float32Array.from(vocabulary.idf)),
    weights: toBase64(weights),
    bias: [...fitted.bias].map((value) => Math.fround(value)),
  };
}

function toBase64(values: Float32Array): string {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => {
    bytes.writeFloatLE(value, index * 4);
  });
  return bytes.toString('base64');
}
