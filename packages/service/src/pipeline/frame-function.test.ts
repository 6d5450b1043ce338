import { describe, expect, it } from 'vitest';
import { normalizeFunction } from './frame-function.js';

/** Each row: names one function gets from different runtimes, versions or call shapes. */
const SAME: [string, string[]][] = [
  [
    'V8 receivers, aliases, async and new',
    ['Function.wrap [as post]', 'wrap', 'async Object.wrap', 'new wrap'],
  ],
  ['V8 and SpiderMonkey prototypes', ['App.prototype.foo', 'App.foo', 'foo']],
  ['Node internals', ['Module._compile', 'Object.Module._compile', '_compile']],
  [
    'Java lambdas and Kotlin synthetic names',
    ['lambda$load$0', 'load$lambda-1', 'load$lambda$0', 'load$default', 'load'],
  ],
  [
    'Objective-C and Swift',
    [
      '-[Cart total:withTax:]',
      'Cart.total(_:withTax:)',
      'closure #1 in Cart.total(_:withTax:)',
      'specialized Cart.total(_:withTax:)',
      'protocol witness for Totals.total(_:withTax:) in conformance Cart',
      // Found in review: fully demangled, the module (`MyApp`) was taken for the function.
      'protocol witness for Totals.total(_:withTax:) in conformance Cart : Totals in MyApp',
    ],
  ],
  ['Ruby blocks', ['block in total', 'block (2 levels) in Cart#total', 'rescue in total', 'total']],
  [
    'C++ templates, parameters and qualifiers',
    [
      'void shop::Cart<int>::total(int, char const*) const',
      'shop::Cart<long>::total(long)',
      'shop::Cart::total()::{lambda(int)#1}::operator()(int) const',
    ],
  ],
  [
    'Rust hashes and closures',
    [
      'app::cart::total::h1a2b3c4d5e6f7a8b',
      'app::cart::total::{{closure}}',
      'app::cart::total::{closure#0}',
      '<app::Cart as app::Total>::total',
    ],
  ],
  [
    'C# generated methods',
    ['Shop.Cart.<total>b__0_0', 'Shop.Cart.<total>d__4.MoveNext', 'Shop.Cart.total(Int32 count)'],
  ],
  [
    'Go receivers, generics and closures',
    [
      'main.(*Cart).total.func1',
      'main.Cart.total.func2.1',
      'main.(*Cart).total',
      'main.Cart.total',
      'main.total[...]',
    ],
  ],
];

describe('normalizeFunction', () => {
  it.each(SAME)('gives one name for %s', (_, names) => {
    const normalized = new Set(names.map((name) => normalizeFunction(name)));
    expect([...normalized]).toHaveLength(1);
    expect([...normalized][0]).not.toBe('');
  });

  it('gives anonymous functions no name', () => {
    for (const name of [
      '<anonymous>',
      'Object.<anonymous>',
      '?',
      'Anonymous function',
      'global code',
      'eval code',
      'test/<',
      '<lambda>',
      '<listcomp>',
      '<genexpr>',
      'access$000',
      'Cart.<computed>',
      'Object.<computed>',
      '<computed>',
      'block in <main>',
      'block (3 levels) in <top (required)>',
    ]) {
      expect(normalizeFunction(name)).toBe('');
    }
    expect(normalizeFunction(undefined)).toBe('');
  });

  it('keeps Java constructors and class initializers', () => {
    expect(normalizeFunction('<init>')).toBe('<init>');
    expect(normalizeFunction('<clinit>')).toBe('<clinit>');
  });

  it('keeps two functions of one receiver apart', () => {
    expect(normalizeFunction('Foo.parse')).not.toBe(normalizeFunction('Foo.render'));
    expect(normalizeFunction('lambda$parse$0')).not.toBe(normalizeFunction('lambda$render$0'));
    expect(normalizeFunction('-[Foo parse:]')).not.toBe(normalizeFunction('-[Foo render:]'));
  });

  it('keeps C++ operators apart, as Sentry does', () => {
    expect(
      [
        'shop::Cart::operator()(int) const',
        'shop::Cart::operator[](unsigned long)',
        'shop::Cart::operator<(shop::Cart const&) const',
        'std::ostream& shop::operator<< <char>(std::ostream&, shop::Cart const&)',
        'shop::Cart::operator->()',
        'shop::Cart::operator/(int)',
        'operator new[](unsigned long)',
        'std::_Function_handler<void (), shop::Task>::operator()',
      ].map((name) => normalizeFunction(name)),
    ).toEqual([
      'operator()',
      'operator[]',
      'operator<',
      'operator<<',
      'operator->',
      'operator/',
      'operator new[]',
      'operator()',
    ]);
  });

  it('keeps a name whose brackets never close (a cut-off line)', () => {
    expect(normalizeFunction('Foo.bar(int, ')).toBe('bar');
  });
});

describe('normalizeFunction on names of a million characters', () => {
  it('reads method aliases, Objective-C messages and C++ lambdas made to backtrack', () => {
    expect(normalizeFunction('Foo.bar [as baz]')).toBe(normalizeFunction('Foo.bar'));
    expect(normalizeFunction(`a${'\t'.repeat(1_000_000)}[as b]`)).toBe('a');
    expect(normalizeFunction(`[\0 \0${'+'.repeat(1_000_000)}+`)).toBe(`\0${'+'.repeat(1_000_001)}`);
    expect(normalizeFunction(`-[Foo ${'x'.repeat(1_000_000)}:]`)).toBe('x'.repeat(1_000_000));
    expect(normalizeFunction(`${'{lambda('.repeat(125_000)}#){lambda()#0}`)).toBe(
      normalizeFunction('{lambda(#){lambda()#0}'),
    );
    expect(normalizeFunction('run()::{lambda(int)#1}::operator()')).toBe('run');
    expect(normalizeFunction(`operator()${' '.repeat(1_000_000)}x`)).toBe('x');
    expect(normalizeFunction('operator() '.repeat(100_000))).toBe('operator()');
  });
});
