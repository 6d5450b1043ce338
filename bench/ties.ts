/**
 * `npm run bench:ties [-- --per-repository N]`: does the offline diagnosis cite a cause only when
 * the report is about the repository? A cause on a report about another program is a false
 * finding that a team would go and read; no cause on a report about this code loses a finding.
 *
 * On the report–repository pairs of bench/lib/tie-pairs.ts (corpus cases on their own tree and on
 * others', the npm-package cases on their own package and on others, app reviews on both; run
 * `npm run corpus:fill -- --mirrors DIR` first), four rules on the same suspects:
 *
 * - **any**: every ranked suspect may be a cause (no judgement);
 * - **per suspect**: a suspect only chance ties to the report (no frame, path, name or message of
 *   it, fewer than two shared words: `tiesReport`) is never a cause;
 * - **tie model, held out**: per suspect, and no cause at all when the tie model judges the report
 *   to be about other code — each pair judged by a model fitted without its repository (5 folds
 *   grouped by repository, the threshold chosen on those held-out probabilities as
 *   `npm run train:ties` chooses it): what to expect on repositories never seen;
 * - **tie model, shipped**: the same with the shipped model, which was fitted on these pairs
 *   (in-sample, for the record).
 *
 * Results in bench/results/ties.json and the table in bench/README.md.
 */
import { judgeTie, shippedTieModel } from '@sightline/investigator/internal';
import { crossValidateTies } from '../packages/investigator/training/fit-tie-model.js';
import {
  type Figures,
  fraction,
  markdownTable,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';
import { readPerRepository } from './lib/tie-options.js';
import { readTiePairs, type TiePair } from './lib/tie-pairs.js';

const perRepository = readPerRepository('usage: npm run bench:ties [-- --per-repository N]');

const pairs = await readTiePairs({ perRepository, log: (line) => console.error(line) });
const { probabilities: heldOut, threshold: heldOutThreshold } = crossValidateTies(pairs);
const shipped = shippedTieModel();

type Rule = 'any' | 'perSuspect' | 'heldOut' | 'shipped';
const RULES: Rule[] = ['any', 'perSuspect', 'heldOut', 'shipped'];
const RULE_NAMES: Record<Rule, string> = {
  any: 'any',
  perSuspect: 'per suspect',
  heldOut: 'tie model, held out',
  shipped: 'tie model, shipped',
};

/** Whether the rule cites a cause for the pair, and whether it is in a gold file. */
function judged(pair: TiePair, position: number, rule: Rule): { cause: boolean; gold: boolean } {
  if (rule === 'any') return { cause: pair.causeAny, gold: pair.goldCauseAny };
  const tied =
    rule === 'perSuspect' ||
    (rule === 'heldOut'
      ? (heldOut[position] ?? 1) >= heldOutThreshold
      : (judgeTie(pair, shipped)?.tied ?? true));
  return { cause: tied && pair.cause, gold: tied && pair.goldCause };
}

const SETS: { name: string; key: string; gold: boolean; select: (pair: TiePair) => boolean }[] = [
  {
    name: 'related: corpus crash reports on their repository',
    key: 'relatedCrash',
    gold: true,
    select: (pair) => pair.related && pair.kind === 'crash',
  },
  {
    name: 'related: corpus plain reports on their repository',
    key: 'relatedPlain',
    gold: true,
    select: (pair) => pair.related && pair.kind === 'plain',
  },
  {
    name: 'related: npm-package cases on their package',
    key: 'relatedNpm',
    gold: true,
    select: (pair) => pair.related && pair.kind === 'npm',
  },
  {
    name: 'unrelated: the same reports on other repositories',
    key: 'unrelated',
    gold: false,
    select: (pair) => !pair.related && pair.kind !== 'review',
  },
  {
    name: 'unrelated: app reviews on repositories and packages',
    key: 'reviews',
    gold: false,
    select: (pair) => pair.kind === 'review',
  },
];

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const measured = SETS.map((set) => {
  const chosen = pairs.flatMap((pair, position) => (set.select(pair) ? [{ pair, position }] : []));
  const share = (rule: Rule, key: 'cause' | 'gold') =>
    chosen.length === 0
      ? 0
      : chosen.filter(({ pair, position }) => judged(pair, position, rule)[key]).length /
        chosen.length;
  return { set, count: chosen.length, share };
});

const table = markdownTable(
  ['pairs', 'count', 'counted', ...RULES.map((rule) => RULE_NAMES[rule])],
  measured.flatMap(({ set, count, share }) => [
    [
      set.name,
      count,
      set.gold ? 'cause' : 'cause (false tie)',
      ...RULES.map((rule) =>
        rule === 'heldOut' ? `**${percent(share(rule, 'cause'))}**` : percent(share(rule, 'cause')),
      ),
    ],
    ...(set.gold
      ? [['', '', 'cause in a gold file', ...RULES.map((rule) => percent(share(rule, 'gold')))]]
      : []),
  ]),
);
console.log(table);

const figures: Figures = Object.fromEntries(
  measured.map(({ set, count, share }) => [
    set.key,
    {
      pairs: { value: count, unit: 'count' },
      ...Object.fromEntries(
        RULES.map((rule) => [
          rule,
          {
            cause: fraction(share(rule, 'cause')),
            ...(set.gold ? { goldCause: fraction(share(rule, 'gold')) } : {}),
          },
        ]),
      ),
    },
  ]),
);
await writeResults('ties', {
  inputs: {
    pairs: pairs.length,
    repositories: new Set(pairs.map((pair) => pair.group)).size,
    perRepository,
    heldOutThreshold,
    shippedThreshold: shipped.threshold,
  },
  figures,
});
await updateReadmeTable(
  'ties',
  `${table}\n\n${pairs.length} pairs, ${new Set(pairs.map((pair) => pair.group)).size} report groups. "any": every ranked suspect may be a cause; "per suspect": a suspect only chance ties to the report (no stack frame, path, name or message of the report in it, fewer than two shared words) is never one; "tie model, held out": also none when the tie model, fitted without the report's repository (5 folds grouped by repository), judges the report to be about other code (threshold ${heldOutThreshold} chosen on the held-out probabilities); "tie model, shipped": the shipped model (fitted on these pairs, threshold ${shipped.threshold}). A false tie is a cause on a report about other code.`,
);
