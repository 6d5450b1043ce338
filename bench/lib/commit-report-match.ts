/**
 * How well each suspect commit's own change matches the report: BM25 of the report against each
 * commit's message and changed lines in the suspect files (the change hunks Locus ranks against a
 * report: Wen, Wu & Cheung, ASE 2016), scored as the commit-message similarity of the
 * localization's history features is, 0 to 1. A feature of the suspect-commit ranking, measured by
 * bench:history (at weight 0 in the shipped model, so investigate does not read it).
 */
import { type GitHistory, readCommitChanges } from '@sightline/codebase/internal';
import { messageSimilarity } from '@sightline/investigator/internal';

/**
 * @param history the opened history (a work tree or a bare repository).
 * @param reportText the report's title and body.
 * @param ids the candidate commits (full ids).
 * @param paths the suspect files whose changes are read.
 * @returns id → BM25 score divided by the best commit's (1 for the best); commits sharing no
 *   term with the report are absent. Never throws.
 */
export async function readCommitReportMatch(
  history: GitHistory,
  reportText: string,
  ids: readonly string[],
  paths: readonly string[],
): Promise<Map<string, number>> {
  const changes = await readCommitChanges(history, ids, paths);
  return messageSimilarity(new Map([...changes].map(([id, text]) => [id, [text]])), reportText);
}
