import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addFormatOptions, resolveFormat } from './output-options.js';

/** `--format` of a command with `formats`, parsed from `args`; or the usage error. */
function formatOf(formats: string[], args: string[]): string {
  const command = addFormatOptions(new Command().exitOverride(), {
    formats,
    defaultFormat: formats[0] as string,
  }).configureOutput({ writeErr: () => {} });
  try {
    command.parse(args, { from: 'user' });
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
  return resolveFormat(command.opts(), formats[0] as string);
}

describe('--format', () => {
  it('takes the common vocabulary, text and json, on a command whose text is Markdown', () => {
    for (const spelling of ['text', 'md', 'markdown']) {
      expect(formatOf(['md', 'json'], ['--format', spelling])).toBe('md');
    }
    expect(formatOf(['md', 'json'], ['--json'])).toBe('json');
    expect(formatOf(['text', 'json'], ['--format', 'text'])).toBe('text');
  });

  it('names the accepted spellings in the help and in the error', () => {
    const command = addFormatOptions(new Command(), {
      formats: ['md', 'json'],
      defaultFormat: 'md',
    });
    const help = command.helpInformation().replace(/\s+/g, ' ');
    expect(help).toContain(
      'output format: text (Markdown; also md, markdown), json (default text)',
    );
    expect(formatOf(['md', 'json'], ['--format', 'html'])).toContain(
      'the output format is one of text, json (md and markdown are text).',
    );
    expect(formatOf(['text', 'json'], ['--format', 'md'])).toContain(
      'the output format is one of text, json.',
    );
  });
});
