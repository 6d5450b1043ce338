/**
 * `npm run bench:grouping-fit`: fits text grouping's three settings — the least Jaccard similarity
 * of content shingles (`NEAR_DUPLICATE_THRESHOLD`), the fewest distinct content words
 * (`MIN_CONTENT_WORDS`) and the least Jaccard similarity of the titles' content words
 * (`MIN_TITLE_SIMILARITY`) — on the grouping set, checked on held-out data sets: four folds (Hadoop
 * JIRA, SeaMonkey Bugzilla, VS Code's GitHub issues closed as duplicates, the NLBSE GitHub issues),
 * each measured with the settings chosen on the other three (the most recall with pairwise precision ≥ 0.95 there; else the most precision, the
 * stricter setting on a tie).
 *
 * Pairs are scored as the service scores text: content words with GitHub's template boilerplate
 * and the project's learned boilerplate (learned here from all its reports at once, where the
 * service learns from its latest ones), exact Jaccard of 1- and 2-shingles where the service
 * estimates it with MinHash. Reports with a crash fingerprint are grouped by it, not by text,
 * and are left out, as are reports the parser refuses. Pairwise precision here counts pairs above the threshold, not the groups the
 * store builds: bench:grouping measures those.
 */
import { parseReports } from '@sightline/intake';
import {
  contentShingles,
  contentWords,
  crashSignature,
  DEFAULT_BOILERPLATE,
  ISSUE_TEXT,
  jaccard,
  joinBoilerplate,
  learnBoilerplate,
  type TextSettings,
} from '@sightline/service/internal';
import { type GroupingCase, readFilledGroupingCases } from './lib/grouping-set.js';
import { markdownTable, updateReadmeTable } from './lib/results.js';

const THRESHOLDS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];
const MIN_WORDS = [4, 6, 8, 10, 12, 16, 20];
const TITLE_SIMILARITIES = [0, 0.2, 0.4, 0.6, 0.8];
const PRECISION_TARGET = 0.95;
const LOWEST_THRESHOLD = Math.min(...THRESHOLDS);

const cases = readFilledGroupingCases('bench:grouping-fit');

interface Pair {
  similarity: number;
  /** Fewer distinct content words of the two. */
  words: number;
  /** Jaccard similarity of the two titles' content words. */
  title: number;
  same: boolean;
}

/**
 * A fold's text pairs at least as alike as the lowest threshold, and how many known pairs it has
 * among text reports.
 */
interface Fold {
  name: string;
  pairs: Pair[];
  known: number;
}

function foldOf(name: string, members: readonly GroupingCase[]): Fold {
  const pairs: Pair[] = [];
  let known = 0;
  for (const project of new Set(members.map((entry) => entry.project))) {
    const text = (entry: GroupingCase) => `${entry.report.title}\n${entry.report.body}`;
    const ofProject = members.filter((entry) => {
      if (entry.project !== project) return false;
      try {
        const [report] = parseReports(
          { title: entry.report.title, body: entry.report.body },
          { format: 'markdown-issue' },
        );
        return !report || !crashSignature(report);
      } catch {
        // A report the parser refuses (REPORT_UNPARSEABLE: mostly control characters) is not
        // grouped by the service either.
        return false;
      }
    });
    const learned = learnBoilerplate(ofProject.map(text), (value) => contentWords(value));
    const boilerplate = joinBoilerplate(DEFAULT_BOILERPLATE, learned);
    const items = ofProject.map((entry) => {
      const words = contentWords(text(entry), boilerplate);
      return {
        group: entry.group,
        distinct: new Set(words).size,
        shingles: contentShingles(words),
        title: new Set(contentWords(entry.report.title, boilerplate)),
      };
    });
    for (let i = 0; i < items.length; i += 1) {
      const a = items[i];
      if (!a) continue;
      for (let j = i + 1; j < items.length; j += 1) {
        const b = items[j];
        if (!b) continue;
        const same = a.group === b.group;
        if (same) known += 1;
        let shared = 0;
        const [small, large] = a.shingles.size < b.shingles.size ? [a, b] : [b, a];
        for (const shingle of small.shingles) if (large.shingles.has(shingle)) shared += 1;
        const similarity = shared / (a.shingles.size + b.shingles.size - shared);
        // No setting makes a pair below the lowest threshold: keeping it would only cost time.
        if (similarity < LOWEST_THRESHOLD) continue;
        pairs.push({
          similarity,
          words: Math.min(a.distinct, b.distinct),
          title: jaccard(a.title, b.title),
          same,
        });
      }
    }
  }
  return { name, pairs, known };
}

