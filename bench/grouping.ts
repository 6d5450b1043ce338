/**
 * `npm run bench:grouping`: how the service groups real reports with known groups (the grouping
 * set, bench/lib/grouping-set.ts; `npm run grouping:fill -- --mirrors DIR` first).
 *
 * Every report goes through the pipeline's own `process-report` job (parse, classify offline,
 * group) on SQLite in-process, one project per tracker project, in the order the reports were
 * filed, as GitHub issues (`markdown-issue`); each project's repository is an empty folder (no
 * in-app frames, no issue templates of its own: GitHub's default template boilerplate applies).
 * Investigations are queued but not run. Then the groups the store holds are scored against the
 * known groups: pairwise precision and recall and B-cubed F1 (bench/lib/cluster-metrics.ts), per
 * data set and over all. Targets (issue #28): pairwise precision ≥ 0.95 (merging two bugs is the
 * costly error), recall ≥ 0.70; reported as measured.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createPipeline,
  openQueue,
  openStore,
  PIPELINE_POLICIES,
  type RawReport,
} from '@sightline/service';
import { MIN_LEARNING_SAMPLE, PROCESS_REPORT } from '@sightline/service/internal';
import { type Assignment, type ClusterScores, scoreClusters } from './lib/cluster-metrics.js';
import { describeLargeReports, timeLargeReports } from './lib/grouping-large.js';
import { type GroupingCase, readFilledGroupingCases } from './lib/grouping-set.js';
import { readGroupingSources } from './lib/grouping-sources.js';
import {
  type Figures,
  fraction,
  markdownTable,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';
import { timed } from './lib/stats.js';

const TARGETS = { precision: 0.95, recall: 0.7 };

const cases = readFilledGroupingCases('bench:grouping');

/** Groups every case with the pipeline; @returns each case's group id in the store. */
async function groupAll(all: readonly GroupingCase[]): Promise<Map<string, string>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-grouping-'));
  const store = await openStore({ sqlite: path.join(dir, 'bench.db') });
  const queue = await openQueue(store, PIPELINE_POLICIES);
  const pipeline = createPipeline({ store, queue, cacheDir: false });
  const processReport = pipeline.handlers[PROCESS_REPORT];
  if (!processReport) throw new Error('the pipeline has no process-report handler');
  const clusters = new Map<string, string>();
  try {
    const projects = [...new Set(all.map((entry) => entry.project))];
    for (const name of projects) {
      const repo = path.join(dir, name.replace('/', '+'));
      await mkdir(repo, { recursive: true });
      const project = await store.projects.ensure({ name, repo });
      const ordered = all
        .filter((entry) => entry.project === name)
        .sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
      const { reportIds } = await pipeline.ingest(
        ordered.map(
          (entry): RawReport => ({
            sourceKind: 'files',
            sourceId: entry.id,
            receivedAt: entry.created,
            format: 'markdown-issue',
            payload: { json: { title: entry.report.title, body: entry.report.body, labels: [] } },
          }),
        ),
        { projectId: project.id, sourceId: null },
      );
      for (const [index, reportId] of reportIds.entries()) {
        await processReport(
          { reportId },
          { id: `bench-${reportId}`, attempt: 1, signal: new AbortController().signal },
        );
        const row = await store.reports.get(reportId);
        const entry = ordered[index];
        if (entry) clusters.set(entry.id, row?.groupId ?? `ungrouped:${reportId}`);
      }
    }
  } finally {
    await queue.stop();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
  return clusters;
}

const { result: clusters, ms } = await timed(() => groupAll(cases));

/** How each GitBugs project's groups are known, by its tracker. */
const trackers = new Map(readGroupingSources().map((spec) => [spec.project, spec.tracker]));
const knownBy = (project: string) =>
  trackers.get(project) === 'github' ? 'GitHub issues closed as duplicates' : 'tracker duplicates';

/** Data set slices: each tracker project of GitBugs, the NLBSE GitHub issues, all. */
const slices: [string, (entry: GroupingCase) => boolean][] = [
  ...[...new Set(cases.filter((c) => c.source.dataset === 'GitBugs').map((c) => c.project))].map(
    (project): [string, (entry: GroupingCase) => boolean] => [
      `${project} (GitBugs, ${knownBy(project)})`,
      (entry) => entry.source.dataset === 'GitBugs' && entry.project === project,
    ],
  ),
  [
    'GitHub issues, 5 projects (NLBSE\u201924; DevTools crash reports)',
    (entry) => entry.source.dataset !== 'GitBugs',
  ],
  ['all', () => true],
];

