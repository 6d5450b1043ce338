import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withheldLine } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { languageForPath } from '../repository/languages.js';
import { extractTags, type FileTags } from './extract-tags.js';
import { getParser, loadGrammar } from './grammars.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'langs');

async function tagsOf(name: string): Promise<FileTags> {
  return tagsOfText(name, await readFile(path.join(FIXTURES, name), 'utf8'));
}

async function tagsOfText(name: string, text: string): Promise<FileTags> {
  const language = languageForPath(name, text);
  if (!language) throw new Error(`no language for ${name}`);
  const { grammar, warnings } = await loadGrammar(language);
  if (!grammar) throw new Error(warnings.join('; '));
  expect(warnings).toEqual([]);
  return extractTags(await getParser(), grammar, text, name);
}

/** `kind Scope.name start-end`: one line per definition, easy to read in a failing diff. */
async function definitionsOf(name: string): Promise<string[]> {
  return (await tagsOf(name)).definitions.map(
    (item) =>
      `${item.kind} ${[...item.scope, item.name].join('.')} ${item.lines[0]}-${item.lines[1]}`,
  );
}

/** `name:line` for each reference. */
async function referencesOf(name: string): Promise<string[]> {
  return (await tagsOf(name)).references.map((item) => `${item.name}:${item.line}`);
}

describe('extractTags: TypeScript', () => {
  it('records whole definitions with kind, lines, scope and signature', async () => {
    const { definitions } = await tagsOf('sample.ts');
    expect(definitions.slice(5, 8)).toEqual([
      {
        name: 'Circle',
        kind: 'class',
        path: 'sample.ts',
        lines: [17, 25],
        scope: [],
        signature: 'export class Circle implements Shape',
      },
      {
        name: 'radius',
        kind: 'field',
        path: 'sample.ts',
        lines: [18, 18],
        scope: ['Circle'],
        signature: 'radius = 1;',
      },
      {
        name: 'area',
        kind: 'method',
        path: 'sample.ts',
        lines: [22, 24],
        scope: ['Circle'],
        signature: 'area(): number',
      },
    ]);
    expect(await definitionsOf('sample.ts')).toEqual([
      'interface Shape 4-6',
      'method Shape.area 5-5',
      'type ShapeId 8-8',
      'enum Color 10-13',
      'constant MAX_SHAPES 15-15',
      'class Circle 17-25',
      'field Circle.radius 18-18',
      'method Circle.area 22-24',
      'function square 27-29',
      'function makeCircle 31-34',
    ]);
  });

  it('records calls, member calls, new, imports and types as references', async () => {
    expect(await referencesOf('sample.ts')).toEqual([
      'readConfig:1',
      'Options:1',
      'path:2',
      'Shape:17',
      'Opts:20',
      'square:23',
      'Opts:31',
      'Circle:31',
      'readConfig:32',
      'join:32',
      'Circle:33',
    ]);
  });

  it('reads TSX with JSX components as references', async () => {
    expect(await definitionsOf('sample.tsx')).toEqual([
      'interface Props 3-5',
      'field Props.label 4-4',
      'function Toolbar 7-10',
      'function Toolbar.onClick 8-8',
    ]);
    expect(await referencesOf('sample.tsx')).toEqual([
      'Button:1',
      'Props:7',
      'track:8',
      'Button:9',
    ]);
  });

  it('reads JavaScript modules with require, extends, calls and new', async () => {
    expect(await definitionsOf('sample.mjs')).toEqual([
      'class Lexer 3-7',
      'method Lexer.next 4-6',
      'function tokenize 9-12',
    ]);
    expect(await referencesOf('sample.mjs')).toEqual([
      'parse:1',
      'Base:3',
      'scan:5',
      'Lexer:10',
      'parse:11',
      'next:11',
    ]);
  });
  it('records private methods (`#name`) and the calls to them', async () => {
    const source = [
      'export class Cache {',
      '  #timer = null;',
      '  constructor(ttl) {',
      '    if (ttl) this.#startTimer(ttl);',
      '  }',
      '  #startTimer(ttl) {',
      '    this.#timer = setTimeout(() => this.clear(), ttl);',
      '  }',
      '  clear() {}',
      '}',
      '',
    ].join('\n');
    const tags = await tagsOfText('cache.mjs', source);
    expect(
      tags.definitions.map(
        (item) => `${item.kind} ${[...item.scope, item.name].join('.')} ${item.lines.join('-')}`,
      ),
    ).toEqual(['class Cache 1-10', 'method Cache.#startTimer 6-8', 'method Cache.clear 9-9']);
    expect(tags.references.map((item) => `${item.name}:${item.line}`)).toContain('#startTimer:4');
  });
});

