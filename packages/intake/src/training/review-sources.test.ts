import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTRA_REVIEW_SOURCES,
  hasSnapshot,
  type ReviewSource,
  readExtraReviews,
  readReviewSource,
} from './review-sources.js';

const CSV = [
  'id,app,rating,review,category',
  '1,com.example.a,1,"crashes when I open it, please fix",BUG',
  '2,com.example.a,4,please add a dark mode,FEATURE',
  '3,com.example.b,5,love it,OTHER',
  '4,com.example.b,2,drains my battery,ENERGY',
  '5,?,?,too slow   to load,BUG',
  '6,com.example.c,3,,FEATURE',
].join('\n');

let mirrors: string;
let commit: string;
let source: ReviewSource;

beforeAll(() => {
  mirrors = mkdtempSync(path.join(os.tmpdir(), 'review-sources-'));
  const work = path.join(mirrors, 'work');
  const gitDir = path.join(mirrors, 'someone+reviews', 'repo');
  const git = (...args: string[]) =>
    execFileSync('git', ['--git-dir', gitDir, '--work-tree', work, ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@t',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@t',
      },
    });
  execFileSync('git', ['init', '-q', '--bare', gitDir]);
  mkdirSync(path.join(work, 'data'), { recursive: true });
  writeFileSync(path.join(work, 'data/reviews.csv'), CSV);
  git('add', 'data/reviews.csv');
  git('commit', '-q', '-m', 'data');
  commit = git('rev-parse', 'HEAD').trim();
  source = {
    name: 'sample',
    dataset: 'Sample',
    citation: 'test',
    repo: 'someone/reviews',
    commit,
    path: 'data/reviews.csv',
    sha256: createHash('sha256').update(CSV).digest('hex'),
    licence: 'test',
    columns: { text: 'review', label: 'category', app: 'app', rating: 'rating' },
    labels: { BUG: 'bug', FEATURE: 'feature', OTHER: 'other', ENERGY: null },
  };
});

afterAll(() => rmSync(mirrors, { recursive: true, force: true }));

describe('readReviewSource', () => {
  it('maps labels, leaves out unmapped labels and empty texts, keeps app and rating when given', () => {
    expect(readReviewSource(mirrors, source)).toEqual([
      {
        text: 'crashes when I open it, please fix',
        label: 'bug',
        source: 'sample',
        rating: 1,
        app: 'com.example.a',
      },
      {
        text: 'please add a dark mode',
        label: 'feature',
        source: 'sample',
        rating: 4,
        app: 'com.example.a',
      },
      { text: 'love it', label: 'other', source: 'sample', rating: 5, app: 'com.example.b' },
      { text: 'too slow   to load', label: 'bug', source: 'sample' },
    ]);
  });

  it('refuses a file whose checksum is not the pinned one', () => {
    expect(() => readReviewSource(mirrors, { ...source, sha256: '0'.repeat(64) })).toThrow(
      /not the pinned/,
    );
  });

  it('refuses a label the map does not know', () => {
    const { ENERGY: _, ...labels } = source.labels;
    expect(() => readReviewSource(mirrors, { ...source, labels })).toThrow(/label "ENERGY"/);
  });

  it('says what to fetch when the snapshot is missing', () => {
    expect(hasSnapshot(mirrors, 'nobody/nothing')).toBe(false);
    expect(() => readReviewSource(mirrors, { ...source, repo: 'nobody/nothing' })).toThrow(
      /fetch github:nobody\/nothing/,
    );
  });
});

describe('readExtraReviews', () => {
  it('leaves out reviews whose normalised text is excluded', () => {
    const key = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');
    const read = readExtraReviews(mirrors, new Set(['love it', 'too slow to load']), key, [source]);
    expect(read.map((review) => review.text)).toEqual([
      'crashes when I open it, please fix',
      'please add a dark mode',
    ]);
  });
});

describe('EXTRA_REVIEW_SOURCES', () => {
  it('pins every source to a commit and a SHA-256, and maps bug and feature', () => {
    for (const extra of EXTRA_REVIEW_SOURCES) {
      expect(extra.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(extra.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.values(extra.labels)).toEqual(expect.arrayContaining(['bug', 'feature']));
    }
  });
});
