/**
 * The `sightline` command. Each verb lives in `commands/<verb>.ts` and registers itself here.
 */
import { Command, CommanderError } from 'commander';
import { registerGitHubAction } from './commands/github-action.js';
import { registerIngest } from './commands/ingest.js';
import { registerInvestigate } from './commands/investigate.js';
import { registerMap } from './commands/map.js';
import { registerMcp } from './commands/mcp.js';
import { registerSchema } from './commands/schema.js';
import { registerServe } from './commands/serve.js';
import { registerSources } from './commands/sources/index.js';
import { registerTool } from './commands/tool.js';
import { registerTriage } from './commands/triage.js';
import { registerWorker } from './commands/worker.js';
import { EXIT_USAGE } from './exit-codes.js';

const program = new Command()
  .name('sightline')
  .description('Context engineering for AI agents, and a bug-triage agent built on it.')
  .version('0.1.0')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();

// Commands register below, one line each.
registerInvestigate(program);
registerSchema(program);
registerTriage(program);
registerMap(program);
registerTool(program);
registerMcp(program);
registerServe(program);
registerWorker(program);
registerIngest(program);
registerSources(program);
registerGitHubAction(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
  } else {
    throw error;
  }
}
