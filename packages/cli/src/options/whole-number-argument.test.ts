import { Command, CommanderError } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { MAX_MAP_TOKENS, MAX_PHASE_STEPS, wholeNumberArgument } from './whole-number-argument.js';

/** Parses `args` with one option and returns the usage error commander throws (the CLI exits 2). */
async function reject(flag: string, parser: (value: string) => number, value: string) {
  const program = new Command().exitOverride().option(`${flag} <n>`, 'a number', parser);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const thrown = await program.parseAsync(['node', 'sightline', flag, value]).then(
    () => undefined,
    (error: unknown) => error,
  );
  const written = stderr.mock.calls.map(([text]) => String(text)).join('');
  stderr.mockRestore();
  expect(thrown).toBeInstanceOf(CommanderError);
  expect((thrown as CommanderError).code).toBe('commander.invalidArgument');
  return written.trim();
}

describe('wholeNumberArgument', () => {
  it('accepts whole numbers within the bounds', () => {
    expect(wholeNumberArgument({ max: 10 })('10')).toBe(10);
    expect(wholeNumberArgument({ min: 0 })(' 0 ')).toBe(0);
  });

  it.each([
    [
      '--tokens',
      wholeNumberArgument({ max: MAX_MAP_TOKENS, unit: 'tokens' }),
      '2000000',
      'from 1 to 1,000,000 (tokens)',
    ],
    [
      '--budget-explore',
      wholeNumberArgument({ max: MAX_PHASE_STEPS, unit: 'steps' }),
      '101',
      'from 1 to 100 (steps)',
    ],
    [
      '--timeout',
      wholeNumberArgument({ max: 3_600, unit: 'seconds' }),
      '0',
      'from 1 to 3,600 (seconds)',
    ],
    [
      '--port',
      wholeNumberArgument({ min: 0, max: 65_535, unit: 'port' }),
      '70000',
      'from 0 to 65,535 (port)',
    ],
    ['--tokens', wholeNumberArgument({ unit: 'tokens' }), '1e3', '≥ 1 (tokens)'],
    ['--tokens', wholeNumberArgument({ unit: 'tokens' }), '-5', '≥ 1 (tokens)'],
  ])('refuses %s %s … with the bounds in the message', async (flag, parser, value, range) => {
    expect(await reject(flag, parser, value)).toBe(
      `error: option '${flag} <n>' argument '${value}' is invalid. expected a whole number ${range}.`,
    );
  });
});
