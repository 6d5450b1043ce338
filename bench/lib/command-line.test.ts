import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCommandLine } from './command-line.js';

describe('readCommandLine', () => {
  const argv = process.argv;
  afterEach(() => {
    process.argv = argv;
    vi.restoreAllMocks();
  });

  it('answers an unknown option with the message and the usage, exit code 2, no stack trace', () => {
    process.argv = ['node', 'script.ts', '--bogus'];
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(() =>
      readCommandLine({ options: { only: { type: 'string' } } }, 'Usage: npm run x [-- --only ID]'),
    ).toThrow('exit 2');
    expect(exit).toHaveBeenCalledWith(2);
    const printed = stderr.mock.calls.map(([text]) => String(text)).join('');
    expect(printed).toContain("Unknown option '--bogus'");
    expect(printed).toContain('Usage: npm run x [-- --only ID]');
    expect(printed).not.toMatch(/\n\s+at /);
  });

  it('returns the options of a command line that parses', () => {
    process.argv = ['node', 'script.ts', '--only', 'a', 'fill'];
    const { values, positionals } = readCommandLine(
      { allowPositionals: true, options: { only: { type: 'string' } } },
      'usage',
    );
    expect(values.only).toBe('a');
    expect(positionals).toEqual(['fill']);
  });
});
