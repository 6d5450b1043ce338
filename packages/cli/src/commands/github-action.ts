/** `sightline github-action`: registers the entry point of the repository's GitHub Action. */
import type { Command } from 'commander';
import { type GitHubActionOptions, runGitHubAction } from '../github-action/run-github-action.js';
import { addModelOptions } from '../options/model-options.js';
import { textArgument } from '../options/text-argument.js';
import { runAction } from '../run/run-action.js';

/** Registers `sightline github-action` on the program. */
export function registerGitHubAction(program: Command): void {
  addModelOptions(
    program
      .command('github-action')
      .description(
        'Run as the GitHub Action: investigate the issue of an `issues: opened` event and post the diagnosis as a comment.',
      )
      .option('--repo <dir>', 'the checked-out repository', textArgument('a folder'), '.')
      .option('--event <file>', 'the event JSON (default $GITHUB_EVENT_PATH)')
      .option('--no-post', 'print the comment instead of posting it')
      .option(
        '--no-history',
        'do not read the git history (no suspect commits or regression window)',
      ),
  )
    .addHelpText(
      'after',
      `
Reads GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL and GITHUB_TOKEN, as
GitHub's runner sets them; see action.yml and the README for the workflow.

Example (a dry run on a saved event):
  $ sightline github-action --repo . --event issue-opened.json --no-post`,
    )
    .action(
      runAction(async (flags: GitHubActionOptions) =>
        runGitHubAction(flags, {
          stdout: (text) => process.stdout.write(text),
          stderr: (text) => process.stderr.write(text),
          env: process.env,
        }),
      ),
    );
}
