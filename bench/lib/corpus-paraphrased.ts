/**
 * Reader for the corpus's own paraphrased reports (`bench/corpus/paraphrased-issues.jsonl`): real
 * GitHub issues of projects no public data set covers (React Native libraries, iOS libraries),
 * each retold in Sightline's own words with its machine output — stack frames, exception lines,
 * error messages — kept as the issue showed it, since those are the facts a localizer reads. The
 * prose is not the reporter's, so the text may be committed; the issue's address says where the
 * original is.
 *
 * One JSON object a line: `issue` (the issue's GitHub address), optionally `pr` (the pull request
 * that fixed it), `title` and `body`. The fix commit is looked up in the project's fetched history
 * like any other record's (the pull request's commit, else the commit whose message closes the
 * issue), and the gold is read from its diff; nothing about the fix is written here by hand.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ReportSource, readJsonLines } from './corpus.js';
import { githubIssue } from './corpus-issue-rows.js';
import type { Candidate, SourceSpec } from './corpus-source-spec.js';
import { BENCH_DIR } from './npm-pack.js';

interface ParaphrasedRow {
  issue?: string;
  pr?: number;
  title?: string;
  body?: string;
}

/**
 * The candidates of a paraphrased-reports file committed in this repository.
 * @param spec - the data set as `sources.json` lists it; `under` is the file's path inside
 *   `bench/corpus`.
 * @param dir - the folder `under` is relative to. Default `bench/corpus`.
 * @returns one candidate a line, in file order; `source.repo` and `source.commit` are empty (the
 *   file is in this repository, at `source.path`), `source.record` is the issue, `owner/name#N`.
 * @throws Error naming the file and line when the file is missing, a line is not JSON, or a line
 *   lacks the issue's address, a title or a body.
 */
export function paraphrasedCandidates(
  spec: Pick<SourceSpec, 'dataset' | 'under' | 'licence'>,
  dir: string = path.join(BENCH_DIR, 'corpus'),
): Candidate[] {
  const file = path.join(dir, spec.under);
  if (!existsSync(file))
    throw new Error(`${file} does not exist; restore it with git checkout or fix sources.json`);
  const shown = path.relative(path.dirname(BENCH_DIR), file);
  return readJsonLines<ParaphrasedRow>(file).map(({ value: row, number }) => {
    const issue = githubIssue(row.issue);
    if (!issue || !row.title?.trim() || !row.body?.trim())
      throw new Error(
        `${file}:${number} needs "issue" (https://github.com/<owner>/<name>/issues/<N>), "title" and "body"`,
      );
    const source: ReportSource = {
      dataset: spec.dataset,
      repo: '',
      commit: '',
      path: shown,
      record: `${issue.repo}#${issue.number}`,
      licence: spec.licence,
    };
    return {
      repo: issue.repo,
      pr: Number.isInteger(row.pr) ? row.pr : undefined,
      issue: issue.number,
      report: { title: row.title.trim(), body: row.body.trim() },
      source,
    };
  });
}
