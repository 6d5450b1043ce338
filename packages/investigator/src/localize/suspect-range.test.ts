import type { Definition, IndexedFile } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import {
  chooseRange,
  enclosingDefinition,
  narrowRange,
  rangeAtLine,
  symbolForRange,
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

  it('names a function inside a function by its own name, a member with its class or module', () => {
    // Found by a fresh-user trial: minimist's `setKey`, a function inside `module.exports =
    // function (…)`, was printed `exports.setKey`, which reads as an exported member.
    const minimist: IndexedFile = {
      ...file,
      definitions: [
        definition('exports', 'function', [1, 228]),
        definition('setKey', 'function', [69, 95], ['exports']),
        definition('Utils', 'module', [240, 300]),
        definition('helper', 'function', [250, 260], ['Utils']),
      ],
    };
    expect(rangeAtLine(minimist, 70)).toEqual({ lines: [69, 95], symbol: 'setKey' });
    expect(rangeAtLine(minimist, 255)).toEqual({ lines: [250, 260], symbol: 'Utils.helper' });
    expect(rangeAtLine(file, 22)).toEqual({ lines: [20, 25], symbol: 'helper' });
  });

  it('takes a short container, but not a long one, when no callable encloses the line', () => {
    expect(rangeAtLine(file, 330)).toEqual({ lines: [320, 340], symbol: 'Small' });
    // The window is printed with the class around it, as verification checks a cause's symbol.
    expect(rangeAtLine(file, 200)).toEqual({ lines: [195, 205], symbol: 'Parser' });
  });

  it('falls back to a window clamped to the file, or to the head', () => {
    expect(rangeAtLine(file, 398)).toEqual({ lines: [393, 400] });
    expect(rangeAtLine(file, 2)).toEqual({ lines: [1, 7], symbol: 'Parser' });
    // Found by fresh-user trial 19: a line of an anonymous default export below a named function
    // was shown with the window reaching into that function, and printed with its name.
    const cart: IndexedFile = {
      ...file,
      lineCount: 13,
      definitions: [definition('lineTotal', 'function', [3, 5])],
    };
    expect(rangeAtLine(cart, 10)).toEqual({ lines: [6, 13] });
    expect(rangeAtLine(cart, 2)).toEqual({ lines: [1, 2] });
  });
});

describe('the range of a file with no definition to choose', () => {
  // A Swift file: the index has no parser for it, so it has no definitions.
  const swift: IndexedFile = {
    ...file,
    path: 'Sources/App/AppDelegate.swift',
    language: null,
    lineCount: 120,
    definitions: [],
  };
  const source = Array.from({ length: 120 }, (_, at) => `let line${at + 1} = 0`);
  source[89] = '    let webhookID = settings.webhookID!';
  source[91] = '    registerWebhook(webhookID, for: device)';

  it('is the block of the file holding the report’s words', () => {
    const words = new Set(['webhook', 'register']);
    const [start, end] = chooseRange(swift, new Set(), [], source, [], words).lines;
    expect(start).toBeLessThanOrEqual(90);
    expect(end).toBeGreaterThanOrEqual(92);
    expect(end - start + 1).toBe(40);
  });

  it('is the top of the file when none of the report’s words occurs, or the file is short', () => {
    expect(chooseRange(swift, new Set(), [], source, [], new Set(['parser'])).lines).toEqual([
      1, 40,
    ]);
    expect(
      chooseRange({ ...swift, lineCount: 12 }, new Set(), [], source.slice(0, 12)).lines,
    ).toEqual([1, 12]);
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
    expect(rangeAtLine(commandLine, 1000)).toEqual({ lines: [995, 1005], symbol: 'CommandLine' });
  });
});

