/**
 * `sightline tool <name>`: runs one read-only code tool (grep, read_file, list_dir, find_symbol)
 * from the shell, to see exactly what the agent would see. Tool errors print their message on
 * stderr and exit 2; `--json` prints the tool's raw result, or a failure as every command's one
 * JSON error line (with the exit code; the sentence on stderr too).
 */

import {
  type CodeToolResult,
  type CodeToolSuccess,
  type DefinitionKind,
  findSymbol,
  grep,
  indexRepository,
  listDir,
  MAX_CONTEXT_LINES,
  readFile,
  resolveRoot,
} from '@sightline/codebase';
import { isToolError, SightlineError } from '@sightline/core';
import type { Command } from 'commander';
import { textArgument } from '../options/text-argument.js';
import { wholeNumberArgument } from '../options/whole-number-argument.js';
import { EXIT_OK, EXIT_USAGE } from '../run/exit-codes.js';
import { jsonErrorLine } from '../run/json-error.js';
import { runAction } from '../run/run-action.js';

/** One tool call, as the shell gives it. */
export type ToolRequest =
  | {
      tool: 'grep';
      pattern: string;
      path?: string;
      glob?: string;
      caseSensitive?: boolean;
      maxResults?: number;
      context?: number;
    }
  | { tool: 'read_file'; path: string; startLine?: number; endLine?: number }
  | { tool: 'list_dir'; path?: string; depth?: number }
  | { tool: 'find_symbol'; name: string; kind?: DefinitionKind };

/** Options of {@link runTool}. */
export interface ToolCommandOptions {
  /** Repository folder. Default the current directory. */
  repo?: string;
  /** Print the raw result as JSON. Default false. */
  json?: boolean;
}

/** Where {@link runTool} writes. */
export interface ToolIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

async function call(root: string, request: ToolRequest): Promise<CodeToolResult<CodeToolSuccess>> {
  switch (request.tool) {
    case 'grep': {
      const { pattern, path, glob, caseSensitive, maxResults, context } = request;
      return grep(root, pattern, { path, glob, caseSensitive, maxResults, context });
    }
    case 'read_file':
      return readFile(root, request.path, {
        startLine: request.startLine,
        endLine: request.endLine,
      });
    case 'list_dir':
      return listDir(root, request.path, { depth: request.depth });
    case 'find_symbol':
      return findSymbol(await indexRepository(root), request.name, { kind: request.kind });
  }
}

/**
 * Runs one code tool and writes its result: the tool's text (or, with `json`, its whole result
 * object) on stdout; a tool error's `CODE: message` on stderr.
 * @param request - the tool and its arguments (lines 1-based, inclusive).
 * @param options - see {@link ToolCommandOptions}.
 * @param io - where output goes.
 * @returns 0 on success, 2 when the tool returned an error.
 * @throws SightlineError `PATH_NOT_FOUND` / `NOT_A_DIRECTORY` for a bad `--repo`.
 */
export async function runTool(
  request: ToolRequest,
  { repo = '.', json = false }: ToolCommandOptions,
  { stdout, stderr }: ToolIO,
): Promise<number> {
  const root = await resolveRoot(repo);
  const result = await call(root, request);
  if (isToolError(result)) {
    // As every command's failure with --json: one line with the exit code (run/json-error.ts),
    // and the sentence on stderr (fresh-user trial 41 found a 6-line object and stderr empty).
    const { code, message } = result.error;
    if (json) stdout(jsonErrorLine({ code, message, exitCode: EXIT_USAGE }));
    stderr(`sightline: ${code}: ${message}\n`);
    return EXIT_USAGE;
  }
  stdout(json ? `${JSON.stringify(result, null, 2)}\n` : `${result.text}\n`);
  return EXIT_OK;
}

/** Numeric flags are checked here, so a bad value names the flag rather than the tool's field. */
const lineNumber = wholeNumberArgument({ unit: 'a 1-based line' });

const processIO: ToolIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

interface CommonFlags {
  repo: string;
  json?: boolean;
}

function common(command: Command, examples: string[]): Command {
  return (
    command
      // `tool` takes any words to name the tool it lacks; its tools inherit that and dropped
      // what they could not place (trial 42: `grep DATABASE_URL =` searched the first word only).
      .allowExcessArguments(false)
      .option('--repo <dir>', 'repository folder', textArgument('a folder'), '.')
      .option('--json', 'print the raw result as JSON (a failure as one JSON error line)')
      .addHelpText(
        'after',
        `\nExamples:\n${examples.map((example) => `  $ ${example}`).join('\n')}\n\n${TOOL_TEXT_NOTE}\n`,
      )
  );
}

/** The tools' text is written for a model, so its hints name the tool's parameters. */
const TOOL_TEXT_NOTE = `The output is the tool's text exactly as the model sees it; its hints name the tool's
parameters: startLine/endLine are --start/--end, maxResults is --max-results, context is --context, caseSensitive is
--case-sensitive, depth is --depth, path is --path for grep and the PATH argument of read_file and
list_dir. Exit codes: 0 success, 2 bad flag or tool error.`;

