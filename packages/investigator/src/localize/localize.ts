/**
 * The offline localizer: ranks the files and lines of a repository that a bug report points at,
 * without a model. Per file ({@link scoreFiles}), each signal normalised to [0, 1]:
 *
 * - stack frames resolved to repository files, the innermost in-app frame strongest and callers
 *   below it decaying, helper frames (tiny, only throwing, called from everywhere) weighing less
 *   than the caller that handed them the bad value;
 * - lexical match of the report (without its environment boilerplate) against the file and its
 *   best definition (BM25F);
 * - definitions whose name the report mentions (or its inline code calls), each weighted by how
 *   few files define it, a file named after the name counting as its home;
 * - types and members the error message names (`'X' object has no attribute 'y'`);
 * - repository paths the report names;
 * - personalized PageRank of the repository map around all of the above (none when the report
 *   names nothing of the repository: plain centrality says nothing about a report).
 * - on a git checkout, when the caller reads them (`readHistoryFeatures`, history-features.ts):
 *   how often and how recently bug fixes changed the file, and how much the messages of the
 *   commits that changed it read like the report.
 *
 * Tests, examples, docs, declarations (and files that only declare types), bundled copies and
 * third-party assets are features of their own (a test file the report points at is plain source
 * when the report is about tests); the report is read without its issue-template lines. The signals are combined by a linear model learned from real fixes ({@link rankFiles},
 * `ranking-model.ts`; Ye et al., FSE 2014), checked by cross-validation grouped by repository in
 * bench:localize. Twins (one module as `.js`, `.mjs`, compiled and source copies) and its `.d.ts`
 * share one suspect pointing at the file a person would edit; the declaration file is named as
 * such, never as a twin. Reasons are per file; those naming a place outside the range shown say
 * so (`reasonsForRange`). BM25 and graph ranking are the usual
 * baselines of file-level localization (Agentless, Xia et al. 2024; LocAgent, Chen et al. 2025).
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { readPackageName } from '@sightline/codebase/internal';
import type { Report } from '@sightline/intake';
import type { Suspect } from '../diagnosis/schema.js';
import { groupSuspects } from './group-suspects.js';
import { type RankedFile, rankFiles } from './rank-files.js';
import type { RankingModel } from './ranking-model.js';
import { collectReportSignals, type ReportSignals } from './report-signals.js';
import { scoreFiles } from './score-files.js';
import { judgeTie, shippedTieModel, type TieModel, tieFeatures } from './tie-model.js';
import { areTwins } from './twins.js';

/** Options of {@link localize}. */
export interface LocalizeOptions {
  /** Suspects returned, at most one per file (per group of twins). Default 10. */
  limit?: number;
  /** This repository's package name. Default: `name` of the root `package.json`. */
  packageName?: string;
  /** The report's signals, when the caller already collected them (`collectReportSignals`). */
  signals?: ReportSignals;
  /** The ranking model. Default: the shipped one (`shippedRankingModel`). */
  model?: RankingModel;
  /**
   * Path → history features of the files (`readHistoryFeatures`, from a git checkout). Default
   * none: every file's are 0, as in a tree without history.
   */
  history?: ReadonlyMap<string, readonly number[]>;
  /**
   * The model that judges whether the report is about this repository at all (`tie-model.ts`);
   * below its threshold every suspect is `untied`. Default: the shipped one; `null`: no such
   * judgement (each suspect is judged alone, as `tiesReport` does).
   */
  tieModel?: TieModel | null;
}

/**
 * The reason every suspect carries when the tie model judges the report to be about other code:
 * few of its words and names occur in this repository.
 */
export const FOREIGN_REPORT_REASON =
  'the report reads as about other code: few of its words and names occur in this repository';

/** Scored files looked at when grouping twins, as a multiple of the limit. */
const TWIN_WINDOW = 3;

/** Groups twins among the best-ranked files, keeping rank order (the best member leads). */
function groupTwins(ranked: readonly RankedFile[], index: RepositoryIndex): RankedFile[][] {
  const groups: RankedFile[][] = [];
  for (const item of ranked) {
    const group = groups.find((members) => areTwins(index, members[0]?.path ?? '', item.path));
    if (group) group.push(item);
    else groups.push([item]);
  }
  return groups;
}

/**
 * Ranks suspect locations for a report.
 * @param report the parsed report (`parseReport`).
 * @param index the repository index (`indexRepository`); files are read from `index.root` for the
 *   lexical index, which is cached per index object.
 * @param options see {@link LocalizeOptions}.
 * @returns at most `limit` suspects, one per file or group of twins (listed in `twins`; a `.d.ts`
 *   of the group only in a `types declared in …` reason), highest score first (ties by path);
 *   lines lie inside the file (an empty file is never a suspect); each reason true of the lines
 *   shown or saying where it holds; empty when nothing in the report relates to the repository;
 *   every one `untied` when the tie model judges the report to be about other code.
 * @example
 * const suspects = localize(parseReport(text), await indexRepository(root));
 * suspects[0]; // { path: 'lib/x.js', lines: [10, 60], symbol: 'parse', score: 2.1, evidence: [...] }
 */
export function localize(
  report: Report,
  index: RepositoryIndex,
  { limit = 10, packageName, signals: given, model, history, tieModel }: LocalizeOptions = {},
): Suspect[] {
  const ownName = packageName ?? readPackageName(index.root);
  const signals = given ?? collectReportSignals(report, index, { packageName: ownName });
  const { files, definitionMatches } = scoreFiles(index, signals);
  const ranked = rankFiles(index, files, signals, model, history).slice(0, limit * TWIN_WINDOW);
  const suspects = groupSuspects(
    groupTwins(ranked, index),
    index,
    signals,
    definitionMatches,
  ).slice(0, limit);
  const judge = tieModel === undefined ? shippedTieModel() : tieModel;
  // Resolved frames are evidence the model does not judge; it needs no features then.
  if (!judge || suspects.length === 0 || signals.frames.length > 0) return suspects;
  const judgement = judgeTie(tieFeatures(report, index, signals, ranked[0], ownName), judge);
  if (!judgement || judgement.tied) return suspects;
  // Rounded down to the threshold's precision (3 decimals), so it never prints as reaching it.
  const probability = (Math.floor(judgement.probability * 1000) / 1000).toFixed(3);
  const reason = `${FOREIGN_REPORT_REASON} (tie probability ${probability}, below ${judge.threshold})`;
  return suspects.map((suspect) => ({
    ...suspect,
    evidence: [...suspect.evidence, reason],
    untied: true as const,
  }));
}
