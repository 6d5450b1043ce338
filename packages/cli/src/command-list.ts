/**
 * The verbs of `sightline`, each with a one-line summary for the top-level help and a loader for
 * its module. `main.ts` imports only the module of the verb being run, so `--version`, `--help`
 * and every verb skip the others' dependencies (tree-sitter grammars, the AI SDK and its
 * providers, the service's database drivers).
 */
import type { Command } from 'commander';

/** One verb of the command line. */
export interface CommandEntry {
  /** The verb, e.g. `investigate`. */
  name: string;
  /** One line for the top-level `--help`; the verb's own `--help` has the full description. */
  summary: string;
  /** Loads the verb's module and returns its `register*` function. */
  load: () => Promise<(program: Command) => void>;
}

/** Every verb, in the order `sightline --help` lists them. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'investigate',
    summary: 'diagnose a bug report against a repository (root cause, files and lines, fix)',
    load: async () => (await import('./commands/investigate.js')).registerInvestigate,
  },
  {
    name: 'triage',
    summary: 'classify reports as bug, crash, feature, question or other',
    load: async () => (await import('./commands/triage.js')).registerTriage,
  },
  {
    name: 'map',
    summary: 'print the repository map within a token budget',
    load: async () => (await import('./commands/map.js')).registerMap,
  },
  {
    name: 'tool',
    summary: 'run one read-only code tool (grep, read_file, list_dir, find_symbol)',
    load: async () => (await import('./commands/tool.js')).registerTool,
  },
  {
    name: 'schema',
    summary: 'print the JSON Schema of an output format',
    load: async () => (await import('./commands/schema.js')).registerSchema,
  },
  {
    name: 'mcp',
    summary: 'serve the map, code tools and investigation to a coding agent over MCP',
    load: async () => (await import('./commands/mcp.js')).registerMcp,
  },
  {
    name: 'serve',
    summary: 'run the triage service (reports in, diagnoses out, JSON API)',
    load: async () => (await import('./commands/serve/index.js')).registerServe,
  },
  {
    name: 'worker',
    summary: 'work the job queue of a service on Postgres',
    load: async () => (await import('./commands/worker.js')).registerWorker,
  },
  {
    name: 'ingest',
    summary: 'hand reports to the triage service',
    load: async () => (await import('./commands/ingest.js')).registerIngest,
  },
  {
    name: 'digest',
    summary:
      'send the digest of what waits (new groups, regressions, diagnoses) by webhook or e-mail',
    load: async () => (await import('./commands/digest.js')).registerDigest,
  },
  {
    name: 'sources',
    summary: 'add, list and test the sources the triage service polls',
    load: async () => (await import('./commands/sources/index.js')).registerSources,
  },
  {
    name: 'github-action',
    summary: 'investigate an opened GitHub issue and post the diagnosis (in a GitHub Action)',
    load: async () => (await import('./commands/github-action.js')).registerGitHubAction,
  },
];

/**
 * The verb a command line asks for: the first argument that is not an option, or for
 * `help <verb>` the verb after it.
 * @param args - the arguments after `sightline`.
 * @returns the verb, or undefined (`sightline`, `sightline --version`, `sightline help`).
 */
export function requestedVerb(args: readonly string[]): string | undefined {
  const words = args.filter((arg) => !arg.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}
