import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGitHistory } from './open-git-history.js';

/** A fake GitHub token, built so no scanner of this repository finds it whole. */
const TOKEN = ['gh', 'p_', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'].join('');

let dir: string;

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sightline-open-git-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('openGitHistory: git text in its warnings passes the secret gate', () => {
  it('names the branch with commits beside an unborn HEAD only when it looks like no secret', async () => {
    const root = path.join(dir, 'unborn');
    await mkdir(root);
    git(root, 'init', '-q', '-b', TOKEN);
    git(root, 'commit', '-q', '--allow-empty', '-m', 'first');
    git(root, 'checkout', '-q', '--orphan', 'empty');
    expect(await openGitHistory(root)).toEqual({
      history: null,
      refused: true,
      reason: 'HEAD names a branch with no commit yet, though another branch has commits',
      advice:
        'Check out the branch the report is about (`git branch --all` lists them), or pass --no-history to investigate without history.',
    });
    git(root, 'branch', '-q', '-m', TOKEN, 'main');
    expect(await openGitHistory(root)).toMatchObject({
      reason: 'HEAD names a branch with no commit yet, though main has commits',
      advice: expect.stringContaining('(`git checkout main`)'),
    });
  });

  it("withholds a secret git quotes from the checkout's configuration", async () => {
    const root = path.join(dir, 'bad-config');
    await mkdir(root);
    git(root, 'init', '-q');
    await writeFile(
      path.join(root, '.git', 'config'),
      `[core]\n\trepositoryformatversion = 0\n\tbare = ${TOKEN}\n`,
    );
    const opened = await openGitHistory(root);
    expect(opened).toMatchObject({ history: null, refused: true });
    expect(JSON.stringify(opened)).not.toContain('ghp_');
    expect(opened.history === null && opened.reason).toMatch(
      /^git history could not be read: fatal: bad boolean config value \[withheld: looks like a secret \([^)]+\)\] for 'core\.bare'$/,
    );
  });
});
