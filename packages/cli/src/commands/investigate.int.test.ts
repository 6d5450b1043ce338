import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScriptedModel } from '@sightline/core/testing';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../exit-codes.js';
import { type MemoryOutput, memoryOutput } from '../memory-output.test-helper.js';
import {
  type InvestigateCommandOptions,
  type InvestigateIO,
  runInvestigate,
} from './investigate.js';

let repo: FakeRepository;
let work: string;
let reportFile: string;
beforeEach(async () => {
  repo = await createFakeRepository();
  work = await mkdtemp(path.join(tmpdir(), 'sightline-investigate-cli-'));
  reportFile = path.join(work, 'report.md');
  await writeFile(reportFile, repo.reportText);
});
afterEach(async () => {
  await repo.cleanup();
});

function memoryIo(extra: Partial<InvestigateIO> = {}): InvestigateIO & MemoryOutput {
  return Object.assign(
    memoryOutput(),
    { progress: { update() {}, succeed() {}, fail() {} }, env: {} },
    extra,
  );
}

const options = (
  overrides: Partial<InvestigateCommandOptions> = {},
): InvestigateCommandOptions => ({
  repo: repo.root,
  report: reportFile,
  format: 'md',
  cache: false,
  ...overrides,
});

describe('sightline investigate', () => {
  it('prints a verified offline diagnosis in Markdown naming the buggy file', async () => {
    const io = memoryIo();
    expect(await runInvestigate(options(), io)).toBe(0);
    expect(io.out).toContain('## Root cause');
    expect(io.out).toContain(`\`${repo.bug.path}:`);
    expect(io.err).toBe('');
  });

  it('prints only JSON with --format json, and reads the report from stdin', async () => {
    const io = memoryIo({ readStdin: async () => new TextEncoder().encode(repo.reportText) });
    expect(await runInvestigate(options({ report: '-', format: 'json' }), io)).toBe(0);
    const diagnosis = JSON.parse(io.out);
    expect(diagnosis).toMatchObject({ schemaVersion: 1, method: 'offline', proposedChange: null });
    expect(diagnosis.affectedFiles[0].path).toBe(repo.bug.path);
  });

  it('writes to --out instead of stdout', async () => {
    const out = path.join(work, 'diagnosis.md');
    const io = memoryIo();
    expect(await runInvestigate(options({ out }), io)).toBe(0);
    expect(io.out).toBe('');
    expect(await readFile(out, 'utf8')).toContain(repo.bug.path);
  });

  it.each([
    ['a missing report file', { report: '/nonexistent/report.md' }, 'PATH_NOT_FOUND'],
    ['a folder as the report', { report: tmpdir() }, 'NOT_A_FILE'],
    ['a missing repository', { repo: '/nonexistent/repo' }, 'PATH_NOT_FOUND'],
    ['an unknown model spec', { model: 'gpt-4o' }, 'UNKNOWN_MODEL'],
    ['a model without its API key', { model: 'anthropic:claude-sonnet-4-5' }, 'MISSING_API_KEY'],
    ['a structurer without a model', { structurer: 'openai:gpt-4.1-mini' }, 'INVALID_ARGUMENT'],
    ['--out in a missing folder', { out: '/nonexistent/dir/x.md' }, 'INVALID_ARGUMENT'],
    ['--out that is a folder', { out: tmpdir() }, 'INVALID_ARGUMENT'],
  ])('refuses %s with a clear error', async (_name, overrides, code) => {
    await expect(runInvestigate(options(overrides), memoryIo())).rejects.toMatchObject({ code });
  });

  it('refuses --out equal to --report (exit 2) and leaves the report as it was', async () => {
    const before = await readFile(reportFile, 'utf8');
    const same = path.join(path.dirname(reportFile), '.', path.basename(reportFile));
    const failure = runInvestigate(options({ out: same }), memoryIo());
    await expect(failure).rejects.toThrow(
      /is the report file itself; .* would overwrite the report/,
    );
    expect(exitCodeFor(await failure.catch((error: unknown) => error))).toBe(2);
    expect(await readFile(reportFile, 'utf8')).toBe(before);
  });

  it('names SIGHTLINE_MODEL when the model spec from the environment is wrong', async () => {
    const failure = runInvestigate(options(), memoryIo({ env: { SIGHTLINE_MODEL: 'bogus' } }));
    await expect(failure).rejects.toMatchObject({ code: 'UNKNOWN_MODEL' });
    await expect(failure).rejects.toThrow(/SIGHTLINE_MODEL/);
  });

  it('exits 3 and keeps the unverified report when the model cannot produce a valid diagnosis', async () => {
    const script = [
      {
        toolCalls: [
          { toolName: 'suspect', input: { locations: [{ path: repo.bug.path, why: 'guess' }] } },
        ],
      },
      { toolCalls: [{ toolName: 'conclude', input: { summary: 'guess' } }] },
      { text: '## Root cause\nSomething in src/cart/sum.ts.' },
      { text: 'not json' },
      { text: 'still not json' },
    ];
    const scripted = createScriptedModel(script);
    const out = path.join(work, 'diagnosis.md');
    const io = memoryIo({ model: scripted.model });
    expect(await runInvestigate(options({ out }), io)).toBe(3);
    expect(io.err).toContain('unverified report was kept');
    expect(existsSync(out)).toBe(false);
    expect(await readFile(`${out}.unverified.md`, 'utf8')).toContain('src/cart/sum.ts');
  });
});
