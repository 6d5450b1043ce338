/**
 * Is a report about this repository at all? A logistic model over report-level features, trained
 * by `npm run train:ties` (packages/investigator/training) on reports each run on its own
 * repository (related) and on other repositories and app reviews (unrelated), shipped in
 * model/tie-model.json. Below the model's threshold, no suspect is a cause: the localizer always
 * ranks something, and a report about other code would otherwise get a confident finding. A stack
 * frame that resolves to a file of the repository is direct evidence, so the model judges only
 * reports none of whose frames resolve here (and is fitted on those only).
 *
 * The features are those of query performance prediction in information retrieval — how much of
 * the query the collection holds and how specific the matched terms are (pre-retrieval predictors:
 * coverage, summed IDF, He & Ounis 2004; Zhao et al., ECIR 2008) and how strongly the best
 * document matches (post-retrieval; Zhou & Croft, SIGIR 2007) — plus what only code has: the
 * report's identifiers defined here, whether it carries a stack trace (none of whose frames
 * resolve here), whether it names this package as a dependency, and the top file's signals; and
 * the repository's vocabulary (distinct terms, as `ln(1 + n)`), since how much of any text a
 * collection holds grows with it: a large tree holds most words of an app review (collection-size
 * normalisation, as in the simplified clarity score and the collection query similarity of Zhao et
 * al., ECIR 2008); and the report's terms this repository holds that are not common across code
 * bases (`common-terms.ts`: in under a tenth of a background of many repositories), since a
 * report's `error`, `value` or `parse` are in any tree while `ubjson` or a project's type names
 * are in its own (bench/README.md#ties: false causes on other code's reports 40 → 28 %).
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { SightlineError } from '@sightline/core';
import type { Report } from '@sightline/intake';
import { shippedCommonTerms } from './common-terms.js';
import { getLexicalIndex } from './lexical-index.js';
import shippedModelFile from './model/tie-model.json' with { type: 'json' };
import type { RankedFile } from './rank-files.js';
import type { ReportSignals } from './report-signals.js';

/** The features of {@link tieFeatures}, in vector order. */
export const TIE_FEATURES = [
  'coverage',
  'idfPerTerm',
  'specificTerms',
  'bestMatch',
  'identifiers',
  'definedIdentifiers',
  'traced',
  'topWords',
  'topSymbol',
  'topMessage',
  'topPath',
  'topScore',
  'namesPackage',
  'vocabulary',
  'distinctiveTerms',
] as const;
export type TieFeature = (typeof TIE_FEATURES)[number];

/** The format marker of a tie model file. */
export const TIE_MODEL_FORMAT = 'sightline-report-tie';
/** The version of that format this code reads; bumped when a feature's meaning changes. */
export const TIE_MODEL_VERSION = 3;

/** A tie model: a logistic model over raw feature values and the decision threshold. */
export interface TieModel {
  format: typeof TIE_MODEL_FORMAT;
  version: typeof TIE_MODEL_VERSION;
  bias: number;
  /** The weight of each feature of {@link TIE_FEATURES}, by name, on the raw values. */
  weights: Record<TieFeature, number>;
  /** Probability below which the report is not tied to the repository, in [0, 1]. */
  threshold: number;
  /**
   * The smallest vocabulary (distinct terms) of the repositories the model was fitted on: on a
   * smaller repository (a one-file package, a test fixture) every report covers little of the
   * code, a case the model never saw, so it judges nothing there.
   */
  minVocabulary: number;
  /** How the model was trained (data, method, cross-validated figures); informative only. */
  training?: Record<string, unknown>;
}

/**
 * A matched term this rare (in at most this share of the files) is specific to the code it is
 * in: the usual 1 % cut of IDF-based predictors.
 */
const SPECIFIC_SHARE = 0.01;
/** `lexicalWords` counts at most this many shared terms (`LexicalMatch.terms`). */
const MAX_WORDS = 6;

const definedByIndex = new WeakMap<RepositoryIndex, Set<string>>();

/** Every definition name of the index, computed once per index. */
function definedNames(index: RepositoryIndex): Set<string> {
  let names = definedByIndex.get(index);
  if (!names) {
    names = new Set();
    for (const file of index.files.values())
      for (const { name } of file.definitions) names.add(name);
    definedByIndex.set(index, names);
  }
  return names;
}

/**
 * Whether the text names the npm package as one names a dependency: with a full version
 * (`ms 2.1.3`, `ms v2.1.3`), `@` and a version (`ms@2`), `v` and a major (`ms v2`), in an import or
 * `require`, or in a `node_modules/` path. The bare name, or a name before a plain number, is not
 * enough: short names are common words (`ms` in "500 ms 2.5 times").
 * @param text - the report's title and body.
 * @param packageName - the package's name (a scope, `@x/`, is optional in the text).
 */
