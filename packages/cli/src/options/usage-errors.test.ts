import { Command, CommanderError } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { refuseRepeatedOptions } from './refuse-repeated-options.js';
import { styleUsageErrors } from './usage-errors.js';
import { wholeNumberArgument } from './whole-number-argument.js';

/** A `sightline investigate` with the CLI's option kinds, its usage errors styled as main.ts does. */
function program() {
  const root = new Command()
    .name('sightline')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');
  root
    .command('investigate')
    .exitOverride()
    .requiredOption('--repo <dir>', 'repository')
    .option('-o, --out <file>', 'output file')
    .option('--timeout <seconds>', 'wait', wholeNumberArgument({ max: 3_600, unit: 'seconds' }))
    .option('--json', 'json')
    .action(() => {});
  refuseRepeatedOptions(root);
  styleUsageErrors(root);
  return root;
}

/** What `sightline investigate ...args` writes to stderr, and that it is a usage error. */
async function stderrOf(args: string[]): Promise<string> {
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const thrown = await program()
      .parseAsync(['node', 'sightline', 'investigate', ...args])
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(CommanderError);
    return stderr.mock.calls.map(([text]) => String(text)).join('');
  } finally {
    stderr.mockRestore();
  }
}

describe('usage errors', () => {
  it('are written like every other sightline error, naming the flag as typed', async () => {
    const help = '(run with --help for usage)\n';
    expect(await stderrOf(['--repo', '.', '--timeout', 'abc'])).toBe(
      `sightline: --timeout "abc" is invalid: expected a whole number from 1 to 3,600 (seconds).\n${help}`,
    );
    expect(await stderrOf(['--timeout', '5'])).toBe(
      `sightline: --repo is required: give --repo <dir>.\n${help}`,
    );
    // Paths given without their flags (fresh-user trial 23).
    expect(await stderrOf(['./repo', 'crash.log'])).toBe(
      `sightline: --repo is required: give --repo <dir>. Arguments without a flag are not read ("./repo", "crash.log"): write --repo "./repo".\n${help}`,
    );
    expect(await stderrOf(['--repo', '.', '--out'])).toBe(
      `sightline: --out needs a value: give -o, --out <file>.\n${help}`,
    );
    expect(await stderrOf(['--repo', '.', '--bogus'])).toBe(
      `sightline: Unknown option --bogus.\n${help}`,
    );
    expect(await stderrOf(['--repo', '.', '--jsn'])).toBe(
      `sightline: Unknown option --jsn.\n(Did you mean --json?)\n${help}`,
    );
    expect(await stderrOf(['--repo', 'a', '--repo', 'b'])).toBe(
      `sightline: --repo was given more than once; it takes one value. Give it once.\n${help}`,
    );
  });
});
