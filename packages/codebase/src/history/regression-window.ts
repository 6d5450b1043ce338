/**
 * Regression windows: the versions and commits a report names ({@link findVersionMentions})
 * mapped to a commit range `good..bad` of the repository, with the commits inside it and the
 * files they changed. A version maps to its release tag (`v3.2.0`, `3.2.0`, `pkg@3.2.0`,
 * `release-3.2.0`; `2.4` to the first `2.4.x`); a lone bad version's good side is the release
 * tag before it; "since <commit>" is that commit's own change (`id^..id`) unless a good side is
 * named; a lone good version's bad side is HEAD.
 */
import type { CommitInfo } from './blame-range.js';
import { claimsChange } from './change-claim.js';
import { gateCommitTexts } from './gate-commit-texts.js';
import { WINDOW_COMMIT_BOUND } from './history-bounds.js';
import { parseNulSeparatedLog } from './nul-separated-log.js';
import type { GitHistory } from './open-git-history.js';
import { runGit } from './run-git.js';
import { compareVersions, findVersionMentions, type VersionMention } from './version-mentions.js';

/** One end of a window. */
export interface WindowEnd {
  /** What names it: a tag, a commit id as written, or `HEAD`. */
  ref: string;
  /** Full commit id. */
  id: string;
}

/** A commit inside the window, with the files it changed. */
export interface WindowCommit extends CommitInfo {
  /**
   * Repository-relative paths it changed; none for a shallow clone's cut (a commit whose parents
   * were not fetched: git shows it as adding every file it holds, which it did not change).
   */
  files: string[];
}

/** A regression window. */
export interface RegressionWindow {
  /** Last known good version (exclusive). */
  good: WindowEnd;
  /** First known bad version (inclusive). */
  bad: WindowEnd;
  /** The report's words the window was read from. */
  evidence: string[];
  /** Commits in `good..bad` (merges left out), newest first, at most {@link WINDOW_COMMIT_BOUND}. */
  commits: WindowCommit[];
  /** True when the window held more commits than were read. */
  cut: boolean;
  /** Every file the window's commits changed, with how many of them changed it. */
  files: Map<string, number>;
  /** Files of the commit at HEAD (the share of the repository the window changed is `files` over it). */
  trackedFiles: number;
  /**
   * True when the report says it worked before: it names the good end, or words its bad end as a
   * change ("since", "after upgrading to", "no longer", "regressed"). False when it names one
   * failing version and the good end is the release before it, taken by this function: a range
   * to look in, not a regression the report claims.
   */
  claimed: boolean;
}

/** What {@link findRegressionWindow} returns. */
export interface FindRegressionWindowResult {
  window: RegressionWindow | null;
  /** Why there is none, or what limits it, one sentence each. */
  notes: string[];
}

const TAG_VERSION = /(\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z.]+)?)$/;

interface ReleaseTag {
  name: string;
  version: string;
  prerelease: boolean;
}

async function listReleaseTags(history: GitHistory): Promise<ReleaseTag[]> {
  const result = await runGit(history.root, ['tag', '--list'], { maxBytes: 8 * 1024 * 1024 });
  if (!result.ok) return [];
  return result.stdout
    .split('\n')
    .map((name) => ({ name, version: TAG_VERSION.exec(name)?.[1] ?? '' }))
    .filter(({ version }) => version !== '')
    .map((tag) => ({ ...tag, prerelease: tag.version.includes('-') }));
}

/**
 * Why versions the report names place no window end, each with the words it was read from, so a
 * reader sees whether it was this project's version at all ("since we moved to Django 4.2" names
 * another product's, which no tag of this repository matches; trial 42).
 * @param mentions - the versions no release tag matched.
 * @param tagCount - release tags in the history (0: none to match).
 */
function unresolvedNote(mentions: readonly VersionMention[], tagCount: number): string {
  const quoted = mentions
    .map(({ text, context }) => (context === text ? `"${text}"` : `"${text}" (from "${context}")`))
    .join(', ');
  return tagCount === 0
    ? `the history has no release tags, so the version${mentions.length > 1 ? 's' : ''} the report names cannot be placed: ${quoted}`
    : `no release tag matches ${quoted}`;
}

