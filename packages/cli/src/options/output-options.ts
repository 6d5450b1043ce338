/**
 * The output flags every command spells the same way: `--format <name>` is always the output
 * format, `--json` is short for `--format json`, and the two may not disagree. The format of the
 * input is `--report-format` wherever a command reads reports.
 */
import { SightlineError } from '@sightline/core';
import { type Command, InvalidArgumentError, Option } from 'commander';

/** The output flags as commander gives them. */
export interface FormatFlags {
  format?: string;
  json?: boolean;
}

/** Options of {@link addFormatOptions}. */
export interface FormatOptionsSpec {
  /** Output formats accepted by `--format`, e.g. `['text', 'json']` (`md`: text that is Markdown). */
  formats: readonly string[];
  /** Format used when neither flag is given (shown in the help). */
  defaultFormat: string;
  /**
   * Input format names (`sentry-json`, `play-csv` …): `--format` given one of them is refused with
   * a pointer to `--report-format`, where a command has it.
   */
  inputFormats?: readonly string[];
}

/**
 * Every command's human output is `--format text`. Where that text is Markdown (`investigate`,
 * format `md`), `text`, `md` and `markdown` all name it, and the help and errors call it `text`.
 */
const MARKDOWN_SPELLINGS: readonly string[] = ['text', 'md', 'markdown'];

/** How a format is named to the user: `md` is `text`. */
const shown = (format: string): string => (format === 'md' ? 'text' : format);

/**
 * Adds `--format <name>` and `--json` to `command`. Where the formats include `md`, `text` and
 * `markdown` are accepted for it (see {@link MARKDOWN_SPELLINGS}).
 * @param command - the command.
 * @param spec - accepted formats and the default; see {@link FormatOptionsSpec}.
 * @returns the same command, for chaining.
 */
export function addFormatOptions(
  command: Command,
  { formats, defaultFormat, inputFormats = [] }: FormatOptionsSpec,
): Command {
  const markdown = formats.includes('md');
  const names = formats.map(shown).join(', ');
  const parse = (value: string) => {
    if (formats.includes(value)) return value;
    if (markdown && MARKDOWN_SPELLINGS.includes(value)) return 'md';
    const hint = inputFormats.includes(value)
      ? ` "${value}" is an input format: pass it as --report-format ${value}.`
      : '';
    const spellings = markdown ? ' (md and markdown are text)' : '';
    throw new InvalidArgumentError(`the output format is one of ${names}${spellings}.${hint}`);
  };
  const listed = formats
    .map((format) => (format === 'md' ? 'text (Markdown; also md, markdown)' : format))
    .join(', ');
  return command
    .addOption(
      new Option(
        '--format <name>',
        `output format: ${listed} (default ${shown(defaultFormat)})`,
      ).argParser(parse),
    )
    .option('--json', 'same as --format json');
}

/**
 * The output format the flags ask for.
 * @param flags - `--format` and `--json` as given.
 * @param defaultFormat - the format when neither is given.
 * @returns the format.
 * @throws SightlineError `INVALID_ARGUMENT` when `--json` and another `--format` are both given.
 */
export function resolveFormat(flags: FormatFlags, defaultFormat: string): string {
  if (flags.json && flags.format !== undefined && flags.format !== 'json') {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--json and --format ${shown(flags.format)} contradict each other. Give one of them.`,
      details: { format: flags.format },
    });
  }
  return flags.json ? 'json' : (flags.format ?? defaultFormat);
}
