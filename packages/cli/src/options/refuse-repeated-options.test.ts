import { Command, CommanderError } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { refuseRepeatedOptions } from './refuse-repeated-options.js';

function program() {
  const root = new Command().exitOverride();
  root
    .command('investigate')
    .exitOverride()
    .option('--report <file>')
    .option('--token <token>')
    .option('--timeout <seconds>', 'wait', (value: string) => Number(value))
    .option(
      '--focus <value>',
      'repeatable',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option('--json')
    .action(() => {});
  refuseRepeatedOptions(root);
  return root;
}

async function parse(args: string[]) {
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    await program().parseAsync(['node', 'sightline', 'investigate', ...args]);
    return { error: undefined, stderr: stderr.mock.calls.join('') };
  } catch (error) {
    return { error: error as CommanderError, stderr: stderr.mock.calls.join('') };
  } finally {
    stderr.mockRestore();
  }
}

describe('refuseRepeatedOptions', () => {
  it('refuses an option that takes one value given twice, in any spelling', async () => {
    for (const args of [
      ['--report', 'a.md', '--report', 'b.md'],
      ['--report=a.md', '--report', 'b.md'],
      ['--timeout', '1', '--timeout=2'],
    ]) {
      const { error, stderr } = await parse(args);
      expect(error).toBeInstanceOf(CommanderError);
      expect(error?.exitCode).toBe(2);
      expect(error?.code).toBe('sightline.repeatedOption');
      expect(stderr).toMatch(/^error: --(report|timeout) was given more than once; it takes one/);
    }
    expect((await parse(['--report', 'a.md', '--report', 'b.md'])).stderr).toBe(
      'error: --report was given more than once; it takes one value. Give it once.\n',
    );
  });

  it('never repeats the values in the message: one may be a secret (an API token, a webhook URL)', async () => {
    // The message quoted both values, so `ingest --token A --token B` printed both tokens.
    const { error, stderr } = await parse(['--token', 'sl-secret-1', '--token', 'sl-secret-2']);
    expect(error?.code).toBe('sightline.repeatedOption');
    expect(stderr).toBe(
      'error: --token was given more than once; it takes one value. Give it once.\n',
    );
    expect(stderr).not.toContain('sl-secret');
  });

  it('refuses a flag given twice', async () => {
    const { error, stderr } = await parse(['--json', '--report', 'a.md', '--json']);
    expect(error?.code).toBe('sightline.repeatedOption');
    expect(error?.exitCode).toBe(2);
    expect(stderr).toBe('error: --json was given more than once. Give it once.\n');
  });

  it('lets collecting options repeat, and a single value or flag through', async () => {
    expect((await parse(['--focus', 'a', '--focus', 'b', '--json'])).error).toBe(undefined);
    expect((await parse(['--report', 'a.md'])).error).toBe(undefined);
  });
});