/** Prefers a plain `1.2.3` or `v1.2.3` tag over a prefixed one (`pkg@`, `release-`). */
function tagPreference(tag: ReleaseTag): number {
  return tag.name === tag.version || tag.name === `v${tag.version}` ? 0 : 1;
}

/** The tag for a version as a report writes it (`2.4` → the first 2.4.x release). */
function tagForVersion(tags: readonly ReleaseTag[], written: string, side: 'good' | 'bad') {
  const version = written.replace(/^.*@/, '').replace(/^v/i, '');
  const exact = tags.filter((tag) => tag.version.toLowerCase() === version.toLowerCase());
  if (exact.length > 0) return [...exact].sort((a, b) => tagPreference(a) - tagPreference(b))[0];
  const family = tags.filter((tag) => !tag.prerelease && tag.version.startsWith(`${version}.`));
  const ordered = [...family].sort(
    (a, b) => compareVersions(a.version, b.version) || tagPreference(a) - tagPreference(b),
  );
  // "worked in 2.3" → the last 2.3.x; "broken in 2.4" → the first 2.4.x.
  return side === 'good' ? ordered.at(-1) : ordered[0];
}

/** The release tag just before `tag` (by version; prereleases skipped). */
function previousTag(tags: readonly ReleaseTag[], tag: ReleaseTag): ReleaseTag | undefined {
  const prefix = tag.name.slice(0, tag.name.length - tag.version.length);
  return tags
    .filter(
      (other) =>
        !other.prerelease &&
        other.name.slice(0, other.name.length - other.version.length) === prefix &&
        compareVersions(other.version, tag.version) < 0,
    )
    .sort((a, b) => compareVersions(b.version, a.version))[0];
}

async function resolveCommit(history: GitHistory, ref: string): Promise<string | undefined> {
  const result = await runGit(history.root, [
    'rev-parse',
    '--verify',
    '--quiet',
    `${ref}^{commit}`,
  ]);
  return result.ok ? result.stdout.trim() : undefined;
}

async function readWindow(
  history: GitHistory,
  good: WindowEnd,
  bad: WindowEnd,
): Promise<{ commits: WindowCommit[]; cut: boolean }> {
  // -z: fields and paths NUL-separated, as git printed them; a message may hold any other byte.
  const result = await runGit(history.root, [
    'log',
    '-z',
    '--no-merges',
    '--no-renames',
    '--relative',
    `--max-count=${WINDOW_COMMIT_BOUND + 1}`,
    '--format=%x00%H%x00%an%x00%at%x00%P%x00%s',
    '--name-only',
    `${good.id}..${bad.id}`,
    '--',
  ]);
  if (!result.ok) return { commits: [], cut: false };
  const commits = parseNulSeparatedLog(result.stdout, 5).map(({ fields, paths }): WindowCommit => {
    const [id = '', author = '', seconds = '0', parents = '', subject = ''] = fields;
    // In a shallow clone a commit without parents is (all but always) the cut (trial 36).
    const cutHere = history.shallow && parents === '';
    return { id, author, time: Number(seconds) * 1000, subject, files: cutHere ? [] : paths };
  });
  return {
    commits: commits.slice(0, WINDOW_COMMIT_BOUND),
    cut: commits.length > WINDOW_COMMIT_BOUND,
  };
}

/**
 * A note when the window's bad end is not in the checked-out history (a detached HEAD older than
 * the failing version, or another branch): the window's commits are then not in the files read,
 * and its commits touching the suspects are changes the checkout does not have.
 * @returns the note, or `undefined` when the bad end is HEAD or an ancestor of it (or git could not
 *   tell).
 */
async function pastHead(history: GitHistory, bad: WindowEnd): Promise<string | undefined> {
  if (bad.id === history.head) return undefined;
  const result = await runGit(history.root, ['merge-base', '--is-ancestor', bad.id, history.head]);
  if (result.ok || result.exitCode !== 1) return undefined;
  return `${bad.ref} is not in the checked-out history (HEAD ${history.head.slice(0, 12)} is older or on another branch): the window's changes are not in the files read; check out ${bad.ref} or later to see them`;
}

/**
 * Why a window is empty: its ends are the same commit, or the version said to work is the newer
 * one (trial 42: "works in 1.3.0 but broken in 1.2.0" only said no commit lies between them).
 */
