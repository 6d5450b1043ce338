import type { Definition, IndexedFile } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import {
  chooseRange,
  enclosingDefinition,
  headRange,
  narrowRange,
  rangeAtLine,
} from './suspect-range.js';

const definition = (
  name: string,
  kind: Definition['kind'],
  lines: [number, number],
  scope: string[] = [],
): Definition => ({
  name,
  kind,
  lines,
  scope,
  path: 'a.js',
  signature: '',
});

const file: IndexedFile = {
  path: 'a.js',
  language: 'javascript',
  size: 1,
  lineCount: 400,
  mtimeMs: 0,
  definitions: [
    definition('Parser', 'class', [1, 300]),
    definition('parse', 'method', [10, 40], ['Parser']),
    definition('helper', 'function', [20, 25], ['Parser', 'parse']),
    definition('Small', 'class', [320, 340]),
    definition('LIMIT', 'constant', [350, 350]),
  ],
  references: [],
};

describe('suspect ranges', () => {
  it('takes the innermost callable around a line', () => {
    expect(enclosingDefinition(file, 22)?.name).toBe('helper');
    expect(rangeAtLine(file, 30)).toEqual({ lines: [10, 40], symbol: 'Parser.parse' });
  });

  it('takes a short container, but not a long one, when no callable encloses the line', () => {
    expect(rangeAtLine(file, 330)).toEqual({ lines: [320, 340], symbol: 'Small' });
    expect(rangeAtLine(file, 200)).toEqual({ lines: [195, 205] });
  });

  it('falls back to a window clamped to the file, or to the head', () => {
    expect(rangeAtLine(file, 398)).toEqual({ lines: [393, 400] });
    expect(rangeAtLine(file, 2)).toEqual({ lines: [1, 7] });
    expect(headRange({ ...file, lineCount: 12 })).toEqual({ lines: [1, 12] });
  });
});

// Class 8 of issue #13: a suspect's lines are the function around the evidence, never a one-line
// export stub, never a 2,000-line class. Shapes from real packages: a root `index.js` that only
// re-exports, and picocli's `CommandLine.java`, one class of thousands of lines.
describe('spans of suspects no frame points into', () => {
  const commandLine: IndexedFile = {
    ...file,
    path: 'src/main/java/picocli/CommandLine.java',
    language: 'java',
    lineCount: 2400,
    definitions: [
      definition('CommandLine', 'class', [40, 2390]),
      definition('Help', 'class', [1200, 2100], ['CommandLine']),
      definition(
        'createDetailedSynopsisOptionsText',
        'method',
        [1480, 1530],
        ['CommandLine', 'Help'],
      ),
      definition('abbreviatedSynopsis', 'method', [1440, 1470], ['CommandLine', 'Help']),
    ],
  };

  it('narrows a huge class to its best-matching member', () => {
    const matches = [
      { definition: commandLine.definitions[0] as Definition, score: 1 },
      { definition: commandLine.definitions[2] as Definition, score: 0.8 },
    ];
    expect(chooseRange(commandLine, new Set(['CommandLine']), matches)).toEqual({
      lines: [1480, 1530],
      symbol: 'CommandLine.Help.createDetailedSynopsisOptionsText',
    });
  });

  it('narrows a huge class to a member the report names when no member matched', () => {
    const matches = [{ definition: commandLine.definitions[0] as Definition, score: 1 }];
    expect(
      chooseRange(commandLine, new Set(['CommandLine', 'abbreviatedSynopsis']), matches),
    ).toEqual({ lines: [1440, 1470], symbol: 'CommandLine.Help.abbreviatedSynopsis' });
  });

  it('shows only the head of a huge class when no member stands out', () => {
    const matches = [{ definition: commandLine.definitions[0] as Definition, score: 1 }];
    expect(chooseRange(commandLine, new Set(), matches).lines).toEqual([40, 79]);
  });

  it('gives a one-line export stub up for the function it exports', () => {
    const entry: IndexedFile = {
      ...file,
      path: 'index.js',
      lineCount: 30,
      definitions: [
        definition('createRetry', 'variable', [1, 1]),
        definition('createRetry', 'function', [8, 26]),
      ],
    };
    const matches = [
      { definition: entry.definitions[0] as Definition, score: 1 },
      { definition: entry.definitions[1] as Definition, score: 0.7 },
    ];
    expect(chooseRange(entry, new Set(['createRetry']), matches)).toEqual({
      lines: [8, 26],
      symbol: 'createRetry',
    });
  });

  it('narrows a huge class an error message names to its best-matching member', () => {
    const matches = [{ definition: commandLine.definitions[3] as Definition, score: 0.6 }];
    expect(
      narrowRange(commandLine, { lines: [40, 2390], symbol: 'CommandLine' }, new Set(), matches),
    ).toEqual({ lines: [1440, 1470], symbol: 'CommandLine.Help.abbreviatedSynopsis' });
    expect(narrowRange(commandLine, { lines: [1440, 1470] }, new Set(), [])).toEqual({
      lines: [1440, 1470],
    });
  });

  it('takes the method around a frame line, not its 2,000-line class', () => {
    expect(rangeAtLine(commandLine, 1500)).toEqual({
      lines: [1480, 1530],
      symbol: 'CommandLine.Help.createDetailedSynopsisOptionsText',
    });
    expect(rangeAtLine(commandLine, 1000)).toEqual({ lines: [995, 1005] });
  });
});
