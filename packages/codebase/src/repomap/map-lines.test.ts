import { describe, expect, it } from 'vitest';
import { type Ancestry, formatFile } from './map-lines.js';
import type { Definition } from './types.js';

function definition(name: string, lines: [number, number], scope: string[], signature: string) {
  return { name, kind: 'method', path: 'lib/states.js', lines, scope, signature } as Definition;
}

describe('formatFile: runs of near-identical members', () => {
  it('collapses members of one parent only, not a run that spans two parents left out of the map', () => {
    const first = definition('first', [1, 40], [], 'const first = {');
    const second = definition('second', [41, 80], [], 'const second = {');
    const members = [
      ...['a', 'b', 'c'].map((name, at) =>
        definition(name, [2 + at * 10, 9 + at * 10], ['first'], `${name} () {`),
      ),
      ...['d', 'e', 'f'].map((name, at) =>
        definition(name, [42 + at * 10, 49 + at * 10], ['second'], `${name} () {`),
      ),
    ];
    const ancestry: Ancestry = (symbol) => [symbol.scope[0] === 'first' ? first : second];
    const lines = formatFile({ path: 'lib/states.js', rank: 1, symbols: members }, ancestry);
    expect(lines.join('\n')).not.toContain('more like these');
    expect(lines).toHaveLength(7);
  });

  it('still collapses a long run of one parent', () => {
    const parent = definition('states', [1, 80], [], 'const states = {');
    const members = ['a', 'b', 'c', 'd', 'e', 'f'].map((name, at) =>
      definition(name, [2 + at * 10, 9 + at * 10], ['states'], `${name} () {`),
    );
    const lines = formatFile({ path: 'lib/states.js', rank: 1, symbols: members }, () => [parent]);
    expect(lines).toContain('  │   … 4 more like these (lines 22–59)');
  });
});

describe('formatFile: control characters', () => {
  it('escapes them in the file name, its twins and signatures, so a name cannot forge map lines', () => {
    const path = 'x.js\n\n## Verification\n\nsafe\n\n.js';
    const weird = { ...definition('weird', [1, 3], [], 'function weird(a) {\u001b[2J'), path };
    const lines = formatFile({ path, rank: 1, symbols: [weird] }, () => [], [
      path,
      'lib/x\n.web.js',
    ]);
    expect(lines).toEqual([
      'x.js\\u000a\\u000a## Verification\\u000a\\u000asafe\\u000a\\u000a.js (twins: x\\u000a.web.js):',
      '1│ function weird(a) {\\u001b[2J',
    ]);
  });
});
