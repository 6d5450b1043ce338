/**
 * bench:grouping-pairs, the simulation: the items of some projects grouped as the service groups
 * them with a learner's scorer and threshold (crash reports by fingerprint, each text issue into
 * the best-scored candidate group at or above the threshold, groups compared by their first
 * report, at most `MAX_CANDIDATES` scored), the pairwise counts of the text-grouped items, and
 * the threshold with the most recall at pooled pairwise precision ≥ 0.95.
 */
import { type Assignment, scoreClusters } from './cluster-metrics.js';
import { MAX_CANDIDATES } from './duplicate-pairs.js';
import type { Item } from './grouping-pairs-items.js';
import type { Learner, Scorer } from './grouping-pairs-learners.js';

const PRECISION_TARGET = 0.95;
/** Thresholds tried: 0.01–0.99 by 0.01, then 0.995 and 0.998. */
const THRESHOLDS = Array.from({ length: 99 }, (_, i) => (i + 1) / 100).concat([0.995, 0.998]);

/** Pairwise counts: pairs in one known group, in one cluster, in both. */
export type Counts = { inGroup: number; inCluster: number; both: number };

/** A threshold chosen on a precision–recall curve. */
export interface ChosenThreshold {
  threshold: number;
  precision: number;
  recall: number;
}

/** Groups items as the service does; `show` prints every fifth point of each threshold curve. */
export function groupingSimulation(items: readonly Item[], show: boolean) {
  /**
   * Groups the items of `projects` as the service does with this scorer and threshold.
   * @returns each item's cluster, by item index.
   */
  function simulate(projects: ReadonlySet<string>, scorer: Scorer, threshold: number) {
    const clusters = new Map<number, string>();
    const representative = new Set<number>();
    for (const [q, item] of items.entries()) {
      if (!projects.has(item.project)) continue;
      if (item.alone) clusters.set(q, `alone:${q}`);
      else if (item.signature) clusters.set(q, `${item.project}:${item.signature}`);
      else {
        let best: { c: number; p: number } | undefined;
        let scored = 0;
        for (const c of item.candidates) {
          if (!representative.has(c)) continue;
          const p = scorer(q, c);
          if (p >= threshold && (!best || p > best.p)) best = { c, p };
          scored += 1;
          if (scored === MAX_CANDIDATES) break;
        }
        if (best) clusters.set(q, clusters.get(best.c) as string);
        else {
          clusters.set(q, `text:${q}`);
          representative.add(q);
        }
      }
    }
    return clusters;
  }

  /** Pairwise counts over the text-grouped items of a simulation. */
  function textPairs(clusters: Map<number, string>): Counts {
    const assignments: Assignment[] = [];
    for (const [q, cluster] of clusters) {
      const item = items[q] as Item;
      if (item.profile) assignments.push({ group: item.entry.group, cluster });
    }
    return scoreClusters(assignments).pairs;
  }

  /** Text-pair counts at every threshold of `projects` grouped with `scorer`, added to `totals`. */
  function addCurve(totals: Counts[], projects: ReadonlySet<string>, scorer: Scorer) {
    for (const [t, threshold] of THRESHOLDS.entries()) {
      const pairs = textPairs(simulate(projects, scorer, threshold));
      const total = totals[t] as Counts;
      total.inGroup += pairs.inGroup;
      total.inCluster += pairs.inCluster;
      total.both += pairs.both;
    }
  }

  /** The threshold with the most recall at pooled precision ≥ the target (`fallback`: none). */
  function bestThreshold(
    totals: readonly Counts[],
    fallback = Number.POSITIVE_INFINITY,
  ): ChosenThreshold {
    let chosen = { threshold: fallback, precision: Number.NaN, recall: 0 };
    for (const [t, threshold] of THRESHOLDS.entries()) {
      const { inGroup, inCluster, both } = totals[t] as Counts;
      const precision = inCluster === 0 ? 1 : both / inCluster;
      const recall = inGroup === 0 ? 0 : both / inGroup;
      if (show && t % 5 === 4)
        console.error(`  ${threshold}: ${both} / ${inCluster} of ${inGroup}`);
      if (precision >= PRECISION_TARGET && recall > chosen.recall) {
        chosen = { threshold, precision, recall };
      }
    }
    return chosen;
  }

  const emptyCurve = (): Counts[] => THRESHOLDS.map(() => ({ inGroup: 0, inCluster: 0, both: 0 }));

  /**
   * The threshold chosen inside training folds: each held out in turn from a scorer fitted on the
   * others, text pairs pooled (see `bestThreshold`).
   */
  function chooseThreshold(learner: Learner, folds: readonly (readonly string[])[]) {
    const totals = emptyCurve();
    for (const held of folds) {
      const rest = new Set(folds.filter((fold) => fold !== held).flat());
      addCurve(totals, new Set(held), learner.fit(rest).scorer);
    }
    return bestThreshold(totals, learner.fallbackThreshold);
  }

  /** The threshold chosen on the grouping of `projects` with `scorer` itself (in sample). */
  function chooseInSample(learner: Learner, projects: ReadonlySet<string>, scorer: Scorer) {
    const totals = emptyCurve();
    addCurve(totals, projects, scorer);
    return bestThreshold(totals, learner.fallbackThreshold);
  }

  return { simulate, textPairs, chooseThreshold, chooseInSample };
}
