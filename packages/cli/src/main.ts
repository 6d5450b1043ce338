/**
 * The `sightline` command. Each verb lives in `commands/<verb>.ts`; only the verb being run is
 * loaded (see command-list.ts), so `sightline --version` and `--help` start in a fraction of a
 * second.
 */
import { Command, CommanderError } from 'commander';
import { COMMANDS, requestedVerb } from './command-list.js';
import { EXIT_USAGE } from './exit-codes.js';
import { guardOutputStreams } from './output-errors.js';
import { refuseRepeatedOptions } from './refuse-repeated-options.js';
import { TOP_LEVEL_HELP } from './top-level-help.js';

const program = new Command()
  .name('sightline')
  .description('Context engineering for AI agents, and a bug-triage agent built on it.')
  .version('0.1.0')
  .showHelpAfterError('(run with --help for usage)')
  .addHelpText('after', TOP_LEVEL_HELP)
  .exitOverride();

const verb = requestedVerb(process.argv.slice(2));
for (const entry of COMMANDS) {
  if (entry.name === verb) {
    (await entry.load())(program);
    program.commands.at(-1)?.summary(entry.summary);
  } else {
    // Listed in the help; never run (a verb on the command line is loaded above).
    program.command(entry.name).summary(entry.summary).allowUnknownOption();
  }
}

refuseRepeatedOptions(program);
guardOutputStreams();
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
  } else {
    throw error;
  }
}
