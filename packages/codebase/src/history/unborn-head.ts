/**
 * What to say of a HEAD on a branch with no commit yet (`git checkout --orphan`, a clone whose
 * default branch is empty) while other branches have commits: its history is elsewhere (trial 36).
 * The other branch's name is git's text and the user's data (a branch may be named after a token),
 * so it is quoted only when the secret gate lets it through.
 */
import { gateText } from '../repository/secret-gate.js';
import { runGit } from './run-git.js';

/** Why there is no history to read at an unborn HEAD, and what to do. */
export interface UnbornHeadRefusal {
  /** One clause: HEAD has no commit, though a branch (named, or "another branch") has some. */
  reason: string;
  /** One sentence: check out that branch (or list branches with `git branch`), or `--no-history`. */
  advice: string;
}

/**
 * The refusal for an unborn HEAD beside branches with commits (local or remote-tracking).
 * @param root the repository folder.
 * @returns the reason and advice, naming the first such branch unless it looks like a secret
 *   (then "another branch", with `git branch` to list them); `null` when no branch has a commit
 *   (an empty repository). Never throws.
 */
export async function unbornHeadRefusal(root: string): Promise<UnbornHeadRefusal | null> {
  const other = await runGit(root, [
    'for-each-ref',
    '--count=1',
    '--format=%(refname:short)',
    'refs/heads',
    'refs/remotes',
  ]);
  const branch = other.ok ? other.stdout.split('\n')[0]?.trim() : undefined;
  if (!branch) return null;
  const gated = await gateText(branch);
  if (gated.ok && gated.withheld.size === 0) {
    return {
      reason: `HEAD names a branch with no commit yet, though ${branch} has commits`,
      advice: `Check out the branch the report is about (\`git checkout ${branch}\`), or pass --no-history to investigate without history.`,
    };
  }
  return {
    reason: 'HEAD names a branch with no commit yet, though another branch has commits',
    advice:
      'Check out the branch the report is about (`git branch --all` lists them), or pass --no-history to investigate without history.',
  };
}
