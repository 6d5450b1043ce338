import { describe, expect, it } from 'vitest';
import { textArgument } from './text-argument.js';

describe('textArgument', () => {
  it('keeps a value with text and refuses an empty or blank one', () => {
    const project = textArgument('a project name');
    expect(project(' shop ')).toBe(' shop ');
    expect(() => project('')).toThrow('expected a project name, not an empty value.');
    expect(() => project('  ')).toThrow(/not an empty value/);
  });

  it('refuses a list that names nothing', () => {
    const hosts = textArgument('hosts (host or host:port, comma-separated)', { list: true });
    expect(hosts('a.example,')).toBe('a.example,');
    expect(() => hosts(',')).toThrow(/expected hosts/);
    expect(() => hosts(' , ')).toThrow(/not an empty value/);
  });
});
