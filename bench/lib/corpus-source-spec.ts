/**
 * The shapes shared by the corpus's data set readers: a data set as `bench/corpus/sources.json`
 * lists it, and one report of it before its fix is looked up (see corpus-sources.ts).
 */
import type { CorpusReport, ReportSource } from './corpus.js';

/** Record formats the readers understand. */
export type SourceFormat =
  | 'multi-swe-bench'
  | 'swe-bench'
  | 'ghrb'
  | 'harbor-task'
  | 'jira-json'
  | 'andror2'
  | 'themis'
  | 'bug-mining'
  | 'inex-bug'
  | 'bug-table'
  | 'defects4j-reports'
  | 'paraphrased-issues';

/** One data set as listed in `sources.json`. */
export interface SourceSpec {
  dataset: string;
  /** GitHub `owner/name` holding the data set; empty for `paraphrased-issues` (in this repository). */
  repo: string;
  commit: string;
  /**
   * Folder inside the repository holding the records: `.json`/`.jsonl` files, or for
   * `harbor-task` one folder per task with `task.toml` and `instruction.md`; for
   * `paraphrased-issues` the file's path inside `bench/corpus` (corpus-paraphrased.ts).
   */
  under: string;
  format: SourceFormat;
  licence: string;
  /** Where the data set comes from, as its README says. */
  upstream: string;
  /**
   * `jira-json`: the file mapping issue keys to fixing commits (`{ "KEY-1": ["sha", …] }`);
   * `defects4j-reports`: the file listing each project's bugs with their fixing commits.
   */
  fixes?: string;
  /**
   * GitHub repository of each issue-tracker project key (`jira-json`: `ZOOKEEPER`), table
   * (`bug-table`: `Tomcat`) or Defects4J project (`defects4j-reports`: `Lang`).
   */
  projects?: Record<string, string>;
}

/** One report of a data set, before its fix is looked up in the project's history. */
export interface Candidate {
  /** GitHub `owner/name` of the project. */
  repo: string;
  /** The pull request that fixed it, when the data set names one. */
  pr?: number;
  /** The pull request's base commit, when the data set gives it. */
  base?: string;
  /** Commits the data set names as the fix (an issue tracker's link), when it does. */
  fixCommits?: string[];
  issue: number;
  /** The issue's own key when it is not a GitHub issue number (`ZOOKEEPER-1234`). */
  issueKey?: string;
  report: CorpusReport;
  source: ReportSource;
}
