/**
 * The machine output of a command that was asked for JSON (`--json`, `--format json`) and failed.
 * CONVENTIONS.md has `--json` print only machine output on stdout; a failure printed nothing
 * there, so a script reading stdout (`sightline investigate … --json | jq`) met an empty document
 * at exit 2, 3, 5 or 6 and could not tell why. It now reads one line:
 *
 *     {"error":{"code":"MODEL_CALL_FAILED","message":"…","exitCode":6,"kept":"x.unverified.md"}}
 *
 * `code` is the `SightlineError` code (CONVENTIONS.md), `UNEXPECTED_FAILURE` for a bug; `message`
 * is the line stderr shows, without the `sightline: ` prefix; `kept` names the file a partial or
 * unverified report was kept in, when one was. Output written to `--out` stays as it is: the
 * error then goes to stderr only, as every message does.
 */
import type { Command } from 'commander';

/** What {@link jsonErrorLine} prints. */
export interface JsonError {
  /** The error's code (`INVALID_ARGUMENT`, `MODEL_CALL_FAILED`, …; `UNEXPECTED_FAILURE` for a bug). */
  code: string;
  /** What happened and what to do, as stderr says it. */
  message: string;
  /** The command's exit code (run/exit-codes.ts). */
  exitCode: number;
  /** The file a partial or unverified report was kept in. */
  kept?: string;
}

/**
 * One failure as the line of JSON printed on stdout.
 * @param error - the failure.
 * @returns `{"error":{…}}` and a newline.
 */
export function jsonErrorLine({ code, message, exitCode, kept }: JsonError): string {
  return `${JSON.stringify({ error: { code, message, exitCode, ...(kept ? { kept } : {}) } })}\n`;
}

/** The flags that decide whether a failure is printed as JSON on stdout. */
export interface JsonErrorFlags {
  format?: string;
  json?: boolean;
  out?: string;
}

/**
 * Whether a failure of a command run with these flags is printed as JSON on stdout: JSON was
 * asked for and the output goes to stdout (no `--out`).
 * @param flags - the command's options as commander gives them.
 * @returns true to print {@link jsonErrorLine}.
 */
export function failsAsJson(flags: JsonErrorFlags): boolean {
  return (flags.json === true || flags.format === 'json') && !flags.out;
}

/**
 * The flags of a commander action's arguments: commander passes the command last.
 * @param args - the action's arguments.
 * @returns the command's options, or none when the last argument is no command.
 */
export function actionFlags(args: readonly unknown[]): JsonErrorFlags {
  const command = args.at(-1);
  if (!isCommand(command)) return {};
  const flags = command.opts() as JsonErrorFlags;
  // A command that keeps unknown options as words (`tool` without a tool's name) has `--json`
  // among them (trial 42: `tool bogus --json` printed no JSON line).
  return flags.json === undefined && command.args.includes('--json')
    ? { ...flags, json: true }
    : flags;
}

/**
 * Whether an action's argument is commander's command, told by its shape: this module loads before
 * commander does (main.ts installs the stop-signal handler with it first), so it has no
 * `Command` class to test against.
 */
function isCommand(value: unknown): value is Command {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Command).opts === 'function' &&
    Array.isArray((value as Command).args)
  );
}

/**
 * Whether a command line asks for JSON on stdout (`--json`, `--format json`, `--format=json`,
 * and no `--out`), read from the words themselves: a usage error stops commander before any
 * action has its options.
 * @param argv - the words after `node sightline`.
 * @returns true to print {@link jsonErrorLine} for a usage error.
 */
export function argvAsksForJson(argv: readonly string[]): boolean {
  const format = argv.flatMap((word, at) =>
    word === '--format' ? [argv[at + 1]] : word.startsWith('--format=') ? [word.slice(9)] : [],
  );
  const out = argv.some((word) => word === '--out' || word.startsWith('--out='));
  // `--json=true` and `--format JSON` are refused, yet they ask for JSON (trial 42).
  return failsAsJson({
    json: argv.some((word) => word === '--json' || word.startsWith('--json=')),
    ...(format.length > 0 ? { format: format.at(-1)?.toLowerCase() } : {}),
    ...(out ? { out: 'given' } : {}),
  });
}