/**
 * Registers `sightline tool grep|read_file|list_dir|find_symbol` on `program`
 * (`read-file`, `list-dir`, `find-symbol` work too).
 * @param program - the root command.
 */
export function registerTool(program: Command): void {
  const tool = program
    .command('tool')
    .description('Run one read-only code tool and print what the agent would see.')
    .addHelpText(
      'after',
      `
Examples:
  $ sightline tool grep --repo . 'cartTotal\\(' --glob '*.ts'
  $ sightline tool read_file --repo . src/cart.ts --start 10 --end 40
  $ sightline tool list_dir --repo . src --depth 1
  $ sightline tool find_symbol --repo . cartTotal --kind function

${TOOL_TEXT_NOTE}`,
    )
    // Without a tool's name, its flags (`--repo`) were refused as unknown options of `tool`
    // (fresh-user trial 39): say which tools there are instead.
    .allowUnknownOption()
    .allowExcessArguments()
    .action(
      runAction(async (...args: unknown[]) => {
        // Commander passes the command last; its `args` hold the words it could not place.
        const [first] = (args.at(-1) as Command).args;
        const named = first && !first.startsWith('-') ? `There is no tool "${first}". ` : '';
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `${named}Name the tool to run first: sightline tool grep|read_file|list_dir|find_symbol --repo DIR … (sightline tool --help lists them with examples).`,
        });
      }),
    );

  common(
    tool
      .command('grep')
      .description('Search the repository with a regular expression (ripgrep).')
      .argument('<pattern>', 'regular expression (Rust regex syntax)')
      .option('--path <path>', 'folder or file to search in')
      .option('--glob <glob>', 'only files matching this glob, e.g. "*.ts"')
      .option('--case-sensitive', 'match letter case exactly')
      .option(
        '--max-results <n>',
        'most matches to show (default 50, at most 500)',
        wholeNumberArgument({ unit: 'matches' }),
      )
      .option(
        '--context <n>',
        `lines to show before and after each match (default 0, at most ${MAX_CONTEXT_LINES})`,
        wholeNumberArgument({ min: 0, max: MAX_CONTEXT_LINES, unit: 'lines' }),
      ),
    [
      "sightline tool grep --repo . 'cartTotal\\(' --glob '*.ts'",
      "sightline tool grep --repo . 'todo' --path src --max-results 20 --json",
    ],
  ).action(
    runAction(
      async (
        pattern: string,
        flags: CommonFlags & {
          path?: string;
          glob?: string;
          caseSensitive?: boolean;
          maxResults?: number;
          context?: number;
        },
      ) => {
        const { path, glob, caseSensitive, maxResults, context } = flags;
        return runTool(
          { tool: 'grep', pattern, path, glob, caseSensitive, maxResults, context },
          flags,
          processIO,
        );
      },
    ),
  );

  common(
    tool
      .command('read_file')
      .alias('read-file')
      .description('Print lines of a file, numbered (at most 200 a call).')
      .argument('<path>', 'file path relative to the repository')
      .option('--start <n>', 'first line, 1-based', lineNumber)
      .option('--end <n>', 'last line, inclusive', lineNumber),
    [
      'sightline tool read_file --repo . src/cart.ts --start 10 --end 40',
      'sightline tool read-file --repo . README.md',
    ],
  ).action(
    runAction(async (path: string, flags: CommonFlags & { start?: number; end?: number }) =>
      runTool(
        { tool: 'read_file', path, startLine: flags.start, endLine: flags.end },
        flags,
        processIO,
      ),
    ),
  );

  common(
    tool
      .command('list_dir')
      .alias('list-dir')
      .description('List a folder as a tree, with sizes and line counts.')
      .argument('[path]', 'folder relative to the repository', '.')
      .option('--depth <n>', 'levels to show (default 2)', wholeNumberArgument({ unit: 'levels' })),
    ['sightline tool list_dir --repo . src --depth 1', 'sightline tool list-dir --repo ~/src/app'],
  ).action(
    runAction(async (path: string, flags: CommonFlags & { depth?: number }) =>
      runTool({ tool: 'list_dir', path, depth: flags.depth }, flags, processIO),
    ),
  );

  common(
    tool
      .command('find_symbol')
      .alias('find-symbol')
      .description('Find where a symbol is defined (indexes the repository first).')
      .argument('<name>', 'symbol name, plain or qualified (Cart.total)')
      .option('--kind <kind>', 'only this kind: class, function, method, type, …'),
    [
      'sightline tool find_symbol --repo . cartTotal --kind function',
      'sightline tool find-symbol --repo . Cart.total',
    ],
  ).action(
    runAction(async (name: string, flags: CommonFlags & { kind?: DefinitionKind }) =>
      runTool({ tool: 'find_symbol', name, kind: flags.kind }, flags, processIO),
    ),
  );
}
