import { describe, expect, it } from 'vitest';
import { createHandBuiltRepository } from './__fixtures__/hand-built-index.js';
import { BASE_FEATURES, featureVector, isStringTable, rankingRole } from './ranking-features.js';
import { emptyFileSignals, type FileSignals } from './score-files.js';

const signals = (values: Partial<FileSignals>): FileSignals => ({
  ...emptyFileSignals(),
  ...values,
});

const named = (vector: number[]) =>
  Object.fromEntries(BASE_FEATURES.flatMap((name, at) => (vector[at] ? [[name, vector[at]]] : [])));

describe('ranking features', () => {
  it('carries the signals, the role, the trace and the size of a file', () => {
    const vector = featureVector(
      signals({ frame: 0.6, callerFrame: 1, lexicalFile: 0.5 }),
      { feature: 'test', reason: 'test file' },
      true,
      { path: 'test/cart.test.js', lineCount: 99 },
    );
    expect(named(vector)).toEqual({
      frame: 0.6,
      callerFrame: 1,
      lexicalFile: 0.5,
      test: 1,
      size: Math.log1p(99) / Math.log1p(10_000),
    });
    const untraced = featureVector(signals({ lexicalFile: 1 }), {}, true, {
      path: 'a.js',
      lineCount: 20_000,
    });
    expect(named(untraced)).toEqual({ lexicalFile: 1, outsideTrace: 1, size: 1 });
  });

  // Failure class 7 of issue #33: a UI string table or help text shares a report's words.
  it('marks UI string tables, message catalogues and help texts', () => {
    for (const path of [
      'app/src/main/res/values/strings.xml',
      'src/locales/en.json',
      'po/de.po',
      'src/main/resources/messages_fr.properties',
      'Resources/Strings.resx',
      'lib/l10n/app_en.arb',
      'docs/help.txt',
    ])
      expect(isStringTable(path), path).toBe(true);
    for (const path of ['src/strings.ts', 'lib/messages.js', 'src/help.rs', 'src/lang/parser.go'])
      expect(isStringTable(path), path).toBe(path === 'src/lang/parser.go');
  });

  it('reads a test as source when the report is about tests, and a types-only file as a declaration', async () => {
    const repository = await createHandBuiltRepository({
      'test/cart.test.js': { content: 'test()\n' },
      'src/types.ts': {
        content: 'export interface Cart { id: string }\n',
        language: 'typescript',
        definitions: [{ name: 'Cart', kind: 'interface', lines: [1, 1] }],
      },
    });
    try {
      expect(
        rankingRole(repository.index, 'test/cart.test.js', { aboutTests: false }).feature,
      ).toBe('test');
      // A report about tests exempts the test file it points at, not every test file.
      expect(
        rankingRole(
          repository.index,
          'test/cart.test.js',
          { aboutTests: true },
          { frame: 0.8, path: 0 },
        ),
      ).toEqual({});
      expect(rankingRole(repository.index, 'test/cart.test.js', { aboutTests: true }).feature).toBe(
        'test',
      );
      expect(rankingRole(repository.index, 'src/types.ts', { aboutTests: false }).feature).toBe(
        'declaration',
      );
    } finally {
      await repository.cleanup();
    }
  });
});
