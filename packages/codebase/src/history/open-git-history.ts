/**
 * Finds out whether a repository folder is a git checkout with history, and how much of it:
 * the commit at HEAD, a shallow clone's cut, the commit count (counted only up to a bound), and
 * the web address of the remote when it is GitHub or GitLab (for commit links).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gateMessage } from '../repository/gate-message.js';
import {
  BLAME_HISTORY_DAYS,
  FILE_HISTORY_COMMIT_BOUND,
  HISTORY_COUNT_BOUND,
  WINDOW_COMMIT_BOUND,
} from './history-bounds.js';
import { GIT_MISSING, type GitResult, runGit } from './run-git.js';
import { unbornHeadRefusal } from './unborn-head.js';

/** A git checkout whose history Sightline may read. */
export interface GitHistory {
  /** The repository folder (git runs there; paths are relative to it). */
  root: string;
  /** Full id of the commit at HEAD. */
  head: string;
  /** Committer time of HEAD, in ms since the epoch. */
  headTime: number;
  /** True in a shallow clone: commits before its cut are missing. */
  shallow: boolean;
  /** Commits reachable from HEAD, counted up to {@link HISTORY_COUNT_BOUND}. */
  commitCount: number;
  /** True when the count stopped at its bound. */
  countCut: boolean;
  /** `https://github.com/owner/name` or a GitLab project address, for links; absent otherwise. */
  webUrl?: { host: 'github' | 'gitlab'; base: string };
  /** What limits the history, one sentence each (a shallow clone, a count cut short). */
  notes: string[];
  /**
   * Object folder holding a commit-graph with changed-path Bloom filters for this history
   * (see prepareCommitGraph), which blame reads as an alternate; absent: none.
   */
  graphDir?: string;
  /**
   * Stops the git processes of blame and of the commit-graph's write run for this history when
   * it fires (the investigation they serve ended); absent: they run to their time limits.
   */
  signal?: AbortSignal;
}

/** What {@link openGitHistory} returns: the history, or why there is none. */
export type OpenGitHistoryResult =
  | { history: GitHistory }
  | {
      history: null;
      reason: string;
      /**
       * True when the folder is a git checkout that git would not read (another user's checkout:
       * "dubious ownership"; a time limit): worth a warning, unlike a tree without history.
       */
      refused: boolean;
      /** True when git was refused by its time limit (a busy machine, a slow disk), not by access. */
      timedOut?: true;
      /**
       * What to do, one sentence, when it does not depend on who reads the history (a checkout
       * whose `core.worktree` names another folder); absent: the caller advises by cause.
       */
      advice?: string;
    };

/**
 * The web address of a remote URL when it is GitHub or GitLab, without any credentials.
 * @param remote a remote URL (`git@github.com:o/r.git`, `https://github.com/o/r`, `ssh://…`).
 * @returns the host kind and `https://host/owner/name`, or `undefined` for other hosts.
 */
export function webUrlOfRemote(remote: string): GitHistory['webUrl'] {
  const match =
    /^(?:[a-z+]+:\/\/)?(?:[^@/\s]+@)?(github\.com|gitlab\.com)[:/]([\w.-]+(?:\/[\w.-]+)+?)(?:\.git)?\/?$/i.exec(
      remote.trim(),
    );
  if (!match) return undefined;
  const host = (match[1] ?? '').toLowerCase();
  return {
    host: host === 'github.com' ? 'github' : 'gitlab',
    base: `https://${host}/${(match[2] ?? '').replace(/\.git$/, '')}`,
  };
}

/**
 * A link to one commit on the repository's GitHub/GitLab page.
 * @returns the address, or `undefined` when the remote is neither.
 */
export function commitLink(history: GitHistory, id: string): string | undefined {
  if (!history.webUrl) return undefined;
  const { host, base } = history.webUrl;
  return host === 'github' ? `${base}/commit/${id}` : `${base}/-/commit/${id}`;
}

function lines(result: GitResult): string[] {
  return result.ok ? result.stdout.split('\n').filter((line) => line !== '') : [];
}

/**
 * Whether the folder is part of HEAD's tree: false for a folder inside a checkout that git ignores
 * or that was never committed (a package unpacked into a git-ignored cache), whose files the
 * checkout's history does not describe. The top level of a checkout always counts, and so does a
 * folder git cannot answer for (outside a checkout, git missing). Never throws.
 * @param root a folder (absolute, or relative to the process' working directory).
 */
