import { SightlineError } from '@sightline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { decodeCrashReport, issueReport, TINY_QUERY } from './__fixtures__/tiny-query.js';
import { getLexicalIndex } from './lexical-index.js';
import { FOREIGN_REPORT_REASON, localize } from './localize.js';
import { diagnoseOffline } from './offline-diagnosis.js';
import { rankFiles } from './rank-files.js';
import { collectReportSignals } from './report-signals.js';
import { scoreFiles } from './score-files.js';
import {
  judgeTie,
  loadTieModel,
  namesPackage,
  TIE_FEATURES,
  TIE_MODEL_FORMAT,
  TIE_MODEL_VERSION,
  type TieModel,
  tieFeatures,
  tieProbability,
} from './tie-model.js';

/** A model whose probability is `1 / (1 + e^-bias)` for every report. */
function constantModel(bias: number, minVocabulary = 0): TieModel {
  return {
    format: TIE_MODEL_FORMAT,
    version: TIE_MODEL_VERSION,
    bias,
    weights: Object.fromEntries(TIE_FEATURES.map((name) => [name, 0])) as TieModel['weights'],
    threshold: 0.5,
    minVocabulary,
  };
}

const RELATED = issueReport(
  'decode keeps plus signs in a query string',
  '`decode` should turn every plus sign of the values into a space when parsing.',
  ['decode'],
);
const REVIEW = issueReport(
  'Boarding pass vanished',
  'Checked in for my flight and the boarding pass disappeared from the wallet. Support never answered.',
);

describe('fileStatistics', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository(TINY_QUERY);
  });
  afterAll(() => repository.cleanup());

  it('counts the distinct query terms, those the files hold with their document frequency, and the best raw score', () => {
    const statistics = getLexicalIndex(repository.index).fileStatistics('decode decode flight');
    // Two words, and the phrase terms of adjacent words (`phraseTerms`).
    expect(statistics.terms).toBeGreaterThanOrEqual(2);
    expect(statistics.documents).toBe(repository.index.files.size);
    expect(statistics.known.map(({ term }) => term)).toEqual(['decod']); // stemmed
    expect(statistics.known[0]?.documentFrequency).toBeGreaterThan(0);
    expect(statistics.bestScore).toBeGreaterThan(0);
  });

  it('gives no known term and a best score of 0 for words no file holds', () => {
    const statistics = getLexicalIndex(repository.index).fileStatistics('boarding flight');
    expect(statistics).toMatchObject({ known: [], bestScore: 0 });
    expect(statistics.terms).toBeGreaterThanOrEqual(2);
  });
});

describe('tieFeatures', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository(TINY_QUERY);
  });
  afterAll(() => repository.cleanup());

  const features = (report: typeof RELATED) => {
    const signals = collectReportSignals(report, repository.index, { packageName: 'tiny-query' });
    const { files } = scoreFiles(repository.index, signals);
    const top = rankFiles(repository.index, files, signals)[0];
    const { features: vector } = tieFeatures(report, repository.index, signals, top);
    return Object.fromEntries(TIE_FEATURES.map((name, position) => [name, vector[position]]));
  };

  it('gives one finite value per feature', () => {
    const vector = Object.values(features(RELATED));
    expect(vector).toHaveLength(TIE_FEATURES.length);
    expect(vector.every((value) => Number.isFinite(value))).toBe(true);
  });

  it('sees more of a report about the code in the repository than of an app review', () => {
    const related = features(RELATED);
    const review = features(REVIEW);
    expect(related.coverage).toBeGreaterThan(review.coverage ?? 1);
    expect(related.definedIdentifiers).toBeGreaterThan(0);
    expect(review.definedIdentifiers).toBe(0);
  });

  it("counts the report's terms held here that are not common across code bases", () => {
    // `decode`, `plus` and `string` are in most trees (model/common-terms.json); `parseValues`
    // is this code's own name.
    const named = issueReport(
      'parseValues drops a key without a value',
      '`parseValues` skips `a` in `a&b=1`.',
      ['parseValues'],
    );
    expect(features(named).distinctiveTerms).toBeGreaterThan(0);
    expect(features(RELATED).distinctiveTerms).toBe(0);
    expect(features(REVIEW).distinctiveTerms).toBe(0);
  });

  it('says whether the report has a stack trace, and counts its frames resolved here', () => {
    expect(features(decodeCrashReport()).traced).toBe(1);
    expect(features(RELATED).traced).toBe(0);
    const signals = collectReportSignals(decodeCrashReport(), repository.index, {
      packageName: 'tiny-query',
    });
    expect(
      tieFeatures(decodeCrashReport(), repository.index, signals, undefined).resolvedFrames,
    ).toBe(3);
  });
});

describe('tieProbability and loadTieModel', () => {
  it('is the logistic function of the weighted features', () => {
    const model = constantModel(0);
    model.weights.coverage = 2;
    const vector = TIE_FEATURES.map((name) => (name === 'coverage' ? 0.5 : 0));
    expect(tieProbability(vector, model)).toBeCloseTo(1 / (1 + Math.exp(-1)));
  });

  it('refuses a model of another version or without a weight, saying how to retrain', () => {
    const { weights, ...rest } = constantModel(0);
    const { coverage: _, ...partial } = weights;
    expect(() => loadTieModel({ ...rest, weights: partial })).toThrow(SightlineError);
    expect(() => loadTieModel({ ...constantModel(0), version: 99 })).toThrow(/npm run train:ties/);
    expect(loadTieModel(constantModel(0)).bias).toBe(0);
  });
});

