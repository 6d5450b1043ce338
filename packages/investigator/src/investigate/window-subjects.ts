/**
 * Which of a regression window's changes the report talks about: a window commit whose subject
 * shares a term with the report (identifiers split and stemmed as the localizer's lexical search
 * does, code keywords, English stop words and the words every release log uses left out) is a
 * change the report names, and the files it changed are stronger evidence than the rest of the
 * window. Matching the changes of a history against the report's text is the idea of Locus (Wen,
 * Wu & Cheung, "Locus: Locating bugs from software changes", ASE 2016), here on subjects only.
 */
import { tokenizeCode } from '../localize/code-tokens.js';

/** A window commit as this reads it. */
export interface WindowCommitText {
  subject: string;
  /** Repository-relative paths it changed. */
  files: readonly string[];
}

/**
 * Words of commit subjects and reports that name no part of a program (release and change-log
 * vocabulary): stemmed as {@link tokenizeCode} stems, so they drop out of both sides.
 */
const CHANGE_LOG_TERMS = new Set(
  tokenizeCode(
    'version versions release released update updated upgrade upgrading bump merge merged branch commit change changes changed fix fixes fixed fixing issue issues bug bugs error errors fail fails failed failing broken break breaks work works working add adds added remove removed revert reverts test tests make use support improve improvement refactor cleanup minor typo docs readme changelog after before since when still',
  ),
);

/** The report's terms that can match a subject (at least three letters, no change-log word). */
function matchableTerms(text: string): Set<string> {
  return new Set(
    tokenizeCode(text).filter((term) => term.length >= 3 && !CHANGE_LOG_TERMS.has(term)),
  );
}

/**
 * The files changed by the window's commits whose subject shares a term with the report.
 * @param commits the window's commits.
 * @param report the report's text (title and body).
 * @returns path → how many matching commits changed it (empty when none matches).
 */
export function reportMatchedFiles(
  commits: readonly WindowCommitText[],
  report: string,
): Map<string, number> {
  const wanted = matchableTerms(report);
  const files = new Map<string, number>();
  for (const commit of commits) {
    if (!tokenizeCode(commit.subject).some((term) => wanted.has(term))) continue;
    for (const file of commit.files) files.set(file, (files.get(file) ?? 0) + 1);
  }
  return files;
}
