import { commitAll } from '@sightline/codebase/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as investigator from '../adapters/investigator.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openHarness, type ServiceHarness } from './harness.test-helper.js';
import { HISTORY_RETRY_MS } from './pipeline-context.js';

vi.mock('../adapters/investigator.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../adapters/investigator.js')>();
  return { ...actual, openGitHistory: vi.fn(actual.openGitHistory) };
});

const sqlite = TEST_DATABASES.filter((kind) => kind.name === 'sqlite');

describe.each(sqlite)('a history git refused once ($name)', (kind) => {
  let harness: ServiceHarness | undefined;
  afterEach(async () => harness?.close());

  /** A harness whose first history open timed out; `clock.now` is the pipeline's time, ms. */
  async function refusedOnce() {
    const clock = { now: Date.parse('2026-12-03T08:00:00Z') };
    harness = await openHarness(kind, {
      git: true,
      work: false,
      pipeline: { now: () => new Date(clock.now) },
    });
    const { context } = harness.pipeline;
    const root = harness.repo.root;
    vi.mocked(investigator.openGitHistory).mockResolvedValueOnce({
      history: null,
      reason: 'git history could not be read: git took longer than 30000 ms',
      refused: true,
    });
    expect(await context.history(root)).toBeNull();
    return { clock, context, root };
  }

  it('is opened again after the retry time, at the same revision', async () => {
    const { clock, context, root } = await refusedOnce();
    expect(await context.historyWarning(root)).toMatch(/took longer/);
    clock.now += HISTORY_RETRY_MS - 1;
    expect(await context.history(root)).toBeNull();
    clock.now += 1;
    const history = await context.history(root);
    expect(history?.head).toBe(await context.revision(root));
    expect(await context.historyWarning(root)).toBeUndefined();
  });

  it('is not opened again at a later revision that opened fine', async () => {
    const { clock, context, root } = await refusedOnce();
    commitAll(root, 'next');
    // Past the revision reader's few seconds of caching, so the new HEAD is read.
    const wallClock = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(wallClock + 60_000);
    expect((await context.history(root))?.head).toBe(await context.revision(root));
    const opens = vi.mocked(investigator.openGitHistory).mock.calls.length;
    clock.now += HISTORY_RETRY_MS;
    expect((await context.history(root))?.head).toBe(await context.revision(root));
    expect(vi.mocked(investigator.openGitHistory).mock.calls.length).toBe(opens);
    vi.mocked(Date.now).mockRestore();
  });
});
