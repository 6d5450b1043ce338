/**
 * The localization development set (`bench/localize-cases/*.json`): real public bug reports with a
 * known fix commit, each stored as facts (repository, fix commit, parent revision, gold files and
 * the lines the fix changed, language, whether it has a stack trace) and a paraphrase of the report
 * written for Sightline. Two kinds of case:
 *
 * - `npm`: a published package version (the last release before the fix), fetched with `npm pack`
 *   into bench/.cache/npm like the shared cases; gold files are paths inside the tarball, with the
 *   name of the function the fix changed.
 * - `git`: an application or library repository at the fix's parent revision. Its code is never
 *   committed here; `--fetch-list` prints what is needed and `--materialize DIR` extracts each
 *   revision from local git directories (`DIR/<owner>+<name>/repo` or `DIR/<owner>/<name>.git`)
 *   into bench/.cache/repos. A case whose tree is absent is skipped with a message.
 *
 * The shared cases (../shared/data/cases) are read through {@link fromSharedCase} so that one
 * loop measures all of them.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SharedCase } from './cases.js';
import { BENCH_DIR } from './npm-pack.js';

const run = promisify(execFile);

/** Folder of the development-set case files. */
export const DEV_CASES_DIR = path.join(BENCH_DIR, 'localize-cases');
/** Where `--materialize` extracts repository revisions (git-ignored). */
export const REPO_CACHE_DIR = path.join(BENCH_DIR, '.cache', 'repos');

/** A gold location of a development case. */
export interface DevGold {
  /** Path relative to the repository root (git) or the package root (npm). */
  file: string;
  /**
   * 1-based inclusive line ranges the fix changed, at the parent revision (git cases); lines of
   * tests the fix added (a Rust `mod tests` in the same file) are left out: they are not the defect.
   */
  changed?: [number, number][];
  /** Name of the function the fix changed (npm cases, whose files are compiled or bundled). */
  symbol?: string;
  /**
   * Gold line span given directly: the shared cases, and a function the index has no definition
   * for (one defined by a call, `AST_Node.DEFMETHOD("name", function …)`), read at the fix commit.
   */
  lines?: [number, number];
}

/** One case of the development set (or a shared case seen through the same shape). */
export interface DevCase {
  id: string;
  kind: 'npm' | 'git';
  language: string;
  /** `dev` (default), `swe-bench-lite` or `shared`. */
  set?: string;
  /** GitHub `owner/name` of the project. */
  repo?: string;
  /** Fix commit and its parent (the revision measured for git cases). */
  fix?: string;
  parent?: string;
  package?: string;
  version?: string;
  /** For npm cases: `source`, `compiled`, `bundle` or `bundle-and-source`. */
  shape?: string;
  source?: string;
  has_stack_trace: boolean;
  report: { title: string; body: string };
  gold: DevGold[];
}

/**
 * Reads every development case, sorted by file name.
 * @param dir - folder of the case files. Default {@link DEV_CASES_DIR}.
 * @returns the cases (`set` defaulted to `dev`).
 */
export function readDevCases(dir: string = DEV_CASES_DIR): DevCase[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const entry = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as DevCase;
      return { ...entry, set: entry.set ?? 'dev' };
    });
}

/**
 * A shared case in the development-case shape (npm kind, JavaScript, set `shared`).
 * @param entry - the shared case.
 * @returns the same case as a {@link DevCase}.
 */
export function fromSharedCase(entry: SharedCase): DevCase {
  return {
    id: entry.id,
    kind: 'npm',
    language: 'javascript',
    set: 'shared',
    package: entry.package,
    version: entry.version,
    has_stack_trace: entry.has_stack_trace,
    report: entry.report,
    gold: entry.gold.map(({ file, lines, symbol }) => ({
      file,
      lines,
      ...(symbol ? { symbol } : {}),
    })),
  };
}

/** The folder a git case's parent revision is extracted to. */
export function repoTreeDir(entry: DevCase, cacheDir: string = REPO_CACHE_DIR): string {
  return path.join(cacheDir, `${(entry.repo ?? '').replace('/', '+')}@${entry.parent ?? ''}`);
}

/**
 * The extracted tree of a git case, if `--materialize` left it in the cache.
 * @returns the folder, or `undefined` when it was never extracted.
 */
export function cachedRepoTree(
  entry: DevCase,
  cacheDir: string = REPO_CACHE_DIR,
): string | undefined {
  const dir = repoTreeDir(entry, cacheDir);
  return existsSync(`${dir}.extracted`) ? dir : undefined;
}

/**
 * What `--fetch-list` prints: one line per git revision needed, with the extraction command.
 * @param cases - the cases.
 * @returns lines `owner/name PARENT -> folder`, deduplicated.
 */
