/**
 * The text after the command list of `sightline --help`: examples, exit codes, where to read on;
 * `sightline investigate --help` lists the same exit codes.
 */
import { EXIT_CODE_MEANINGS } from './run/exit-codes.js';

/** Width the exit-code meanings are wrapped to, in characters (a terminal's usual 100). */
const WIDTH = 100;

/** One exit-code entry, its meaning wrapped at {@link WIDTH} under itself. */
function exitCodeLine({ codes, meaning }: (typeof EXIT_CODE_MEANINGS)[number]): string {
  const label = `  ${codes.join(', ')}  `;
  const indent = ' '.repeat(label.length);
  const lines: string[] = [];
  let line = label;
  for (const word of meaning.split(' ')) {
    if (line.length > indent.length && line.length + word.length > WIDTH) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${word} `;
  }
  lines.push(line.trimEnd());
  return lines.join('\n');
}

/** Every exit code of {@link EXIT_CODE_MEANINGS}, one entry a line, as `--help` lists them. */
export const EXIT_CODES_HELP = EXIT_CODE_MEANINGS.map(exitCodeLine).join('\n');

/** Examples and exit codes (every one of {@link EXIT_CODE_MEANINGS}) shown by `sightline --help`. */
export const TOP_LEVEL_HELP = `
Examples:
  $ sightline investigate --repo . --report crash.log
  $ sightline investigate --repo ~/src/app --report issue.md --model anthropic:claude-sonnet-4-5
  $ cat sentry-event.json | sightline investigate --repo . --report - --format json
  $ sightline triage reviews.jsonl --format json
  $ sightline map --repo . --map-tokens 2048
  $ sightline mcp --repo .

Without --model (or $SIGHTLINE_MODEL) everything runs offline: no API key, no network.
Run "sightline <command> --help" for a command's options and examples.

Exit codes:
${EXIT_CODES_HELP}
`;