async function emptyWindowNote(
  history: GitHistory,
  good: WindowEnd,
  bad: WindowEnd,
): Promise<string> {
  if (good.id !== bad.id) {
    const result = await runGit(history.root, ['merge-base', '--is-ancestor', bad.id, good.id]);
    if (result.ok) {
      return `the version said to work, ${good.ref}, is newer than the one said to fail, ${bad.ref}: the report may have them the wrong way round, so no window is read`;
    }
  }
  return `no commit lies between ${good.ref} and ${bad.ref}`;
}

/**
 * Finds the regression window a report names, in the repository's history.
 * @param history the opened history.
 * @param text the report's text (title and body).
 * @returns the window with its commits (commit text through the secret gate) and changed files,
 *   or `null` with the reason (no version named, a version with no tag). Never throws.
 */
export async function findRegressionWindow(
  history: GitHistory,
  text: string,
): Promise<FindRegressionWindowResult> {
  const mentions = findVersionMentions(text);
  if (mentions.length === 0) return { window: null, notes: [] };
  const tags = await listReleaseTags(history);
  const ends: { good?: WindowEnd; bad?: WindowEnd } = {};
  let claimed = false;
  const evidence: string[] = [];
  const unresolved: VersionMention[] = [];
  let badTag: ReleaseTag | undefined;
  let sinceCommit: WindowEnd | undefined;
  for (const mention of mentions as VersionMention[]) {
    if (ends[mention.side]) continue;
    if (mention.kind === 'commit') {
      const id = await resolveCommit(history, mention.text);
      if (!id) continue;
      ends[mention.side] = { ref: mention.text, id };
      if (mention.side === 'bad') sinceCommit = ends.bad;
      claimed ||= mention.side === 'good' || claimsChange(mention);
      evidence.push(mention.context);
      continue;
    }
    const tag = tagForVersion(tags, mention.text, mention.side);
    const id = tag ? await resolveCommit(history, tag.name) : undefined;
    if (!tag || !id) {
      unresolved.push(mention);
      continue;
    }
    ends[mention.side] = { ref: tag.name, id };
    if (mention.side === 'bad') badTag = tag;
    claimed ||= mention.side === 'good' || claimsChange(mention);
    evidence.push(mention.context);
  }
  if (!ends.good && badTag) {
    const before = previousTag(tags, badTag);
    const id = before ? await resolveCommit(history, before.name) : undefined;
    if (before && id) ends.good = { ref: before.name, id };
  }
  if (!ends.good && sinceCommit) {
    const id = await resolveCommit(history, `${sinceCommit.id}^`);
    if (id) ends.good = { ref: `${sinceCommit.ref}^`, id };
  }
  if (ends.good && !ends.bad) ends.bad = { ref: 'HEAD', id: history.head };
  const notes = unresolved.length ? [unresolvedNote(unresolved, tags.length)] : [];
  if (!ends.good || !ends.bad) {
    return {
      window: null,
      notes: [...notes, 'the report names no version range this history holds'],
    };
  }
  const { commits, cut } = await readWindow(history, ends.good, ends.bad);
  if (commits.length === 0) {
    return {
      window: null,
      notes: [...notes, await emptyWindowNote(history, ends.good, ends.bad)],
    };
  }
  const files = new Map<string, number>();
  for (const commit of commits) {
    for (const file of commit.files) files.set(file, (files.get(file) ?? 0) + 1);
  }
  if (cut)
    notes.push(`the window holds more than ${WINDOW_COMMIT_BOUND} commits; the newest were read`);
  if (history.shallow) notes.push("shallow clone: the window may reach past the clone's cut");
  const past = await pastHead(history, ends.bad);
  if (past) notes.push(past);
  // The files of the commit at HEAD (not the index: a bare repository has none).
  const tracked = await runGit(history.root, ['ls-tree', '-r', '-z', '--name-only', history.head]);
  const trackedFiles = tracked.ok ? tracked.stdout.split('\0').filter(Boolean).length : 0;
  return {
    window: {
      trackedFiles: Math.max(trackedFiles, files.size),
      good: ends.good,
      bad: ends.bad,
      evidence,
      commits: await gateCommitTexts(commits),
      cut,
      files,
      claimed,
    },
    notes,
  };
}
