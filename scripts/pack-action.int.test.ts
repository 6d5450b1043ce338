/**
 * The GitHub Action's package as the Action runs it: `@sightline/action` is built (its tsup
 * config bundles the CLI with everything it reads at run time), packed as `npm run pack` packs
 * it, and installed from the tarball with the network off (it has no dependency to fetch, so this
 * is what `npx --yes @sightline/action@<version>` does on a runner, less the download; after a
 * change to the CLI, `npm run build` it again, as `npm ci` does). Its
 * `github-action` verb then answers a recorded `issues: opened` event from an unrelated folder,
 * with no node_modules of this repository in reach, and posts the diagnosis to a fake GitHub API
 * on 127.0.0.1.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ISSUE_COMMENT_MARKER } from '@sightline/investigator';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { type FakeGitHubIssue, startFakeGitHubIssue } from '@sightline/service/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAll } from './pack.js';
import { runIn } from './registry.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const EVENT = path.join(root, 'packages/cli/src/github-action/__fixtures__/issues-opened.json');
const ACTION_DIR = path.join(root, 'packages/action');

let work: string;
let repo: FakeRepository;
let github: FakeGitHubIssue;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sightline-pack-action-'));
  repo = await createFakeRepository();
  github = await startFakeGitHubIssue();
});
afterAll(async () => {
  await github.close();
  await repo.cleanup();
  await rm(work, { recursive: true, force: true });
});

describe('the GitHub Action package', () => {
  it('installs nothing, and answers an issues event with a posted diagnosis', async () => {
    // `npm ci` builds it (prepare); build it here only where that has not happened.
    if (!existsSync(path.join(ACTION_DIR, 'dist', 'main.js'))) {
      await run('npm', ['run', 'build'], { cwd: ACTION_DIR });
    }
    const [tarball] = await packAll({
      outDir: path.join(work, 'tarballs'),
      only: ['@sightline/action'],
    });
    if (!tarball) throw new Error('no @sightline/action tarball');
    const manifest = JSON.parse(
      await runIn('tar', ['-xzOf', tarball.file, 'package/package.json'], work),
    ) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.optionalDependencies).toBeUndefined();

    const prefix = path.join(work, 'runner');
    await runIn(
      'npm',
      ['install', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball.file],
      work,
    );
    // One package and nothing else: the bundle's own files travel inside it.
    const installed = await readdir(path.join(prefix, 'node_modules'));
    expect(installed.filter((name) => !name.startsWith('.'))).toEqual(['@sightline']);
    expect(await readdir(path.join(prefix, 'node_modules', '@sightline'))).toEqual(['action']);

    const elsewhere = path.join(work, 'elsewhere');
    await mkdir(elsewhere);
    const { stdout, stderr } = await run(
      path.join(prefix, 'node_modules', '.bin', 'sightline-action'),
      ['github-action', '--repo', repo.root],
      {
        cwd: elsewhere,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: work,
          GITHUB_EVENT_NAME: 'issues',
          GITHUB_EVENT_PATH: EVENT,
          GITHUB_REPOSITORY: 'acme/fake-shop',
          GITHUB_API_URL: github.url,
          GITHUB_TOKEN: 'ghs_fake_workflow_token',
        },
      },
    );
    expect(stdout).toBe(
      'Posted the diagnosis on acme/fake-shop#42: https://github.com/acme/fake-shop/issues/42#issuecomment-1\n',
    );
    expect(stderr).not.toMatch(/warning|error/i);
    expect(github.requests.map(({ method }) => method)).toEqual(['GET', 'POST']);
    const [comment] = github.comments;
    expect(
      comment?.body.startsWith(`${ISSUE_COMMENT_MARKER}\n**Sightline diagnosis** (offline`),
    ).toBe(true);
    // Parsed with the bundled grammar: the cause names its function.
    expect(comment?.body).toContain(`**Where:** \`${repo.bug.path}:`);
    expect(comment?.body).toContain('(`cartTotal`)');
  }, 180_000);
});
