/**
 * What a few commits changed in a few files, as text: each commit's message and the lines its
 * diff removed and added there (hunk headers with their enclosing function, no context lines), in
 * one `git log --no-walk -p -U0` call. The suspect-commit ranking compares it with the report
 * (the change hunks of Locus: Wen, Wu & Cheung, "Locus: Locating Bugs from Software Changes",
 * ASE 2016).
 */
import { randomBytes } from 'node:crypto';
import type { GitHistory } from './open-git-history.js';
import { runGit } from './run-git.js';

/** Characters of a commit's changed lines kept (a bulk change is cut, its message kept). */
export const COMMIT_CHANGE_CHARS = 100_000;

/**
 * Reads the commits' messages and their changed lines in `paths` (against the first parent). A
 * commit that changed none of `paths` under these names (it changed a file before a rename) is
 * not read.
 * @param history the opened history (a work tree or a bare repository).
 * @param ids full commit ids.
 * @param paths repository-relative files whose changes are read.
 * @returns id → message, a blank line, then the changed lines (at most
 *   {@link COMMIT_CHANGE_CHARS} of them); commits not read and ids not in the repository are
 *   absent; empty when git
 *   fails (its time limit, a 64 MB output cap). Never throws.
 */
export async function readCommitChanges(
  history: GitHistory,
  ids: readonly string[],
  paths: readonly string[],
): Promise<Map<string, string>> {
  const changes = new Map<string, string>();
  if (ids.length === 0 || paths.length === 0) return changes;
  // A message is the author's text and a patch the files' (a forced text diff may hold any byte,
  // NUL included): a boundary drawn at random for this call is one neither can hold, so neither
  // can start a record of its own nor end a message early.
  const boundary = randomBytes(16).toString('hex');
  const record = `${boundary}:`;
  const messageEnd = `${boundary};`;
  const result = await runGit(
    history.root,
    [
      'log',
      '--no-walk=unsorted',
      '--ignore-missing',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '-p',
      '-U0',
      '--diff-merges=first-parent',
      `--format=${record}%H%n%B${messageEnd}`,
      ...ids,
      '--',
      ...paths,
    ],
    { maxBytes: 64 * 1024 * 1024, signal: history.signal },
  );
  if (!result.ok) return changes;
  for (const block of result.stdout.split(record)) {
    const id = block.slice(0, 40);
    if (!/^[0-9a-f]{40}$/.test(id)) continue;
    const end = block.indexOf(messageEnd);
    const message = block.slice(41, end === -1 ? undefined : end).trim();
    const lines = end === -1 ? [] : changedLines(block.slice(end + messageEnd.length));
    changes.set(id, `${message}\n\n${lines.join('\n').slice(0, COMMIT_CHANGE_CHARS)}`);
  }
  return changes;
}

/** A patch's removed and added lines and its hunk headers' function context, in order. */
function changedLines(patch: string): string[] {
  const lines: string[] = [];
  for (const line of patch.split('\n')) {
    if (line.startsWith('+++ ') || line.startsWith('--- ')) continue;
    if (line.startsWith('@@')) {
      const context = line.replace(/^@@[^@]*@@ ?/, '');
      if (context) lines.push(context);
    } else if (line.startsWith('+') || line.startsWith('-')) {
      lines.push(line.slice(1));
    }
  }
  return lines;
}