const scored = slices.map(([name, keep]): [string, ClusterScores] => {
  const assignments: Assignment[] = cases.filter(keep).map((entry) => ({
    group: entry.group,
    cluster: clusters.get(entry.id) ?? `ungrouped:${entry.id}`,
  }));
  return [name, scoreClusters(assignments)];
});

// BENCH_GROUPING_SHOW=1 prints each group made of more than one known group (titles only).
if (process.env.BENCH_GROUPING_SHOW === '1') {
  const made = new Map<string, GroupingCase[]>();
  for (const entry of cases) {
    const cluster = clusters.get(entry.id) ?? entry.id;
    made.set(cluster, [...(made.get(cluster) ?? []), entry]);
  }
  for (const members of made.values()) {
    if (new Set(members.map((entry) => entry.group)).size < 2) continue;
    console.log(`merged (${members[0]?.project}):`);
    for (const entry of members)
      console.log(`  [${entry.group}] ${entry.report.title.slice(0, 100)}`);
  }
}

const percent = (value: number | null) =>
  value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`;
const table = markdownTable(
  [
    'set',
    'reports',
    'known groups (with ≥ 2)',
    'groups made',
    'pairs known / made / right',
    'pairwise precision',
    'pairwise recall',
    'B-cubed P / R / F1',
  ],
  scored.map(([name, s]) => {
    const multi = new Set(
      cases
        .filter(slices.find(([slice]) => slice === name)?.[1] ?? (() => false))
        .map((entry) => entry.group),
    );
    const withMany = cases.filter(
      (entry) => multi.has(entry.group) && entry.group_by !== 'singleton',
    );
    return [
      name,
      s.items,
      `${s.groups} (${new Set(withMany.map((entry) => entry.group)).size})`,
      s.clusters,
      `${s.pairs.inGroup} / ${s.pairs.inCluster} / ${s.pairs.both}`,
      `**${percent(s.pairwise.precision)}**`,
      `**${percent(s.pairwise.recall)}**`,
      `${percent(s.bcubed.precision)} / ${percent(s.bcubed.recall)} / ${percent(s.bcubed.f1)}`,
    ];
  }),
);
console.log(table);
const all = scored.at(-1)?.[1];
const met = (value: number | null | undefined, target: number) =>
  value === null || value === undefined ? 'n/a' : value >= target ? 'met' : 'missed';
const large = timeLargeReports();
const summary = `Targets over all: pairwise precision ≥ ${TARGETS.precision * 100} % (${met(all?.pairwise.precision, TARGETS.precision)}), recall ≥ ${TARGETS.recall * 100} % (${met(all?.pairwise.recall, TARGETS.recall)}). ${cases.length} reports grouped in ${(ms / 1000).toFixed(1)} s.\n\n${describeLargeReports(large)}`;
console.log(summary);

const figures: Figures = {};
for (const [name, s] of scored) {
  figures[name] = {
    reports: { value: s.items, unit: 'reports' },
    knownGroups: { value: s.groups, unit: 'groups' },
    groupsMade: { value: s.clusters, unit: 'groups' },
    pairsKnown: { value: s.pairs.inGroup, unit: 'pairs' },
    pairsMade: { value: s.pairs.inCluster, unit: 'pairs' },
    pairsRight: { value: s.pairs.both, unit: 'pairs' },
    pairwisePrecision: fraction(s.pairwise.precision ?? Number.NaN),
    pairwiseRecall: fraction(s.pairwise.recall ?? Number.NaN),
    bcubedPrecision: fraction(s.bcubed.precision),
    bcubedRecall: fraction(s.bcubed.recall),
    bcubedF1: fraction(s.bcubed.f1),
  };
}
figures.groupingTime = { value: Math.round(ms), unit: 'ms', note: 'all reports, one run' };
figures.largeReports = Object.fromEntries(
  large.map((t) => [
    t.name,
    {
      characters: { value: t.characters, unit: 'characters' },
      contentWordsCpu: { value: Math.round(t.contentWordsMs), unit: 'ms', note: 'CPU, one run' },
      learnBoilerplateCpu: {
        value: Math.round(t.learnBoilerplateMs),
        unit: 'ms',
        note: `CPU, one run, sample of ${MIN_LEARNING_SAMPLE} reports`,
      },
    },
  ]),
);
await writeResults('grouping', {
  inputs: {
    facts: 'bench/grouping/cases.jsonl.gz',
    sources: 'bench/grouping/sources.json',
    reports: cases.length,
    database: 'SQLite, in-process',
  },
  figures,
});
await updateReadmeTable('grouping', `${table}\n\n${summary}`);
