/**
 * bench:history's first stage: the regression window a corpus report names, resolved in the
 * repository's history as it stood at the fix's parent — read from the fetched snapshot itself
 * (no checkout, no localizer), so every candidate is sorted in seconds into those whose window
 * resolves (measured further) and those that cannot, with the reason.
 */
import { execFileSync } from 'node:child_process';
import { findRegressionWindow, findVersionMentions, type GitHistory } from '@sightline/codebase';

/** Why a candidate has no usable window (or `resolved`). */
export type WindowOutcome =
  | 'resolved'
  /** The report names no version or commit. */
  | 'no mention'
  /** The repository has no release tag at all (no version maps to a commit). */
  | 'no release tags'
  /** Tags exist, but none matches a version the report names. */
  | 'version not tagged'
  /** The commit ids the report names are not in the history. */
  | 'commit not in history'
  /** Only a good side, or versions whose sides give no range. */
  | 'no range'
  /** The range holds no commit. */
  | 'empty window'
  /** The window's bad end is not before the fix's parent (it would hold the fix itself). */
  | 'window after the fix';

/** A window as kept: what the later stages and the cross-validation read. */
export interface KeptWindow {
  outcome: WindowOutcome;
  /** Commits in the history at the parent, counted up to 10,000. */
  historyCommits: number;
  /** The parent's commit time, in ms since the epoch. */
  headTime: number;
  /** `good..bad` as refs. */
  refs?: string;
  /** Changed files with how many of the window's commits changed each. */
  files?: [string, number][];
  trackedFiles?: number;
  /** Ids of the window's commits. */
  windowCommits?: string[];
}

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
}

function isAncestor(repo: string, commit: string, of: string): boolean {
  try {
    git(repo, ['merge-base', '--is-ancestor', commit, of]);
    return true;
  } catch {
    return false;
  }
}

/**
 * The history of a fetched snapshot (a bare repository) as it stood at `revision`: what
 * investigate would open in a checkout of it.
 */
export function historyAt(repo: string, revision: string): GitHistory {
  const seconds = Number(git(repo, ['log', '-1', '--format=%ct', revision]).trim());
  const commitCount = Number(
    git(repo, ['rev-list', '--count', '--max-count=10000', revision]).trim(),
  );
  return {
    root: repo,
    head: revision,
    headTime: seconds * 1000,
    shallow: false,
    commitCount,
    countCut: commitCount >= 10_000,
    notes: [],
  };
}

const mentionsAny = (text: string) => findVersionMentions(text).length > 0;

const hasVersionTags = (repo: string) =>
  git(repo, ['tag', '--list'])
    .split('\n')
    .some((name) => /\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z.]+)?$/.test(name));

/**
 * Resolves a report's window at the fix's parent and says why when it does not.
 * @param repo the snapshot (bare repository).
 * @param parent the fix's parent (the revision measured).
 * @param text the report (title and body).
 */
export async function resolveWindow(
  repo: string,
  parent: string,
  text: string,
): Promise<KeptWindow> {
  const history = historyAt(repo, parent);
  const { window, notes } = await findRegressionWindow(history, text);
  const about = { historyCommits: history.commitCount, headTime: history.headTime };
  if (window) {
    if (!isAncestor(repo, window.bad.id, parent)) {
      return { outcome: 'window after the fix', ...about };
    }
    return {
      outcome: 'resolved',
      ...about,
      refs: `${window.good.ref}..${window.bad.ref}`,
      files: [...window.files],
      trackedFiles: window.trackedFiles,
      windowCommits: window.commits.map((commit) => commit.id),
    };
  }
  const outcome = (): WindowOutcome => {
    if (notes.some((note) => note.startsWith('no commit lies between'))) return 'empty window';
    const mentions = findVersionMentions(text);
    if (!mentions.some((mention) => mention.kind === 'version')) return 'commit not in history';
    if (!hasVersionTags(repo)) return 'no release tags';
    if (notes.some((note) => note.startsWith('no release tag matches'))) {
      return 'version not tagged';
    }
    return 'no range';
  };
  return { outcome: mentionsAny(text) ? outcome() : 'no mention', ...about };
}
