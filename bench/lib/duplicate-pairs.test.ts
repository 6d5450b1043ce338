import { parseReports } from '@sightline/intake';
import { groupKey } from '@sightline/service/internal';
import { describe, expect, it } from 'vitest';
import {
  duplicateProbability,
  INTERACTION_FEATURES,
  idfOf,
  PAIR_FEATURES,
  pairFeatures,
  retrievalTerms,
  textProfile,
  withInteractions,
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

  it("carries the service's text rule: its similarity and its decision", () => {
    const signed = (title: string, text: string) => {
      const [report] = parseReports(
        { title, body: text, labels: [] },
        { format: 'markdown-issue' },
      );
      if (!report) throw new Error('not parsed');
      const key = groupKey(report);
      const rule = 'minhash' in key ? key : undefined;
      const signature = rule?.minhash;
      return textProfile(`${title}\n${text}`, title, signature ? { signature } : {});
    };
    const idf = idfOf(undefined);
    const text = `${body('the namenode')} It happens on every cluster upgrade since last week.`;
    const one = signed('Namenode crashes reporting bad blocks', text);
    expect(one.signature).toBeDefined();
    const same = pairFeatures(one, signed('Namenode crashes reporting bad blocks', text), idf);
    expect(feature(same, 'ruleSimilarity')).toBe(1);
    expect(feature(same, 'ruleMatch')).toBe(1);
    // The same text under another title: the rule's title test says no.
    const retitled = pairFeatures(one, signed('Datanode web UI shows no volumes', text), idf);
    expect(feature(retitled, 'ruleSimilarity')).toBe(0);
    expect(feature(retitled, 'ruleMatch')).toBe(0);
    // Too few words for the rule: no signature, no rule score.
    const short = signed('Namenode crashes', 'see logs');
    expect(short.signature).toBeUndefined();
    expect(feature(pairFeatures(one, short, idf), 'ruleSimilarity')).toBe(0);
  });

  it('adds the products of the main similarities after the features', () => {
    const values = pairFeatures(
      hdfs,
      issue('Backport HADOOP-17796 to branch-3.2', 'other'),
      idfOf(undefined),
    );
    const expanded = withInteractions(values);
    expect(expanded).toHaveLength(INTERACTION_FEATURES.length);
    expect(expanded.slice(0, PAIR_FEATURES.length)).toEqual(values);
    const product = expanded[INTERACTION_FEATURES.indexOf('titleCosine×textCosine')];
    expect(product).toBeCloseTo(
      (feature(values, 'titleCosine') ?? 0) * (feature(values, 'textCosine') ?? 0),
    );
  });

  it('turns a weighted sum into a probability', () => {
    expect(duplicateProbability({ weights: [1, 2], bias: -3 }, [1, 1])).toBeCloseTo(0.5);
    expect(duplicateProbability({ weights: [1], bias: 0 }, [10])).toBeGreaterThan(0.99);
  });
});
