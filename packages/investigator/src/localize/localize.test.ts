import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { decodeCrashReport, issueReport, TINY_QUERY } from './__fixtures__/tiny-query.js';
import { localize } from './localize.js';

let repository: HandBuiltRepository;
beforeAll(async () => {
  repository = await createHandBuiltRepository(TINY_QUERY);
});
afterAll(() => repository.cleanup());

describe('localize with a stack trace', () => {
  it('puts the innermost in-app frame first with its enclosing definition, callers next', () => {
    const suspects = localize(decodeCrashReport(), repository.index);
    expect(
      suspects.slice(0, 2).map(({ path, lines, symbol }) => ({ path, lines, symbol })),
    ).toEqual([
      { path: 'lib/utils.js', lines: [3, 5], symbol: 'decode' },
      { path: 'lib/parse.js', lines: [4, 12], symbol: 'parseValues' },
    ]);
    expect(suspects[0]?.evidence[0]).toBe(
      'innermost in-app frame: lib/utils.js:4 in decode, where TypeError was raised',
    );
    expect(suspects[1]?.evidence).toContain(
      'in-app frame 2 of the stack (a caller): lib/parse.js:9 in parseValues',
    );
  });

  it('takes the range of the heaviest frame in a file that gives a line', () => {
    // A minified caller printed without a line (`at a (…/parse.js)`) sits above the frame that
    // has one; the suspect's lines are the function around the frame with a line.
    const report = decodeCrashReport();
    const [exception] = report.exceptions;
    if (!exception) throw new Error('fixture without an exception');
    const frames = exception.frames.map((frame) =>
      frame.function === 'parseValues' ? { ...frame, function: 'a', line: undefined } : frame,
    );
    const suspects = localize(
      { ...report, exceptions: [{ ...exception, frames }] },
      repository.index,
    );
    expect(suspects.find((suspect) => suspect.path === 'lib/parse.js')).toMatchObject({
      lines: [14, 16],
      symbol: 'parse',
    });
  });

  it('reads frames under node_modules/<this package>/ and nothing from other packages', () => {
    const suspects = localize(decodeCrashReport(), repository.index);
    expect(suspects.some((suspect) => suspect.path.includes('router'))).toBe(false);
    const elsewhere = localize(decodeCrashReport(), repository.index, {
      packageName: 'another-name',
    });
    expect(
      elsewhere.flatMap((suspect) => suspect.evidence).some((line) => line.includes('frame')),
    ).toBe(false);
  });
});

describe('localize without a trace', () => {
  it('gives a file the definition holding a line the report names, where its words point elsewhere', () => {
    // Loc trial 49: a report naming `src/app.rs:354` got the function its words matched, 120 lines away.
    const words = 'parse values decode merge';
    const rangeIn = (body: string) =>
      localize(issueReport('Values merge wrong', body), repository.index).find(
        (suspect) => suspect.path === 'lib/parse.js',
      )?.lines;
    expect(rangeIn(words)).not.toEqual([14, 16]);
    expect(rangeIn(`${words}\n\nIt happens at lib/parse.js:15.`)).toEqual([14, 16]);
    // A line between two definitions names none: the words choose (trial 50).
    expect(rangeIn(`${words}\n\nIt happens at lib/parse.js:13.`)).toEqual(rangeIn(words));
  });

  const cyclic = issueReport(
    "stringify throws 'Cyclic object value' when the same array is used under two keys",
    'qs.stringify({ x: a, y: a }) throws RangeError although nothing is cyclic.',
  );

  it('ranks by the report words, and puts the test file below the code it tests', () => {
    const paths = localize(cyclic, repository.index).map((suspect) => suspect.path);
    expect(paths[0]).toBe('lib/stringify.js');
    expect(paths.indexOf('test/stringify.test.js')).toBeGreaterThan(0);
    const test = localize(cyclic, repository.index).find((suspect) =>
      suspect.path.startsWith('test/'),
    );
    expect(test?.evidence).toContain('demoted: test file');
  });

  it('picks the definition that matches best as the range', () => {
    const report = issueReport(
      'Values split on the wrong delimiter',
      'parse ignores options.delimiter for parts',
    );
    expect(localize(report, repository.index)[0]).toMatchObject({
      path: 'lib/parse.js',
      lines: [4, 12],
      symbol: 'parseValues',
    });
  });

  it('returns nothing for a report that names nothing in the repository', () => {
    expect(localize(issueReport('Zzz', 'qwerty'), repository.index)).toEqual([]);
  });

  it('is deterministic, within one index and across fresh ones', async () => {
    const first = localize(cyclic, repository.index);
    expect(localize(cyclic, repository.index)).toEqual(first);
    const again = await createHandBuiltRepository(TINY_QUERY);
    try {
      expect(localize(cyclic, again.index)).toEqual(first);
    } finally {
      await again.cleanup();
    }
  });

  it('respects the limit', () => {
    expect(localize(cyclic, repository.index, { limit: 1 })).toHaveLength(1);
  });
});

