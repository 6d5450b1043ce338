/**
 * What the suspect-commit ranking knows of a blamed commit, as numbers: how much of the suspect
 * ranges it last changed and how suspect those ranges are, how recently before the report it was
 * made, how large it was, what its subject says (a fix, a reformat or relicensing, a release, a
 * move or rename, a merge), whether it lies inside the regression window, how well its own
 * change matches the report (scored by the caller from commit-changes.ts) and whether it last
 * changed a line the report's stack frames name. Read from the blames
 * and that score (no git here), so bench:history fits the ranking on kept blames.
 */
import type { BlamedCommit } from './blame-range.js';
import { isFixSubject } from './file-history.js';

/** A blamed suspect range: where, and which commits last changed its lines (null: not blamed). */
export interface BlamedRange {
  path: string;
  /** 1-based inclusive range. */
  lines: [number, number];
  commits: readonly BlamedCommit[] | null;
}

/**
 * The features, in the order of a feature vector: Σ over ranges of √share / rank (share: the
 * fraction of the range's lines it last changed; rank 1-based); its largest share; 1 / the best
 * rank it touched; log(1 + lines it last changed); log(1 + age in days at the report); log(1 + its
 * place among the candidates from the newest); log(files it changed); more than 100 files (a bulk
 * commit); subjects: fix-like, formatting/licence, release/version bump, move/rename/import,
 * merge; inside the regression window; how well its change matches the report (0 to 1: BM25 of
 * the report against its message and changed lines in the suspect files over the best
 * candidate's, after Locus, Wen et al. ASE 2016); whether it last changed a line a stack frame of
 * the report names (after ChangeLocator, Wu et al. EMSE 2018); Σ over the ranges where it is the
 * newest of two or more commits of 1 / the range's rank (the latest change to code that had
 * worked before it: Sentry's suspect commits take the latest commit to a frame's file; here per
 * range; weighed since the model's fit of 2026-12-06, see SUSPECT_COMMIT_MODEL).
 */
export const SUSPECT_COMMIT_FEATURES = [
  'share',
  'maxShare',
  'bestRank',
  'logLines',
  'logAgeDays',
  'logNewestOrder',
  'logFiles',
  'bulk',
  'fixSubject',
  'formatSubject',
  'releaseSubject',
  'moveSubject',
  'mergeSubject',
  'inWindow',
  'reportMatch',
  'frameLine',
  'newestInRange',
] as const;

/** Files above which a commit counts as a bulk change (an import, a mass reformat). */
const BULK_FILES = 100;
const FORMAT_SUBJECT =
  /\b(?:format\w*|reformat\w*|prettier|lint\w*|eslint|clang-format|rustfmt|gofmt|whitespace|indent\w*|style|typos?|licen[cs]e\w*|copyright)\b/i;
const RELEASE_SUBJECT = /\b(?:release\w*|bump\w*|version|changelog)\b|\bv?\d+\.\d+\.\d+\b/i;
/**
 * Subjects of moves, renames and imports ("split" is not one: "split long lines", "fix splitting
 * of arguments" are ordinary changes).
 */
const MOVE_SUBJECT =
  /\b(?:renam\w*|mov(?:e|ed|es|ing)|extract\w*|reorgani[sz]\w*|restructur\w*|migrat\w*|convert\w*|initial|import(?:ed)?)\b/i;
const MERGE_SUBJECT = /^merge\b/i;

/** A commit that last changed some suspect lines before the report, with its features. */
export interface CommitCandidate extends BlamedCommit {
  /** The suspect ranges it last changed, with how many of their lines. */
  touches: { path: string; lines: [number, number]; changedLines: number }[];
  /** True when it lies inside the regression window (set only when a window is known). */
  inWindow?: boolean;
  /** Values of {@link SUSPECT_COMMIT_FEATURES}, in that order. */
  features: number[];
}

