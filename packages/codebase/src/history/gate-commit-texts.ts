/** Commit text (subjects, author names) shown from history, through the one secret gate. */
import { gateText, withheldLine } from '../repository/secret-gate.js';
import type { CommitInfo } from './blame-range.js';

/**
 * Passes commit text through the secret gate (`gateText`) before it is shown: a subject or author
 * name that holds a secret is replaced by the withheld note. One pass covers every commit given.
 * @returns the commits in the same order, with text that may be shown.
 */
export async function gateCommitTexts<T extends CommitInfo>(commits: readonly T[]): Promise<T[]> {
  if (commits.length === 0) return [];
  const gated = await gateText(
    commits.map((commit) => `${commit.subject}\n${commit.author}`).join('\n'),
  );
  const hit = (line: number) => (gated.ok ? gated.withheld.get(line) : gated.reason);
  return commits.map((commit, at) => {
    const subjectHit = hit(2 * at + 1);
    const authorHit = hit(2 * at + 2);
    return {
      ...commit,
      subject: subjectHit ? withheldLine(subjectHit) : commit.subject,
      author: authorHit ? withheldLine(authorHit) : commit.author,
    };
  });
}
