import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { shippedIssueClassifier } from './classify.js';
import {
  ISSUE_CLASSIFIER_FORMAT,
  ISSUE_CLASSIFIER_VERSION,
  type IssueClassifierModel,
  issueMargin,
  loadIssueClassifier,
} from './issue-classifier.js';

describe('shipped issue classifier', () => {
  const { model } = shippedIssueClassifier();

  it('has the expected format, version and labels, and stays under 1 MB on disk', () => {
    expect({ format: model.format, version: model.version, labels: model.labels }).toEqual({
      format: ISSUE_CLASSIFIER_FORMAT,
      version: ISSUE_CLASSIFIER_VERSION,
      labels: ['bug', 'feature', 'question'],
    });
    const file = fileURLToPath(new URL('./model/issue-classifier.json', import.meta.url));
    expect(statSync(file).size).toBeLessThan(1024 * 1024);
  });

  it('returns scores that sum to 1, the winner as confidence and the features behind it', () => {
    const prediction = shippedIssueClassifier().predict({
      title: 'Crash when opening settings',
      body: '### Steps to reproduce\n1. Open settings\n```\nTypeError: x is undefined\n```',
    });
    const total = Object.values(prediction.scores).reduce((sum, score) => sum + score, 0);
    expect(total).toBeCloseTo(1, 10);
    expect(prediction.confidence).toBe(Math.max(...Object.values(prediction.scores)));
    expect(prediction.margin).toBe(issueMargin(prediction.scores));
    expect(prediction.topFeatures.length).toBeGreaterThan(0);
    expect(prediction.topFeatures.length).toBeLessThanOrEqual(3);
    expect(prediction.unfamiliarLanguage).toBeUndefined();
  });

  it('rejects a model file of another version with CACHE_VERSION_MISMATCH', () => {
    const future = { ...model, version: ISSUE_CLASSIFIER_VERSION + 1 } as IssueClassifierModel;
    const error = (() => {
      try {
        loadIssueClassifier(future);
      } catch (caught) {
        return caught;
      }
    })();
    expect(SightlineError.isInstance(error) && error.code).toBe('CACHE_VERSION_MISMATCH');
    expect((error as Error).message).toContain('npm run train:classify');
  });
});

describe('issueMargin', () => {
  it('is the lead of the most probable label over the next, 0 on a tie', () => {
    expect(issueMargin({ bug: 0.2, feature: 0.38, question: 0.42 })).toBeCloseTo(0.04, 10);
    expect(issueMargin({ bug: 0.9, feature: 0.05, question: 0.05 })).toBeCloseTo(0.85, 10);
    expect(issueMargin({ bug: 0.4, feature: 0.4, question: 0.2 })).toBe(0);
  });
});
