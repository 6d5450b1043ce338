/**
 * Reading fetched repository snapshots for the corpus: the commit that landed a pull request
 * (squash `Title (#N)`, merge `Merge pull request #N`, or a commit whose message closes the issue),
 * its first parent, and the diff between them. Snapshots are bare git directories under a mirror
 * folder, found with `mirrorGitDir` of ./localize-cases.ts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BUFFER = 512 * 1024 * 1024;

/** Runs git in a git directory and returns stdout. @throws Error from git. */
export async function git(gitDir: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', [`--git-dir=${gitDir}`, ...args], { maxBuffer: BUFFER });
  return stdout;
}

/** The bytes of one object (`REV:path`), for binary files such as spreadsheets. @throws Error from git. */
export async function showBytes(gitDir: string, object: string): Promise<Buffer> {
  const { stdout } = await run('git', [`--git-dir=${gitDir}`, 'show', object], {
    maxBuffer: BUFFER,
    encoding: 'buffer',
  });
  return stdout;
}

/**
 * The contents of many objects (`REV:path`) in one `git cat-file --batch` run.
 * @returns the texts in order; `''` for an object the snapshot lacks.
 */
export async function showMany(gitDir: string, objects: readonly string[]): Promise<string[]> {
  if (objects.length === 0) return [];
  const child = execFile('git', [`--git-dir=${gitDir}`, 'cat-file', '--batch'], {
    encoding: 'buffer',
    maxBuffer: BUFFER * 4,
  });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => child.on('close', resolve));
  child.stdin?.end(`${objects.join('\n')}\n`);
  await done;
  const output = Buffer.concat(chunks);
  const texts: string[] = [];
  let offset = 0;
  for (let index = 0; index < objects.length; index += 1) {
    const end = output.indexOf(10, offset);
    const header = output.subarray(offset, end).toString();
    offset = end + 1;
    const size = Number(header.split(' ')[2]);
    if (header.endsWith(' missing') || !Number.isFinite(size)) {
      texts.push('');
      continue;
    }
    texts.push(output.subarray(offset, offset + size).toString('utf8'));
    offset += size + 1;
  }
  return texts;
}

/** One commit of the history index. */
interface CommitLine {
  hash: string;
  parents: string[];
  /** Committer time, seconds since the epoch. */
  time: number;
  message: string;
}

const histories = new Map<string, Promise<CommitLine[]>>();

/** Every commit reachable from any ref, with parents and full message (cached per directory). */
function history(gitDir: string): Promise<CommitLine[]> {
  let cached = histories.get(gitDir);
  if (!cached) {
    // -z: each commit's head and message NUL-separated and ended (a message holds no NUL, and
    // may hold any other separator).
    cached = git(gitDir, ['log', '--all', '-z', '--format=%ct %H %P%x00%B']).then((text) => {
      const parts = text.split('\0');
      const lines: CommitLine[] = [];
      for (let at = 0; at + 1 < parts.length; at += 2) {
        const [time = '', hash = '', ...parents] = (parts[at] ?? '')
          .trim()
          .split(' ')
          .filter(Boolean);
        lines.push({ hash, parents, time: Number(time), message: (parts[at + 1] ?? '').trimEnd() });
      }
      return lines;
    });
    histories.set(gitDir, cached);
  }
  return cached;
}

/** A fix commit and the revision it applies to. */
export interface FixCommit {
  fix: string;
  parent: string;
  /**
   * How it was found: `squash`, `merge`, `fast-forward`, `rebase`, `closes` (the message closes the issue),
   * `subject` (the subject starts by naming the issue, `Issue #N: …`),
   * `linked` (the data set's issue tracker links it) or `key` (the message names the tracker's key).
   */
  via: 'squash' | 'merge' | 'fast-forward' | 'rebase' | 'closes' | 'subject' | 'linked' | 'key';
}

