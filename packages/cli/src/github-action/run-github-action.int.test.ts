import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ISSUE_COMMENT_MARKER } from '@sightline/investigator';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { type FakeGitHubIssue, startFakeGitHubIssue } from '@sightline/service/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryOutput } from '../testing/memory-output.test-helper.js';
import { runGitHubAction } from './run-github-action.js';

const EVENT = fileURLToPath(new URL('__fixtures__/issues-opened.json', import.meta.url));

let repo: FakeRepository;
/** A fake GitHub REST API holding issue acme/fake-shop#42 and its comments. */
let github: FakeGitHubIssue;
let work: string;

beforeEach(async () => {
  repo = await createFakeRepository();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-action-'));
  github = await startFakeGitHubIssue();
});
afterEach(async () => {
  await github.close();
  await repo.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

function io(env: Record<string, string> = {}) {
  return Object.assign(memoryOutput(), {
    env: {
      GITHUB_EVENT_NAME: 'issues',
      GITHUB_EVENT_PATH: EVENT,
      GITHUB_REPOSITORY: 'acme/fake-shop',
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: 'ghs_fake_workflow_token',
      ...env,
    },
  });
}

const run = (out = io()) =>
  runGitHubAction({ repo: repo.root }, out).then((code) => ({ code, out }));

describe('the GitHub Action entry point', () => {
  it('investigates a new issue offline and posts the diagnosis once, updating it on a re-run', async () => {
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.out.out).toBe(
      'Posted the diagnosis on acme/fake-shop#42: https://github.com/acme/fake-shop/issues/42#issuecomment-1\n',
    );
    expect(github.comments).toHaveLength(1);
    const [posted] = github.comments;
    expect(
      posted?.body.startsWith(
        `${ISSUE_COMMENT_MARKER}\n**Sightline diagnosis** (offline, no model`,
      ),
    ).toBe(true);
    expect(posted?.body).toContain(`**Where:** \`${repo.bug.path}:`);
    expect(posted?.body).toContain('# Order total ignores the first product in the cart');

    // The dry run prints what was posted (but for the time the run took).
    const dry = io();
    await runGitHubAction({ repo: repo.root, post: false }, dry);
    const timeless = (text = '') => text.replace(/ · [\d.]+ s\n/, '\n');
    expect(timeless(dry.out)).toBe(timeless(posted?.body));

    const again = await run();
    expect(again.out.out).toMatch(/^Updated the diagnosis on acme\/fake-shop#42/);
    expect(github.comments).toHaveLength(1);
    expect(github.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'PATCH']);
  });

  it('reads the git history of a checkout, unless --no-history', async () => {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: repo.root,
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'initial');
    const comment = async (history?: boolean) => {
      const out = io();
      await runGitHubAction(
        { repo: repo.root, post: false, ...(history === undefined ? {} : { history }) },
        out,
      );
      return out.out;
    };
    expect(await comment()).toContain('## History');
    expect(await comment(false)).not.toContain('## History');
  });

  it('does nothing for other events and actions', async () => {
    expect((await run(io({ GITHUB_EVENT_NAME: 'push' }))).out.out).toMatch(
      /^Nothing to do: the event is push/,
    );
    const edited = path.join(work, 'edited.json');
    fs.writeFileSync(
      edited,
      JSON.stringify({ ...JSON.parse(fs.readFileSync(EVENT, 'utf8')), action: 'edited' }),
    );
    expect((await run(io({ GITHUB_EVENT_PATH: edited }))).out.out).toBe(
      'Nothing to do: the issue was edited, not opened.\n',
    );
    expect(github.requests).toEqual([]);
  });

  it('says what is wrong: no token, no event, a refused token, no write permission', async () => {
    await expect(run(io({ GITHUB_TOKEN: '' }))).rejects.toThrow(/No GITHUB_TOKEN/);
    await expect(run(io({ GITHUB_EVENT_PATH: '' }))).rejects.toThrow(/No event to answer/);
    const broken = path.join(work, 'broken.json');
    fs.writeFileSync(broken, '{"action": "opened", ');
    await expect(run(io({ GITHUB_EVENT_PATH: broken }))).rejects.toThrow(/not a JSON object/);
    expect(github.requests).toEqual([]);
    await expect(run(io({ GITHUB_TOKEN: 'ghs_wrong' }))).rejects.toThrow(
      /The comment was not posted: GitHub refused the token \(401\)/,
    );
    github.refusal = { status: 403, body: { message: 'Resource not accessible by integration' } };
    await expect(run()).rejects.toThrow(/permissions: issues: write/);
    expect(github.comments).toEqual([]);
  });
});
