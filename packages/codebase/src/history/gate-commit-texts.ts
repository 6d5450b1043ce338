/** The secret gate for commit text (subjects, author names) shown from history. */
import { scanSecrets, withheldLine } from '../repository/secrets.js';
import type { CommitInfo } from './blame-range.js';

/**
 * Passes commit text through the secret gate before it is shown: a subject or author name that
 * looks like a secret is replaced by the withheld note. One scan covers every commit given.
 * @returns the commits in the same order, with text that may be shown.
 */
export async function gateCommitTexts<T extends CommitInfo>(commits: readonly T[]): Promise<T[]> {
  if (commits.length === 0) return [];
  const text = commits.map((commit) => `${commit.subject}\n${commit.author}`).join('\n');
  const scan = await scanSecrets(text);
  return commits.map((commit, at) => {
    const subjectHit = scan.file ?? scan.lines.get(2 * at + 1);
    const authorHit = scan.file ?? scan.lines.get(2 * at + 2);
    return {
      ...commit,
      subject: subjectHit ? withheldLine(subjectHit) : commit.subject,
      author: authorHit ? withheldLine(authorHit) : commit.author,
    };
  });
}
