/**
 * `npm run bench:ties`: does the offline diagnosis cite a cause only when something ties the report
 * to the repository? A cause on a report about another program is a false finding that a team
 * would go and read; no cause on a report about this code loses a finding.
 *
 * - Related: every npm-package case of the development set (bench/localize-cases) and the shared
 *   cases (../shared/data/cases), each on its own package (`npm pack`, cached): the share whose
 *   offline diagnosis cites a cause, and the share whose cause is in a gold file.
 * - Unrelated: the same reports each on the package of another case (the next package in name
 *   order, so each report meets a library it is not about), and the app reviews of the shared
 *   review test split (../shared/data/reviews/test.jsonl, texts about mobile apps) on three of the
 *   packages: the share that cites a cause anyway (a false tie).
 *
 * Each figure is given for the shipped rule (a suspect tied only by chance — no frame, path, name
 * or message of the report, fewer than two shared words: `tiesReport` — is never a cause) and for
 * the rule before it (every ranked suspect may be a cause), on the same suspects. Results in
 * bench/results/ties.json and the table in bench/README.md.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { indexRepository, type RepositoryIndex } from '@sightline/codebase';
import { parseReport } from '@sightline/intake';
import { diagnoseOffline, localize, type Suspect } from '@sightline/investigator';
import { readSharedCases } from './lib/cases.js';
import { type DevCase, fromSharedCase, readDevCases } from './lib/localize-cases.js';
import { BENCH_DIR, npmPack } from './lib/npm-pack.js';
import {
  type Figures,
  fraction,
  markdownTable,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';

const REVIEWS = path.resolve(BENCH_DIR, '..', '..', 'shared', 'data', 'reviews', 'test.jsonl');
/** Packages the app reviews are tried on (the first ones in name order). */
const REVIEW_PACKAGES = 3;

type Rule = 'shipped' | 'before';
const RULES: Rule[] = ['shipped', 'before'];

interface Outcome {
  cause: Record<Rule, boolean>;
  goldCause: Record<Rule, boolean>;
}

const cases: DevCase[] = [
  ...readDevCases().filter((entry) => entry.kind === 'npm'),
  ...readSharedCases().map(fromSharedCase),
].filter((entry) => entry.package && entry.version);
const specs = [...new Set(cases.map((entry) => `${entry.package}@${entry.version}`))].sort();

const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-ties-'));
const indexes = new Map<string, RepositoryIndex>();
async function indexOf(spec: string): Promise<RepositoryIndex> {
  let index = indexes.get(spec);
  if (!index) {
    const { dir } = await npmPack(spec);
    index = await indexRepository(dir, { cacheDir });
    indexes.set(spec, index);
  }
  return index;
}

/** The cause each rule's diagnosis cites, on one set of suspects. */
async function outcome(
  report: { title: string; body: string },
  index: RepositoryIndex,
  gold: readonly string[],
): Promise<Outcome> {
  const parsed = parseReport(report);
  const suspects = await localize(parsed, index);
  const result: Outcome = {
    cause: { shipped: false, before: false },
    goldCause: { shipped: false, before: false },
  };
  for (const rule of RULES) {
    const given: Suspect[] =
      rule === 'shipped' ? suspects : suspects.map(({ untied: _, ...suspect }) => suspect);
    const diagnosis = await diagnoseOffline(parsed, index, { suspects: given });
    const cause = diagnosis.affectedFiles.find((file) => file.role === 'cause');
    result.cause[rule] = cause !== undefined;
    result.goldCause[rule] = cause !== undefined && gold.includes(cause.path);
  }
  return result;
}

function share(outcomes: readonly Outcome[], key: keyof Outcome, rule: Rule): number {
  return outcomes.length === 0
    ? 0
    : outcomes.filter((entry) => entry[key][rule]).length / outcomes.length;
}

const related: Outcome[] = [];
const unrelated: Outcome[] = [];
const reviewsUnrelated: Outcome[] = [];
try {
  for (const entry of cases) {
    const spec = `${entry.package}@${entry.version}`;
    const gold = entry.gold.map((item) => item.file);
    related.push(await outcome(entry.report, await indexOf(spec), gold));
    const other = specs[(specs.indexOf(spec) + 1) % specs.length];
    if (other && other.split('@')[0] !== entry.package) {
      unrelated.push(await outcome(entry.report, await indexOf(other), []));
    }
  }
  const reviews = readFileSync(REVIEWS, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { title?: string; text: string });
  for (const spec of specs.slice(0, REVIEW_PACKAGES)) {
    const index = await indexOf(spec);
    for (const review of reviews) {
      reviewsUnrelated.push(
        await outcome({ title: review.title ?? '', body: review.text }, index, []),
      );
    }
  }
} finally {
  await rm(cacheDir, { recursive: true, force: true });
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const rows = [
  ['related: the report on its own package', related.length, 'cause', 'cause in a gold file'],
  ['unrelated: the report on another package', unrelated.length, 'cause (false tie)', ''],
  [
    `unrelated: app reviews on ${Math.min(REVIEW_PACKAGES, specs.length)} packages`,
    reviewsUnrelated.length,
    'cause (false tie)',
    '',
  ],
] as const;
const sets = [related, unrelated, reviewsUnrelated];
const table = markdownTable(
  ['reports', 'diagnoses', 'counted', 'shipped rule', 'before', 'shipped: gold', 'before: gold'],
  rows.map(([name, count, counted, gold], position) => {
    const set = sets[position] ?? [];
    return [
      name,
      count,
      counted,
      `**${percent(share(set, 'cause', 'shipped'))}**`,
      percent(share(set, 'cause', 'before')),
      gold ? percent(share(set, 'goldCause', 'shipped')) : '',
      gold ? percent(share(set, 'goldCause', 'before')) : '',
    ];
  }),
);
console.log(table);

const figures: Figures = Object.fromEntries(
  (['related', 'unrelated', 'reviewsUnrelated'] as const).map((name, position) => {
    const set = sets[position] ?? [];
    return [
      name,
      {
        diagnoses: { value: set.length, unit: 'count' },
        ...Object.fromEntries(
          RULES.map((rule) => [
            rule,
            {
              cause: fraction(share(set, 'cause', rule)),
              goldCause: fraction(share(set, 'goldCause', rule)),
            },
          ]),
        ),
      },
    ];
  }),
);
await writeResults('ties', {
  inputs: { packages: specs, cases: cases.length, reviews: path.relative(BENCH_DIR, REVIEWS) },
  figures,
});
await updateReadmeTable(
  'ties',
  `${table}\n\nThe shipped rule cites no suspect as a cause that only chance ties to the report (no stack frame, path, name or message of the report in it, fewer than two shared words); "before" is every ranked suspect, on the same suspects. A false tie is a cause on a report about other code.`,
);
