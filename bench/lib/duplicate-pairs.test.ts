import { describe, expect, it } from 'vitest';
import {
  duplicateProbability,
  idfOf,
  PAIR_FEATURES,
  pairFeatures,
  retrievalTerms,
  textProfile,
  wordFrequencies,
} from './duplicate-pairs.js';

const issue = (title: string, body: string, at = '2026-01-01T00:00:00.000Z') =>
  textProfile(`${title}\n${body}`, title, { at });
const feature = (values: number[], name: (typeof PAIR_FEATURES)[number]) =>
  values[PAIR_FEATURES.indexOf(name)];

describe('duplicate-pair features', () => {
  const body = (module: string) =>
    `NullPointerException in BlockManager.reportBadBlocks when ${module} restarts with dfs.replication 3; see BlockManager.java.`;
  const hdfs = issue('Backport HADOOP-17796 to branch-3.2', body('the namenode'));

  it('reads technical tokens and keeps task numbers in the title tokens', () => {
    expect(hdfs.errors).toEqual(['nullpointerexception']);
    expect(hdfs.identifiers).toEqual(
      expect.arrayContaining(['blockmanager.reportbadblocks', 'dfs.replication']),
    );
    expect(hdfs.files).toContain('blockmanager.java');
    expect(hdfs.titleTokens).toEqual(expect.arrayContaining(['hadoop-17796', 'branch-3.2']));
  });

  it('scores one issue filed twice as alike in every text feature, a series task apart', () => {
    const idf = idfOf(undefined);
    const again = pairFeatures(
      hdfs,
      issue('Backport HADOOP-17796 to branch-3.2', body('the namenode')),
      idf,
    );
    expect(feature(again, 'textCosine')).toBeCloseTo(1);
    expect(feature(again, 'titleTokensApart')).toBe(0);
    const other = pairFeatures(
      hdfs,
      issue('Backport HADOOP-17653 to branch-3.2', body('a datanode')),
      idf,
    );
    expect(feature(other, 'titleTokensApart')).toBeGreaterThan(0);
    expect(feature(other, 'textCosine')).toBeLessThan(1);
  });

  it('weighs rare words more and retrieves by them', () => {
    const common = Array.from({ length: 9 }, (_, i) => `namenode restarts slowly ${i}`);
    const frequencies = wordFrequencies([...common, body('the namenode')], undefined);
    const idf = idfOf(frequencies);
    expect(idf('reportbadblocks')).toBeGreaterThan(idf('namenode'));
    const terms = retrievalTerms(hdfs, idf);
    expect(terms).toContain('namenode');
    expect(terms.indexOf('reportbadblocks')).toBeLessThan(terms.indexOf('namenode'));
  });

  it('turns a weighted sum into a probability', () => {
    expect(duplicateProbability({ weights: [1, 2], bias: -3 }, [1, 1])).toBeCloseTo(0.5);
    expect(duplicateProbability({ weights: [1], bias: 0 }, [10])).toBeGreaterThan(0.99);
  });
});
