import { describe, expect, it } from 'vitest';
import type { Definition, IndexedFile, RepositoryIndex } from '../repomap/types.js';
import { findSymbol } from './find-symbol.js';

function file(path: string, definitions: Omit<Definition, 'path'>[]): [string, IndexedFile] {
  return [
    path,
    {
      path,
      language: 'typescript',
      size: 100,
      lineCount: 50,
      mtimeMs: 0,
      definitions: definitions.map((definition) => ({ ...definition, path })),
      references: [],
    },
  ];
}

const index: RepositoryIndex = {
  root: '/repo',
  skipped: [],
  files: new Map([
    file('src/cart.ts', [
      { name: 'Cart', kind: 'class', lines: [3, 30], scope: [], signature: 'export class Cart {' },
      {
        name: 'total',
        kind: 'method',
        lines: [10, 14],
        scope: ['Cart'],
        signature: 'total(): number {',
      },
    ]),
    file('src/order.ts', [
      {
        name: 'total',
        kind: 'function',
        lines: [1, 4],
        scope: [],
        signature: 'export function total(order: Order): number {',
      },
    ]),
  ]),
};

describe('findSymbol', () => {
  it('lists every definition with location, kind, scope and signature', async () => {
    expect(await findSymbol(index, 'total')).toEqual({
      text: [
        '2 definitions of "total":',
        'src/order.ts:1-4  function total',
        '  export function total(order: Order): number {',
        'src/cart.ts:10-14  method total in Cart',
        '  total(): number {',
      ].join('\n'),
      definitions: [
        {
          name: 'total',
          kind: 'function',
          path: 'src/order.ts',
          lines: [1, 4],
          scope: [],
          signature: 'export function total(order: Order): number {',
        },
        {
          name: 'total',
          kind: 'method',
          path: 'src/cart.ts',
          lines: [10, 14],
          scope: ['Cart'],
          signature: 'total(): number {',
        },
      ],
      truncated: false,
    });
  });

  it('filters by kind and by qualified name', async () => {
    expect(await findSymbol(index, 'total', { kind: 'method' })).toMatchObject({
      definitions: [{ path: 'src/cart.ts', lines: [10, 14] }],
    });
    expect(await findSymbol(index, 'Cart.total')).toMatchObject({
      definitions: [{ path: 'src/cart.ts', kind: 'method' }],
    });
  });

  it('caps the definitions and says how to narrow them', async () => {
    const result = await findSymbol(index, 'total', { maxSymbolResults: 1 });
    expect(result).toMatchObject({ truncated: true, definitions: [{ path: 'src/order.ts' }] });
    expect('text' in result && result.text.split('\n').at(-1)).toBe(
      '[Showing 1 of 2. Pass kind to narrow them, or grep within a folder.]',
    );
  });

  it('suggests grep when nothing is defined under the name', async () => {
    expect(await findSymbol(index, 'checkout', { kind: 'function' })).toEqual({
      text: 'No definition named "checkout" of kind function in the repository index. Try grep for the name: it may be defined dynamically, in a language the index does not parse, or spelled differently.',
      definitions: [],
      truncated: false,
    });
  });
});
