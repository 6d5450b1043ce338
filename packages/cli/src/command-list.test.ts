import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS, requestedVerb } from './command-list.js';

describe('requestedVerb', () => {
  it.each([
    [['investigate', '--repo', '.'], 'investigate'],
    [['--version'], undefined],
    [[], undefined],
    [['help', 'map'], 'map'],
    [['help'], undefined],
  ])('%j asks for %s', (args, verb) => {
    expect(requestedVerb(args)).toBe(verb);
  });
});

describe('COMMANDS', () => {
  it('loads, for each verb, the module that registers that verb', async () => {
    for (const entry of COMMANDS) {
      const program = new Command();
      (await entry.load())(program);
      expect(program.commands.map((command) => command.name())).toEqual([entry.name]);
    }
  }, 60_000);
});
