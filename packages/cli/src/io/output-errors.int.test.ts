/**
 * Input and output the shell hands over: `<(…)` and `/dev/stdin` are read as streams; a reader
 * that goes away (`| head -1`) is not an error; a full disk (`/dev/full`) is one line and exit 2.
 */
import { openSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.test-helper.js';

let repo: FakeRepository;
let work: string;
let report: string;
beforeAll(async () => {
  repo = await createFakeRepository();
  work = await mkdtemp(path.join(tmpdir(), 'sightline-output-errors-'));
  report = path.join(work, 'report.md');
  await writeFile(report, repo.reportText);
});
afterAll(async () => {
  await repo.cleanup();
  await rm(work, { recursive: true, force: true });
});

const investigate = () => ['investigate', '--repo', repo.root, '--no-cache', '-q'];

// Each test starts the CLI through tsx: seconds of start-up, more on a busy machine.
describe('reports handed over as streams', { timeout: 120_000 }, () => {
  it('reads --report <(…) (a pipe under /dev/fd)', async () => {
    const run = await runCli(
      [`sightline investigate --repo '${repo.root}' --no-cache -q --report <(cat '${report}')`],
      { shell: true },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(repo.bug.path);
    expect(run.code).toBe(0);
  });

  it('reads --report /dev/stdin from a pipe', async () => {
    const run = await runCli([...investigate(), '--report', '/dev/stdin'], {
      stdin: repo.reportText,
    });
    expect(run.stdout).toContain(repo.bug.path);
    expect(run.code).toBe(0);
  });
});

describe.skipIf(process.platform !== 'linux')(
  'output that cannot be written',
  { timeout: 120_000 },
  () => {
    it('ends quietly with 0 when the reader closes the pipe (| head -1)', async () => {
      const run = await runCli(
        [
          `sightline investigate --repo '${repo.root}' --no-cache -q --report '${report}' | head -c 1`,
        ],
        { shell: true },
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
    });

    it('says the disk is full and exits 2 when stdout is /dev/full', async () => {
      const full = openSync('/dev/full', 'w');
      const run = await runCli([...investigate(), '--report', report], {
        stdio: ['ignore', full, 'pipe'],
      });
      expect(run.stderr).toBe(
        'sightline: cannot write to standard output: no space left on the device (ENOSPC). Free some space, or send the output elsewhere (--out FILE where the command has it).\n',
      );
      expect(run.code).toBe(2);
    });

    it('says the disk is full and exits 2 for --out /dev/full', async () => {
      const run = await runCli([...investigate(), '--report', report, '--out', '/dev/full']);
      expect(run.stderr).toBe(
        'sightline: Cannot write "/dev/full": no space left on the device (ENOSPC). Give --out a writable file path with room to spare.\n',
      );
      expect(run.code).toBe(2);
    });
  },
);
