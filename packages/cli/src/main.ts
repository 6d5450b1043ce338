/**
 * The `sightline` command. Each verb lives in `commands/<verb>.ts`, or `commands/<verb>/` when it
 * has several files (`serve`, `sources`); only the verb being run is loaded (see command-list.ts),
 * so `sightline --version` and `--help` start in a fraction of a second. What the verbs share sits
 * in named folders: `run/` (running an action, exit codes, stop signals), `options/` (shared flags:
 * models, output format, whole numbers, the service's data folder and store), `io/` (reading a
 * report, writing output, progress lines, broken output streams), `format/` (text shared with the
 * MCP server), and `testing/` (test helpers).
 */
import { Command, CommanderError } from 'commander';
import { COMMANDS, requestedVerb } from './command-list.js';
import { guardOutputStreams } from './io/output-errors.js';
import { refuseRepeatedOptions } from './options/refuse-repeated-options.js';
import { refuseUnknownOptionsFirst } from './options/refuse-unknown-options.js';
import { styleUsageError, styleUsageErrors } from './options/usage-errors.js';
import { EXIT_USAGE } from './run/exit-codes.js';
import { argvAsksForJson, jsonErrorLine } from './run/json-error.js';
import { printJsonOnStopSignal } from './run/json-on-signal.js';
import { TOP_LEVEL_HELP } from './top-level-help.js';

const program = new Command()
  .name('sightline')
  .description('Context engineering for AI agents, and a bug-triage agent built on it.')
  .version('0.1.0')
  .showHelpAfterError('(run with --help for usage)')
  .addHelpText('after', TOP_LEVEL_HELP)
  .exitOverride();

const verb = requestedVerb(process.argv.slice(2));
// Before the verb's modules load (a second or more for investigate), so a stop signal in that
// time prints the JSON error line too (fresh-user trial 40).
if (argvAsksForJson(process.argv.slice(2))) printJsonOnStopSignal(verb);
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
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
    // Commander told stderr; a script reading `--json` output learns it too (run/json-error.ts).
    if (error.exitCode !== 0 && argvAsksForJson(process.argv.slice(2))) {
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
