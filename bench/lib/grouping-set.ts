/**
 * The grouping set (issue #28): real reports with known groups, for measuring how the service
 * groups them. What is committed is facts only, one report per line in `bench/grouping/cases.jsonl.gz` (gzip: 6,460 lines of facts are 3.3 MB as text):
 * the project, the issue, when it was filed, its group and how the group is known, where the text
 * comes from (a public data set file at a commit and the record in it) and the SHA-256 of that
 * text. `npm run grouping:fill` copies the texts into `bench/.cache/grouping/` (git-ignored),
 * checked against their hashes; `bench:grouping` reads them from there.
 */
import path from 'node:path';
import {
  type CorpusReport,
  type ReportSource,
  readFactLines,
  reportHash,
  withCachedReports,
} from './corpus.js';
import type { GroupingCandidate } from './grouping-sources.js';
import { BENCH_DIR } from './npm-pack.js';

/** Version of the facts format; a file of another version is rejected. */
export const GROUPING_FORMAT = 1;
/** The committed facts, one JSON object per line. */
export const GROUPING_FACTS = path.join(BENCH_DIR, 'grouping', 'cases.jsonl.gz');
/** Where `grouping:fill` keeps report texts (git-ignored), one `<id>.json` per report. */
export const GROUPING_REPORT_DIR = path.join(BENCH_DIR, '.cache', 'grouping', 'reports');

/** One committed report: facts only, no text. */
export interface GroupingFact extends Omit<GroupingCandidate, 'report'> {
  format: typeof GROUPING_FORMAT;
  source: ReportSource;
  /** SHA-256 (hex) of `title + "\n\n" + body` (see `reportHash`). */
  report_sha256: string;
}

/** A report ready to group: its facts and its text. */
export interface GroupingCase extends GroupingFact {
  report: CorpusReport;
}

/** The fact of a candidate: everything but the text, which is kept as its hash. */
export function factOf({ report, ...candidate }: GroupingCandidate): GroupingFact {
  return { format: GROUPING_FORMAT, ...candidate, report_sha256: reportHash(report) };
}

/**
 * Reads the committed facts.
 * @param file - default {@link GROUPING_FACTS}.
 * @returns the facts in file order; `[]` when the file does not exist.
 * @throws Error naming the line when a line is not JSON or has another format version.
 */
export function readGroupingFacts(file: string = GROUPING_FACTS): GroupingFact[] {
  return readFactLines<GroupingFact>(file, GROUPING_FORMAT);
}

/** The cache file of a report's text. */
export function groupingReportPath(id: string, dir: string = GROUPING_REPORT_DIR): string {
  return path.join(dir, `${id}.json`);
}

/**
 * The reports whose text is in the cache and matches its hash.
 * @returns `cases` ready to group, and the ids `missing` from the cache or `stale` (text differs
 *   from its hash); `npm run grouping:fill` mends both.
 */
export function readGroupingCases({
  facts = GROUPING_FACTS,
  reports = GROUPING_REPORT_DIR,
}: {
  facts?: string;
  reports?: string;
} = {}): { cases: GroupingCase[]; missing: string[]; stale: string[] } {
  const found = withCachedReports(readGroupingFacts(facts), (id) =>
    groupingReportPath(id, reports),
  );
  const cases = found.cases.map(({ fact, report }) => ({ ...fact, report }));
  return { cases, missing: found.missing, stale: found.stale };
}

/**
 * Every report of the set with its text, for a benchmark script; a script cannot run on part of
 * the set, so it stops there (exit code 2) saying how many texts are missing or stale and what
 * fills them.
 * @param script the script's name for the message (`bench:grouping`).
 */
export function readFilledGroupingCases(script: string): GroupingCase[] {
  const { cases, missing, stale } = readGroupingCases();
  if (missing.length + stale.length > 0 || cases.length === 0) {
    console.error(
      `${script}: ${missing.length} report texts missing and ${stale.length} stale in bench/.cache/grouping; run npm run grouping:fill -- --mirrors DIR (DIR: the fetched snapshots of bench/grouping/sources.json).`,
    );
    process.exit(2);
  }
  return cases;
}
