/**
 * A fake GitHub REST API on 127.0.0.1 holding one issue and its comments, for tests and benchmarks
 * of the comment the GitHub Action and the service post: list (GET), create (POST) and edit
 * (PATCH) comments, with the token checked as GitHub does (`Authorization: token …`).
 */
import {
  type FakeProvider,
  type FakeRequest,
  type FakeResponse,
  startFakeProvider,
} from './fake-provider.js';

/** Options of {@link startFakeGitHubIssue}. */
export interface FakeGitHubIssueOptions {
  /** `owner/name`. Default `acme/fake-shop` (the recorded event's repository). */
  repository?: string;
  /** Default 42 (the recorded event's issue). */
  issueNumber?: number;
  /** The token it accepts; any other is answered 401. Default `ghs_fake_workflow_token`. */
  token?: string;
}

/** One comment on the fake issue. */
export interface FakeComment {
  id: number;
  body: string;
  html_url: string;
  /** When it was created or last edited (`performance.now()`, ms). */
  writtenAt: number;
}

/** A running fake GitHub API. */
export interface FakeGitHubIssue extends FakeProvider {
  comments: FakeComment[];
  /** Answer every request with this instead (e.g. a 403), until set back to undefined. */
  refusal: FakeResponse | undefined;
}

/**
 * Starts the fake API.
 * @param options - see {@link FakeGitHubIssueOptions}.
 * @returns its URL (give it as `GITHUB_API_URL`), the comments, the recorded requests, `close`.
 */
export async function startFakeGitHubIssue({
  repository = 'acme/fake-shop',
  issueNumber = 42,
  token = 'ghs_fake_workflow_token',
}: FakeGitHubIssueOptions = {}): Promise<FakeGitHubIssue> {
  const commentsPath = `/repos/${repository}/issues/${issueNumber}/comments`;
  const editPath = new RegExp(`^/repos/${repository}/issues/comments/(\\d+)$`);
  const comments: FakeComment[] = [];
  let refusal: FakeResponse | undefined;
  const answer = (request: FakeRequest): FakeResponse => {
    if (refusal) return refusal;
    if (request.headers.authorization !== `token ${token}`) {
      return { status: 401, body: { message: 'Bad credentials' } };
    }
    const { pathname } = new URL(request.url, 'http://x');
    if (request.method === 'GET' && pathname === commentsPath) return { body: comments };
    if (request.method === 'POST' && pathname === commentsPath) {
      const id = comments.length + 1;
      const html_url = `https://github.com/${repository}/issues/${issueNumber}#issuecomment-${id}`;
      const body = JSON.parse(request.body).body as string;
      comments.push({ id, body, html_url, writtenAt: performance.now() });
      return { status: 201, body: { id, html_url } };
    }
    const comment = comments.find((c) => c.id === Number(editPath.exec(pathname)?.[1]));
    if (request.method === 'PATCH' && comment) {
      comment.body = JSON.parse(request.body).body;
      comment.writtenAt = performance.now();
      return { body: { id: comment.id, html_url: comment.html_url } };
    }
    return { status: 404, body: { message: 'Not Found' } };
  };
  const provider = await startFakeProvider(answer);
  return {
    ...provider,
    comments,
    get refusal() {
      return refusal;
    },
    set refusal(value: FakeResponse | undefined) {
      refusal = value;
    },
  };
}
