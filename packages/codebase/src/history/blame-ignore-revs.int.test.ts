import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IGNORE_REVS_MAX_BYTES, ignoreRevsArguments } from './blame-ignore-revs.js';
import { blameRange } from './blame-range.js';
import { openGitHistory } from './open-git-history.js';

// A repository whose second commit only reformats a line: listed in `.git-blame-ignore-revs`,
// blame gives the line to the first commit.
let root: string;
let reformat: string;

const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' });
const ignoreRevs = () => path.join(root, '.git-blame-ignore-revs');

// A FIFO or endless file left to git would keep it reading until this limit, past the test's own
// (blame would return null then): each test below fails by timing out when blame runs on one.
async function blamedSubjects(): Promise<string[] | undefined> {
  const opened = await openGitHistory(root);
  if (!opened.history) throw new Error(opened.reason);
  const blamed = await blameRange(opened.history, 'a.js', [1, 1], { timeoutMs: 600_000 });
  return blamed?.commits.map((commit) => commit.subject);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-blame-range-'));
  git('init', '-q');
  git('config', 'user.name', 'A');
  git('config', 'user.email', 'a@example.com');
  await writeFile(path.join(root, 'a.js'), 'export const a = 1;\n');
  git('add', 'a.js');
  git('commit', '-q', '-m', 'Add a');
  await writeFile(path.join(root, 'a.js'), 'export const a = (1);\n');
  git('commit', '-q', '-am', 'Reformat a');
  reformat = git('rev-parse', 'HEAD').trim();
});

afterEach(async () => {
  await rm(ignoreRevs(), { force: true });
  // git exits 5 when the setting is not there.
  spawnSync('git', ['-C', root, 'config', '--unset-all', 'blame.ignoreRevsFile']);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('blameRange and .git-blame-ignore-revs', () => {
  it('reads the file as it is when each history is opened (it may come and go)', async () => {
    expect(await blamedSubjects()).toEqual(['Reformat a']);
    await writeFile(ignoreRevs(), `# formatting\n${reformat}\n`);
    expect(await blamedSubjects()).toEqual(['Add a']);
    await rm(ignoreRevs());
    expect(await blamedSubjects()).toEqual(['Reformat a']);
  });

  it('leaves out a FIFO (git would wait on it) and a symbolic link', async () => {
    execFileSync('mkfifo', [ignoreRevs()]);
    expect(await blamedSubjects()).toEqual(['Reformat a']);
    await rm(ignoreRevs());
    await writeFile(path.join(root, 'revs.txt'), `${reformat}\n`);
    await symlink('revs.txt', ignoreRevs());
    expect(await blamedSubjects()).toEqual(['Reformat a']);
  });

  it('leaves out a file past its size bound', async () => {
    await writeFile(ignoreRevs(), `${reformat}\n${'#'.repeat(IGNORE_REVS_MAX_BYTES)}\n`);
    expect(await blamedSubjects()).toEqual(['Reformat a']);
  });

  it("reads the files the repository's config names when they are regular files", async () => {
    await writeFile(path.join(root, 'revs.txt'), `${reformat}\n`);
    git('config', 'blame.ignoreRevsFile', 'revs.txt');
    expect(await blamedSubjects()).toEqual(['Add a']);
  });

  it('does not blame when the config names a FIFO, a device or a file past the bound', async () => {
    const fifo = path.join(root, 'configured-fifo');
    execFileSync('mkfifo', [fifo]);
    git('config', 'blame.ignoreRevsFile', fifo);
    expect(await blamedSubjects()).toBeUndefined();
    git('config', '--replace-all', 'blame.ignoreRevsFile', '/dev/zero');
    expect(await blamedSubjects()).toBeUndefined();
    await writeFile(path.join(root, 'big.txt'), '#'.repeat(IGNORE_REVS_MAX_BYTES + 1));
    git('config', '--replace-all', 'blame.ignoreRevsFile', 'big.txt');
    expect(await blamedSubjects()).toBeUndefined();
    await rm(fifo);
  });

  it('reads a configured file in the work tree by its absolute path too', async () => {
    await writeFile(path.join(root, 'revs.txt'), `${reformat}\n`);
    git('config', 'blame.ignoreRevsFile', path.join(root, 'revs.txt'));
    expect(await blamedSubjects()).toEqual(['Add a']);
  });

  // Found in review: stat says /proc/self/pagemap is a regular file of 0 bytes, so it passed, and
  // git read it into memory (529 MB in 4 s). Checked without running blame, which would read it.
  it.skipIf(process.platform !== 'linux')(
    'does not blame when the config names a procfs file that says it is a small regular file',
    async () => {
      for (const file of ['/proc/self/pagemap', '/proc/self/environ', '/proc/self/fd/0']) {
        git('config', '--replace-all', 'blame.ignoreRevsFile', file);
        expect(await ignoredRevisions(), file).toBeNull();
      }
    },
  );

  it('does not blame when the config names a file outside the work tree, or one reached by a symbolic link', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'sightline-revs-'));
    try {
      await writeFile(path.join(outside, 'revs.txt'), `${reformat}\n`);
      git('config', 'blame.ignoreRevsFile', path.join(outside, 'revs.txt'));
      expect(await ignoredRevisions()).toBeNull();
      await symlink(outside, path.join(root, 'linked'));
      git('config', '--replace-all', 'blame.ignoreRevsFile', 'linked/revs.txt');
      expect(await ignoredRevisions()).toBeNull();
      await mkdir(path.join(root, 'real'));
      await symlink(path.join(outside, 'revs.txt'), path.join(root, 'real', 'revs.txt'));
      git('config', '--replace-all', 'blame.ignoreRevsFile', 'real/revs.txt');
      expect(await ignoredRevisions()).toBeNull();
    } finally {
      await rm(path.join(root, 'linked'), { force: true });
      await rm(path.join(root, 'real'), { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    }
  });
});

async function ignoredRevisions(): Promise<string[] | null> {
  const opened = await openGitHistory(root);
  if (!opened.history) throw new Error(opened.reason);
  return ignoreRevsArguments(opened.history);
}
