/**
 * Fast blame on long histories: a commit-graph file with changed-path Bloom filters, written once
 * per repository into a folder Sightline owns (never into the repository: history is only read)
 * and handed to git as an alternate object directory (`GIT_ALTERNATE_OBJECT_DIRECTORIES`; git
 * reads a commit-graph from the first object directory holding one, alternates included). With
 * it, blame skips the tree diff of every commit whose filter says the blamed path did not change
 * (git ≥ 2.27 writes the filters, blame reads them since 2.28; git's `commit-graph` and
 * `blame` documentation). The commit-graph only speeds reading up: blame's result is the same.
 */
import { createHash } from 'node:crypto';
import { readFile, realpath, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeOwnFolder } from '../repository/own-folder.js';
import { isInside } from '../repository/sandbox.js';
import { type GitHistory, shownGitMessage } from './open-git-history.js';
import { runGit } from './run-git.js';

/**
 * Time limit of writing the commit-graph, in ms; a write that fails is not retried for a day
 * ({@link COMMIT_GRAPH_MAX_AGE_MS}).
 */
export const COMMIT_GRAPH_TIMEOUT_MS = 60_000;
/** A graph is rewritten when HEAD moved and it is older than this, in ms (one day). */
export const COMMIT_GRAPH_MAX_AGE_MS = 86_400_000;

const STAMP = 'sightline-commit-graph.json';
/** git's refusal when another process holds the commit-graph's lock file. */
const LOCKED = /\.lock'?: File exists/;

/** Options of {@link prepareCommitGraph}. */
export interface PrepareCommitGraphOptions {
  /**
   * Folder the graph is kept in. Default `~/.cache/sightline/commit-graph/<hash of the
   * repository's git folder>`.
   */
  dir?: string;
  /** Time limit of the write, in ms. Default {@link COMMIT_GRAPH_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Clock, in ms since the epoch (tests). Default `Date.now`. */
  now?: () => number;
}

/** What {@link prepareCommitGraph} did. */
export interface PreparedCommitGraph {
  /** The history, with `graphDir` set when a graph is ready. */
  history: GitHistory;
  /** `written` (now, taking `writeMs`), `kept` (already there), or `skipped` (see `note`). */
  state: 'written' | 'kept' | 'skipped';
  /** Time spent writing, in ms (0 unless written). */
  writeMs: number;
  /** Why no graph is used, one sentence (naming no folder of the machine). */
  note?: string;
}

async function defaultDir(history: GitHistory): Promise<string | undefined> {
  const common = await runGit(history.root, [
    'rev-parse',
    '--path-format=absolute',
    '--git-common-dir',
  ]);
  if (!common.ok) return undefined;
  const hash = createHash('sha256').update(common.stdout.trim()).digest('hex').slice(0, 16);
  return path.join(os.homedir(), '.cache', 'sightline', 'commit-graph', hash);
}

/** What the folder says of the last write: for which HEAD, when, and whether it succeeded. */
interface Stamp {
  head: string;
  writtenAt: number;
  ok: boolean;
}

