/**
 * How well a clustering matches known groups, the two measures of clustering evaluation used for
 * duplicate grouping:
 * - pairwise precision and recall: of the pairs of items put in one cluster, the share that are in
 *   one known group, and of the pairs in one known group, the share put in one cluster (Manning,
 *   Raghavan, Schütze, "Introduction to Information Retrieval", §16.3);
 * - B-cubed precision, recall and F1: per item, the share of its cluster that is in its group and
 *   the share of its group that is in its cluster, averaged over items (Bagga and Baldwin 1998;
 *   Amigó et al. 2009, "A comparison of extrinsic clustering evaluation metrics").
 */

/** One item: the group it belongs to and the cluster it was put in. */
export interface Assignment {
  group: string;
  cluster: string;
}

/** The measures of one clustering. Fractions 0–1; a precision without pairs is `null`. */
export interface ClusterScores {
  items: number;
  groups: number;
  clusters: number;
  /** Pairs in one known group, pairs put in one cluster, and pairs that are both. */
  pairs: { inGroup: number; inCluster: number; both: number };
  pairwise: { precision: number | null; recall: number | null; f1: number | null };
  bcubed: { precision: number; recall: number; f1: number };
}

const pairsOf = (n: number) => (n * (n - 1)) / 2;

function count<K>(keys: Iterable<K>): Map<K, number> {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

function harmonic(a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  return a + b === 0 ? 0 : (2 * a * b) / (a + b);
}

/**
 * Scores a clustering against known groups.
 * @param assignments - every item once; group and cluster names are compared as strings.
 * @throws Error when there are no items.
 */
export function scoreClusters(assignments: readonly Assignment[]): ClusterScores {
  if (assignments.length === 0) throw new Error('scoreClusters needs at least one item');
  const groups = count(assignments.map((item) => item.group));
  const clusters = count(assignments.map((item) => item.cluster));
  const cells = count(assignments.map((item) => `${item.group}\u0000${item.cluster}`));
  const sum = (counts: Map<string, number>) =>
    [...counts.values()].reduce((total, n) => total + pairsOf(n), 0);
  const pairs = { inGroup: sum(groups), inCluster: sum(clusters), both: sum(cells) };
  const precision = pairs.inCluster === 0 ? null : pairs.both / pairs.inCluster;
  const recall = pairs.inGroup === 0 ? null : pairs.both / pairs.inGroup;
  let bPrecision = 0;
  let bRecall = 0;
  for (const item of assignments) {
    const shared = cells.get(`${item.group}\u0000${item.cluster}`) ?? 0;
    bPrecision += shared / (clusters.get(item.cluster) ?? 1);
    bRecall += shared / (groups.get(item.group) ?? 1);
  }
  bPrecision /= assignments.length;
  bRecall /= assignments.length;
  return {
    items: assignments.length,
    groups: groups.size,
    clusters: clusters.size,
    pairs,
    pairwise: { precision, recall, f1: harmonic(precision, recall) },
    bcubed: { precision: bPrecision, recall: bRecall, f1: harmonic(bPrecision, bRecall) ?? 0 },
  };
}
