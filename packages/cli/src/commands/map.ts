import {
  emptyIndexNote,
  indexRepository,
  printableText,
  type RepositoryIndex,
  type RepositoryMap,
  renderRepositoryMap,
  resolveRoot,
} from '@sightline/codebase';
import { pluralize, SightlineError } from '@sightline/core';
import { type Command, Option } from 'commander';
import { framesOutsideFile, isKnownName, parseFocus } from '../format/parse-focus.js';
import { warningLine } from '../format/warning-line.js';
import { MAP_OUTPUT, refuseDestructiveOut } from '../io/out-guard.js';
import { checkWritable, writeOutput } from '../io/output-file.js';
import { createProgress, type Progress } from '../io/progress.js';
import { addFormatOptions, type FormatFlags, resolveFormat } from '../options/output-options.js';
import { quietOption } from '../options/quiet-option.js';
import { textArgument } from '../options/text-argument.js';
import { MAX_MAP_TOKENS, wholeNumberArgument } from '../options/whole-number-argument.js';
import { runAction } from '../run/run-action.js';

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

/** Parses one `--focus` value: blank focuses on nothing, so it is a usage error (exit 2). */
const focusText = textArgument('an identifier, a file or FILE:LINE');

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
      message: `--map-tokens must be a positive whole number of tokens, got ${tokens}.`,
      details: { tokens },
    });
  }
  const root = await resolveRoot(dir);
  const started = performance.now();
  let lastUpdate = 0;
  const index = await indexRepository(root, {
    cacheDir,
    onProgress: (done, total) => {
      const now = performance.now();
      if (now - lastUpdate < PROGRESS_INTERVAL_MS) return;
      lastUpdate = now;
      progress.update(`Indexing ${done}/${pluralize(total, 'file')}`);
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  progress.succeed(indexedSummary(index.files.size, index.skipped, seconds));
  const noCode = emptyIndexNote(
    root,
    index,
    index.files.size === 0 ? 'the map is empty' : 'the map has no code in it',
  );
  // On stderr and in the JSON (fresh-user trial 26: only stderr had them).
  const warnings = [...(index.warnings ?? []), ...(noCode ? [noCode] : [])];
  for (const warning of warnings) stderr(warningLine(warning));

  const parsedFocus = await parseFocus(index, focus);
  const unmatched = (parsedFocus.identifiers ?? []).filter((name) => !isKnownName(index, name));
  if (unmatched.length > 0) {
    const quoted = unmatched.map((value) => `"${printableText(value)}"`).join(', ');
    stderr(
      `sightline map: warning: --focus ${quoted} ${unmatched.length === 1 ? 'matches' : 'match'} no indexed file and no identifier in ${root}; the map ignores ${unmatched.length === 1 ? 'it' : 'them'}.\n`,
    );
  }
  for (const { value, lines } of framesOutsideFile(index, parsedFocus)) {
    stderr(
      `sightline map: warning: --focus "${printableText(value)}" names a line outside the file (${pluralize(lines, 'line')}); the map focuses on the file, not a line.\n`,
    );
  }
  const map = renderRepositoryMap(index, { focus: parsedFocus, tokens });
  if (!noCode && map.shownFiles === 0) {
    stderr(
      `sightline map: nothing fit in --map-tokens ${tokens}: even the first file of the map needs more. Raise --map-tokens (the default is 1024).\n`,
    );
  }
  stdout(
    json
      ? `${JSON.stringify(toJson(root, tokens, map, warnings, index.skipped), null, 2)}\n`
      : map.text,
  );
  return 0;
}

/** How a skip reason of the index reads in the summary; the others read as they are. */
const SKIP_WORDS: Readonly<Record<string, string>> = {
  'too-large': 'too large',
  'file-cap': 'over the file cap',
  'name-not-utf8': 'name not UTF-8',
};

/**
 * The progress line after indexing: how many files were indexed, and how many were skipped and
 * why (at listing: too large, generated, over the file cap; at reading: binary, minified,
 * unreadable, secret), most frequent reason first.
 * @param indexed - files in the index.
 * @param skipped - the index's skipped files (`RepositoryIndex.skipped`).
 * @param seconds - elapsed time, already formatted.
 * @returns the line, e.g. `Indexed 15 of 18 files in 0.3 s (skipped: 2 too large, 1 binary)`.
 */
export function indexedSummary(
  indexed: number,
  skipped: readonly { reason: string }[],
  seconds: string,
): string {
  if (skipped.length === 0) return `Indexed ${pluralize(indexed, 'file')} in ${seconds} s`;
  const reasons = [...skippedCounts(skipped)]
    .map(([reason, count]) => `${count} ${SKIP_WORDS[reason] ?? reason}`)
    .join(', ');
  return `Indexed ${indexed} of ${pluralize(indexed + skipped.length, 'file')} in ${seconds} s (skipped: ${reasons})`;
}

/** Skipped files per reason, most frequent first (ties by reason). */
function skippedCounts(skipped: readonly { reason: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { reason } of skipped) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return new Map([...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Skipped files listed by path in the JSON (those over the file cap are only counted: the file-cap
 * warning says how many were found); past this many only their counts are given.
 */
const MAX_SKIPPED_LISTED = 1000;

function toJson(
  root: string,
  budget: number,
  map: RepositoryMap,
  warnings: readonly string[],
  skipped: RepositoryIndex['skipped'],
) {
  return {
    root,
    budget,
    warnings,
    skipped: Object.fromEntries(skippedCounts(skipped)),
    skippedFiles: skipped
      .filter(({ reason }) => reason !== 'file-cap')
      .slice(0, MAX_SKIPPED_LISTED),
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

/** The flags of `sightline map` as commander gives them. */
interface MapFlags extends FormatFlags {
  repo?: string;
  mapTokens?: number;
  /** Deprecated name of `--map-tokens`. */
  tokens?: number;
  focus: string[];
  cache: boolean;
  quiet?: boolean;
  out?: string;
}

/**
 * Registers `sightline map --repo DIR` on `program`. The folder as a positional argument
 * (`sightline map DIR`) and `--tokens` still work, with a deprecation note on stderr.
 * @param program - the root command.
 */
export function registerMap(program: Command): void {
  const command = program
    .command('map')
    .description('Print the repository map: the most important definitions, within a token budget.')
    .argument('[dir]', 'deprecated: use --repo')
    .option('--repo <dir>', 'repository folder (default .)', textArgument('a folder'))
    .option(
      '--map-tokens <n>',
      'token budget of the map (default 1024)',
      wholeNumberArgument({ max: MAX_MAP_TOKENS, unit: 'tokens' }),
    )
    .addOption(
      new Option('--tokens <n>', 'deprecated: use --map-tokens')
        .argParser(wholeNumberArgument({ max: MAX_MAP_TOKENS, unit: 'tokens' }))
        .hideHelp(),
    )
    .option(
      '--focus <value>',
      'rank around IDENT, FILE, FILE:LINE or FILE:LINE:COLUMN; repeat it (frames innermost first)',
      (value: string, previous: string[]) => [...previous, focusText(value)],
      [] as string[],
    );
  addFormatOptions(command, { formats: ['text', 'json'], defaultFormat: 'text' })
    .option(
      '--out <file>',
      'write the map to a file instead of stdout',
      textArgument('a file (leave --out out to print to stdout)'),
    )
    .option('--no-cache', 'do not read or write the index cache (.sightline/ in the repository)')
    .addOption(quietOption())
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  sightline map --repo . --map-tokens 2048',
        '  sightline map --repo ~/src/app --focus src/orders/total.ts:42 --focus computeTotal --json',
        '',
        'Exit codes: 0 map printed (warnings on stderr when nothing was indexed), 2 bad input.',
        '',
      ].join('\n'),
    )
    .action(
      runAction(async (dir: string | undefined, flags: MapFlags) => {
        const stderr = (text: string) => process.stderr.write(text);
        const repo = chooseOne('--repo', flags.repo, 'the folder argument', dir, stderr) ?? '.';
        const tokens = chooseOne('--map-tokens', flags.mapTokens, '--tokens', flags.tokens, stderr);
        const json = resolveFormat(flags, 'text') === 'json';
        if (flags.out) {
          await checkWritable(flags.out);
          await refuseDestructiveOut(flags.out, { repo }, MAP_OUTPUT);
        }
        let output = '';
        const code = await runMap(
          {
            dir: repo,
            ...(tokens ? { tokens } : {}),
            focus: flags.focus,
            json,
            ...(flags.cache ? {} : { cacheDir: false as const }),
          },
          {
            stdout: (text) => {
              if (flags.out) output += text;
              else process.stdout.write(text);
            },
            stderr,
            progress: createProgress({ quiet: flags.quiet ?? false }),
          },
        );
        if (flags.out) await writeOutput(flags.out, output);
        return code;
      }),
    );
}

/**
 * The value of a flag that has an old, deprecated spelling: the new one wins, both at once is
 * an error, the old one alone works with a note on stderr.
 * @throws SightlineError `INVALID_ARGUMENT` when both are given.
 */
function chooseOne<T>(
  name: string,
  value: T | undefined,
  oldName: string,
  oldValue: T | undefined,
  stderr: (text: string) => void,
): T | undefined {
  if (oldValue === undefined) return value;
  if (value !== undefined) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${name} and ${oldName} both give the same setting. Give ${name} only.`,
    });
  }
  stderr(`sightline map: ${oldName} is deprecated; use ${name} instead.\n`);
  return oldValue;
}
