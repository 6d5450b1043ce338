import { describe, expect, it } from 'vitest';
import { GIT_ABORTED, runGit } from './run-git.js';

describe('runGit', () => {
  it('kills git when the signal fires, and runs none for a signal already fired', async () => {
    const controller = new AbortController();
    // Reads its standard input, which stays open: git waits until it is stopped.
    const waiting = runGit(process.cwd(), ['hash-object', '--stdin'], {
      signal: controller.signal,
      timeoutMs: 60_000,
    });
    setTimeout(() => controller.abort(), 200);
    const stopped = { ok: false, reason: GIT_ABORTED, aborted: true };
    expect(await waiting).toEqual(stopped);
    expect(
      await runGit(process.cwd(), ['hash-object', '--stdin'], { signal: AbortSignal.abort() }),
    ).toEqual(stopped);
  });

  it("gives git's exit status: git config exits 1 when nothing matched", async () => {
    expect(
      await runGit(process.cwd(), ['config', '--get-regexp', '^sightline-nothing\\.']),
    ).toMatchObject({ ok: false, exitCode: 1 });
  });
});
