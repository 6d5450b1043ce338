import { describe, expect, it } from 'vitest';
import type { Report } from '../parse/types.js';
import { createExamplePool, type LabeledExample } from './example-pool.js';

const examples: LabeledExample[] = [
  {
    kind: 'issue',
    label: 'bug',
    title: 'Crash when saving a file',
    text: 'Saving a file crashes the editor.',
  },
  { kind: 'issue', label: 'bug', title: 'Login button broken', text: 'The button does nothing.' },
  { kind: 'issue', label: 'feature', title: 'Add dark theme', text: 'Please add a dark theme.' },
  {
    kind: 'issue',
    label: 'question',
    title: 'How to save a file as PDF?',
    text: 'Is saving to PDF possible?',
  },
  { kind: 'review', label: 'bug', text: 'Saving a file crashes the app', rating: 1 },
];

function issue(title: string, body: string): Report {
  return {
    id: 'x',
    kind: 'issue',
    source: { format: 'text' },
    title,
    body,
    exceptions: [],
    identifiers: [],
    paths: [],
  };
}

describe('createExamplePool', () => {
  const pool = createExamplePool(examples);

  it('returns the nearest examples of each label, of the report’s kind only', () => {
    expect(pool.size).toBe(5);
    expect(
      pool.nearest(issue('Editor crashes when saving', 'Saving a file crashes it.'), 1),
    ).toEqual([examples[0], examples[2], examples[3]]);
  });

  it('orders a label’s examples by similarity', () => {
    const nearest = pool.nearest(issue('The login button is broken', 'Nothing happens.'), 2);
    expect(nearest.slice(0, 2)).toEqual([examples[1], examples[0]]);
  });

  it('treats a report with a star rating as a review', () => {
    const review = { ...issue('', 'Crashes when saving'), kind: 'text' as const, rating: 2 };
    expect(pool.nearest(review)).toEqual([examples[4]]);
  });
});
