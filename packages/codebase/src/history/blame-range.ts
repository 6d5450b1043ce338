/**
 * Blame of one line range: which commits last changed its lines, following lines moved within
 * the file (`-M`), ignoring whitespace-only changes (`-w`) and the revisions listed in
 * `.git-blame-ignore-revs` when the repository keeps one (blame-ignore-revs.ts says which lists
 * are read, and when blame does not run). Renames of the file itself are followed
 * by blame as a matter of course. Lines copied from other files (`-C`) are not followed: with
 * `-C` git reads no changed-path Bloom filter (see commit-graph.ts), and blame of a long history
 * took about twice as long (bench:history).
 */
import { ignoreRevsArguments } from './blame-ignore-revs.js';
import type { GitHistory } from './open-git-history.js';
import { runGit } from './run-git.js';

/** A commit as history shows it. */
export interface CommitInfo {
  /** Full commit id. */
  id: string;
  /** Author name (never the e-mail address). */
  author: string;
  /** Author time, in ms since the epoch. */
  time: number;
  /** First line of the message. */
  subject: string;
}

/** One commit's share of a blamed range. */
export interface BlamedCommit extends CommitInfo {
  /** Lines of the range it last changed. */
  lines: number;
  /** Which ones: 1-based line numbers of the blamed file, ascending (absent when not read). */
  lineNumbers?: number[];
  /** True when it is a shallow clone's cut (the lines may be older). */
  boundary: boolean;
}

/** The blame of one range. */
export interface RangeBlame {
  path: string;
  /** 1-based inclusive range blamed. */
  lines: [number, number];
  /** Commits that last changed its lines, most lines first; uncommitted lines are not listed. */
  commits: BlamedCommit[];
  /** Lines changed in the work tree and not committed. */
  uncommitted: number;
}

const NULL_ID = /^0{40}$/;

/**
 * Parses `git blame --porcelain` output.
 * @returns the commits with their line counts and line numbers, most lines first (ties by newer
 *   first).
 */
export function parseBlamePorcelain(text: string): {
  commits: BlamedCommit[];
  uncommitted: number;
} {
  const byId = new Map<string, BlamedCommit>();
  let current: BlamedCommit | undefined;
  let uncommitted = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('\t')) continue;
    const header = /^([0-9a-f]{40}) \d+ (\d+)/.exec(line);
    if (header) {
      const id = header[1] ?? '';
      if (NULL_ID.test(id)) {
        uncommitted += 1;
        current = undefined;
        continue;
      }
      current = byId.get(id);
      if (!current) {
        current = {
          id,
          author: '',
          time: 0,
          subject: '',
          lines: 0,
          lineNumbers: [],
          boundary: false,
        };
        byId.set(id, current);
      }
      current.lines += 1;
      current.lineNumbers?.push(Number(header[2]));
      continue;
    }
    if (!current) continue;
    const space = line.indexOf(' ');
    const key = space === -1 ? line : line.slice(0, space);
    const value = space === -1 ? '' : line.slice(space + 1);
    if (key === 'author') current.author = value;
    else if (key === 'author-time') current.time = Number(value) * 1000;
    else if (key === 'summary') current.subject = value;
    else if (key === 'boundary') current.boundary = true;
  }
  const commits = [...byId.values()].sort((a, b) => b.lines - a.lines || b.time - a.time);
  return { commits, uncommitted };
}

const filterDrivers = new WeakMap<GitHistory, Promise<CleanFiltersOff>>();

/** How blame keeps a repository's clean filters from running. */
interface CleanFiltersOff {
  /** `-c` settings emptying each clean filter the repository's config defines. */
  settings: string[];
  /**
   * True when a filter may run whatever `-c` says, and blame reads committed content instead: a
   * driver's name holds `=` (`-c` splits at the first `=`, so `-c filter.a=b.clean=` sets
   * `filter.a`), or git could not list the filters (a time limit, a signal, an error).
   */
  unemptiable: boolean;
}

