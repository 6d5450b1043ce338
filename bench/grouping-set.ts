/**
 * `npm run grouping:<command> -- --mirrors DIR` — builds and fills the grouping set
 * (bench/lib/grouping-set.ts) from the data sets of `bench/grouping/sources.json`, read from
 * fetched snapshots in DIR (`<owner>+<name>/repo`, as the `fetch` tool leaves them) and
 * `../shared/data`.
 *
 * - `grouping:build` reads every report of every data set with its group (see
 *   bench/lib/grouping-sources.ts) and writes `bench/grouping/cases.jsonl.gz` (facts, no text).
 * - `grouping:fill` writes each committed report's text into `bench/.cache/grouping/reports/`,
 *   checked against its hash; a report whose text changed upstream is named and skipped (exit 1).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { failUsage, readCommandLine } from './lib/command-line.js';
import { reportHash } from './lib/corpus.js';
import {
  factOf,
  GROUPING_FACTS,
  GROUPING_REPORT_DIR,
  groupingReportPath,
  readGroupingFacts,
} from './lib/grouping-set.js';
import {
  type GroupingCandidate,
  readGroupingCandidates,
  readGroupingSources,
} from './lib/grouping-sources.js';

const USAGE = 'Usage: npm run grouping:<build|fill> -- --mirrors DIR';

function fail(message: string): never {
  return failUsage(message, USAGE);
}

/**
 * Every data set's reports; a report already read from an earlier data set (the same project,
 * filing time and title: one issue in two data sets) is read once.
 */
function allCandidates(mirrors: string): GroupingCandidate[] {
  const candidates: GroupingCandidate[] = [];
  const keyOf = (candidate: GroupingCandidate) =>
    `${candidate.project}\u0000${candidate.created}\u0000${candidate.report.title.trim()}`;
  for (const spec of readGroupingSources()) {
    const earlier = new Set(candidates.map(keyOf));
    const found = readGroupingCandidates(spec, mirrors);
    const fresh = found.filter((candidate) => !earlier.has(keyOf(candidate)));
    const again = found.length - fresh.length;
    console.error(
      `${spec.dataset} (${spec.repo}: ${spec.reports}): ${fresh.length} reports${again > 0 ? ` (${again} read from an earlier data set)` : ''}`,
    );
    candidates.push(...fresh);
  }
  return candidates;
}

function build(mirrors: string): void {
  const facts = allCandidates(mirrors).map(factOf);
  mkdirSync(path.dirname(GROUPING_FACTS), { recursive: true });
  writeFileSync(
    GROUPING_FACTS,
    gzipSync(`${facts.map((fact) => JSON.stringify(fact)).join('\n')}\n`, { level: 9 }),
  );
  const groups = new Set(facts.map((fact) => fact.group));
  console.log(`${facts.length} reports in ${groups.size} groups → ${GROUPING_FACTS}`);
}

function fill(mirrors: string): void {
  const candidates = new Map(allCandidates(mirrors).map((candidate) => [candidate.id, candidate]));
  mkdirSync(GROUPING_REPORT_DIR, { recursive: true });
  let written = 0;
  const problems: string[] = [];
  for (const fact of readGroupingFacts()) {
    const candidate = candidates.get(fact.id);
    if (!candidate) problems.push(`${fact.id}: not in its data set`);
    else if (reportHash(candidate.report) !== fact.report_sha256) {
      problems.push(`${fact.id}: text differs from its committed hash`);
    } else {
      writeFileSync(groupingReportPath(fact.id), JSON.stringify(candidate.report));
      written += 1;
    }
  }
  console.log(`${written} report texts → ${GROUPING_REPORT_DIR}`);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
}

const { positionals, values } = readCommandLine(
  { allowPositionals: true, options: { mirrors: { type: 'string' } } },
  USAGE,
);
const [command] = positionals;
if (command !== 'build' && command !== 'fill') {
  fail(`grouping: unknown command ${command ?? '(none)'}; use build or fill`);
}
if (!values.mirrors) {
  fail(`grouping:${command} needs --mirrors DIR: the folder of fetched data set snapshots`);
}
try {
  if (command === 'build') build(values.mirrors);
  else fill(values.mirrors);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