// Classes 7 and 8 of issue #13: the range is where behaviour is. Shapes from real code: a PHP
// handler class whose report names the class and one method; a Python `str, Enum` printed
// wrongly, whose values are formatted by a method beside it; a JavaScript cache whose report
// reads `cache.size`, a getter, while the matching code is a private method.
describe('ranges that are units of behaviour', () => {
  const handler: IndexedFile = {
    ...file,
    path: 'src/Handler/DeduplicationHandler.php',
    language: 'php',
    lineCount: 180,
    definitions: [
      definition('DeduplicationHandler', 'class', [39, 176]),
      definition('__construct', 'method', [57, 64], ['DeduplicationHandler']),
      definition('flush', 'method', [66, 104], ['DeduplicationHandler']),
      definition('isDuplicate', 'method', [110, 129], ['DeduplicationHandler']),
    ],
  };

  it('narrows a class of any size to the member the report names', () => {
    const matches = [
      { definition: handler.definitions[1] as Definition, score: 1 },
      { definition: handler.definitions[0] as Definition, score: 0.9 },
    ];
    expect(chooseRange(handler, new Set(['DeduplicationHandler', 'isDuplicate']), matches)).toEqual(
      { lines: [110, 129], symbol: 'DeduplicationHandler.isDuplicate' },
    );
    // Without a named member, a class under 150 lines stays whole.
    expect(
      narrowRange(
        handler,
        { lines: [39, 176], symbol: 'DeduplicationHandler' },
        new Set(),
        matches,
      ),
    ).toEqual({ lines: [39, 176], symbol: 'DeduplicationHandler' });
  });

  const context: IndexedFile = {
    ...file,
    path: 'httpie/context.py',
    language: 'python',
    lineCount: 220,
    definitions: [
      definition('LogLevel', 'class', [27, 30]),
      definition('Environment', 'class', [46, 217]),
      definition('config', 'method', [140, 149], ['Environment']),
      definition('describe', 'method', [150, 160], ['Environment']),
      definition('log_error', 'method', [170, 182], ['Environment']),
    ],
    references: [{ name: 'LogLevel', path: 'httpie/context.py', line: 170 }],
  };

  it('gives a type without behaviour up for the best-matching function that uses it', () => {
    const matches = [
      { definition: context.definitions[0] as Definition, score: 1 },
      { definition: context.definitions[3] as Definition, score: 0.8 },
      { definition: context.definitions[4] as Definition, score: 0.74 },
    ];
    expect(chooseRange(context, new Set(['LogLevel']), matches)).toEqual({
      lines: [170, 182],
      symbol: 'Environment.log_error',
    });
    // No function uses it: the best-matching function; none matching well enough: the type.
    const unused = { ...context, references: [] };
    expect(chooseRange(unused, new Set(['LogLevel']), matches).symbol).toBe('Environment.describe');
    expect(chooseRange(unused, new Set(['LogLevel']), matches.slice(0, 1)).symbol).toBe('LogLevel');
  });

  it('keeps a type that has methods of its own', () => {
    const shape = [...context.definitions, definition('__str__', 'method', [29, 30], ['LogLevel'])];
    const matches = [
      { definition: context.definitions[0] as Definition, score: 1 },
      { definition: context.definitions[4] as Definition, score: 0.74 },
    ];
    expect(
      chooseRange({ ...context, definitions: shape }, new Set(['LogLevel']), matches).symbol,
    ).toBe('LogLevel');
  });

  it('does not let an accessor the report names win over the matching code', () => {
    const source = Array.from({ length: 600 }, () => '    doWork(this.#items);');
    source[293] = '  get size() {';
    source[294] = '    return this.#size;';
    source[295] = '  }';
    const cache: IndexedFile = {
      ...file,
      path: 'dist/esm/index.js',
      lineCount: 600,
      definitions: [
        definition('LRUCache', 'class', [139, 590]),
        definition('size', 'method', [294, 296], ['LRUCache']),
        definition('#initializeTTLTracking', 'method', [440, 526], ['LRUCache']),
      ],
    };
    const matches = [
      { definition: cache.definitions[0] as Definition, score: 1 },
      { definition: cache.definitions[2] as Definition, score: 0.93 },
    ];
    expect(chooseRange(cache, new Set(['size', 'ttlAutopurge']), matches, source)).toEqual({
      lines: [440, 526],
      symbol: 'LRUCache.#initializeTTLTracking',
    });
    // With nothing else to show, the named accessor is still better than the top of the file.
    expect(chooseRange(cache, new Set(['size']), [], source).symbol).toBe('LRUCache.size');
    // Without the source, the accessor cannot be told apart and the named getter wins.
    expect(chooseRange(cache, new Set(['size']), matches).symbol).toBe('LRUCache.size');
  });
});