describe('extractTags: one definition per name and line', () => {
  it('tags a function or class expression bound to its own name once, at the binding', async () => {
    // Found by a fresh-user trial: find_symbol listed `foo` at c.ts:1 twice ("function foo" and
    // "function foo in foo"), the binding's name and the expression's each tagged.
    const bindings = [
      'const foo = function foo() { return 1; };',
      'export const Bar = class Bar {',
      '  get() {}',
      '};',
      'const obj = { qux: function qux() {} };',
      'module.exports.run = function run() {};',
    ];
    const expected = [
      'function foo 1-1',
      'class Bar 2-4',
      'method Bar.get 3-3',
      'constant obj 5-5',
      'function obj.qux 5-5',
      'function run 6-6',
    ];
    const listed = async (name: string, lines: string[]) =>
      (await tagsOfText(name, `${lines.join('\n')}\n`)).definitions.map(
        (item) => `${item.kind} ${[...item.scope, item.name].join('.')} ${item.lines.join('-')}`,
      );
    expect(await listed('bound.js', bindings)).toEqual(expected);
    // Overloads are declarations of their own lines; an export default is tagged once.
    const typescript = [
      ...bindings,
      'export function parse(x: string): number;',
      'export function parse(x: unknown): number {',
      '  return 1;',
      '}',
      'export default function main() {}',
    ];
    expect(await listed('bound.ts', typescript)).toEqual([
      ...expected,
      'function parse 7-7',
      'function parse 8-10',
      'function main 11-11',
    ]);
  });
});