/**
 * The clean filters the repository's config defines (`filter.<driver>.clean` and `.process`), made
 * harmless: blame of the work tree runs a file's clean filter, a program the repository's config
 * names (git runs none for an empty command). Read once per opened history (an investigation's),
 * not per folder: a long-running service sees the filters a repository's config gained since.
 */
function cleanFiltersOff(history: GitHistory): Promise<CleanFiltersOff> {
  let known = filterDrivers.get(history);
  if (!known) {
    known = runGit(history.root, [
      'config',
      '--null',
      '--name-only',
      '--get-regexp',
      '^filter\\.',
    ]).then((result) => {
      // git exits 1 when the config defines no filter; any other failure leaves them unknown.
      if (!result.ok) return { settings: [], unemptiable: result.exitCode !== 1 };
      const drivers = new Set(
        result.stdout
          .split('\0')
          .filter((name) => name.startsWith('filter.') && name.lastIndexOf('.') > 7)
          .map((name) => name.slice(7, name.lastIndexOf('.'))),
      );
      const named = [...drivers].filter((driver) => !driver.includes('='));
      return {
        settings: named.flatMap((driver) => [
          '-c',
          `filter.${driver}.clean=`,
          '-c',
          `filter.${driver}.process=`,
        ]),
        unemptiable: named.length < drivers.size,
      };
    });
    filterDrivers.set(history, known);
  }
  return known;
}

/** Options of {@link blameRange}. */
export interface BlameRangeOptions {
  /** Time limit of the blame, in ms. Default 10,000. */
  timeoutMs?: number;
  /**
   * Oldest history walked, in ms since the epoch: lines unchanged since then are given to a
   * boundary commit (`boundary: true`) instead of their real author. Default: all history.
   */
  since?: number;
  /**
   * Blame only the commits after this one (`base..HEAD`, committed content): older lines are
   * given to the boundary. Default: the work tree over all history.
   */
  base?: string;
}

/**
 * Blames one range of a work-tree file (of HEAD's content when the repository's config has a
 * clean filter no `-c` setting can empty, or its filters could not be listed: then no line counts
 * as uncommitted).
 * @param history the opened history.
 * @param filePath repository-relative path.
 * @param lines 1-based inclusive range.
 * @returns the blame, or `null` when git could not blame it (the file is not tracked, the time
 *   limit was reached, a revision list the config names is not safe to read). Never throws.
 */
export async function blameRange(
  history: GitHistory,
  filePath: string,
  lines: [number, number],
  { timeoutMs = 10_000, since, base }: BlameRangeOptions = {},
): Promise<RangeBlame | null> {
  const ignore = await ignoreRevsArguments(history);
  if (!ignore) return null;
  const filters = await cleanFiltersOff(history);
  // Committed content runs no clean filter: blamed when one cannot be emptied.
  const revisions = base !== undefined ? [`${base}..HEAD`] : filters.unemptiable ? ['HEAD'] : [];
  const result = await runGit(
    history.root,
    [
      ...filters.settings,
      'blame',
      '--porcelain',
      // A textconv driver is a program the repository's config names.
      '--no-textconv',
      // A shallow clone's cut is a root here: left a boundary, it is not taken for the author.
      ...(history.shallow ? [] : ['--root']),
      '-w',
      '-M',
      ...ignore,
      // A time git printed unreadably (NaN) bounds nothing, rather than throwing here.
      ...(since === undefined || !Number.isFinite(since)
        ? []
        : [`--since=${new Date(since).toISOString()}`]),
      '-L',
      `${lines[0]},${lines[1]}`,
      ...revisions,
      '--',
      filePath,
    ],
    {
      timeoutMs,
      signal: history.signal,
      ...(history.graphDir ? { env: { GIT_ALTERNATE_OBJECT_DIRECTORIES: history.graphDir } } : {}),
    },
  );
  if (!result.ok) return null;
  return { path: filePath, lines, ...parseBlamePorcelain(result.stdout) };
}
