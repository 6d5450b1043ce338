import { describe, expect, it } from 'vitest';
import { cutText, serializeValue, toWellFormedText } from './serialize-value.js';

describe('serializeValue', () => {
  it('keeps plain JSON as it is', () => {
    const value = { a: 1, b: 'two', c: [true, null], d: { e: -1.5 } };
    expect(serializeValue(value)).toEqual(value);
  });

  it('marks cycles but serializes repeated (non-cyclic) references each time', () => {
    const shared = { x: 1 };
    const value: Record<string, unknown> = { shared, again: shared };
    value.self = value;
    expect(serializeValue(value)).toEqual({
      shared: { x: 1 },
      again: { x: 1 },
      self: '[Circular]',
    });
  });

  it('converts exotic values', () => {
    const value = {
      fn: () => 1,
      undef: undefined,
      sym: Symbol('s'),
      big: 12345678901234567890n,
      nan: Number.NaN,
      inf: Number.NEGATIVE_INFINITY,
      negativeZero: -0,
      date: new Date('2026-01-02T03:04:05.000Z'),
      badDate: new Date('nope'),
      map: new Map<unknown, unknown>([
        ['a', 1],
        [2, 'b'],
      ]),
      objectKeys: new Map([[{ k: 1 }, 'v']]),
      set: new Set([1, 2]),
      bytes: new Uint8Array([1, 2, 3]),
      bigints: new BigInt64Array([5n]),
      buffer: new ArrayBuffer(8),
      error: Object.assign(new TypeError('bad'), { code: 'E_BAD' }),
      regexp: /a+/g,
      list: [() => 1, undefined],
      [Symbol('hidden')]: 1,
    };
    expect(serializeValue(value)).toEqual({
      sym: 'Symbol(s)',
      big: '12345678901234567890',
      nan: 'NaN',
      inf: '-Infinity',
      negativeZero: 0,
      date: '2026-01-02T03:04:05.000Z',
      badDate: 'Invalid Date',
      map: { a: 1, '2': 'b' },
      objectKeys: [{ key: { k: 1 }, value: 'v' }],
      set: [1, 2],
      bytes: [1, 2, 3],
      bigints: ['5'],
      buffer: '[ArrayBuffer 8 bytes]',
      error: { name: 'TypeError', message: 'bad', code: 'E_BAD' },
      regexp: '/a+/g',
      list: [null, null],
    });
  });

  it('replaces lone surrogates and cuts long strings without splitting a pair', () => {
    expect(serializeValue('a\uD800b\uDC00c')).toBe('a\uFFFDb\uFFFDc');
    expect(serializeValue('ok \uD83D\uDE00')).toBe('ok \uD83D\uDE00');
    expect(serializeValue('x'.repeat(1000), { maxStringLength: 10 })).toBe(
      `${'x'.repeat(10)}… [cut 990 chars]`,
    );
    expect(cutText('ab\uD83D\uDE00cd', 3)).toBe('ab… [cut 4 chars]');
    expect(toWellFormedText('\uDC00')).toBe('\uFFFD');
  });

  it('caps entries and depth with markers', () => {
    expect(serializeValue([1, 2, 3, 4], { maxEntries: 2 })).toEqual([1, 2, '… [2 more items]']);
    expect(serializeValue({ a: 1, b: 2, c: 3 }, { maxEntries: 1 })).toEqual({
      a: 1,
      '…': '2 more keys',
    });
    expect(serializeValue({ a: { b: { c: [1] } } }, { maxDepth: 2 })).toEqual({
      a: { b: '[Object]' },
    });
    expect(serializeValue({ a: { b: [1, 2] } }, { maxDepth: 2 })).toEqual({
      a: { b: '[Array(2)]' },
    });
  });

  it('stays near the byte cap on huge values', () => {
    const rows = Array.from({ length: 5000 }, (_, index) => ({ id: index, title: `row ${index}` }));
    const result = serializeValue({ rows }, { maxBytes: 2000, maxEntries: 10_000 });
    const size = new TextEncoder().encode(JSON.stringify(result)).length;
    expect(size).toBeLessThan(2200);
    expect(JSON.stringify(result)).toMatch(/more items/);
  });

  it('never throws, even on hostile getters and proxies', () => {
    const hostile = {
      ok: 1,
      get boom(): never {
        throw new Error('getter failed');
      },
    };
    expect(serializeValue(hostile)).toEqual({ ok: 1, boom: '[Thrown: getter failed]' });
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no keys');
        },
      },
    );
    expect(serializeValue({ proxy })).toEqual({ proxy: '[Unserializable: no keys]' });
    const toJsonThrows = {
      toJSON() {
        throw new Error('nope');
      },
    };
    expect(serializeValue(toJsonThrows)).toBe('[Unserializable: nope]');
  });

  it('marks DOM-like nodes and React elements instead of walking them', () => {
    expect(serializeValue({ node: { nodeType: 1, nodeName: 'DIV', parent: {} } })).toEqual({
      node: '[DOM div]',
    });
    expect(serializeValue({ $$typeof: Symbol.for('react.element'), props: {} })).toBe(
      '[React element]',
    );
  });

  it('turns undefined and functions at the top level into null', () => {
    expect(serializeValue(undefined)).toBeNull();
    expect(serializeValue(() => 1)).toBeNull();
  });

  it('keeps a "__proto__" key as data instead of setting the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"evil": 1}, "a": 2}') as unknown;
    const result = serializeValue(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(result.evil).toBeUndefined();
    expect(JSON.stringify(result)).toBe('{"__proto__":{"evil":1},"a":2}');
    expect(JSON.stringify(serializeValue(new Map([['__proto__', 'x']])))).toBe('{"__proto__":"x"}');
  });

  it('reads only what it keeps of huge strings, keys and collections', () => {
    const huge = '\uD800'.repeat(10_000_000);
    const map = new Map(Array.from({ length: 200_000 }, (_, index) => [index, index]));
    const objectKeys = new Map(Array.from({ length: 200_000 }, (_, index) => [{ index }, index]));
    const floats = new Float64Array(5_000_000);
    // Count what is read of the Map (its iterator), instead of timing the whole call.
    let reads = 0;
    const iterate = map[Symbol.iterator].bind(map);
    Object.defineProperty(map, Symbol.iterator, {
      *value() {
        for (const entry of iterate()) {
          reads++;
          yield entry;
        }
      },
    });
    expect(serializeValue(huge, { maxStringLength: 3 })).toBe(
      '\uFFFD\uFFFD\uFFFD… [cut 9999997 chars]',
    );
    expect(Object.keys(serializeValue({ [huge]: 1 }, { maxStringLength: 3 }) as object)).toEqual([
      '\uFFFD\uFFFD\uFFFD… [cut 9999997 chars]',
    ]);
    expect(serializeValue(map, { maxEntries: 2 })).toEqual({ 0: 0, 1: 1, '…': '199998 more keys' });
    expect(reads).toBeLessThanOrEqual(3);
    expect(serializeValue(objectKeys, { maxEntries: 2 })).toEqual([
      { key: { index: 0 }, value: 0 },
      { key: { index: 1 }, value: 1 },
      '… [199998 more items]',
    ]);
    expect(serializeValue(floats, { maxEntries: 2 })).toEqual([0, 0, '… [4999998 more items]']);
  });

  it('cuts thrown messages and survives errors whose message getter throws', () => {
    const long = {
      get boom(): never {
        throw new Error('m'.repeat(10_000));
      },
    };
    expect(serializeValue(long, { maxStringLength: 4 })).toEqual({
      boom: '[Thrown: mmmm… [cut 9996 chars]]',
    });
    const sneaky = new Proxy(new Error('x'), {
      get(target, key) {
        if (key === 'message') throw new Error('again');
        return Reflect.get(target, key);
      },
    });
    const throwsSneaky = {
      ok: 1,
      get bad(): never {
        throw sneaky;
      },
    };
    expect(serializeValue(throwsSneaky)).toEqual({ ok: 1, bad: '[Thrown: error]' });
  });
});
