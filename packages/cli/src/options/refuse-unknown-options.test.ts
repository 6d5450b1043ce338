import { Command, type CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { refuseUnknownOptionsFirst } from './refuse-unknown-options.js';

/** A root command that throws instead of exiting and collects what it would print. */
function root() {
  const output = { err: '', out: '' };
  const program = new Command()
    .name('sightline')
    .exitOverride()
    .configureOutput({
      writeErr: (text) => {
        output.err += text;
      },
      writeOut: (text) => {
        output.out += text;
      },
    });
  return { program, output };
}

async function parse(program: Command, args: string[]): Promise<CommanderError | undefined> {
  try {
    await program.parseAsync(['node', 'sightline', ...args]);
    return undefined;
  } catch (error) {
    return error as CommanderError;
  }
}

describe('refuseUnknownOptionsFirst', () => {
  it('names a mistyped option, with the closest known one, before a required option it stood for', async () => {
    // Found by a fresh-user trial: `investigate --repo . --reprot r.txt` said "--report is required".
    const { program, output } = root();
    program
      .command('investigate')
      .requiredOption('--repo <dir>')
      .requiredOption('--report <file>')
      .action(() => {});
    refuseUnknownOptionsFirst(program);
    const error = await parse(program, ['investigate', '--repo', '.', '--reprot', 'r.txt']);
    expect(error?.code).toBe('commander.unknownOption');
    expect(output.err).toBe("error: unknown option '--reprot'\n(Did you mean --report?)\n");
  });

  it('says a known flag that takes no value was given one with =, naming neither as unknown', async () => {
    // Fresh-user trial 41: `--json=true` read "Unknown option --json. (Did you mean --json?)".
    const { program, output } = root();
    program
      .command('investigate')
      .option('--json')
      .option('--no-cache')
      .option('--repo <dir>')
      .action(() => {});
    refuseUnknownOptionsFirst(program);
    for (const flag of ['--json', '--no-cache']) {
      output.err = '';
      const error = await parse(program, ['investigate', `${flag}=ghp_not_echoed`]);
      expect(error?.code).toBe('commander.invalidArgument');
      expect(output.err).toBe(`${flag} takes no value: give ${flag} alone, without =.\n`);
    }
  });

  it('never repeats the value given with = (it may be a secret)', async () => {
    const { program, output } = root();
    program
      .command('ingest')
      .requiredOption('--token <token>')
      .action(() => {});
    refuseUnknownOptionsFirst(program);
    await parse(program, ['ingest', '--tokn=hunter2']);
    expect(output.err).toBe("error: unknown option '--tokn'\n(Did you mean --token?)\n");
  });

  it('still shows the help asked for', async () => {
    const { program, output } = root();
    program
      .command('investigate')
      .requiredOption('--report <file>')
      .action(() => {});
    refuseUnknownOptionsFirst(program);
    const error = await parse(program, ['investigate', '--reprot', 'r.txt', '--help']);
    expect(error?.code).toBe('commander.helpDisplayed');
    expect(output.out).toContain('--report <file>');
  });
});
