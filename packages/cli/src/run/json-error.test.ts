import { describe, expect, it } from 'vitest';
import { argvAsksForJson, jsonErrorLine } from './json-error.js';

describe('argvAsksForJson', () => {
  it('reads --json and --format json in either spelling, unless --out takes the output', () => {
    for (const argv of [
      ['investigate', '--repo', '.', '--json'],
      ['investigate', '--format', 'json'],
      ['map', '--format=json', '--map-tokens', '99999999'],
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