async function isTrackedAtHead(root: string): Promise<boolean> {
  const prefix = await runGit(root, ['rev-parse', '--show-prefix']);
  if (!prefix.ok || prefix.stdout.trim() === '') return true;
  const listed = await runGit(root, ['ls-tree', '--name-only', 'HEAD', '--', '.']);
  return !listed.ok || lines(listed).length > 0;
}

/**
 * The commit a folder's files are at: HEAD's id when the folder is part of HEAD's tree
 * ({@link isTrackedAtHead}), read through {@link runGit} (no shell, no user or repository
 * configuration runs, time limit). Never throws.
 * @param root a folder (absolute, or relative to the process' working directory).
 * @returns the 40-hex commit id, or `undefined` outside a checkout, with no commit yet, git
 *   missing, or for a folder the checkout does not track.
 */
export async function headRevision(root: string): Promise<string | undefined> {
  const head = await runGit(root, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  const id = head.ok ? head.stdout.trim() : '';
  if (id === '') return undefined;
  return (await isTrackedAtHead(root)) ? id : undefined;
}

/**
 * Why a folder git finds a repository for is not in its work tree: the repository's
 * `core.worktree` names another folder (so its history describes the files there, and blame of
 * these files would attribute lines they may not hold: a warning), or it has no work tree at all
 * (a bare repository, the inside of `.git`).
 */
async function outsideWorkTree(root: string): Promise<OpenGitHistoryResult> {
  const topLevel = await runGit(root, ['rev-parse', '--show-toplevel']);
  if (!topLevel.ok || topLevel.stdout.trim() === '') {
    return { history: null, reason: 'the repository is not a git work tree', refused: false };
  }
  return {
    history: null,
    reason:
      "git history was not read: the checkout's git configuration sets its work tree (core.worktree) to another folder, so its history describes the files there, not these",
    refused: true,
    advice:
      "Investigate the folder core.worktree names (`git config --get core.worktree`), or, if these are the checkout's files, unset it (`git config --unset core.worktree`).",
  };
}

/**
 * Opens the history of a repository folder, read-only.
 * @param root the repository folder (a git work tree or a folder inside one).
 * @returns the history, or `history: null` with the reason (not a git checkout, git missing, no
 *   commit yet, a folder the checkout around it does not track, a checkout whose `core.worktree`
 *   names another folder: refused, with its advice). Never throws.
 */
export async function openGitHistory(root: string): Promise<OpenGitHistoryResult> {
  const probe = await runGit(root, [
    'rev-parse',
    '--is-inside-work-tree',
    '--is-shallow-repository',
  ]);
  if (!probe.ok) {
    const notCheckout = /not a git repository/i.test(probe.reason);
    // A `.git` of its own that git cannot read (a damaged HEAD, a `.git` file naming a folder that
    // is gone) is a checkout worth a warning, not a tarball (trial 36).
    if (notCheckout && existsSync(path.join(root, '.git'))) {
      return {
        history: null,
        reason: `the repository's .git could not be read by git (${await shownGitMessage(probe.reason)})`,
        refused: true,
        advice:
          'Check the checkout with `git status` in it (a damaged HEAD, or a .git file naming a folder that is gone), or pass --no-history to investigate without it.',
      };
    }
    return {
      history: null,
      reason: notCheckout
        ? 'the repository is not a git checkout (no history to read)'
        : `git history could not be read: ${await shownGitMessage(probe.reason)}`,
      refused: !notCheckout && probe.reason !== GIT_MISSING,
      ...(probe.timedOut ? { timedOut: true as const } : {}),
    };
  }
  const [inside, shallowFlag] = lines(probe);
  if (inside !== 'true') return outsideWorkTree(root);
  const head = await runGit(root, ['log', '-1', '--format=%H %ct', 'HEAD']);
  const [id, seconds] = (lines(head)[0] ?? '').split(' ');
  if (!head.ok && head.timedOut) {
    return {
      history: null,
      reason: `git history could not be read: ${head.reason}`,
      refused: true,
      timedOut: true,
    };
  }
  if (!head.ok || !id) {
    const unborn = await unbornHeadRefusal(root);
    return unborn
      ? { history: null, ...unborn, refused: true }
      : { history: null, reason: 'the git checkout has no commit yet', refused: false };
  }
  if (!(await isTrackedAtHead(root))) {
    return {
      history: null,
      reason:
        'the repository folder is not tracked by the git checkout around it (ignored or never committed), so that history is not its own',
      refused: false,
    };
  }
  const [count, remote] = await Promise.all([
    runGit(root, ['rev-list', '--count', `--max-count=${HISTORY_COUNT_BOUND}`, 'HEAD']),
    runGit(root, ['remote', 'get-url', 'origin']),
  ]);
  const commitCount = Number(lines(count)[0] ?? 0);
  const shallow = shallowFlag === 'true';
  const countCut = commitCount >= HISTORY_COUNT_BOUND;
  const notes = [
    ...(shallow
      ? [
          `shallow clone (${commitCount} commit${commitCount === 1 ? '' : 's'}): history before its cut is missing, so lines older than the cut are not attributed to a commit and windows reaching further back are cut short`,
        ]
      : []),
    ...(countCut
      ? [
          `more than ${HISTORY_COUNT_BOUND} commits: blame reads the ${BLAME_HISTORY_DAYS} days before the report, bug-fix signals the newest ${FILE_HISTORY_COMMIT_BOUND} commits, a regression window at most ${WINDOW_COMMIT_BOUND} commits`,
        ]
      : []),
  ];
  const webUrl = remote.ok ? webUrlOfRemote(lines(remote)[0] ?? '') : undefined;
  return {
    history: {
      root,
      head: id,
      headTime: Number(seconds) * 1000,
      shallow,
      commitCount,
      countCut,
      ...(webUrl ? { webUrl } : {}),
      notes,
    },
  };
}

/** Where an absolute path starts: `/` or a drive (`C:\\`), not inside a word or a relative path. */
const PATH_START = /(?<![\w.~<-])(?:\/|[A-Za-z]:\\)/g;
/** Characters a path does not end on: blanks, quotes and trailing punctuation. */
const NOT_PATH_END = /[\s'":;,.)\]]/;

/**
 * git's message with every absolute path in it replaced by `<path>`: the reason becomes a warning
 * in diagnoses, which reach issue comments and the console, where the server's folders do not
 * belong (git quotes the checkout's folder in its "dubious ownership" refusal). A quoted path runs
 * to the line's last quote (a folder name may hold a quote of its own). An unquoted path may hold
 * spaces (`could not lock config file /srv/my repo/.git/config: Permission denied`), so it runs to
 * the first `: ` after it, else to the next quote or the line's end, less trailing blanks and
 * punctuation: words after a path in the same clause are hidden with it rather than a part of the
 * path shown. A scan, linear in the message.
 * @param message one line of git's standard error.
 */
export function withoutPaths(message: string): string {
  const text = message.replace(/'(?:\/|[A-Za-z]:\\).*'/g, "'<path>'");
  let kept = '';
  let from = 0;
  PATH_START.lastIndex = 0;
  for (let found = PATH_START.exec(text); found; found = PATH_START.exec(text)) {
    const end = pathEnd(text, found.index + found[0].length);
    kept += `${text.slice(from, found.index)}<path>`;
    from = end;
    PATH_START.lastIndex = end;
  }
  return kept + text.slice(from);
}

/**
 * git's message as a warning may show it: its absolute paths hidden ({@link withoutPaths}) and
 * its words that look like a secret withheld (`gateMessage`): git quotes the checkout's own text
 * (a `.git` file's `gitdir:`, a ref name), which is the user's data.
 * @param message one line of git's standard error.
 */
export function shownGitMessage(message: string): Promise<string> {
  return gateMessage(withoutPaths(message));
}

/**
 * Where an unquoted path whose start ends at `after` ends (exclusive): before the first `: `
 * that follows a character a path may end on; else after the last such character before the next
 * quote or line end; else at `after` (the start alone is hidden: fail closed).
 */
function pathEnd(text: string, after: number): number {
  let end = after;
  for (let at = after; at < text.length; at += 1) {
    const char = text[at] as string;
    if (char === "'" || char === '"' || char === '\n') break;
    if (char === ':' && text[at + 1] === ' ' && at === end && end > after) return at;
    if (!NOT_PATH_END.test(char)) end = at + 1;
  }
  return end;
}
