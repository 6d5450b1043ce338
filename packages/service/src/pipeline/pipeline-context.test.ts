import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpenGitHistoryResult } from '../adapters/investigator.js';
import type { JobQueue } from '../queue/index.js';
import type { Store } from '../store/index.js';
import { createPipelineContext, HISTORY_RETRY_MS } from './pipeline-context.js';

const opened = vi.hoisted(() => ({ result: undefined as OpenGitHistoryResult | undefined }));
vi.mock('../adapters/investigator.js', async (original) => ({
  ...(await original<typeof import('../adapters/investigator.js')>()),
  openGitHistory: async () => opened.result,
}));

describe('historyWarning', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  const warningFor = async (result: OpenGitHistoryResult) => {
    opened.result = result;
    root = await mkdtemp(path.join(tmpdir(), 'sightline-history-warning-'));
    const context = createPipelineContext({ store: {} as Store, queue: {} as JobQueue });
    return context.historyWarning(root);
  };

  it('says a history git only timed out on is tried again, not to change user', async () => {
    const warning = await warningFor({
      history: null,
      reason: 'git history could not be read: git took longer than 10000 ms',
      refused: true,
      timedOut: true,
    });
    expect(warning).toMatch(
      new RegExp(
        `took longer than 10000 ms; the diagnosis has no history part .*ran out of time.*tries again ${HISTORY_RETRY_MS / 60_000} minutes after\\.$`,
      ),
    );
    expect(warning).not.toMatch(/owns the checkout/);
  });

  it("says to run the service as the checkout's owner when git refused the checkout", async () => {
    const warning = await warningFor({
      history: null,
      reason: 'git history could not be read: fatal: detected dubious ownership',
      refused: true,
    });
    expect(warning).toMatch(
      /dubious ownership.* Run the service as the user who owns the checkout, or trust it with `git config --global --add safe\.directory DIR` as the service's user\.$/,
    );
  });
});