describe('localize: reasons true of the range shown, declarations never twins', () => {
  // json5 2.2.1 in small: `lib/cli.js` requires the package as `JSON5` (line 2) and prints usage
  // text full of the report's words; `lib/parse.js` ships with its `lib/parse.d.ts`.
  const files = {
    'lib/cli.js': {
      content: [
        "const fs = require('fs')",
        "const JSON5 = require('./')",
        '',
        'function usage () {',
        "  console.log('Usage: json5 [options] <file>: parse a JSON5 file, print its value')",
        "  console.log('  --reviver  a reviver called for each key and value parsed')",
        '}',
        '',
      ].join('\n'),
      definitions: [
        { name: 'JSON5', kind: 'variable' as const, lines: [2, 2] as [number, number] },
        { name: 'usage', kind: 'function' as const, lines: [4, 7] as [number, number] },
      ],
    },
    'lib/parse.js': {
      content: [
        'module.exports = function parse (text, reviver) {',
        '  const root = {}',
        '  for (const key of keys(text)) root[key] = value(text, key)',
        '  return root',
        '}',
        '',
      ].join('\n'),
      definitions: [
        { name: 'parse', kind: 'function' as const, lines: [1, 5] as [number, number] },
      ],
    },
    'lib/parse.d.ts': {
      content:
        'declare function parse (text: string, reviver?: Reviver): any\nexport default parse\n',
      definitions: [
        { name: 'parse', kind: 'function' as const, lines: [1, 1] as [number, number] },
      ],
      language: 'typescript',
    },
  };
  const report = issueReport(
    'JSON5.parse lets a "__proto__" key replace the prototype',
    'Parsing a file with a `__proto__` key sets the prototype of the value: JSON5.parse(text) with a reviver too; the usage of each key is printed by console.log.',
    ['JSON5', 'parse'],
  );

  it('says where a definition the report names lies when it is outside the range', async () => {
    const json5 = await createHandBuiltRepository(files);
    try {
      const suspects = localize(report, json5.index);
      const cli = suspects.find((suspect) => suspect.path === 'lib/cli.js');
      expect(cli).toMatchObject({ lines: [4, 7], symbol: 'usage' });
      expect(cli?.evidence).toContain(
        'elsewhere in the file (line 2): defines `JSON5` mentioned in the report',
      );
      // Every unqualified reason naming a definition is true of the lines shown.
      for (const { path, lines, evidence } of suspects) {
        for (const reason of evidence) {
          const name = /^(?:defines|BM25 match in) `([^`]+)`/.exec(reason)?.[1];
          if (!name) continue;
          const defined = json5.index.files
            .get(path)
            ?.definitions.some(
              (definition) =>
                definition.name === name &&
                definition.lines[0] <= lines[1] &&
                lines[0] <= definition.lines[1],
            );
          expect({ path, reason, defined }).toEqual({ path, reason, defined: true });
        }
      }
    } finally {
      await json5.cleanup();
    }
  });

  it('groups a .d.ts with its module but never calls it a twin', async () => {
    const json5 = await createHandBuiltRepository(files);
    try {
      const parse = localize(report, json5.index).find((suspect) =>
        suspect.path.startsWith('lib/parse'),
      );
      expect(parse?.path).toBe('lib/parse.js');
      expect(parse?.twins).toBeUndefined();
      expect(parse?.evidence).toContain('types declared in lib/parse.d.ts');
      expect(parse?.evidence.join('\n')).not.toMatch(/twin/);
    } finally {
      await json5.cleanup();
    }
  });
});

describe('localize in an app whose package is com.example', () => {
  // Android Studio's default package: the whole app lives under a folder named `example`, which
  // holds all of its code, so it is the app's source, not an example to demote.
  const main = 'app/src/main/java/com/example/app';
  const files = {
    [`${main}/CartRepository.java`]: {
      content:
        'public class CartRepository {\n  public void addItem(Item item, int quantity) {\n    items.put(item.id, 1);\n  }\n}\n',
      definitions: [
        { name: 'CartRepository', kind: 'class' as const, lines: [1, 5] as [number, number] },
        { name: 'addItem', kind: 'method' as const, lines: [2, 4] as [number, number] },
      ],
      language: 'java',
    },
    [`${main}/CheckoutActivity.java`]: {
      content: 'public class CheckoutActivity {\n  void onCreate() {}\n}\n',
      definitions: [
        { name: 'CheckoutActivity', kind: 'class' as const, lines: [1, 3] as [number, number] },
      ],
      language: 'java',
    },
    'app/src/test/java/com/example/app/CartRepositoryTest.java': {
      content: 'public class CartRepositoryTest {\n  void addItemKeepsQuantity() {}\n}\n',
      definitions: [
        { name: 'CartRepositoryTest', kind: 'class' as const, lines: [1, 3] as [number, number] },
      ],
      language: 'java',
    },
  };

  it('ranks its source as source and its tests as tests', async () => {
    const app = await createHandBuiltRepository(files);
    try {
      const suspects = localize(
        issueReport(
          'CartRepository.addItem drops the quantity',
          'Adding an item with a quantity of 3 to the cart stores 1: CartRepository.addItem ignores quantity.',
          ['CartRepository', 'addItem'],
        ),
        app.index,
      );
      expect(
        suspects.map(({ path, evidence }) => ({
          path,
          demoted: evidence.filter((line) => line.startsWith('demoted:')),
        })),
      ).toEqual([
        { path: `${main}/CartRepository.java`, demoted: [] },
        {
          path: 'app/src/test/java/com/example/app/CartRepositoryTest.java',
          demoted: ['demoted: test file'],
        },
      ]);
    } finally {
      await app.cleanup();
    }
  });
});
