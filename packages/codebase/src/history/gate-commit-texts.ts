/** Commit text (subjects, author names) shown from history, through the one secret gate. */
import { gateTexts } from '../repository/secret-gate.js';
import type { CommitInfo } from './blame-range.js';

/**
 * Passes commit text through the secret gate (`gateTexts`) before it is shown: a subject or author
 * name that holds a secret is replaced by the withheld note. One scan covers every commit given.
 * @returns the commits in the same order, with text that may be shown.
 */
export async function gateCommitTexts<T extends CommitInfo>(commits: readonly T[]): Promise<T[]> {
  if (commits.length === 0) return [];
  const { texts } = await gateTexts(commits.flatMap((commit) => [commit.subject, commit.author]));
  return commits.map((commit, at) => ({
    ...commit,
    subject: texts[2 * at] ?? commit.subject,
    author: texts[2 * at + 1] ?? commit.author,
  }));
}