/** Options of {@link commitCandidates}. */
export interface CommitCandidatesOptions {
  /** When the failure was first reported, in ms since the epoch. */
  reportedAt: number;
  /** Ids of the commits inside the regression window, if one is known. */
  windowCommits?: ReadonlySet<string> | undefined;
  /** Files each commit changed (absent: counted as one file). */
  commitFiles?: ReadonlyMap<string, number>;
  /** How well each commit's own change matches the report, 0 to 1 (absent: 0). */
  reportMatch?: ReadonlyMap<string, number>;
  /** Path → 1-based lines the report's stack frames name there (absent: none). */
  frameLines?: ReadonlyMap<string, readonly number[]>;
}

/**
 * The candidates of the blamed ranges. Commits made after the report cannot have caused it and
 * are left out; a boundary commit (the shallow clone's cut, or the blamed history's start) only
 * stands for older, unknown authors and is counted as unattributed lines.
 * @param ranges blamed ranges, most suspect first.
 * @returns the candidates (first-touch order) and the lines given to boundary commits.
 */
export function commitCandidates(
  ranges: readonly BlamedRange[],
  { reportedAt, windowCommits, commitFiles, reportMatch, frameLines }: CommitCandidatesOptions,
): { candidates: CommitCandidate[]; unattributed: number } {
  let unattributed = 0;
  const found = new Map<
    string,
    {
      commit: BlamedCommit;
      touches: CommitCandidate['touches'];
      share: number;
      maxShare: number;
      rank: number;
      lines: number;
      onFrameLine: boolean;
      newestIn: number;
    }
  >();
  ranges.forEach((range, at) => {
    const length = range.lines[1] - range.lines[0] + 1;
    for (const commit of range.commits ?? []) {
      if (commit.boundary) {
        unattributed += commit.lines;
        continue;
      }
      if (commit.time > reportedAt) continue;
      const share = commit.lines / length;
      const entry = found.get(commit.id) ?? {
        commit,
        touches: [],
        share: 0,
        maxShare: 0,
        rank: at + 1,
        lines: 0,
        onFrameLine: false,
        newestIn: 0,
      };
      const named = frameLines?.get(range.path);
      entry.onFrameLine ||= (commit.lineNumbers ?? []).some((line) => named?.includes(line));
      entry.touches.push({ path: range.path, lines: range.lines, changedLines: commit.lines });
      entry.share += Math.sqrt(share) / (at + 1);
      entry.maxShare = Math.max(entry.maxShare, share);
      entry.lines += commit.lines;
      found.set(commit.id, entry);
    }
  });
  ranges.forEach((range, at) => {
    const own = (range.commits ?? []).filter(
      (commit) => !commit.boundary && commit.time <= reportedAt,
    );
    if (own.length < 2) return;
    const newest = Math.max(...own.map((commit) => commit.time));
    for (const commit of own) {
      const entry = commit.time === newest ? found.get(commit.id) : undefined;
      if (entry) entry.newestIn += 1 / (at + 1);
    }
  });
  const newestFirst = [...found.values()].sort((a, b) => b.commit.time - a.commit.time);
  const candidates = [...found.values()].map((entry): CommitCandidate => {
    const { commit } = entry;
    const files = Math.max(1, commitFiles?.get(commit.id) ?? 1);
    const inWindow = windowCommits?.has(commit.id) ?? false;
    const ageDays = Math.max(0, reportedAt - commit.time) / 86_400_000;
    return {
      ...commit,
      lines: entry.lines,
      touches: entry.touches,
      ...(windowCommits ? { inWindow } : {}),
      features: [
        entry.share,
        entry.maxShare,
        1 / entry.rank,
        Math.log1p(entry.lines),
        Math.log1p(ageDays),
        Math.log1p(newestFirst.indexOf(entry)),
        Math.log(files),
        files > BULK_FILES ? 1 : 0,
        isFixSubject(commit.subject) ? 1 : 0,
        FORMAT_SUBJECT.test(commit.subject) ? 1 : 0,
        RELEASE_SUBJECT.test(commit.subject) ? 1 : 0,
        MOVE_SUBJECT.test(commit.subject) ? 1 : 0,
        MERGE_SUBJECT.test(commit.subject) ? 1 : 0,
        inWindow ? 1 : 0,
        reportMatch?.get(commit.id) ?? 0,
        entry.onFrameLine ? 1 : 0,
        entry.newestIn,
      ],
    };
  });
  return { candidates, unattributed };
}