/**
 * The commit that landed pull request `pr`, or else the one commit whose message closes `issue`.
 * Commits on pull-request refs that were never merged (`Merge X into Y` test merges) are skipped.
 * @param gitDir - the repository's git directory.
 * @param pr - pull request number, when known.
 * @param issue - issue number, when known.
 * @param base - the pull request's base commit, when known (for a fast-forwarded pull request).
 * @param key - an issue tracker's key (`ZOOKEEPER-1234`): the fix is then the commit naming it.
 * @returns the fix and its first parent (of several matches, the earliest on HEAD's history), or
 *   `undefined` when nothing matches.
 */
export async function findFixCommit(
  gitDir: string,
  { pr, issue, base, key }: { pr?: number; issue?: number; base?: string; key?: string },
): Promise<FixCommit | undefined> {
  const commits = await history(gitDir);
  if (key !== undefined) {
    // The Apache convention: the message names the issue tracker's key, `ZOOKEEPER-1234: …`.
    const landed = await earliestOnMainline(gitDir, (await keyIndex(gitDir)).get(key) ?? []);
    return landed && { fix: landed.hash, parent: landed.parents[0] ?? '', via: 'key' };
  }
  const subject = (line: CommitLine) => line.message.split('\n')[0] ?? '';
  if (pr !== undefined) {
    const merge = commits.filter(
      (line) => line.parents.length === 2 && subject(line).startsWith(`Merge pull request #${pr} `),
    );
    const squash = commits.filter(
      (line) => line.parents.length === 1 && new RegExp(`\\(#${pr}\\)\\s*$`).test(subject(line)),
    );
    const landed = await earliestOnMainline(gitDir, merge.length > 0 ? merge : squash);
    if (landed)
      return {
        fix: landed.hash,
        parent: landed.parents[0] ?? '',
        via: merge.length ? 'merge' : 'squash',
      };
    const forwarded = base ? await fastForwardedPullRequest(gitDir, pr, base) : undefined;
    if (forwarded) return forwarded;
    const rebased = await rebasedPullRequest(gitDir, pr, base, commits);
    if (rebased) return rebased;
  }
  if (issue !== undefined) {
    // A merge commit counts too (a pull request's body that closes the issue lands in it); its
    // diff is taken against its first parent.
    const found = commits.filter(
      (line) => line.parents.length >= 1 && closesIssue(line.message, issue),
    );
    const landed = await earliestOnMainline(gitDir, found);
    if (landed) return { fix: landed.hash, parent: landed.parents[0] ?? '', via: 'closes' };
    // A subject that names the issue (`Issue #N: …`, `#N: …`): one change, perhaps cherry-picked
    // to release branches (same subject); several different subjects are a series, not one fix.
    const named = commits.filter(
      (line) => line.parents.length === 1 && subjectNamesIssue(subject(line), issue),
    );
    if (new Set(named.map(subject)).size === 1) {
      const first = await earliestOnMainline(gitDir, named);
      if (first) return { fix: first.hash, parent: first.parents[0] ?? '', via: 'subject' };
    }
  }
  return undefined;
}

/**
 * True when a commit message closes issue `issue` with a closing word: `Fixes #N`, `close #N`,
 * `resolves: #N`, `fixed issue #N`, `Fixing #N`, `fix for issue: N`, or the issue's URL after such a word (GitHub's closing
 * keywords, https://docs.github.com/en/issues/tracking-your-work-with-issues/linking-a-pull-request-to-an-issue).
 * @param message - the full commit message.
 * @param issue - the issue number.
 */
export function closesIssue(message: string, issue: number): boolean {
  return new RegExp(
    `\\b(fix(e[sd]|ing)?|close[sd]?|resolve[sd]?)(\\s+for)?\\s*:?\\s+((issue|bug)\\s*:?\\s*#?|#|https://github\\.com/[\\w.-]+/[\\w.-]+/issues/)${issue}\\b`,
    'i',
  ).test(message);
}

/**
 * True when a commit subject starts by naming issue `issue` as the change's topic, the convention
 * of projects that link without a closing word: `Issue #N: …`, `issue N - …`, `#N: …`, `[#N] …`,
 * `GH-N: …`, `(#N) …`. A number further in the subject (`… (#N)`, a pull request) does not count.
 * @param subject - the commit message's first line.
 * @param issue - the issue number.
 */
