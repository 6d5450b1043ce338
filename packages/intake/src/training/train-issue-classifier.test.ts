import { describe, expect, it } from 'vitest';
import { loadIssueClassifier } from '../classify/issue-classifier.js';
import type { LabeledIssue } from '../classify/labeled-issues.js';
import {
  crossValidateIssues,
  hashFold,
  type IssueTrainingSettings,
  trainIssueClassifier,
} from './train-issue-classifier.js';

const SETTINGS: IssueTrainingSettings = {
  features: { codeText: false, bodyWordLimit: 100, bigrams: true, negation: true },
  linear: {
    charSizes: [3, 4],
    blockWeights: { title: 2, chars: 0.5, markers: 1 },
    minDocumentFrequency: 1,
    l2: 0.1,
  },
};

const EXAMPLES: LabeledIssue[] = [
  ['bug', 'Crash on startup', 'The app crashes on startup with an error.'],
  ['bug', 'Error when saving', 'Saving fails with an error and the file is lost.'],
  ['bug', 'Broken layout after upgrade', 'The sidebar is broken since the upgrade.'],
  ['feature', 'Add dark theme', 'Please add a dark theme option.'],
  ['feature', 'Support export to PDF', 'It would be nice to support exporting to PDF.'],
  ['feature', 'Add keyboard shortcut', 'Please add a shortcut for search.'],
  ['question', 'How do I configure the proxy?', 'Where is the proxy setting documented?'],
  ['question', 'Is Windows supported?', 'Does it run on Windows, and how do I install it?'],
  ['question', 'How to build from source?', 'Which compiler do I need?'],
].map(([label, title, body]) => ({ label, title, body }) as LabeledIssue);

describe('trainIssueClassifier', () => {
  it('produces the same bytes from the same data', () => {
    const first = JSON.stringify(trainIssueClassifier(EXAMPLES, SETTINGS, { data: 'x' }));
    const second = JSON.stringify(trainIssueClassifier(EXAMPLES, SETTINGS, { data: 'x' }));
    expect(second).toBe(first);
  });

  it('learns labels a loaded classifier predicts', () => {
    const classifier = loadIssueClassifier(trainIssueClassifier(EXAMPLES, SETTINGS));
    expect(classifier.predict({ title: 'Crash when saving', body: 'error' }).label).toBe('bug');
    expect(classifier.predict({ title: 'Please add PDF export', body: '' }).label).toBe('feature');
    expect(classifier.predict({ title: 'How do I install it?', body: '' }).label).toBe('question');
  });
});

describe('crossValidateIssues', () => {
  it('predicts every issue once, from a model that did not see it', () => {
    const pairs = crossValidateIssues(EXAMPLES, SETTINGS, 3);
    expect(pairs.map((pair) => pair.actual)).toEqual(EXAMPLES.map((example) => example.label));
    for (const pair of pairs) expect(['bug', 'feature', 'question']).toContain(pair.predicted);
  });

  it('assigns folds by content, in range', () => {
    expect(hashFold('same text', 5)).toBe(hashFold('same text', 5));
    for (const example of EXAMPLES) expect(hashFold(example.body, 3)).toBeLessThan(3);
  });
});