export function fetchList(cases: readonly DevCase[]): string[] {
  const lines = new Set<string>();
  for (const entry of cases) {
    if (entry.kind !== 'git') continue;
    const present = cachedRepoTree(entry) ? 'present' : 'missing';
    lines.add(`${entry.repo} ${entry.parent} -> ${repoTreeDir(entry)} (${present})`);
  }
  return [...lines];
}

/**
 * The git directory of `owner/name` under a mirror folder: `<owner>+<name>/repo` (bare, or a
 * clone's `repo/.git`, as `fetch` leaves them) or `<owner>/<name>.git`.
 * @returns the directory, or `undefined` when the repository is not there.
 */
export function mirrorGitDir(mirrors: string, repo: string): string | undefined {
  const [owner = '', name = ''] = repo.split('/');
  // GitHub names are case-insensitive: a data set may spell `fasterxml`, the snapshot `FasterXML`.
  const folder =
    (existsSync(mirrors) ? readdirSync(mirrors) : []).find(
      (entry) => entry.toLowerCase() === `${owner}+${name}`.toLowerCase(),
    ) ?? `${owner}+${name}`;
  return [
    path.join(mirrors, folder, 'repo', '.git'),
    path.join(mirrors, folder, 'repo'),
    path.join(mirrors, owner, `${name}.git`),
  ].find((candidate) => existsSync(path.join(candidate, 'HEAD')));
}

/**
 * The `owner/name` spelling of a repository's snapshot folder (GitHub's own case), or `repo` as
 * given when it is not under `mirrors`.
 */
export function mirrorRepoName(mirrors: string, repo: string): string {
  const folder = (existsSync(mirrors) ? readdirSync(mirrors) : []).find(
    (entry) => entry.toLowerCase() === repo.replace('/', '+').toLowerCase(),
  );
  return folder ? folder.replace('+', '/') : repo;
}

/**
 * Files of `revision` whose content the git directory lacks (snapshots may leave out large files).
 */
async function missingBlobs(gitDir: string, revision: string): Promise<string[]> {
  const { stdout } = await run('git', [`--git-dir=${gitDir}`, 'ls-tree', '-r', '-z', revision], {
    maxBuffer: 256 * 1024 * 1024,
  });
  const blobs = stdout
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta = '', file = ''] = line.split('\t');
      const [, type, object = ''] = meta.split(' ');
      return { object, type, file };
    })
    .filter((blob) => blob.type === 'blob');
  const checker = execFile('git', [`--git-dir=${gitDir}`, 'cat-file', '--batch-check'], {
    maxBuffer: 256 * 1024 * 1024,
  });
  let output = '';
  checker.stdout?.on('data', (chunk: string) => {
    output += chunk;
  });
  const done = new Promise((resolve) => checker.on('close', resolve));
  checker.stdin?.end(`${blobs.map((blob) => blob.object).join('\n')}\n`);
  await done;
  const missing = new Set(
    output
      .split('\n')
      .filter((line) => line.endsWith(' missing'))
      .map((line) => line.split(' ')[0]),
  );
  return blobs.filter((blob) => missing.has(blob.object)).map((blob) => blob.file);
}

/**
 * Extracts the parent revision of every git case from local git directories into the cache
 * (`git archive PARENT | tar -x`); already extracted revisions are kept.
 * @param cases - the cases.
 * @param mirrors - folder holding `<owner>+<name>/repo` or `<owner>/<name>.git` git directories.
 * @returns the ids extracted and the ids whose repository was not found.
 */
export async function materialize(
  cases: readonly DevCase[],
  mirrors: string,
): Promise<{ extracted: string[]; missing: string[] }> {
  const extracted: string[] = [];
  const missing: string[] = [];
  for (const entry of cases) {
    if (entry.kind !== 'git' || !entry.repo || !entry.parent || cachedRepoTree(entry)) continue;
    const gitDir = mirrorGitDir(mirrors, entry.repo);
    if (!gitDir) {
      missing.push(entry.id);
      continue;
    }
    const dir = repoTreeDir(entry);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const archive = `${dir}.tar`;
    const excluded = (await missingBlobs(gitDir, entry.parent)).map((file) => `:(exclude)${file}`);
    await run(
      'git',
      [
        `--git-dir=${gitDir}`,
        'archive',
        '--format=tar',
        '-o',
        archive,
        entry.parent,
        '--',
        '.',
        ...excluded,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    await run('tar', ['-xf', archive, '-C', dir]);
    await rm(archive);
    await writeFile(`${dir}.extracted`, `${entry.repo}@${entry.parent}\n`);
    extracted.push(entry.id);
  }
  return { extracted, missing };
}
