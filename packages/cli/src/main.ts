/**
 * The `sightline` command. Each verb lives in `commands/<verb>.ts`, or `commands/<verb>/` when it
 * has several files (`serve`, `sources`); only the verb being run is loaded (see command-list.ts),
 * so `sightline --version` and `--help` start in a fraction of a second. What the verbs share sits
 * in named folders: `run/` (running an action, exit codes, stop signals), `options/` (shared flags:
 * models, output format, whole numbers, the service's data folder and store), `io/` (reading a
 * report, writing output, progress lines, broken output streams), `format/` (text shared with the
 * MCP server), and `testing/` (test helpers). This file only installs the stop-signal handler of a
 * `--json` run and then loads the program (`program.ts`): it imports no package, so the handler is
 * in place from the CLI's first line on (start-up-imports.test.ts holds it to that).
 */
import { requestedVerb } from './command-list.js';
import { argvAsksForJson } from './run/json-error.js';
import { printJsonOnStopSignal } from './run/json-on-signal.js';

const verb = requestedVerb(process.argv.slice(2));
// First, before the program's modules load (commander, then the verb's modules: a second or more
// for investigate), so a stop signal in that time prints the JSON error line too (fresh-user
// trials 40 and 49). The modules imported above load nothing else.
if (argvAsksForJson(process.argv.slice(2))) printJsonOnStopSignal(verb);
const { runProgram } = await import('./program.js');
await runProgram(process.argv, verb);
