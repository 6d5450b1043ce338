import { describe, expect, it } from 'vitest';
import { isEnvironmentLine, withoutEnvironmentLines } from './environment-lines.js';

describe('environment lines', () => {
  it('recognises template sections, version output and pinned dependencies', () => {
    for (const line of [
      '## Environment',
      '- OS: macOS 14.2 (darwin arm64)',
      '**Node.js version**: 20.10.0',
      '| Browser | Firefox 121 |',
      'Python 3.11.4',
      '$ go version',
      'go1.22.1 linux/amd64',
      'requests==2.31.0',
      '├── chalk@5.3.0',
      'eslint version: v8.55.0',
    ]) {
      expect(isEnvironmentLine(line), line).toBe(true);
    }
  });

  it('keeps prose, code and stack frames', () => {
    for (const line of [
      'Copying a file whose name contains a newline silently does nothing.',
      '    at run (/usr/lib/node_modules/acorn/dist/bin.js:80:35)',
      "const { minify } = require('terser');",
      'panic: runtime error: index out of range [0] with length 0',
      'Since 10.2 a partial match fails for directories.',
    ]) {
      expect(isEnvironmentLine(line), line).toBe(false);
    }
  });

  it('drops only the boilerplate lines of a report', () => {
    const body = [
      'The build crashes when the config has no version key.',
      '',
      '### Environment',
      '- OS: Ubuntu 22.04',
      '- task version: v3.44.0',
    ].join('\n');
    expect(withoutEnvironmentLines(body)).toBe(
      'The build crashes when the config has no version key.\n',
    );
  });
});

describe('environment lines of 200,000 characters', () => {
  it('answers on lines made to backtrack', () => {
    expect(isEnvironmentLine(`0.0${'0'.repeat(200_000)}\0`)).toBe(false);
    expect(isEnvironmentLine(`${'\t'.repeat(100_000)}${'-'.repeat(100_000)}`)).toBe(false);
    expect(isEnvironmentLine(`SETUP ${'\t'.repeat(200_000)} #SETUP`)).toBe(false);
    expect(isEnvironmentLine(`${' '.repeat(200_000)}`)).toBe(false);
    expect(isEnvironmentLine(`SETUP ${'\t'.repeat(200_000)}:\t`)).toBe(true);
    expect(isEnvironmentLine(`${'\t'.repeat(100_000)}- -@lodash@4.17.21`)).toBe(true);
    expect(isEnvironmentLine(`- -: 1.2`)).toBe(true);
    expect(isEnvironmentLine(`go1.22.1${'0'.repeat(200_000)} linux/amd64`)).toBe(true);
  });
});
