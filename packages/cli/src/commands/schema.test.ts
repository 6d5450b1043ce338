import { diagnosisJsonSchema } from '@sightline/investigator';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT_OK, EXIT_USAGE } from '../run/exit-codes.js';
import { registerSchema } from './schema.js';

/** Runs `sightline schema …args` on a fresh program; returns exit code, stdout and stderr. */
async function run(...args: string[]) {
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const program = new Command().exitOverride();
  registerSchema(program);
  await program.parseAsync(['schema', ...args], { from: 'user' });
  const result = {
    exitCode: process.exitCode,
    stdout: stdout.mock.calls.map(([chunk]) => String(chunk)).join(''),
    stderr: stderr.mock.calls.map(([chunk]) => String(chunk)).join(''),
  };
  vi.restoreAllMocks();
  return result;
}

describe('sightline schema', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('prints the diagnosis JSON Schema as pretty JSON', async () => {
    const { exitCode, stdout, stderr } = await run('diagnosis');
    expect(exitCode).toBe(EXIT_OK);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual(diagnosisJsonSchema());
    expect(stdout).toContain('\n  "$schema": ');
  });

  it('exits 2 with the known names for an unknown schema', async () => {
    const { exitCode, stdout, stderr } = await run('report');
    expect(exitCode).toBe(EXIT_USAGE);
    expect(stdout).toBe('');
    expect(stderr).toBe('sightline: Unknown schema "report". Known schemas: diagnosis.\n');
  });
});
