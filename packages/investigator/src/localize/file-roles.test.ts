import type { IndexedFile, RepositoryIndex } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import { declaresOnlyTypes, isBundledCopy, isThirdPartyAsset } from './file-roles.js';

describe('isBundledCopy', () => {
  const file = (path: string, names: string[], lineCount: number): IndexedFile => ({
    path,
    language: 'javascript',
    size: 1,
    lineCount,
    mtimeMs: 0,
    definitions: names.map((name, i) => ({
      name,
      kind: 'function',
      path,
      lines: [i + 1, i + 1],
      scope: [],
      signature: '',
    })),
    references: [],
  });

  it('flags a long file that holds copies of several files, not a sibling mirroring one', () => {
    const modules = ['a', 'b', 'c'].map((m) =>
      file(`lib/${m}.js`, [`${m}1`, `${m}2`, `${m}3`], 50),
    );
    const bundle = file(
      'dist/all.js',
      modules.flatMap((m) => m.definitions.map((d) => d.name)),
      3000,
    );
    const sibling = file('lib/a2.js', ['a1', 'a2', 'a3'], 3000);
    const index: RepositoryIndex = {
      root: '/',
      files: new Map([...modules, bundle, sibling].map((f) => [f.path, f])),
      skipped: [],
    };
    expect(isBundledCopy(bundle, index)).toBe(true);
    expect(isBundledCopy(sibling, index)).toBe(false);
    expect(isBundledCopy(modules[0] as IndexedFile, index)).toBe(false);
  });
});

describe('isBundledCopy on a long hand-written file', () => {
  it('is not a bundle when the files copying its pieces make up little of it', () => {
    const definition = (path: string, name: string, line: number) => ({
      name,
      kind: 'method' as const,
      path,
      lines: [line, line] as [number, number],
      scope: [],
      signature: '',
    });
    const file = (path: string, names: string[], lineCount: number): IndexedFile => ({
      path,
      language: 'java',
      size: 1,
      lineCount,
      mtimeMs: 0,
      definitions: names.map((name, i) => definition(path, name, i + 1)),
      references: [],
    });
    // A single-file CLI library: 200 members, three of its nested classes copied by other modules.
    const copied = [
      ['TypedMember', 'getter', 'setter', 'isOption'],
      ['Assert', 'notNull', 'equals'],
      ['PropertiesDefaultProvider', 'loadProperties', 'defaultValue'],
    ];
    const own = Array.from({ length: 200 }, (_, i) => `member${i}`);
    const library = file('src/main/java/cli/CommandLine.java', [...own, ...copied.flat()], 20_000);
    const copies = copied.map((names, i) => file(`tools/src/Copy${i}.java`, names, 80));
    const index: RepositoryIndex = {
      root: '/',
      files: new Map([library, ...copies].map((f) => [f.path, f])),
      skipped: [],
    };
    expect(isBundledCopy(library, index)).toBe(false);
  });
});

describe('declaresOnlyTypes', () => {
  const file = (
    path: string,
    definitions: [IndexedFile['definitions'][number]['kind'], string, number, number][],
  ): IndexedFile => ({
    path,
    language: 'csharp',
    size: 1,
    lineCount: 200,
    mtimeMs: 0,
    definitions: definitions.map(([kind, name, start, end]) => ({
      name,
      kind,
      path,
      lines: [start, end],
      scope: [],
      signature: '',
    })),
    references: [],
  });

  it('is true for an interface of properties and method signatures, and for an enum', () => {
    const options = file('src/Configuration/IParserConfiguration.cs', [
      ['interface', 'IParserConfiguration', 16, 175],
      ['field', 'DetectDelimiter', 133, 133],
      ['field', 'GetDelimiter', 138, 138],
      ['method', 'Validate', 174, 174],
    ]);
    const units = file('src/Localisation/TimeUnit.cs', [['enum', 'TimeUnit', 7, 17]]);
    expect(declaresOnlyTypes(options)).toBe(true);
    expect(declaresOnlyTypes(units)).toBe(true);
  });

  it('is false once a function has a body, for a class, and for a file without definitions', () => {
    const withDefault = file('src/Parser.java', [
      ['interface', 'Parser', 1, 40],
      ['method', 'parse', 3, 3],
      ['method', 'parseAll', 5, 12],
    ]);
    const record = file('src/Options.cs', [
      ['class', 'Options', 1, 30],
      ['field', 'Delimiter', 3, 3],
    ]);
    expect(declaresOnlyTypes(withDefault)).toBe(false);
    expect(declaresOnlyTypes(record)).toBe(false);
    expect(declaresOnlyTypes(file('src/empty.cs', []))).toBe(false);
  });
});

describe('isThirdPartyAsset', () => {
  it('takes versioned and minified scripts under asset folders', () => {
    expect(isThirdPartyAsset('static/js/jquery-3.5.1.js')).toBe(true);
    expect(isThirdPartyAsset('public/bootstrap.bundle.v5.2.min.js')).toBe(true);
    expect(isThirdPartyAsset('assets/lib_1.2_beta_2.css')).toBe(true);
    expect(isThirdPartyAsset('assets/app-1.2..js')).toBe(false);
    expect(isThirdPartyAsset('src/jquery-3.5.1.js')).toBe(false);
    expect(isThirdPartyAsset('static/app.js')).toBe(false);
  });

  it('answers on a path of 4,096 characters made to backtrack (underscores are separators and word characters)', () => {
    const parts = `static/x.0.0._${'_A'.repeat(2040)}`;
    expect(isThirdPartyAsset(`${parts}_`)).toBe(false);
    expect(isThirdPartyAsset(`${parts}.js`)).toBe(true);
  });
});
