import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGitHistoryFixture,
  commitAll,
  type GitHistoryFixture,
} from '../testing/git-history-fixture.js';
import { readCommitChanges } from './commit-changes.js';
import { COMMIT_GRAPH_MAX_AGE_MS, prepareCommitGraph } from './commit-graph.js';
import { readCommitSizes } from './commit-sizes.js';
import { historyFeatures, isFixSubject, readFileHistory } from './file-history.js';
import { gateCommitTexts } from './gate-commit-texts.js';
import { type GitHistory, openGitHistory } from './open-git-history.js';
import { findRegressionWindow } from './regression-window.js';
import { GIT_ABORTED } from './run-git.js';
import { findSuspectCommits } from './suspect-commits.js';

/** A GitHub token's shape, built so no scanner mistakes this file for a leak. */
const TOKEN = ['gh', 'p_', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'].join('');
let dir: string;
let fixture: GitHistoryFixture;
let history: GitHistory;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sightline-git-'));
  fixture = await buildGitHistoryFixture(path.join(dir, 'slugger'));
  const opened = await openGitHistory(fixture.root);
  if (!opened.history) throw new Error(opened.reason);
  history = opened.history;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('git history', () => {
  it('opens a checkout and says when a folder has none', async () => {
    expect(history).toMatchObject({ shallow: false, commitCount: 6, countCut: false, notes: [] });
    expect(history.webUrl).toBeUndefined();
    expect(await openGitHistory(dir)).toEqual({
      history: null,
      reason: 'the repository is not a git checkout (no history to read)',
      refused: false,
    });
  });

  it('reads no history for a folder the checkout does not track (an unpacked, ignored package)', async () => {
    const unpacked = path.join(fixture.root, 'untracked-cache', 'pkg');
    await mkdir(unpacked, { recursive: true });
    await writeFile(path.join(unpacked, 'index.js'), 'module.exports = 1;\n');
    expect(await openGitHistory(unpacked)).toEqual({
      history: null,
      reason:
        'the repository folder is not tracked by the git checkout around it (ignored or never committed), so that history is not its own',
      refused: false,
    });
    const tracked = await openGitHistory(path.join(fixture.root, 'src'));
    expect(tracked.history?.head).toBe(history.head);
  });

  it('refuses, with what to do, a checkout whose core.worktree names another folder; a bare one is no checkout', async () => {
    // Found by a fresh-user trial: history was dropped without a word ('not a git work tree').
    const moved = path.join(dir, 'moved');
    await mkdir(path.join(dir, 'elsewhere'), { recursive: true });
    await mkdir(moved);
    await writeFile(path.join(moved, 'index.js'), 'module.exports = 1;\n');
    commitAll(moved, 'add index');
    execFileSync('git', ['config', 'core.worktree', path.join(dir, 'elsewhere')], { cwd: moved });
    expect(await openGitHistory(moved)).toEqual({
      history: null,
      reason:
        "git history was not read: the checkout's git configuration sets its work tree (core.worktree) to another folder, so its history describes the files there, not these",
      refused: true,
      advice:
        "Investigate the folder core.worktree names (`git config --get core.worktree`), or, if these are the checkout's files, unset it (`git config --unset core.worktree`).",
    });
    const bare = path.join(dir, 'bare.git');
    execFileSync('git', ['init', '-q', '--bare', bare]);
    expect(await openGitHistory(bare)).toEqual({
      history: null,
      reason: 'the repository is not a git work tree',
      refused: false,
    });
  });

  it('ranks the commits that last changed the suspect ranges, and leaves out later ones', async () => {
    const ranges = [{ path: fixture.defectPath, lines: [2, 6] as [number, number] }];
    const { commits } = await findSuspectCommits(history, ranges);
    expect(commits.map((commit) => [commit.subject, commit.touches[0]?.changedLines])).toEqual([
      [fixture.regressionSubject, 2],
      ['Add a separator option; an empty title gives an empty slug', 2],
      // The closing brace is the first release's, through the rename of slug.js to slugify.js.
      ['First release: slugify', 1],
    ]);
    const before = await findSuspectCommits(history, ranges, {
      reportedAt: Date.parse('2024-02-15T00:00:00Z'),
    });
    expect(before.commits.map((commit) => commit.subject)).toEqual([
      'Add a separator option; an empty title gives an empty slug',
      'First release: slugify',
    ]);
    // A report made years after the last commit (a quiet project) blames back from HEAD, as a
    // report at HEAD's time would: the window is not emptied by the years without commits.
    const late = await findSuspectCommits(history, ranges, {
      reportedAt: history.headTime + 10 * 365 * 86_400_000,
    });
    expect(late.commits.map((commit) => commit.subject)).toEqual(
      (await findSuspectCommits(history, ranges)).commits.map((commit) => commit.subject),
    );
  });

  it('ranks the commits inside a claimed regression window first, and only a claimed one (trial 42)', async () => {
    const ranges = [{ path: fixture.defectPath, lines: [2, 6] as [number, number] }];
    const all = (await findSuspectCommits(history, ranges)).commits;
    const last = all.at(-1);
    if (!last) throw new Error('no suspect commits');
    const windowCommits = new Set([last.id]);
    const subjects = async (windowClaimed: boolean) =>
      (await findSuspectCommits(history, ranges, { windowCommits, windowClaimed })).commits.map(
        (commit) => [commit.subject, commit.inWindow],
      );
    expect(await subjects(true)).toEqual([
      ['First release: slugify', true],
      [fixture.regressionSubject, false],
      ['Add a separator option; an empty title gives an empty slug', false],
    ]);
    expect((await subjects(false)).map(([subject]) => subject)).toEqual(
      all.map((commit) => commit.subject),
    );
  });

  it("reads a commit's message and its changed lines in the files asked, not the others", async () => {
    const ranges = [{ path: fixture.defectPath, lines: [2, 6] as [number, number] }];
    const [regression, separator] = (await findSuspectCommits(history, ranges)).commits;
    const ids = [regression?.id ?? '', separator?.id ?? '', 'e'.repeat(40)];
    // The separator commit changed the file before its rename (slug.js): not read.
    const changes = await readCommitChanges(history, ids, [fixture.defectPath]);
    expect([...changes.keys()]).toEqual(ids.slice(0, 1));
    const text = changes.get(ids[0] ?? '') ?? '';
    expect(text.startsWith(`${fixture.regressionSubject}\n\n`)).toBe(true);
    // Removed and added lines, no unchanged context line.
    expect(text).toContain("  if (title === '') return '';");
    expect(text).toContain('  const words = title.match(/[a-z0-9]+/gi);');
    expect(text).not.toContain("const separator = options.separator ?? '-';");
    const renamed = await readCommitChanges(history, ids.slice(1, 2), ['src/slug.js']);
    expect(renamed.get(ids[1] ?? '')).toContain("const separator = options.separator ?? '-';");
    expect(await readCommitChanges(history, [], [fixture.defectPath])).toEqual(new Map());
  });

  it('makes the commit-graph folders it creates private (0700), the home cache above them too', async () => {
    const cache = path.join(dir, 'private-home', '.cache');
    const graphDir = path.join(cache, 'sightline', 'commit-graph', 'graph');
    await prepareCommitGraph(history, { dir: graphDir });
    const folders = ['.', 'sightline', 'sightline/commit-graph', 'sightline/commit-graph/graph'];
    const modes = await Promise.all(
      [
        ...folders,
        'sightline/commit-graph/graph/objects',
        'sightline/commit-graph/graph/objects/info',
      ].map(async (folder) => (await stat(path.join(cache, folder))).mode & 0o777),
    );
    expect(modes).toEqual([0o700, 0o700, 0o700, 0o700, 0o700, 0o700]);
  });

  it('writes a commit-graph for blame once, outside the repository, and blames the same with it', async () => {
    const graphDir = path.join(dir, 'graph');
    const first = await prepareCommitGraph(history, { dir: graphDir });
    expect(first.state).toBe('written');
    expect(first.history.graphDir).toBe(path.join(graphDir, 'objects'));
    expect(existsSync(path.join(graphDir, 'objects', 'info', 'commit-graph'))).toBe(true);
    expect(existsSync(path.join(fixture.root, '.git', 'objects', 'info', 'commit-graph'))).toBe(
      false,
    );
    // git takes it for this repository's graph (verify fails on a graph of other commits).
    execFileSync('git', ['commit-graph', 'verify', '--object-dir', first.history.graphDir ?? ''], {
      cwd: fixture.root,
      env: {
        PATH: process.env.PATH ?? '',
        GIT_ALTERNATE_OBJECT_DIRECTORIES: first.history.graphDir,
      },
      stdio: 'ignore',
    });
    expect((await prepareCommitGraph(history, { dir: graphDir })).state).toBe('kept');
    const moved = { ...history, head: 'f'.repeat(40) };
    const later = () => Date.now() + 2 * COMMIT_GRAPH_MAX_AGE_MS;
    expect((await prepareCommitGraph(moved, { dir: graphDir, now: later })).state).toBe('written');
    expect(
      await prepareCommitGraph({ ...history, shallow: true }, { dir: graphDir }),
    ).toMatchObject({
      state: 'skipped',
      history: { shallow: true },
    });
    // A write that fails is not retried at every investigation.
    const broken = { ...history, root: dir };
    const failedDir = path.join(dir, 'graph-failed');
    expect((await prepareCommitGraph(broken, { dir: failedDir })).state).toBe('skipped');
    expect((await prepareCommitGraph(broken, { dir: failedDir })).note).toMatch(
      /its last write failed/,
    );
    // A day later it is tried again, though HEAD has not moved.
    const retried = await prepareCommitGraph(broken, { dir: failedDir, now: later });
    expect(retried.note).toMatch(/^blame reads no commit-graph: /);
    expect(retried.note).not.toMatch(/its last write failed/);
    const ranges = [{ path: fixture.defectPath, lines: [1, 6] as [number, number] }];
    const plain = await findSuspectCommits(history, ranges);
    const withGraph = await findSuspectCommits(first.history, ranges);
    expect(withGraph.commits).toEqual(plain.commits);
  });

  it('stops blame and the commit-graph write for a history whose signal fired, remembering no failure', async () => {
    const stopped = { ...history, signal: AbortSignal.abort() };
    const graphDir = path.join(dir, 'graph-stopped');
    const prepared = await prepareCommitGraph(stopped, { dir: graphDir });
    expect(prepared).toMatchObject({
      state: 'skipped',
      note: `blame reads no commit-graph: ${GIT_ABORTED}`,
    });
    // Not stamped as failed: the next investigation writes it.
    expect((await prepareCommitGraph(history, { dir: graphDir })).state).toBe('written');
    const ranges = [{ path: fixture.defectPath, lines: [1, 6] as [number, number] }];
    const found = await findSuspectCommits(stopped, ranges);
    expect(found.commits).toEqual([]);
    expect(found.notes).toEqual([
      `${fixture.defectPath} could not be blamed (not committed, or git failed)`,
    ]);
  });

  it("takes another writer's lock for no failure of the commit-graph's write", async () => {
    const graphDir = path.join(dir, 'graph-locked');
    const lock = path.join(graphDir, 'objects', 'info', 'commit-graph.lock');
    await mkdir(path.dirname(lock), { recursive: true });
    await writeFile(lock, '');
    expect(await prepareCommitGraph(history, { dir: graphDir })).toMatchObject({
      state: 'skipped',
      note: 'blame reads no commit-graph: another git process is writing it',
    });
    await rm(lock);
    expect((await prepareCommitGraph(history, { dir: graphDir })).state).toBe('written');
  });

  it('names no folder of the machine in the note of a commit-graph write git refused', async () => {
    const graphDir = path.join(dir, 'graph-refused');
    const graph = path.join(graphDir, 'objects', 'info', 'commit-graph');
    await mkdir(path.dirname(graph), { recursive: true });
    // git's lock file follows the link: "Unable to create '<the folder>/…/commit-graph.lock'".
    await symlink(path.join(dir, 'missing', 'commit-graph'), graph);
    const prepared = await prepareCommitGraph(history, { dir: graphDir });
    expect(prepared.state).toBe('skipped');
    expect(prepared.note).toMatch(/^blame reads no commit-graph: .*<path>/);
    expect(prepared.note).not.toContain(dir);
  });

  it("withholds a secret git's refusal of the commit-graph write quotes from the checkout's config", async () => {
    const root = path.join(dir, 'quoted-config');
    await mkdir(root);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
    await writeFile(path.join(root, 'a.txt'), 'a\n');
    commitAll(root, 'first');
    const opened = await openGitHistory(root);
    if (!opened.history) throw new Error(opened.reason);
    // git dies on a bad value and quotes it: "bad numeric config value '<value>' for '…'".
    git('config', 'core.bigFileThreshold', TOKEN);
    const prepared = await prepareCommitGraph(opened.history, {
      dir: path.join(dir, 'graph-quoted'),
    });
    expect(prepared.note).toMatch(/^blame reads no commit-graph: .*bad numeric config value/);
    expect(prepared.note).not.toContain(TOKEN);
  });

  it('writes no commit-graph through a symbolic link inside the repository', async () => {
    const outside = path.join(dir, 'outside');
    await mkdir(outside);
    const link = path.join(fixture.root, '.sightline');
    await symlink(outside, link);
    try {
      const graph = await prepareCommitGraph(history, {
        dir: path.join(fixture.root, '.sightline', 'cache', 'commit-graph'),
      });
      expect([graph.state, graph.history.graphDir]).toEqual(['skipped', undefined]);
      expect(await readdir(outside)).toEqual([]);
      // The note reaches diagnoses (issue comments, the console): no folder of the machine's.
      expect(graph.note).toBe(
        'the commit-graph folder cannot be written (a symbolic link or a file stands in its path, or it is read-only)',
      );
    } finally {
      await rm(link);
    }
  });

  it('writes no commit-graph through a symbolic link inside a repository opened by a linked path', async () => {
    // The repository's own path may hold a link (a checkout under ~/code → /data/code): the
    // folder inside it is still checked segment by segment.
    const outside = path.join(dir, 'outside-aliased');
    await mkdir(outside);
    const alias = path.join(dir, 'slugger-alias');
    await symlink(fixture.root, alias);
    const link = path.join(fixture.root, '.sightline');
    await symlink(outside, link);
    try {
      const opened = await openGitHistory(alias);
      if (!opened.history) throw new Error(opened.reason);
      const graph = await prepareCommitGraph(opened.history, {
        dir: path.join(alias, '.sightline', 'cache', 'commit-graph'),
      });
      expect([graph.state, graph.history.graphDir]).toEqual(['skipped', undefined]);
      expect(await readdir(outside)).toEqual([]);
    } finally {
      await rm(link);
      await rm(alias);
    }
  });

  it('never reads a commit-graph or stamp that came with the checkout, nor one dated in the future', async () => {
    // A repository that commits its own "graph" and a stamp saying it is fresh (written in 2999).
    const forged = path.join(dir, 'forged');
    const graphDir = path.join(forged, '.sightline', 'cache', 'commit-graph');
    await mkdir(path.join(graphDir, 'objects', 'info'), { recursive: true });
    const future = { head: 'f'.repeat(40), writtenAt: Date.parse('2999-01-01'), ok: true };
    await writeFile(path.join(graphDir, 'sightline-commit-graph.json'), JSON.stringify(future));
    await writeFile(path.join(graphDir, 'objects', 'info', 'commit-graph'), 'forged');
    await writeFile(path.join(forged, 'index.js'), 'export {};\n');
    commitAll(forged, 'ship a graph');
    const opened = await openGitHistory(forged);
    if (!opened.history) throw new Error(opened.reason);
    const graph = await prepareCommitGraph(opened.history, { dir: graphDir });
    expect([graph.state, graph.history.graphDir]).toEqual(['skipped', undefined]);
    expect(graph.note).toMatch(/holds files the repository tracks/);
    expect(graph.note).not.toContain(forged);
    // Outside the checkout, a stamp from the future is written over, not kept.
    const elsewhere = path.join(dir, 'graph-future');
    await mkdir(elsewhere);
    await writeFile(path.join(elsewhere, 'sightline-commit-graph.json'), JSON.stringify(future));
    expect((await prepareCommitGraph(opened.history, { dir: elsewhere })).state).toBe('written');
  });

  it('counts the files each commit changed (a root commit: every file it added)', async () => {
    const { commits } = await findSuspectCommits(history, [
      { path: fixture.defectPath, lines: [1, 6] },
    ]);
    const sizes = await readCommitSizes(
      history,
      commits.map((commit) => commit.id),
    );
    const bySubject = Object.fromEntries(
      commits.map((commit) => [commit.subject, sizes.get(commit.id)]),
    );
    expect(bySubject).toMatchObject({
      'First release: slugify': 4,
      [fixture.regressionSubject]: 1,
    });
    expect(await readCommitSizes(history, [])).toEqual(new Map());
  });

  it('maps a commit named by the report to its own change', async () => {
    const { commits } = await findSuspectCommits(history, [
      { path: fixture.defectPath, lines: [4, 5] },
    ]);
    const id = commits[0]?.id.slice(0, 9) ?? '';
    const { window } = await findRegressionWindow(history, `Since ${id} slugify('') throws`);
    expect(window?.good.ref).toBe(`${id}^`);
    expect(window?.commits.map((commit) => commit.subject)).toEqual([fixture.regressionSubject]);
    expect(window?.claimed).toBe(true);
  });

  it('claims a regression only when the report says an earlier version worked', async () => {
    for (const text of [
      "slugify 1.2.0 throws a TypeError on ''",
      'slugify crashes after clicking save in 1.2.0',
      'I started the server on 1.2.0 and slugify throws',
    ]) {
      const lone = await findRegressionWindow(history, text);
      expect(lone.window).toMatchObject({ good: { ref: 'v1.1.0' }, bad: { ref: 'v1.2.0' } });
      expect(lone.window?.claimed).toBe(false);
    }
    for (const text of [
      "slugify('') works in 1.1.0 and throws in 1.2.0",
      "slugify('') throws after upgrading to 1.2.0",
    ]) {
      const { window } = await findRegressionWindow(history, text);
      expect(window).toMatchObject({
        good: { ref: 'v1.1.0' },
        bad: { ref: 'v1.2.0' },
        claimed: true,
      });
    }
  });

  it('says when the version said to work is the newer one (trial 42)', async () => {
    const { window, notes } = await findRegressionWindow(
      history,
      "slugify('') works in 1.2.0 but throws in 1.1.0",
    );
    expect(window).toBeNull();
    expect(notes).toEqual([
      'the version said to work, v1.2.0, is newer than the one said to fail, v1.1.0: the report may have them the wrong way round, so no window is read',
    ]);
  });

  it("quotes the report's words of a version no tag places, and says when the history has no tags (trial 42)", async () => {
    const report = "slugify('') throws since we moved to Django 4.7";
    const tagged = await findRegressionWindow(history, report);
    expect(tagged.notes[0]).toBe(
      `no release tag matches "4.7" (from "throws since we moved to Django 4.7")`,
    );
    const untagged = path.join(dir, 'untagged');
    execFileSync('cp', ['-R', fixture.root, untagged]);
    const tags = execFileSync('git', ['tag', '--list'], { cwd: untagged, encoding: 'utf8' });
    execFileSync('git', ['tag', '-d', ...tags.split('\n').filter(Boolean)], { cwd: untagged });
    const opened = await openGitHistory(untagged);
    if (!opened.history) throw new Error(opened.reason);
    const { notes } = await findRegressionWindow(opened.history, report);
    expect(notes[0]).toBe(
      `the history has no release tags, so the version the report names cannot be placed: "4.7" (from "throws since we moved to Django 4.7")`,
    );
  });

  it('notes a window past the checked-out HEAD (a detached HEAD older than the failing version)', async () => {
    const report = "slugify('') works in 1.1.0 and throws in 1.2.0";
    expect((await findRegressionWindow(history, report)).notes).toEqual([]);
    const old = path.join(dir, 'detached');
    execFileSync('cp', ['-R', fixture.root, old]);
    execFileSync('git', ['checkout', '-q', '--detach', 'v1.1.0'], { cwd: old });
    const opened = await openGitHistory(old);
    if (!opened.history) throw new Error(opened.reason);
    const { window, notes } = await findRegressionWindow(opened.history, report);
    expect(window).toMatchObject({ good: { ref: 'v1.1.0' }, bad: { ref: 'v1.2.0' } });
    expect(notes).toEqual([
      `v1.2.0 is not in the checked-out history (HEAD ${opened.history.head.slice(0, 12)} is older or on another branch): the window's changes are not in the files read; check out v1.2.0 or later to see them`,
    ]);
  });

  it('warns of a .git git cannot read, and of a HEAD with no commit beside branches with some', async () => {
    const damaged = path.join(dir, 'damaged');
    execFileSync('cp', ['-R', fixture.root, damaged]);
    await writeFile(path.join(damaged, '.git', 'HEAD'), 'not a ref\n');
    expect(await openGitHistory(damaged)).toMatchObject({
      history: null,
      refused: true,
      reason: expect.stringContaining('.git could not be read by git'),
      advice: expect.stringContaining('git status'),
    });
    const dangling = path.join(dir, 'dangling');
    await mkdir(dangling);
    await writeFile(path.join(dangling, '.git'), `gitdir: ${path.join(dir, 'gone')}\n`);
    expect(await openGitHistory(dangling)).toMatchObject({ history: null, refused: true });
    const unborn = path.join(dir, 'unborn');
    execFileSync('cp', ['-R', fixture.root, unborn]);
    execFileSync('git', ['checkout', '-q', '--orphan', 'empty'], { cwd: unborn });
    expect(await openGitHistory(unborn)).toMatchObject({
      history: null,
      refused: true,
      advice: expect.stringMatching(
        /^Check out the branch the report is about \(`git checkout \S+`\)/,
      ),
    });
    // A folder that is no checkout at all, and a checkout with no commit at all, are not warned of.
    const plain = path.join(dir, 'plain');
    await mkdir(plain);
    expect(await openGitHistory(plain)).toMatchObject({ history: null, refused: false });
    const empty = path.join(dir, 'empty-repo');
    await mkdir(empty);
    execFileSync('git', ['init', '-q'], { cwd: empty });
    expect(await openGitHistory(empty)).toMatchObject({ history: null, refused: false });
  });

  it("claims no files for a shallow clone's cut inside the window (trial 36)", async () => {
    const copy = path.join(dir, 'shallow-copy');
    execFileSync('cp', ['-R', fixture.root, copy]);
    const regression = execFileSync(
      'git',
      ['log', '--format=%H', `--grep=${fixture.regressionSubject}`, '-F'],
      { cwd: copy, encoding: 'utf8' },
    ).trim();
    // The clone's cut: git reads the commit as having no parents, as after `clone --depth 2`.
    await writeFile(path.join(copy, '.git', 'shallow'), `${regression}\n`);
    const opened = await openGitHistory(copy);
    if (!opened.history) throw new Error(opened.reason);
    expect(opened.history.shallow).toBe(true);
    const { window } = await findRegressionWindow(
      opened.history,
      "slugify('') works in 1.1.0 and throws in 1.2.0",
    );
    const files = Object.fromEntries(
      (window?.commits ?? []).map((commit) => [commit.subject, commit.files]),
    );
    expect(files).toEqual({
      [fixture.regressionSubject]: [],
      'Document the separator option': ['README.md'],
    });
  });

  it('says which files bug fixes changed, and how recently', async () => {
    const { files, commitsRead } = await readFileHistory(history);
    expect(commitsRead).toBe(6);
    expect(files.get('src/slugify.js')).toEqual({
      commits: 2,
      fixCommits: 0,
      daysSinceFix: null,
      fixRecency: 0,
    });
    expect(files.get('README.md')?.commits).toBe(2);
    expect(historyFeatures(files.get('src/slugify.js'))).toEqual({
      bugFixFrequency: 0,
      bugFixRecency: 0,
    });
  });

  it('reads fix commits from their subjects', () => {
    expect(
      [
        'Fix crash on empty title',
        'Closes #12: wrong slug',
        'Bugfix: trim',
        'Add prefix option',
        'Fixture data (#12)',
      ].map(isFixSubject),
    ).toEqual([true, true, true, false, false]);
    expect(historyFeatures({ commits: 3, fixCommits: 1, daysSinceFix: 0, fixRecency: 1 })).toEqual({
      bugFixFrequency: Math.log1p(1) / Math.log1p(20),
      bugFixRecency: 0.5,
    });
  });
});

describe('gateCommitTexts', () => {
  it('withholds commit text that looks like a secret', async () => {
    const literal = ['api_key = "', 'q7Rk2Lm9Xv4Tz8Wp', '"'].join('');
    const [clean, leaky] = await gateCommitTexts([
      { id: 'a'.repeat(40), author: 'Ada', time: 0, subject: 'Fix the slug of an empty title' },
      { id: 'b'.repeat(40), author: 'Ben', time: 0, subject: `Set ${literal} for the demo` },
    ]);
    expect(clean?.subject).toBe('Fix the slug of an empty title');
    expect(leaky?.subject).toMatch(/^\[withheld: looks like a secret/);
    expect(leaky?.author).toBe('Ben');
  });
});