function score(fold: Fold, { threshold, minWords, minTitle }: Setting) {
  let made = 0;
  let right = 0;
  for (const pair of fold.pairs) {
    if (pair.similarity < threshold || pair.words < minWords || pair.title < minTitle) continue;
    made += 1;
    if (pair.same) right += 1;
  }
  return { made, right, known: fold.known };
}

function pooled(folds: readonly Fold[], setting: Setting) {
  const totals = folds.map((fold) => score(fold, setting));
  const made = totals.reduce((sum, t) => sum + t.made, 0);
  const right = totals.reduce((sum, t) => sum + t.right, 0);
  const known = totals.reduce((sum, t) => sum + t.known, 0);
  return {
    precision: made === 0 ? 1 : right / made,
    recall: known === 0 ? 0 : right / known,
    made,
  };
}

/** One setting of the text rule (the service's `TextSettings`). */
type Setting = TextSettings;

function choose(folds: readonly Fold[]) {
  let best: (Setting & { precision: number; recall: number }) | undefined;
  for (const threshold of THRESHOLDS) {
    for (const minWords of MIN_WORDS) {
      for (const minTitle of TITLE_SIMILARITIES) {
        const setting = { threshold, minWords, minTitle };
        const { precision, recall } = pooled(folds, setting);
        const candidate = { ...setting, precision, recall };
        const meets = (c: typeof candidate) => c.precision >= PRECISION_TARGET;
        if (
          !best ||
          (meets(candidate) && (!meets(best) || candidate.recall > best.recall)) ||
          // Without a setting precise enough, the most precise; on a tie the stricter (later) one.
          (!meets(candidate) && !meets(best) && candidate.precision >= best.precision)
        ) {
          best = candidate;
        }
      }
    }
  }
  if (!best) throw new Error('no setting to choose from');
  return best;
}

const sources: [string, (entry: GroupingCase) => boolean][] = [
  ['apache/hadoop (JIRA)', (entry) => entry.project === 'apache/hadoop'],
  ['mozilla/seamonkey (Bugzilla)', (entry) => entry.project === 'mozilla/seamonkey'],
  [
    'microsoft/vscode (GitHub, closed as duplicates)',
    (entry) => entry.source.dataset === 'GitBugs' && entry.project === 'microsoft/vscode',
  ],
  ['GitHub issues (NLBSE’24)', (entry) => entry.source.dataset !== 'GitBugs'],
];
const folds = sources.map(([name, keep]) => foldOf(name, cases.filter(keep)));

const SHIPPED: Setting = ISSUE_TEXT;
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const rows = folds.map((held) => {
  const chosen = choose(folds.filter((fold) => fold !== held));
  const check = pooled([held], chosen);
  const current = pooled([held], SHIPPED);
  return [
    held.name,
    `${chosen.threshold} / ${chosen.minWords} / ${chosen.minTitle}`,
    `${percent(chosen.precision)} / ${percent(chosen.recall)}`,
    `${percent(check.precision)} / ${percent(check.recall)} (${check.made} pairs)`,
    `${percent(current.precision)} / ${percent(current.recall)} (${current.made} pairs)`,
  ];
});
const all = choose(folds);
const table = markdownTable(
  [
    'held-out data set',
    'chosen on the others: threshold / min words / min title similarity',
    'P / R where chosen',
    'P / R held out',
    `P / R held out with the shipped ${SHIPPED.threshold} / ${SHIPPED.minWords} / ${SHIPPED.minTitle}`,
  ],
  rows,
);
const summary = `Chosen on all four: threshold ${all.threshold}, min words ${all.minWords}, min title similarity ${all.minTitle} (pairwise precision ${percent(all.precision)}, recall ${percent(all.recall)} of known pairs among reports grouped by text).`;
console.log(table);
console.log(summary);
await updateReadmeTable('grouping-fit', `${table}\n\n${summary}`);