export function subjectNamesIssue(subject: string, issue: number): boolean {
  return new RegExp(
    `^\\s*(?:(?:issue|bug|ticket)\\s*#?\\s*${issue}\\b\\s*[:.\\-–)]|#${issue}\\b\\s*[:.\\-–]|[[(]#?${issue}[\\])]|gh-${issue}\\b\\s*[:.\\-–])`,
    'i',
  ).test(subject);
}

/**
 * Of commits that carry the same change (a pull request squashed onto the default branch and
 * cherry-picked to release branches), the one that landed first: the oldest on HEAD's history,
 * else the oldest of all.
 */
async function earliestOnMainline(
  gitDir: string,
  found: readonly CommitLine[],
): Promise<CommitLine | undefined> {
  if (found.length <= 1) return found[0];
  const onHead = await mainline(gitDir);
  const pool = found.some((line) => onHead.has(line.hash))
    ? found.filter((line) => onHead.has(line.hash))
    : found;
  return [...pool].sort((a, b) => a.time - b.time)[0];
}

const keyIndexes = new Map<string, Promise<Map<string, CommitLine[]>>>();

/** Non-merge commits by the issue-tracker keys (`ABC-123`) their messages name (cached). */
function keyIndex(gitDir: string): Promise<Map<string, CommitLine[]>> {
  let cached = keyIndexes.get(gitDir);
  if (!cached) {
    cached = history(gitDir).then((commits) => {
      const index = new Map<string, CommitLine[]>();
      for (const line of commits) {
        if (line.parents.length !== 1) continue;
        for (const key of new Set(line.message.match(/\b[A-Z][A-Z0-9]+-\d+\b/g) ?? []))
          index.set(key, [...(index.get(key) ?? []), line]);
      }
      return index;
    });
    keyIndexes.set(gitDir, cached);
  }
  return cached;
}

const mainlines = new Map<string, Promise<Set<string>>>();

/** Every commit reachable from HEAD (cached per directory). */
function mainline(gitDir: string): Promise<Set<string>> {
  let cached = mainlines.get(gitDir);
  if (!cached) {
    cached = git(gitDir, ['rev-list', 'HEAD']).then(
      (text) => new Set(text.split('\n').filter(Boolean)),
    );
    mainlines.set(gitDir, cached);
  }
  return cached;
}

/**
 * A pull request merged by rebase: GitHub rewrote its commits, so they are found by the head
 * commit's subject and author on HEAD's history; the pull request's commit count (from its base)
 * says how far back the rebased run starts, and every rebased commit's subject must match.
 */
/** The records of `git log -z` whose format prints `count` fields separated by `%x00`. */
function fieldsOf(text: string, count: number): string[][] {
  const parts = text.split('\0');
  const records: string[][] = [];
  for (let at = 0; at + count <= parts.length; at += count)
    records.push(parts.slice(at, at + count));
  return records;
}

async function rebasedPullRequest(
  gitDir: string,
  pr: number,
  base: string | undefined,
  commits: readonly CommitLine[],
): Promise<FixCommit | undefined> {
  const head = await git(gitDir, ['rev-parse', '--verify', '-q', `refs/pull/${pr}/head^{commit}`])
    .then((text) => text.trim())
    .catch(() => '');
  if (!head || !base) return undefined;
  // -z and %x00: a subject may hold any separator but NUL.
  const own = fieldsOf(
    await git(gitDir, ['log', '-z', '--format=%s%x00%an', '--no-merges', head, `^${base}`]),
    2,
  ).map((fields) => fields.join('\0'));
  if (own.length === 0 || own.length > 20) return undefined;
  const mainline = fieldsOf(
    await git(gitDir, ['log', '-z', '--first-parent', '--format=%H%x00%s%x00%an', 'HEAD']),
    3,
  );
  const start = mainline.findIndex(([, subject, author]) => `${subject}\0${author}` === own[0]);
  if (start < 0 || mainline.filter(([, s, a]) => `${s}\0${a}` === own[0]).length !== 1)
    return undefined;
  const run = mainline.slice(start, start + own.length);
  if (run.some(([, subject, author], index) => `${subject}\0${author}` !== own[index]))
    return undefined;
  const fix = run[0]?.[0] ?? '';
  const oldest = commits.find((line) => line.hash === run.at(-1)?.[0]);
  const parent = oldest?.parents[0];
  return fix && parent ? { fix, parent, via: 'rebase' } : undefined;
}