async function readStamp(dir: string): Promise<Stamp | undefined> {
  try {
    const stamp = JSON.parse(await readFile(path.join(dir, STAMP), 'utf8'));
    return typeof stamp?.head === 'string' &&
      typeof stamp?.writtenAt === 'number' &&
      typeof stamp?.ok === 'boolean'
      ? stamp
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether git tracks files under `folder` in the checkout at `root` (a folder outside it: false).
 * Such files came with the repository, not from a write of ours: a committed graph and stamp
 * would have blame read a history the repository's authors made up.
 */
async function tracksFilesIn(history: GitHistory, root: string, folder: string): Promise<boolean> {
  const inside = path.relative(root, await realpath(folder).catch(() => path.resolve(folder)));
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return false;
  const tracked = await runGit(history.root, ['ls-files', '-z', '--', `:(literal)${inside}`]);
  return tracked.ok && tracked.stdout !== '';
}

/**
 * Makes sure a commit-graph with changed-path Bloom filters covers the history (writing it when
 * missing, when HEAD moved and it is more than a day old, or a day after a write that failed), and
 * returns the history set to use it. A shallow clone is left as it is (git writes no graph across a shallow cut).
 * @param history the opened history.
 * @returns the history (with `graphDir` when a graph is ready) and what was done. Never throws:
 *   a folder that cannot be written (or one inside the repository reached through a symbolic
 *   link, or holding files the repository tracks), a git without Bloom filters or a write past
 *   the time limit leave the history as it was, with a note. A stamp dated in the future is
 *   not trusted (the graph is written again).
 */
export async function prepareCommitGraph(
  history: GitHistory,
  { dir, timeoutMs = COMMIT_GRAPH_TIMEOUT_MS, now = Date.now }: PrepareCommitGraphOptions = {},
): Promise<PreparedCommitGraph> {
  const skipped = (note: string): PreparedCommitGraph => ({
    history,
    state: 'skipped',
    writeMs: 0,
    note,
  });
  if (history.shallow) return skipped('a shallow clone is blamed without a commit-graph');
  const folder = dir ?? (await defaultDir(history));
  if (!folder) return skipped('the git folder could not be found for a commit-graph');
  const objects = path.resolve(folder, 'objects');
  // A folder inside the repository (a cache folder the caller put there) is used only as a real
  // folder: a `.sightline` that is a symbolic link would take the write outside the repository.
  // The folder may be named under the repository's path as opened (which may hold a link of the
  // user's own) or under its real path: it is checked below whichever root it is under.
  const root = await realpath(history.root).catch(() => path.resolve(history.root));
  const opened = path.resolve(history.root);
  const under = isInside(opened, objects) ? opened : root;
  // Private, as the other caches of ~/.cache/sightline (it names the repository's commits).
  if (!(await makeOwnFolder(under, path.join(objects, 'info'), { mode: 0o700 }))) {
    // The notes reach diagnoses (issue comments, the console): no folder of the machine is named.
    return skipped(
      'the commit-graph folder cannot be written (a symbolic link or a file stands in its path, or it is read-only)',
    );
  }
  if (await tracksFilesIn(history, root, folder)) {
    return skipped(
      'the commit-graph folder holds files the repository tracks: a graph that came with the checkout is never read',
    );
  }
  const withGraph = { ...history, graphDir: objects };
  const stamp = await readStamp(folder);
  const age = stamp === undefined ? Number.NaN : now() - stamp.writtenAt;
  const fresh = age >= 0 && age < COMMIT_GRAPH_MAX_AGE_MS;
  if (stamp?.ok && (stamp.head === history.head || fresh)) {
    return { history: withGraph, state: 'kept', writeMs: 0 };
  }
  // A write that failed (too slow, say) is tried again a day later, whether HEAD moved or not.
  if (stamp && !stamp.ok && fresh) {
    return skipped('blame reads no commit-graph: its last write failed (tried again a day later)');
  }
  const started = performance.now();
  const written = await runGit(
    history.root,
    ['commit-graph', 'write', '--object-dir', objects, '--reachable', '--changed-paths'],
    { timeoutMs, signal: history.signal, env: { GIT_ALTERNATE_OBJECT_DIRECTORIES: objects } },
  );
  const writeMs = performance.now() - started;
  // Stopped by its caller: no failure of the write to remember (the next investigation writes it).
  if (!written.ok && written.aborted)
    return skipped(`blame reads no commit-graph: ${written.reason}`);
  // Another investigation of the same repository may have written it meanwhile (git's lock).
  if (!written.ok && (await readStamp(folder))?.ok) {
    return { history: withGraph, state: 'kept', writeMs: 0 };
  }
  // Or be writing it still: its lock is no failure of the write to remember for a day (that
  // writer stamps its own outcome, or, stopped, leaves the write to the next investigation).
  if (!written.ok && LOCKED.test(written.reason)) {
    return skipped('blame reads no commit-graph: another git process is writing it');
  }
  const kept: Stamp = { head: history.head, writtenAt: now(), ok: written.ok };
  await writeFile(path.join(folder, STAMP), JSON.stringify(kept)).catch(() => undefined);
  // git's message may name the folder (its lock file's, say), or quote the checkout's config (a
  // bad value): the note names no folder and shows no secret.
  if (!written.ok)
    return skipped(`blame reads no commit-graph: ${await shownGitMessage(written.reason)}`);
  return { history: withGraph, state: 'written', writeMs };
}
