/**
 * bench:grouping-pairs, keying the reports: every case of the grouping set as the service keys it
 * (bench/grouping-pairs.ts explains the simulation), per project in filing order — parsed as a
 * GitHub issue, classified offline, a crash fingerprint when it has a trace, else its text
 * profile with the project's boilerplate and word frequencies learned from its 300 latest
 * earlier reports every 50, and its candidates (earlier issues of the same label sharing one of
 * the service's LSH bands, then one of its rarest words); and the pair features of two items.
 */
import { classify, parseReports, type Report } from '@sightline/intake';
import {
  contentWords,
  crashSignature,
  DEFAULT_BOILERPLATE,
  groupKey,
  ISSUE_TEXT,
  joinBoilerplate,
  LEARNING_SAMPLE,
  learnBoilerplate,
  RELEARN_EVERY,
  textSimilarity,
} from '@sightline/service/internal';
import {
  idfOf,
  MAX_CANDIDATES,
  PAIR_FEATURES,
  pairFeatures,
  retrievalTerms,
  type TextProfile,
  textProfile,
  wordFrequencies,
} from './duplicate-pairs.js';
import type { GroupingCase } from './grouping-set.js';

/** A report as the service keys it. */
export interface Item {
  entry: GroupingCase;
  project: string;
  /** `crash4:<fingerprint>` (the current version), or undefined for text. */
  signature?: string;
  /** Unreadable or without content words: a group of its own. */
  alone: boolean;
  label: string;
  profile?: TextProfile;
  terms: string[];
  idf: (word: string) => number;
  /**
   * Earlier items of the project to compare with: those sharing one of the service's LSH bands
   * (what its text rule compares; most shared bands first), then those sharing a retrieval term
   * (most shared terms first).
   */
  candidates: number[];
}

/**
 * Does retrieval by rare words alone miss pairs the service's rule merges? Counted over the
 * earlier issues sharing an LSH band that the rule scores at or above its threshold.
 */
export interface RetrievalCounts {
  ruleMatches: number;
  ruleMatchesKnown: number;
  outsideTerms: number;
  outsideTermsKnown: number;
}

const parse = (entry: GroupingCase): Report | undefined => {
  try {
    return parseReports(
      { title: entry.report.title, body: entry.report.body, labels: [] },
      { format: 'markdown-issue' },
    )[0];
  } catch {
    return undefined;
  }
};

/** Every case keyed as the service keys it, per project in filing order. */
export async function prepareItems(
  cases: readonly GroupingCase[],
): Promise<{ items: Item[]; retrieval: RetrievalCounts }> {
  const retrieval = { ruleMatches: 0, ruleMatchesKnown: 0, outsideTerms: 0, outsideTermsKnown: 0 };
  const items: Item[] = [];
  const projects = [...new Set(cases.map((entry) => entry.project))];
  for (const project of projects) {
    const ordered = cases
      .filter((entry) => entry.project === project)
      .sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
    const texts: string[] = [];
    let boilerplate = DEFAULT_BOILERPLATE;
    let idf = idfOf(undefined);
    const index = new Map<string, number[]>();
    for (const [n, entry] of ordered.entries()) {
      if (n % RELEARN_EVERY === 0 || (n < 20 && n % 5 === 0)) {
        const sample = texts.slice(-LEARNING_SAMPLE);
        boilerplate = joinBoilerplate(
          DEFAULT_BOILERPLATE,
          learnBoilerplate(sample, (text) => contentWords(text)),
        );
        idf = idfOf(sample.length > 0 ? wordFrequencies(sample, DEFAULT_BOILERPLATE) : undefined);
      }
      const report = parse(entry);
      const item: Item = {
        entry,
        project,
        alone: true,
        label: 'other',
        terms: [],
        idf,
        candidates: [],
      };
      items.push(item);
      if (!report) continue;
      texts.push(`${report.title ?? ''}\n${report.body}`);
      item.label = (await classify(report)).label;
      const signature = crashSignature(report);
      if (signature) {
        item.signature = signature;
        item.alone = false;
        continue;
      }
      const key = groupKey(report, { boilerplate });
      const rule = 'minhash' in key ? key : undefined;
      const profile = textProfile(`${report.title ?? ''}\n${report.body}`, report.title ?? '', {
        boilerplate,
        at: entry.created,
        ...(rule ? { signature: rule.minhash } : {}),
      });
      if (profile.length === 0) continue;
      item.alone = false;
      item.profile = profile;
      item.terms = retrievalTerms(profile, idf);
      const self = items.length - 1;
      const keys = [
        ...(rule?.bands ?? []).map((band) => `band\0${band}`),
        ...item.terms.map((term) => `term\0${term}`),
      ];
      const byBand = new Map<number, number>();
      const byTerm = new Map<number, number>();
      for (const indexKey of keys) {
        const shared = indexKey.startsWith('band\0') ? byBand : byTerm;
        for (const other of index.get(`${item.label}\0${indexKey}`) ?? []) {
          shared.set(other, (shared.get(other) ?? 0) + 1);
        }
      }
      const ranked = (shared: Map<number, number>) =>
        [...shared].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([other]) => other);
      item.candidates = [...new Set([...ranked(byBand), ...ranked(byTerm)])].slice(0, 400);
      const termTop = new Set(ranked(byTerm).slice(0, MAX_CANDIDATES));
      for (const c of byBand.keys()) {
        const other = (items[c] as Item).profile?.signature;
        if (!rule || !other) continue;
        if (textSimilarity(rule.minhash, other, ISSUE_TEXT.minTitle) < ISSUE_TEXT.threshold) {
          continue;
        }
        const known = (items[c] as Item).entry.group === entry.group ? 1 : 0;
        retrieval.ruleMatches += 1;
        retrieval.ruleMatchesKnown += known;
        if (!termTop.has(c)) {
          retrieval.outsideTerms += 1;
          retrieval.outsideTermsKnown += known;
        }
      }
      for (const indexKey of keys) {
        const labelled = `${item.label}\0${indexKey}`;
        index.set(labelled, [...(index.get(labelled) ?? []), self]);
      }
    }
  }
  return { items, retrieval };
}

/** The keyed items and what the learners read of a pair of them (item indices). */
export interface ItemPairs {
  items: Item[];
  /** The pair features of item `q` with an earlier item `c` (q's word weights), cached. */
  features(q: number, c: number): number[];
  /** Whether the service's text rule merges the pair. */
  ruleMerges(q: number, c: number): boolean;
  /** Whether the gold puts the pair in one group. */
  sameGroup(q: number, c: number): boolean;
}

/** Where the service rule's similarity is among the pair features. */
export const RULE_SIMILARITY = PAIR_FEATURES.indexOf('ruleSimilarity');

/** The pair readers of `items` (see {@link ItemPairs}). */
export function itemPairs(items: Item[]): ItemPairs {
  const featureCache = new Map<number, number[]>();
  const features = (q: number, c: number): number[] => {
    const key = q * items.length + c;
    let vector = featureCache.get(key);
    if (!vector) {
      const a = items[q] as Item;
      const b = items[c] as Item;
      vector = pairFeatures(a.profile as TextProfile, b.profile as TextProfile, a.idf);
      featureCache.set(key, vector);
    }
    return vector;
  };
  return {
    items,
    features,
    ruleMerges: (q, c) => (features(q, c)[RULE_SIMILARITY] ?? 0) >= ISSUE_TEXT.threshold,
    sameGroup: (q, c) => (items[q] as Item).entry.group === (items[c] as Item).entry.group,
  };
}
