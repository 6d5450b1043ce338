import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { actionFlags, argvAsksForJson, jsonErrorLine } from './json-error.js';

describe('argvAsksForJson', () => {
  it('reads --json and --format json in either spelling, unless --out takes the output', () => {
    for (const argv of [
      ['investigate', '--repo', '.', '--json'],
      ['investigate', '--format', 'json'],
      ['map', '--format=json', '--map-tokens', '99999999'],
      // Refused, yet asking for JSON (trial 42): the refusal is printed as JSON too.
      ['investigate', '--json=true'],
      ['map', '--format', 'JSON'],
    ]) {
      expect(argvAsksForJson(argv)).toBe(true);
    }
    for (const argv of [
      ['investigate', '--repo', '.'],
      ['investigate', '--format', 'md'],
      ['investigate', '--json', '--out', 'diagnosis.json'],
      ['investigate', '--json', '--out=diagnosis.json'],
    ]) {
      expect(argvAsksForJson(argv)).toBe(false);
    }
  });
});

describe('actionFlags', () => {
  it('finds --json among the words of a command that keeps unknown options (trial 42)', async () => {
    let flags = {};
    const tool = new Command('tool')
      .allowUnknownOption()
      .allowExcessArguments()
      .action((...args: unknown[]) => {
        flags = actionFlags(args);
      });
    await tool.parseAsync(['bogus', '--json'], { from: 'user' });
    expect(flags).toEqual({ json: true });
    await tool.parseAsync(['bogus'], { from: 'user' });
    expect(flags).toEqual({});
  });
});

describe('jsonErrorLine', () => {
  it('prints one line of JSON, naming the kept report only when there is one', () => {
    expect(jsonErrorLine({ code: 'INVALID_ARGUMENT', message: 'm', exitCode: 2 })).toBe(
      '{"error":{"code":"INVALID_ARGUMENT","message":"m","exitCode":2}}\n',
    );
    expect(
      JSON.parse(
        jsonErrorLine({ code: 'X', message: 'a\nb', exitCode: 3, kept: 'r.unverified.md' }),
      ),
    ).toEqual({ error: { code: 'X', message: 'a\nb', exitCode: 3, kept: 'r.unverified.md' } });
  });
});
