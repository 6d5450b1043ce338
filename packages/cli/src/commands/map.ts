import {
  indexRepository,
  type RepositoryMap,
  renderRepositoryMap,
  resolveRoot,
} from '@sightline/codebase';
import { SightlineError } from '@sightline/core';
import type { Command } from 'commander';
import { emptyIndexWarning } from '../format/empty-index.js';
import { isKnownName, parseFocus } from '../format/parse-focus.js';
import { createProgress, type Progress } from '../progress.js';
import { runAction } from '../run-action.js';
import { MAX_MAP_TOKENS, wholeNumberArgument } from '../whole-number-argument.js';

/** Options of {@link runMap}. */
export interface MapCommandOptions {
  /** Repository folder. Default the current directory. */
  dir?: string;
  /** Budget of the map, in tokens. Default 1024. */
  tokens?: number;
  /** `IDENT`, `FILE` or `FILE:LINE` values; files and frames are kept in order, innermost first. */
  focus?: string[];
  /** Print JSON (files, symbols, ranks and the text) instead of the map. Default false. */
  json?: boolean;
  /** Cache folder, or `false` for none. Default the index's own (`<DIR>/.sightline/cache`). */
  cacheDir?: string | false;
}

/** Where {@link runMap} writes. */
export interface MapIO {
  /** Receives the output meant for stdout. */
  stdout: (text: string) => void;
  /** Receives warnings meant for stderr. Default: dropped. */
  stderr?: (text: string) => void;
  /** Progress on stderr. Default: none. */
  progress?: Progress;
}

/** Milliseconds between two progress updates while indexing. */
const PROGRESS_INTERVAL_MS = 250;

/**
 * Runs `sightline map`: indexes the repository, renders its map and writes it.
 * @param options - see {@link MapCommandOptions}.
 * @param io - output and progress.
 * @returns the exit code (0).
 * @throws SightlineError `PATH_NOT_FOUND` or `NOT_A_DIRECTORY` for a bad DIR, `INVALID_ARGUMENT`
 *   for a budget that is not a positive integer.
 */
export async function runMap(
  { dir = '.', tokens = 1024, focus = [], json = false, cacheDir }: MapCommandOptions,
  { stdout, stderr = () => {}, progress = createProgress({ quiet: true }) }: MapIO,
): Promise<number> {
  if (!Number.isInteger(tokens) || tokens <= 0) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--tokens must be a positive whole number of tokens, got ${tokens}.`,
      details: { tokens },
    });
  }
  const root = await resolveRoot(dir);
  const started = performance.now();
  let lastUpdate = 0;
  let listed = 0;
  const index = await indexRepository(root, {
    cacheDir,
    onProgress: (done, total) => {
      listed = total;
      const now = performance.now();
      if (now - lastUpdate < PROGRESS_INTERVAL_MS) return;
      lastUpdate = now;
      progress.update(`Indexing ${done}/${plural(total, 'file')}`);
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  progress.succeed(indexedSummary(index.files.size, listed, seconds));
  for (const warning of index.warnings ?? []) stderr(`sightline: warning: ${warning}\n`);

  const parsedFocus = await parseFocus(index, focus);
  const unmatched = (parsedFocus.identifiers ?? []).filter((name) => !isKnownName(index, name));
  if (unmatched.length > 0) {
    const quoted = unmatched.map((value) => `"${value}"`).join(', ');
    stderr(
      `sightline map: warning: --focus ${quoted} ${unmatched.length === 1 ? 'matches' : 'match'} no indexed file and no identifier in ${root}; the map ignores ${unmatched.length === 1 ? 'it' : 'them'}.\n`,
    );
  }
  const map = renderRepositoryMap(index, { focus: parsedFocus, tokens });
  if (index.files.size === 0) {
    stderr(emptyIndexWarning(root, index.skipped.length, 'the map is empty'));
  } else if (map.shownFiles === 0) {
    stderr(
      `sightline map: nothing fit in --tokens ${tokens}: even the first file of the map needs more. Raise --tokens (the default is 1024).\n`,
    );
  }
  stdout(json ? `${JSON.stringify(toJson(root, tokens, map), null, 2)}\n` : map.text);
  return 0;
}

/** `1 file`, `2 files`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The progress line after indexing: how many of the listed files were indexed, and how many of
 * them were skipped (binary, minified, generated, unreadable, secret), so the counts add up with
 * the `Indexing N/M files` updates before it.
 * @param indexed - files in the index.
 * @param listed - files the index went through (the `M` of the updates); 0 when unknown.
 * @param seconds - elapsed time, already formatted.
 * @returns the line, e.g. `Indexed 15 of 16 files in 0.3 s (1 skipped)`.
 */
export function indexedSummary(indexed: number, listed: number, seconds: string): string {
  if (listed <= indexed) return `Indexed ${plural(indexed, 'file')} in ${seconds} s`;
  return `Indexed ${indexed} of ${plural(listed, 'file')} in ${seconds} s (${listed - indexed} skipped)`;
}

function toJson(root: string, budget: number, map: RepositoryMap) {
  return {
    root,
    budget,
    tokens: map.tokens,
    shownFiles: map.shownFiles,
    omittedFiles: map.omittedFiles,
    shownSymbols: map.shownSymbols,
    omittedSymbols: map.omittedSymbols,
    files: map.files.map((file) => ({
      path: file.path,
      rank: file.rank,
      symbols: file.symbols.map(({ name, kind, lines, scope, signature }) => ({
        name,
        kind,
        lines,
        scope,
        signature,
      })),
    })),
    text: map.text,
  };
}

/**
 * Registers `sightline map [DIR]` on `program`.
 * @param program - the root command.
 */
export function registerMap(program: Command): void {
  program
    .command('map')
    .description('Print the repository map: the most important definitions, within a token budget.')
    .argument('[dir]', 'repository folder', '.')
    .option(
      '--tokens <n>',
      'token budget of the map',
      wholeNumberArgument({ max: MAX_MAP_TOKENS, unit: 'tokens' }),
      1024,
    )
    .option(
      '--focus <value>',
      'rank around IDENT, FILE or FILE:LINE; repeat it (frames innermost first)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option('--json', 'print JSON (files, symbols, ranks, text) instead of the map')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  sightline map . --tokens 2048',
        '  sightline map ~/src/app --focus src/orders/total.ts:42 --focus computeTotal --json',
        '',
      ].join('\n'),
    )
    .action(
      runAction(async (dir: string, options: { tokens: number; focus: string[]; json?: boolean }) =>
        runMap(
          { dir, tokens: options.tokens, focus: options.focus, json: options.json ?? false },
          {
            stdout: (text) => process.stdout.write(text),
            stderr: (text) => process.stderr.write(text),
            progress: createProgress(),
          },
        ),
      ),
    );
}