describe('extractTags: other languages', () => {
  it('Python: classes, methods (multi-line signature), imports, bases, decorators', async () => {
    expect(await definitionsOf('sample.py')).toEqual([
      'constant MAX_ITEMS 3-3',
      'class Cache 6-14',
      'method Cache.get 7-8',
      'method Cache.create 11-14',
      'function warm 17-19',
    ]);
    const create = (await tagsOf('sample.py')).definitions[3];
    expect(create?.signature).toBe('def create( size: int, ) -> "Cache":');
    expect(await referencesOf('sample.py')).toEqual([
      'Store:1',
      'load_all:1',
      'Store:6',
      'str:7',
      'Item:7',
      'lookup:8',
      'staticmethod:10',
      'int:12',
      'Cache:14',
      'load:18',
      'get:19',
    ]);
  });

  it('ends a signature at a line the secret gate withheld, not in the body after it (trial 44)', async () => {
    const text = [
      'def connect(host,',
      '            password="not-a-real-secret"):',
      '    return (host, password)',
      '',
    ].join('\n');
    const shown = text.replace(
      '            password="not-a-real-secret"):',
      withheldLine('a password'),
    );
    const language = languageForPath('db.py', text);
    if (!language) throw new Error('no language for db.py');
    const { grammar } = await loadGrammar(language);
    if (!grammar) throw new Error('no Python grammar');
    const tags = extractTags(await getParser(), grammar, text, 'db.py', { signatureText: shown });
    expect(tags.definitions[0]?.signature).toBe(
      'def connect(host, [withheld: looks like a secret (a password)]',
    );
  });

  it('Go: structs, interfaces, methods scoped by receiver, constants', async () => {
    expect(await definitionsOf('sample.go')).toEqual([
      'constant MaxItems 5-5',
      'class Store 7-9',
      'field Store.items 8-8',
      'interface Getter 11-13',
      'method Getter.Get 12-12',
      'method Store.Get 15-17',
      'function NewStore 19-22',
    ]);
    expect(await referencesOf('sample.go')).toContain('Println:20');
  });

  it('Rust: impl blocks scope their methods; enums, traits and macros', async () => {
    expect(await definitionsOf('sample.rs')).toEqual([
      'constant MAX_ITEMS 3-3',
      'class Store 5-7',
      'field Store.items 6-6',
      'enum Mode 9-12',
      'method Store.new 15-17',
      'method Store.len 19-21',
      'interface Getter 24-26',
      'method Getter.get 25-25',
      'macro store 28-32',
    ]);
    expect(await referencesOf('sample.rs')).toEqual(
      expect.arrayContaining(['new:16', 'len:20', 'Item:1']),
    );
  });

  it('Java', async () => {
    expect(await definitionsOf('Sample.java')).toEqual([
      'class Store 5-15',
      'field Store.items 6-6',
      'method Store.get 8-10',
      'method Store.find 12-14',
      'interface Getter 17-19',
      'method Getter.get 18-18',
      'enum Mode 21-21',
    ]);
    expect(await referencesOf('Sample.java')).toEqual(
      expect.arrayContaining(['find:9', 'Getter:5', 'List:3']),
    );
  });

  it('C#', async () => {
    expect(await definitionsOf('Sample.cs')).toEqual([
      'module Example 1-19',
      'class Example.Store 3-11',
      'field Example.Store.Count 5-5',
      'method Example.Store.Get 7-10',
      'interface Example.IGetter 13-16',
      'method Example.IGetter.Get 15-15',
      'enum Example.Mode 18-18',
    ]);
    expect(await referencesOf('Sample.cs')).toEqual(['IGetter:3', 'Find:9']);
  });

  it('Ruby', async () => {
    expect(await definitionsOf('sample.rb')).toEqual([
      'module Storage 1-11',
      'class Storage.Store 2-10',
      'method Storage.Store.get 3-5',
      'method Storage.Store.create 7-9',
    ]);
    expect(await referencesOf('sample.rb')).toEqual(
      expect.arrayContaining(['Base:2', 'lookup:4', 'new:8']),
    );
  });

  it('PHP', async () => {
    expect(await definitionsOf('sample.php')).toEqual([
      'module App 2-2',
      'interface Getter 4-7',
      'method Getter.get 6-6',
      'class Store 9-17',
      'field Store.items 11-11',
      'method Store.get 13-16',
      'function make_store 19-22',
    ]);
    expect(await referencesOf('sample.php')).toEqual(['Getter:9', 'find:15', 'Store:21']);
  });

  it('C: whole function ranges, typedefs, defines, calls', async () => {
    const { definitions } = await tagsOf('sample.c');
    expect(definitions.map((item) => `${item.kind} ${item.name} ${item.lines.join('-')}`)).toEqual([
      'constant MAX_ITEMS 3-3',
      'type store_t 5-7',
      'class store 5-7',
      'function store_count 9-12',
      'function main 14-19',
    ]);
    expect(definitions[3]?.signature).toBe('static int store_count(const store_t *store)');
    expect(await referencesOf('sample.c')).toEqual([
      'store_t:9',
      'store_t:16',
      'printf:17',
      'store_count:17',
    ]);
  });

  it('C++: a .h with classes is C++; namespaces and out-of-line methods', async () => {
    expect(await definitionsOf('sample.h')).toEqual([
      'module storage 1-8',
      'class storage.Store 3-6',
      'method storage.Store.count 5-5',
    ]);
    expect(await definitionsOf('sample.cpp')).toEqual([
      'module storage 3-10',
      'method storage.Store.count 5-8',
    ]);
    expect(await referencesOf('sample.cpp')).toEqual(['helper:7']);
  });

  it('Kotlin, with Sightline’s own tags query', async () => {
    expect(await definitionsOf('Sample.kt')).toEqual([
      'interface Getter 5-7',
      'method Getter.get 6-6',
      'class Store 9-13',
      'field Store.size 10-10',
      'method Store.get 12-12',
      'function makeStore 15-15',
    ]);
    expect(await referencesOf('Sample.kt')).toEqual(
      expect.arrayContaining(['firstOrNull:12', 'listOf:15']),
    );
  });
});

