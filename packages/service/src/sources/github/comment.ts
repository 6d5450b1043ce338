/**
 * Posting a diagnosis on its GitHub issue, as the comment {@link renderIssueComment} writes: a
 * comment of ours already there (found by its hidden marker) is updated rather than doubled, so a
 * re-run leaves one comment.
 */
import {
  type Diagnosis,
  ISSUE_COMMENT_MARKER,
  renderIssueComment,
} from '../../adapters/investigator.js';
import { ProviderError } from '../provider-http.js';
import { createGitHubClient, type GitHubClientOptions } from './client.js';
import { explainGitHubError } from './errors.js';

/** Options of {@link postIssueComment}. */
export interface PostIssueCommentOptions extends GitHubClientOptions {
  owner: string;
  repo: string;
  issueNumber: number;
  /** The diagnosis, posted as `renderIssueComment` writes it. */
  diagnosis: Diagnosis;
}

/** What {@link postIssueComment} did. */
export interface PostedComment {
  /** The comment's page. */
  url: string;
  /** True when an earlier comment of ours was updated instead of a new one posted. */
  updated: boolean;
}

/**
 * Posts (or updates) the diagnosis comment on an issue.
 * @throws ProviderError saying what to fix: a refused token (401), a token that may not write
 *   issues (403: the workflow needs `permissions: issues: write`), an unknown repository or issue
 *   (404), a rate limit (with the wait), an unreachable API.
 */
export async function postIssueComment(options: PostIssueCommentOptions): Promise<PostedComment> {
  const octokit = createGitHubClient(options);
  const where = { owner: options.owner, repo: options.repo, issue_number: options.issueNumber };
  const body = renderIssueComment(options.diagnosis);
  try {
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
      ...where,
      per_page: 100,
    });
    const ours = comments.find((comment) => comment.body?.startsWith(ISSUE_COMMENT_MARKER));
    const response = ours
      ? await octokit.rest.issues.updateComment({
          owner: options.owner,
          repo: options.repo,
          comment_id: ours.id,
          body,
        })
      : await octokit.rest.issues.createComment({ ...where, body });
    return { url: response.data.html_url, updated: ours !== undefined };
  } catch (error) {
    if ((error as { status?: unknown }).status === 403 && !(error instanceof ProviderError)) {
      const explained = explainGitHubError(error, options);
      if (explained.retryAfterMs !== undefined) throw explained;
      throw new ProviderError(
        `The token may not comment on issues of ${options.owner}/${options.repo} (403). In a workflow, grant \`permissions: issues: write\`.`,
        403,
      );
    }
    throw explainGitHubError(error, options);
  }
}