describe('ranges the report names in words', () => {
  const help: IndexedFile = {
    ...file,
    path: 'src/main/java/picocli/CommandLine.java',
    language: 'java',
    lineCount: 17000,
    definitions: [
      definition('usageHelp', 'method', [900, 903], ['CommandLine', 'OptionSpec']),
      definition('registerSubcommands', 'method', [15535, 15563], ['CommandLine', 'Help']),
      definition('commandList', 'method', [16341, 16361], ['CommandLine', 'Help']),
    ],
  };

  it('takes a matching definition the report calls by a phrase over a better word match', () => {
    const matches = [
      { definition: help.definitions[1] as Definition, score: 0.96 },
      { definition: help.definitions[2] as Definition, score: 0.84 },
    ];
    const phrases: [string, string][] = [
      ['usage', 'help'],
      ['command', 'list'],
    ];
    expect(chooseRange(help, new Set(), matches, [], phrases)).toEqual({
      lines: [16341, 16361],
      symbol: 'CommandLine.Help.commandList',
    });
    // A phrase naming a definition that does not match the report's words is not enough.
    expect(chooseRange(help, new Set(), matches.slice(0, 1), [], phrases).symbol).toBe(
      'CommandLine.Help.registerSubcommands',
    );
  });
});

// Failure class 8 of issue #33: a range is printed with a symbol the index confirms at its lines
// (else the offline diagnosis fails its own verification), and a long function's range is the
// block the report is about, not its first lines.
describe('ranges verification accepts, blocks of long functions', () => {
  const parser: IndexedFile = {
    ...file,
    path: 'src/main/kotlin/Parser.kt',
    language: 'kotlin',
    lineCount: 500,
    definitions: [
      definition('Parser', 'class', [1, 120]),
      definition('Companion', 'module', [50, 100], ['Parser']),
      definition('parse', 'function', [60, 70], ['Parser', 'Companion']),
      definition('#purge', 'method', [110, 115], ['Parser']),
      definition('run', 'function', [130, 430]),
    ],
  };

  it("prints lines between a companion object's members with the companion", () => {
    expect(symbolForRange(parser, { lines: [52, 58] })).toEqual({
      lines: [52, 58],
      symbol: 'Parser.Companion',
    });
    expect(rangeAtLine(parser, 80)).toEqual({ lines: [50, 100], symbol: 'Parser.Companion' });
  });

  it('keeps a symbol defined at the lines, replaces one that is not, drops one where nothing is', () => {
    expect(symbolForRange(parser, { lines: [60, 70], symbol: 'Parser.Companion.parse' })).toEqual({
      lines: [60, 70],
      symbol: 'Parser.Companion.parse',
    });
    expect(symbolForRange(parser, { lines: [111, 112], symbol: 'Parser##purge' }).symbol).toBe(
      'Parser##purge',
    );
    expect(symbolForRange(parser, { lines: [62, 64], symbol: 'elsewhere' }).symbol).toBe(
      'Parser.Companion.parse',
    );
    expect(symbolForRange(parser, { lines: [121, 125], symbol: 'Parser' })).toEqual({
      lines: [121, 125],
    });
    expect(symbolForRange(parser, { lines: [118, 135] }).symbol).toBe('Parser');
  });

  it('gives the block around a frame line of a long function, not its first lines', () => {
    expect(rangeAtLine(parser, 300)).toEqual({ lines: [280, 319], symbol: 'run' });
    expect(rangeAtLine(parser, 425)).toEqual({ lines: [391, 430], symbol: 'run' });
  });

  it("narrows a long function no frame points into to the block holding the report's words", () => {
    const source = Array.from({ length: 500 }, (_, at) =>
      at + 1 === 352 ? '    val timeout = config.requestTimeout ?: DEFAULT_TIMEOUT' : '    step()',
    );
    const words = new Set(['timeout', 'request']);
    const range = narrowRange(
      parser,
      { lines: [130, 430], symbol: 'run' },
      new Set(),
      [],
      source,
      words,
    );
    expect(range.symbol).toBe('run');
    expect(range.lines[0]).toBeLessThanOrEqual(352);
    expect(range.lines[1]).toBeGreaterThanOrEqual(352);
    expect(range.lines[1] - range.lines[0] + 1).toBe(40);
    expect(
      narrowRange(parser, { lines: [130, 430], symbol: 'run' }, new Set(), [], source).lines,
    ).toEqual([130, 169]);
  });
});