describe('extractTags: Objective-C', () => {
  it('classes, protocols, properties and methods named by their selector’s first keyword', async () => {
    expect(await definitionsOf('Store.h')).toEqual([
      'interface Loader 3-5',
      'method Loader.load 4-4',
      'class Store 7-11',
      'field Store.name 8-8',
      'method Store.storeNamed 9-9',
      'method Store.put 10-10',
    ]);
    expect(await definitionsOf('Store.m')).toEqual([
      'function clampSize 3-3',
      'class Store 5-18',
      'method Store.storeNamed 7-11',
      'method Store.put 13-16',
    ]);
  });

  it('React Native’s exported methods are methods of their class, named by their selector', async () => {
    const text = [
      '#import "RNNBridgeModule.h"',
      '@implementation RNNBridgeModule',
      'RCT_EXPORT_METHOD(pop',
      '                  : (NSString *)commandId resolver',
      '                  : (RCTPromiseResolveBlock)resolve rejecter',
      '                  : (RCTPromiseRejectBlock)reject) {',
      '  [_handler pop:commandId completion:resolve];',
      '}',
      'RCT_REMAP_METHOD(setRootJS, setRoot:(NSDictionary *)layout) {',
      '}',
      '@end',
      '',
    ].join('\n');
    const tags = await tagsOfText('RNNBridgeModule.m', text);
    expect(
      tags.definitions.map(
        (item) => `${item.kind} ${[...item.scope, item.name].join('.')} ${item.lines.join('-')}`,
      ),
    ).toEqual([
      'class RNNBridgeModule 2-11',
      'method RNNBridgeModule.pop 3-8',
      'method RNNBridgeModule.setRoot 9-10',
    ]);
    // Signatures are the source's text, not the rewritten header.
    expect(tags.definitions[1]?.signature).toMatch(/^RCT_EXPORT_METHOD\(pop/);
  });

  it('a message is a call of its first keyword; a capitalised receiver is a class reference', async () => {
    const references = await referencesOf('Store.m');
    expect(references).toEqual(
      expect.arrayContaining(['Store:8', 'alloc:8', 'init:8', 'setObject:14', 'clampSize:15']),
    );
    // The selector's later keywords (`forKey:`) are not calls of their own.
    expect(references).not.toContain('forKey:14');
  });
});

describe('signatures of long minified lines', () => {
  it('keeps the line when it does not end with `{`, and drops a trailing `{` with the spaces before it', async () => {
    const spaces = ' '.repeat(1_000_000);
    const minified = `function f(a) { return a; }${spaces}var x = 1;\n`;
    const [definition] = (await tagsOfText('min.js', minified)).definitions;
    expect(definition?.name).toBe('f');
    expect(definition?.signature).toBe(
      `${`function f(a) { return a; }${spaces}var x = 1;`.slice(0, 199)}…`,
    );
    const open = `function g(a,${spaces}b) {${spaces}{\n  return a;\n}\n`;
    const [opened] = (await tagsOfText('open.js', open)).definitions;
    expect(opened?.signature).toBe(`${`function g(a,${spaces}b) {`.slice(0, 199)}…`);
  });
});
