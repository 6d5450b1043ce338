import { SightlineError } from '@sightline/core';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addFormatOptions } from '../options/output-options.js';
import { runAction } from './run-action.js';

/** Runs a command whose action throws `error`, with `argv`; returns what it printed and the code. */
async function failWith(error: unknown, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => out.push(String(text)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((text) => err.push(String(text)) > 0);
  const command = addFormatOptions(new Command('verb'), {
    formats: ['text', 'json'],
    defaultFormat: 'text',
  })
    .option('--out <file>')
    .exitOverride()
    .action(
      runAction(async () => {
        throw error;
      }),
    );
  await command.parseAsync(argv, { from: 'user' });
  vi.restoreAllMocks();
  const code = process.exitCode;
  process.exitCode = 0;
  return { out: out.join(''), err: err.join(''), code };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runAction', () => {
  const mistake = new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: 'The folder /x does not exist: pass --repo DIR.',
  });

  it('prints a user mistake as one line on stderr and nothing on stdout', async () => {
    const run = await failWith(mistake, []);
    expect(run.code).toBe(2);
    expect(run.err).toBe('sightline: The folder /x does not exist: pass --repo DIR.\n');
    expect(run.out).toBe('');
  });

  it('also prints it as JSON on stdout when asked for JSON (--json or --format json)', async () => {
    for (const argv of [['--json'], ['--format', 'json']]) {
      const run = await failWith(mistake, argv);
      expect(run.code).toBe(2);
      expect(JSON.parse(run.out)).toEqual({
        error: {
          code: 'INVALID_ARGUMENT',
          message: 'The folder /x does not exist: pass --repo DIR.',
          exitCode: 2,
        },
      });
      expect(run.err).toContain('does not exist');
    }
  });

  it('keeps stdout empty when the JSON output goes to --out', async () => {
    const run = await failWith(mistake, ['--json', '--out', 'diagnosis.json']);
    expect(run.out).toBe('');
  });

  it('names a bug UNEXPECTED_FAILURE in JSON, and shows its stack on stderr', async () => {
    const run = await failWith(new TypeError('x is undefined'), ['--json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.out)).toEqual({
      error: { code: 'UNEXPECTED_FAILURE', message: 'x is undefined', exitCode: 1 },
    });
    expect(run.err).toContain('please report it');
    expect(run.err).toContain('TypeError: x is undefined');
  });
});
