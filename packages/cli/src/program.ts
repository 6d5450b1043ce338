/**
 * The `sightline` program: commander with every verb listed and the one being run loaded, the
 * usage checks, and the run itself. `main.ts` imports it once the stop-signal handler is in place.
 */
import { Command, CommanderError } from 'commander';
import { COMMANDS } from './command-list.js';
import { guardOutputStreams } from './io/output-errors.js';
import { refuseRepeatedOptions } from './options/refuse-repeated-options.js';
import { refuseUnknownOptionsFirst } from './options/refuse-unknown-options.js';
import { styleUsageError, styleUsageErrors } from './options/usage-errors.js';
import { EXIT_USAGE } from './run/exit-codes.js';
import { argvAsksForJson, jsonErrorLine } from './run/json-error.js';
import { TOP_LEVEL_HELP } from './top-level-help.js';

/**
 * Runs `sightline` on a command line; sets `process.exitCode` for a usage error.
 * @param argv - the whole command line, `process.argv`'s shape (node, script, words…).
 * @param verb - the verb it runs (`requestedVerb`), whose module is loaded.
 */
export async function runProgram(argv: readonly string[], verb: string | undefined): Promise<void> {
  const program = new Command()
    .name('sightline')
    .description('Context engineering for AI agents, and a bug-triage agent built on it.')
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', TOP_LEVEL_HELP)
    .exitOverride();

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
  refuseUnknownOptionsFirst(program);
  styleUsageErrors(program);
  guardOutputStreams();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
      // Commander told stderr; a script reading `--json` output learns it too (run/json-error.ts).
      if (error.exitCode !== 0 && argvAsksForJson(argv.slice(2))) {
        // The sentence stderr got, not commander's wording (trial 42).
        const message = styleUsageError(error.message)
          .replace(/^sightline: /, '')
          .trimEnd();
        process.stdout.write(
          jsonErrorLine({ code: 'INVALID_ARGUMENT', message, exitCode: EXIT_USAGE }),
        );
      }
    } else {
      throw error;
    }
  }
}
