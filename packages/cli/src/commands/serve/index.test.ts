import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerServe } from './index.js';

/** The `--demo` line of `sightline serve --help`, on one line. */
function demoHelp(): string {
  const program = new Command();
  registerServe(program);
  const serve = program.commands.find((command) => command.name() === 'serve');
  const help = (serve?.helpInformation() ?? '').replace(/\s+/g, ' ');
  return /--demo (.*?) --once/.exec(help)?.[1] ?? '';
}

describe('serve --help', () => {
  it('says --demo runs from an installed CLI too, and where its data goes', () => {
    // It said "(in a Sightline checkout)", but the built CLI ships the demo's files (tsup.config.ts).
    expect(demoHelp()).not.toContain('checkout');
    expect(demoHelp()).toContain('from a fresh temporary data folder (or --data DIR)');
  });
});
