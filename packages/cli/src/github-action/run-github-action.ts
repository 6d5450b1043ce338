/**
 * `sightline github-action`: the entry point of this repository's GitHub Action (`action.yml`).
 * On an `issues` event whose action is `opened`, the issue is investigated against the checked-out
 * repository (offline, or with the model `--model`/`SIGHTLINE_MODEL` names) and the diagnosis is
 * posted on the issue as the comment the service posts (`postIssueComment`, `renderIssueComment`).
 * It reads what GitHub's runner provides: `GITHUB_EVENT_NAME`, `GITHUB_EVENT_PATH`,
 * `GITHUB_REPOSITORY`, `GITHUB_API_URL`, and the token in `GITHUB_TOKEN`.
 */
import { readFile } from 'node:fs/promises';
import { SightlineError } from '@sightline/core';
import { investigate, renderIssueComment } from '@sightline/investigator';
import {
  gitHubIssueReport,
  isGitHubIssue,
  ProviderError,
  postIssueComment,
} from '@sightline/service/internal';
import { type ModelFlags, type ModelFlagsIO, resolveModelFlags } from '../options/model-options.js';
import { EXIT_OK } from '../run/exit-codes.js';

/** Options of {@link runGitHubAction}, as the command line gives them. */
export interface GitHubActionOptions extends ModelFlags {
  /** The checked-out repository. */
  repo: string;
  /** The event JSON file. Default `$GITHUB_EVENT_PATH`. */
  event?: string;
  /** Post the comment. False prints it instead (a dry run). Default true. */
  post?: boolean;
  /** Read the repository's git history (suspect commits, regression window). Default true. */
  history?: boolean;
}

/** Where {@link runGitHubAction} reads and writes. */
export interface GitHubActionIO extends ModelFlagsIO {
  stdout: (text: string) => void;
  /** HTTP client for GitHub's API. Default: global fetch. */
  fetch?: typeof fetch;
}

const usage = (message: string) => new SightlineError({ code: 'INVALID_ARGUMENT', message });

/**
 * Runs the Action once.
 * @returns 0 (also when the event asks for nothing: another event, or an issue not just opened).
 * @throws SightlineError `INVALID_ARGUMENT` for a missing or unreadable event, a missing token, or a
 *   comment GitHub refused (saying why); what `investigate` throws.
 */
export async function runGitHubAction(
  options: GitHubActionOptions,
  io: GitHubActionIO,
): Promise<number> {
  const eventName = io.env.GITHUB_EVENT_NAME;
  if (eventName && eventName !== 'issues') {
    io.stdout(
      `Nothing to do: the event is ${eventName}; this Action answers \`issues: opened\`.\n`,
    );
    return EXIT_OK;
  }
  const event = await readEvent(options.event ?? io.env.GITHUB_EVENT_PATH);
  if (event.action !== 'opened') {
    io.stdout(`Nothing to do: the issue was ${String(event.action)}, not opened.\n`);
    return EXIT_OK;
  }
  if (!isGitHubIssue(event.issue)) {
    throw usage('The event holds no issue (or a pull request): nothing to investigate.');
  }
  const issue = event.issue;
  const fullName = event.repository?.full_name ?? io.env.GITHUB_REPOSITORY ?? '';
  const [owner, repo] = fullName.split('/');
  if (!owner || !repo) throw usage('The event names no repository (owner/name).');
  const post = options.post !== false;
  const token = io.env.GITHUB_TOKEN;
  if (post && !token) {
    throw usage(
      'No GITHUB_TOKEN to post the comment with. Give the Action `github-token` (default: the workflow token), or pass --no-post.',
    );
  }
  const models = resolveModelFlags(options, io);
  const report = gitHubIssueReport(fullName, issue);
  const { diagnosis } = await investigate({
    repo: options.repo,
    report: 'json' in report.payload ? (report.payload.json as object) : report.payload.text,
    format: report.format,
    history: options.history !== false,
    ...models,
  });
  if (!post) {
    io.stdout(renderIssueComment(diagnosis));
    return EXIT_OK;
  }
  try {
    const posted = await postIssueComment({
      baseUrl: io.env.GITHUB_API_URL ?? 'https://api.github.com',
      token,
      fetch: io.fetch ?? fetch,
      owner,
      repo,
      issueNumber: issue.number,
      diagnosis,
    });
    io.stdout(
      `${posted.updated ? 'Updated' : 'Posted'} the diagnosis on ${fullName}#${issue.number}: ${posted.url}\n`,
    );
    return EXIT_OK;
  } catch (error) {
    if (error instanceof ProviderError) throw usage(`The comment was not posted: ${error.message}`);
    throw error;
  }
}

/** The parts of an `issues` event the Action reads. */
interface IssuesEvent {
  action?: unknown;
  issue?: unknown;
  repository?: { full_name?: string };
}

async function readEvent(file: string | undefined): Promise<IssuesEvent> {
  if (!file) {
    throw usage(
      'No event to answer: run in a workflow `on: issues: types: [opened]`, or pass --event FILE.',
    );
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw usage(`Cannot read the event file "${file}".`);
  }
  try {
    const event = JSON.parse(text) as unknown;
    if (typeof event === 'object' && event !== null) return event as IssuesEvent;
  } catch {}
  throw usage(`The event file "${file}" is not a JSON object.`);
}
