import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ISSUE_COMMENT_MARKER } from '@sightline/investigator';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import {
  type FakeProvider,
  type FakeRequest,
  type FakeResponse,
  startFakeProvider,
} from '@sightline/service/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryOutput } from '../testing/memory-output.test-helper.js';
import { runGitHubAction } from './run-github-action.js';

const EVENT = fileURLToPath(new URL('__fixtures__/issues-opened.json', import.meta.url));
const COMMENTS = '/repos/acme/fake-shop/issues/42/comments';

let repo: FakeRepository;
let github: FakeProvider;
let work: string;
/** Comments on the fake issue. */
let comments: { id: number; body: string; html_url: string }[];
let refusal: FakeResponse | undefined;

/** A fake GitHub REST API holding issue acme/fake-shop#42 and its comments. */
function answer(request: FakeRequest): FakeResponse {
  if (refusal) return refusal;
  if (request.headers.authorization !== 'token ghs_fake_workflow_token') {
    return { status: 401, body: { message: 'Bad credentials' } };
  }
  const url = new URL(request.url, 'http://x');
  if (request.method === 'GET' && url.pathname === COMMENTS) return { body: comments };
  if (request.method === 'POST' && url.pathname === COMMENTS) {
    const id = comments.length + 1;
    const html_url = `https://github.com/acme/fake-shop/issues/42#issuecomment-${id}`;
    comments.push({ id, body: JSON.parse(request.body).body, html_url });
    return { status: 201, body: { id, html_url } };
  }
  const edit = /^\/repos\/acme\/fake-shop\/issues\/comments\/(\d+)$/.exec(url.pathname);
  const comment = comments.find((c) => c.id === Number(edit?.[1]));
  if (request.method === 'PATCH' && comment) {
    comment.body = JSON.parse(request.body).body;
    return { body: { id: comment.id, html_url: comment.html_url } };
  }
  return { status: 404, body: { message: 'Not Found' } };
}

beforeEach(async () => {
  repo = await createFakeRepository();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-action-'));
  comments = [];
  refusal = undefined;
  github = await startFakeProvider(answer);
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
    expect(comments).toHaveLength(1);
    const [posted] = comments;
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
    expect(comments).toHaveLength(1);
    expect(github.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'PATCH']);
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
    refusal = { status: 403, body: { message: 'Resource not accessible by integration' } };
    await expect(run()).rejects.toThrow(/permissions: issues: write/);
    expect(comments).toEqual([]);
  });
});