/**
 * The fix among commits an issue tracker links to an issue: the oldest one in the snapshot that
 * is not a merge (the others are usually the same change cherry-picked to release branches).
 * @returns the fix and its parent, or `undefined` when none of them is in the snapshot.
 */
export async function oldestLinkedCommit(
  gitDir: string,
  commits: readonly string[],
): Promise<FixCommit | undefined> {
  let best: { time: number; fix: FixCommit } | undefined;
  for (const commit of commits) {
    const line = await git(gitDir, ['show', '-s', '--format=%ct %H %P', commit]).catch(() => '');
    const [time = '', hash = '', ...parents] = line.trim().split(' ');
    if (!hash || parents.length !== 1 || !parents[0]) continue;
    const fix: FixCommit = { fix: hash, parent: parents[0], via: 'linked' };
    if (!best || Number(time) < best.time) best = { time: Number(time), fix };
  }
  return best?.fix;
}

/**
 * A pull request merged by fast-forward: its head commit (`refs/pull/N/head`) is on a branch, so
 * its commits landed unchanged. The fix is the head, the parent the pull request's base (the
 * data set's `base`, which must be an ancestor of the head, with no merge commit between them).
 */
async function fastForwardedPullRequest(
  gitDir: string,
  pr: number,
  base: string,
): Promise<FixCommit | undefined> {
  const head = await git(gitDir, ['rev-parse', '--verify', '-q', `refs/pull/${pr}/head^{commit}`])
    .then((text) => text.trim())
    .catch(() => '');
  if (!head) return undefined;
  const onBranch = await git(gitDir, ['branch', '--format=%(refname)', '--contains', head])
    .then((text) => text.trim() !== '')
    .catch(() => false);
  const merges = await git(gitDir, ['rev-list', '--merges', '--count', head, `^${base}`])
    .then((text) => Number(text.trim()))
    .catch(() => -1);
  const isAncestor = await git(gitDir, ['merge-base', '--is-ancestor', base, head])
    .then(() => true)
    .catch(() => false);
  return onBranch && merges === 0 && isAncestor
    ? { fix: head, parent: base, via: 'fast-forward' }
    : undefined;
}

/**
 * The diff a fix made to its parent, with no context lines and renames followed.
 * @returns unified diff text.
 */
export function fixDiff(gitDir: string, { fix, parent }: FixCommit): Promise<string> {
  return git(gitDir, ['diff', '--unified=0', '--no-color', '-M', parent, fix]);
}

const markers = new Map<string, Promise<string[]>>();

/**
 * Files at HEAD that show a repository builds for a mobile platform (an Android manifest, an
 * Xcode project, a CocoaPods Podfile or podspec, a React Native config, a Flutter pubspec), cached
 * per directory.
 */
export function mobileMarkers(gitDir: string): Promise<string[]> {
  let cached = markers.get(gitDir);
  if (!cached) {
    cached = treePaths(gitDir, 'HEAD').then((paths) =>
      paths.filter((file) =>
        /(^|\/)(AndroidManifest\.xml|pubspec\.yaml|Info\.plist|Podfile|react-native\.config\.js)$|\.xcodeproj\/|\.podspec$/.test(
          file,
        ),
      ),
    );
    markers.set(gitDir, cached);
  }
  return cached;
}

/**
 * Paths of the tree at `revision` (for facets such as "has an Android manifest").
 * @returns repository-relative paths.
 */
export async function treePaths(gitDir: string, revision: string): Promise<string[]> {
  return (await git(gitDir, ['ls-tree', '-r', '-z', '--name-only', revision]))
    .split('\0')
    .filter(Boolean);
}