describe('judgeTie', () => {
  const features = TIE_FEATURES.map(() => 0);
  const inputs = { features, vocabulary: 500, resolvedFrames: 0 };

  it('judges by the threshold', () => {
    expect(judgeTie(inputs, constantModel(-5, 100))).toMatchObject({ tied: false });
    expect(judgeTie(inputs, constantModel(5, 100))?.tied).toBe(true);
  });

  it('judges nothing on a repository smaller than any it was fitted on, a report with a frame resolved here, or features that are not numbers', () => {
    expect(judgeTie({ ...inputs, vocabulary: 99 }, constantModel(-5, 100))).toBeUndefined();
    expect(judgeTie({ ...inputs, resolvedFrames: 1 }, constantModel(-5, 100))).toBeUndefined();
    const broken = { ...inputs, features: TIE_FEATURES.map(() => Number.NaN) };
    expect(judgeTie(broken, constantModel(-5, 100))).toBeUndefined();
  });
});

describe('localize with a tie model', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository(TINY_QUERY);
  });
  afterAll(() => repository.cleanup());

  it('leaves every suspect untied, saying why, when the report reads as about other code', () => {
    const suspects = localize(RELATED, repository.index, { tieModel: constantModel(-5) });
    expect(suspects.length).toBeGreaterThan(0);
    for (const suspect of suspects) {
      expect(suspect.untied).toBe(true);
      expect(suspect.evidence.at(-1)).toMatch(
        new RegExp(`^${FOREIGN_REPORT_REASON} \\(tie probability 0\\.006, below 0\\.5\\)$`),
      );
    }
  });

  it('judges nothing without a model or below its vocabulary, and keeps the suspects it ties', () => {
    for (const tieModel of [null, constantModel(5), constantModel(-5, 1e9)]) {
      const [top] = localize(RELATED, repository.index, { tieModel });
      expect(top?.untied).toBeUndefined();
      expect(top?.evidence.join(' ')).not.toContain(FOREIGN_REPORT_REASON);
    }
  });

  it('keeps the cause of a stack trace that resolves here, whatever the model says', async () => {
    // Found by review: a model judging every report foreign dropped the crash site too.
    const report = decodeCrashReport();
    const suspects = localize(report, repository.index, { tieModel: constantModel(-5) });
    expect(suspects.some((suspect) => suspect.untied)).toBe(false);
    const diagnosis = await diagnoseOffline(report, repository.index, { suspects });
    expect(diagnosis.affectedFiles.some((file) => file.role === 'cause')).toBe(true);
  });

  it('cites no cause, and says why, when the report is judged foreign', async () => {
    const suspects = localize(RELATED, repository.index, { tieModel: constantModel(-5) });
    const diagnosis = await diagnoseOffline(RELATED, repository.index, { suspects });
    expect(diagnosis.affectedFiles.filter((file) => file.role === 'cause')).toEqual([]);
    expect(diagnosis.rootCause.summary).toBe(
      'Nothing in the repository could be tied to the report.',
    );
    expect(diagnosis.rootCause.explanation).toMatch(/^The report reads as about other code/);
  });
});

describe('namesPackage', () => {
  it('finds the package named as a dependency: with a version, imported, or in node_modules', () => {
    expect(namesPackage('Using ms 2.1.3, `ms(-.5d)` returns undefined', 'ms')).toBe(true);
    expect(namesPackage('after upgrading to markdown-it@14.1.0 lists break', 'markdown-it')).toBe(
      true,
    );
    expect(namesPackage("const qs = require('qs');", 'qs')).toBe(true);
    expect(namesPackage("import { parse } from 'qs/lib/parse'", 'qs')).toBe(true);
    expect(namesPackage('at f (/app/node_modules/qs/lib/parse.js:9:20)', 'qs')).toBe(true);
    expect(namesPackage('broken since @babel/core 7.24.1', '@babel/core')).toBe(true);
    expect(namesPackage('broken since core 7.24.1', '@babel/core')).toBe(true);
    expect(namesPackage('ms v2 drops the sign', 'ms')).toBe(true);
    expect(namesPackage('since ms@2 it fails', 'ms')).toBe(true);
  });

  it('does not take the bare name, another package or a longer name for it', () => {
    expect(namesPackage('the request timed out after 500 ms', 'ms')).toBe(false);
    // Found by review: a measure before a plain number is no version.
    expect(namesPackage('it waited 500 ms 2.5 times', 'ms')).toBe(false);
    expect(namesPackage('Using qs 6.10.1 in my app', 'ms')).toBe(false);
    expect(namesPackage('Using my-ms 2.1.3', 'ms')).toBe(false);
    expect(namesPackage("require('msgpack')", 'ms')).toBe(false);
    expect(namesPackage('anything at all', undefined)).toBe(false);
  });

  it('reads a name with characters special to regular expressions literally', () => {
    expect(namesPackage('lodash.merge 4.6.2 drops keys', 'lodash.merge')).toBe(true);
    expect(namesPackage('lodashXmerge 4.6.2 drops keys', 'lodash.merge')).toBe(false);
  });
});