export function namesPackage(text: string, packageName: string | undefined): boolean {
  if (!packageName) return false;
  const bare = packageName.replace(/^@[^/]+\//, '');
  const name = `(?:${escapeRegExp(packageName)}|${escapeRegExp(bare)})`;
  return new RegExp(
    [
      `(?<![\\w@/.-])${name}(?:@v?\\d|\\s+v?\\d+\\.\\d+\\.\\d|\\s+v\\d)`,
      `(?:require\\(\\s*|from\\s+|import\\s+)['"\`]${name}['"\`/]`,
      `node_modules[\\\\/]${name}[\\\\/]`,
    ].join('|'),
    'i',
  ).test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What the model judges a report–repository pair by ({@link tieFeatures}). */
export interface TieInputs {
  /** In {@link TIE_FEATURES} order. */
  features: readonly number[];
  /** The repository's distinct terms. */
  vocabulary: number;
  /** The report's stack frames that resolve to files of the repository. */
  resolvedFrames: number;
}

/**
 * The report-level feature vector, in {@link TIE_FEATURES} order.
 * @param report - the parsed report (its stack frames are counted, its text searched).
 * @param index - the repository index.
 * @param signals - the report's signals on this index (`collectReportSignals`).
 * @param top - the best-ranked file, when any (`rankFiles`).
 * @param packageName - the repository's npm package name, when it has one.
 * @returns the feature vector (finite numbers: shares and flags in [0, 1], counts as
 *   `ln(1 + n)`), the repository's vocabulary (distinct terms) and the report's stack frames that
 *   resolve to its files.
 */
export function tieFeatures(
  report: Report,
  index: RepositoryIndex,
  signals: ReportSignals,
  top: RankedFile | undefined,
  packageName?: string,
): TieInputs {
  const statistics = getLexicalIndex(index).fileStatistics(signals.query);
  const documents = Math.max(statistics.documents, 1);
  const terms = Math.max(statistics.terms, 1);
  const idf = statistics.known.reduce(
    (sum, { documentFrequency }) => sum + Math.log(documents / Math.max(documentFrequency, 1)),
    0,
  );
  const specific = statistics.known.filter(
    ({ documentFrequency }) => documentFrequency / documents < SPECIFIC_SHARE,
  ).length;
  const defined = definedNames(index);
  const common = shippedCommonTerms();
  const frames =
    (report.stack?.length ?? 0) +
    report.exceptions.reduce((sum, exception) => sum + exception.frames.length, 0);
  const entry = top?.entry;
  const values: Record<TieFeature, number> = {
    coverage: statistics.known.length / terms,
    idfPerTerm: idf / terms,
    specificTerms: Math.log1p(specific),
    bestMatch: Math.log1p(statistics.bestScore),
    identifiers: Math.log1p(signals.identifiers.length),
    definedIdentifiers: Math.log1p(signals.identifiers.filter((name) => defined.has(name)).length),
    traced: frames > 0 ? 1 : 0,
    topWords: Math.min(entry?.lexicalWords ?? 0, MAX_WORDS) / MAX_WORDS,
    topSymbol: entry?.symbol ?? 0,
    topMessage: entry?.message ?? 0,
    topPath: entry?.path ?? 0,
    topScore: top?.score ?? 0,
    namesPackage: namesPackage(`${report.title ?? ''}\n${report.body}`, packageName) ? 1 : 0,
    vocabulary: Math.log1p(statistics.vocabulary),
    distinctiveTerms: Math.log1p(statistics.known.filter(({ term }) => !common.has(term)).length),
  };
  return {
    features: TIE_FEATURES.map((name) => values[name]),
    vocabulary: statistics.vocabulary,
    resolvedFrames: signals.frames.length,
  };
}

/**
 * The model's probability that the report is about the repository.
 * @param features - from {@link tieFeatures}.
 * @param model - the tie model. Default: the shipped one.
 * @returns a probability in (0, 1).
 */
export function tieProbability(
  features: readonly number[],
  model: TieModel = shippedTieModel(),
): number {
  const z = TIE_FEATURES.reduce(
    (sum, name, position) => sum + model.weights[name] * (features[position] ?? 0),
    model.bias,
  );
  return 1 / (1 + Math.exp(-z));
}

/**
 * Whether the report is about the repository, as the model judges it.
 * @param inputs - from {@link tieFeatures}.
 * @param model - the tie model.
 * @returns the probability and whether it reaches the threshold; `undefined` (no judgement) when
 *   a stack frame of the report resolves here, when the repository's vocabulary is below the
 *   model's `minVocabulary`, or when the probability is not a number.
 */
export function judgeTie(
  { features, vocabulary, resolvedFrames }: Readonly<TieInputs>,
  model: TieModel = shippedTieModel(),
): { probability: number; tied: boolean } | undefined {
  if (resolvedFrames > 0 || vocabulary < model.minVocabulary) return undefined;
  const probability = tieProbability(features, model);
  if (!Number.isFinite(probability)) return undefined;
  return { probability, tied: probability >= model.threshold };
}

/**
 * Reads a tie model from its parsed file.
 * @param file - the parsed JSON.
 * @returns the model.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` when the format or version is not this code's,
 *   or a weight, the bias or the threshold is missing or not a finite number; retrain with
 *   `npm run train:ties`.
 */
export function loadTieModel(file: unknown): TieModel {
  const model = (file ?? {}) as Partial<TieModel>;
  const weights = (model.weights ?? {}) as Partial<Record<string, unknown>>;
  const missing = TIE_FEATURES.filter((name) => !Number.isFinite(weights[name]));
  if (
    model.format !== TIE_MODEL_FORMAT ||
    model.version !== TIE_MODEL_VERSION ||
    missing.length > 0 ||
    !Number.isFinite(model.bias) ||
    !Number.isFinite(model.threshold) ||
    !Number.isFinite(model.minVocabulary)
  ) {
    throw new SightlineError({
      code: 'CACHE_VERSION_MISMATCH',
      message: `The tie model is ${model.format ?? 'of unknown format'} version ${String(model.version)}${missing.length ? ` without weights for ${missing.join(', ')}` : ''}, but this Sightline reads ${TIE_MODEL_FORMAT} version ${TIE_MODEL_VERSION} with a bias, a threshold, a minimum vocabulary and a weight for each of ${TIE_FEATURES.join(', ')}. Retrain it with \`npm run train:ties\`.`,
      details: { format: model.format, version: model.version, missing },
    });
  }
  return model as TieModel;
}

let shipped: TieModel | undefined;

/** The tie model shipped in model/tie-model.json, loaded once. */
export function shippedTieModel(): TieModel {
  shipped ??= loadTieModel(shippedModelFile);
  return shipped;
}
