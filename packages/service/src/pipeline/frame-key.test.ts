import { describe, expect, it } from 'vitest';
import { functionKey, moduleKey } from './frame-key.js';

const key = (name: string, file?: string) => functionKey({ function: name, file });

/** Each row: names one function gets from two builds (generated ordinals, hashes, addresses). */
const SAME: [string, string[]][] = [
  ['Java lambdas', ['lambda$checkout$0', 'lambda$checkout$3', 'checkout$lambda-1']],
  ['Java anonymous classes', ['com.shop.Cart$1', 'com.shop.Cart$2', 'com.shop.Cart']],
  [
    'Java hidden lambda classes',
    [
      'com.shop.Cart$$Lambda$123/0x0000000800c0b000.accept',
      'com.shop.Cart$$Lambda$57/0x00000008000a1c40.accept',
      'com.shop.Cart$$Lambda/0x000001f2c8042a00.accept',
    ],
  ],
  [
    'Java hidden lambda classes without a method',
    ['Cart$$Lambda$14/1199823423', 'Cart$$Lambda$15/424058530', 'Cart$$Lambda/0x0000000800c0b000'],
  ],
  [
    'Objective-C blocks',
    ['__29-[Cart total:]_block_invoke', '__29-[Cart total:]_block_invoke_2', '-[Cart total:]'],
  ],
  ['C blocks', ['__checkout_block_invoke', '__checkout_block_invoke_3', 'checkout']],
  [
    'Rust legacy hashes',
    ['app::cart::total::h1a2b3c4d5e6f7a8b', 'app::cart::total::h9f8e7d6c5b4a3921'],
  ],
  [
    'C++ lambdas of clang, MSVC and GCC',
    [
      'shop::Cart::total()::$_0::operator()(int) const',
      'shop::Cart::total()::$_7::operator()(int) const',
      'shop::Cart::total::<lambda_1>::operator()',
      'shop::Cart::total::<lambda_3>::operator()',
      'shop::Cart::total::<lambda_0123456789abcdef0123456789abcdef>::operator()',
      'shop::Cart::total()::{lambda(int)#2}::operator()(int) const',
    ],
  ],
  [
    'C++ anonymous namespaces and template arguments',
    [
      '(anonymous namespace)::parse2',
      '?A0x1a2b3c4d::parse2',
      '?A0x9f8e7d6c::parse2',
      'Buffer<3>::parse2',
    ],
  ],
  ['hexadecimal addresses', ['lambda$0x7ffe12ab', 'lambda$0x10c4ff00']],
  ['webpack module ids', ['Object.635', 'Object.1024']],
  [
    '.NET lambdas and closure classes',
    [
      'Shop.Cart.<Total>b__0_1',
      'Shop.Cart.<Total>b__4_0',
      'Shop.Cart.<>c.<Total>b__2_0',
      'Shop.Cart.<>c__DisplayClass0_0.<Total>b__0',
      'Shop.Cart.<>c__DisplayClass3_1.<Total>b__2',
    ],
  ],
  [
    'GCC and LLVM clones, symbol versions, Windows decorations',
    ['decode.part.0', 'decode.isra.1', 'decode.constprop.0.cold', 'decode.llvm.8127364', 'decode'],
  ],
  ['GNU symbol versions', ['memcpy@@GLIBC_2.14', 'memcpy@GLIBC_2.2.5', 'memcpy']],
  ['Windows decorations', ['_decode@12', '_decode@16']],
  [
    'Ruby ERB templates',
    ['_app_views_cart_html_erb__1067_70140', '_app_views_cart_html_erb__2243_51220'],
  ],
  ['Clojure anonymous functions', ['shop.cart$fn__12345', 'shop.cart$fn__678']],
];

/** Each row: names of two functions that differ only in digits of their own. */
const APART: [string, string][] = [
  ['fn0', 'fn1'],
  ['Object.fn12', 'Object.fn13'],
  ['parseV2', 'parseV3'],
  ['sha256', 'sha1'],
  ['utf8Decode', 'utf16Decode'],
  ['h264Decode', 'h265Decode'],
  ['int32ToString', 'int64ToString'],
  ['Cart.step1', 'Cart.step2'],
  ['Object.func1', 'Object.func2'],
  ['lambda$parseV2$0', 'lambda$parseV3$0'],
  ['__29-[Cart total2:]_block_invoke', '__29-[Cart total3:]_block_invoke'],
  ['app::parse_v2::h1a2b3c4d5e6f7a8b', 'app::parse_v3::h1a2b3c4d5e6f7a8b'],
  ['Shop.Cart.<ParseV2>b__0_0', 'Shop.Cart.<ParseV3>b__0_0'],
  ['base64Encode', 'base32Encode'],
];

describe('functionKey', () => {
  it.each(SAME)('gives one name for %s', (_, names) => {
    expect(new Set(names.map((name) => key(name))).size).toBe(1);
  });

  it('keeps every one of fn0 … fn299 apart', () => {
    const names = Array.from({ length: 300 }, (_, i) => `fn${i}`);
    expect(new Set(names.map((name) => key(name))).size).toBe(300);
  });

  it.each(APART)('keeps %s and %s apart', (a, b) => {
    expect(key(a)).not.toBe(key(b));
  });

  it('gives the names whole, generated ids out', () => {
    expect(
      [
        'parseV2',
        'lambda$checkout$0',
        '__29-[Cart total:]_block_invoke_2',
        'shop::Cart::total()::$_0::operator()(int) const',
        'app::cart::total::h1a2b3c4d5e6f7a8b',
        'lambda$0x7ffe12ab',
        'build_1a2b3c4d5e6f',
        '<lambda>',
        'access$000',
      ].map((name) => key(name)),
    ).toEqual(['parseV2', 'checkout', 'total', 'total', 'total', '#', 'build_#', '', '']);
  });

  it('reads funcN as a closure in Go frames only', () => {
    const go = ['main.(*Server).serve.func1', 'main.(*Server).serve.func3', 'main.Server.serve'];
    expect(go.map((name) => key(name, '/srv/app/server.go'))).toEqual(['serve', 'serve', 'serve']);
    expect(key('main.main.func2.3', '/srv/app/main.go')).toBe('main');
    expect(key('main.main.gowrap1', '/srv/app/main.go')).toBe('main');
    expect(key('main.main.deferwrap2', '/srv/app/main.go')).toBe('main');
    expect(key('Object.func1', '/srv/app/cart.js')).toBe('func1');
    expect(key('main.main.gowrap1', '/srv/app/main.js')).toBe('gowrap1');
  });

  it('reads long names in linear time (a quadratic search would take minutes)', () => {
    const started = performance.now();
    for (const name of [
      `__${'_block_invoke'.repeat(16_000)}x_block_invoke`,
      `__${'x'.repeat(200_000)}_block_invoke`,
      `f${'.part'.repeat(40_000)}x`,
      `f${'__1111_1111'.repeat(20_000)}`,
      `${'a'.repeat(200_000)}@x`,
      `${'::$_1'.repeat(40_000)}!`,
      '$$Lambda$1/'.repeat(20_000),
      'a1'.repeat(100_000),
    ]) {
      key(name);
    }
    expect(performance.now() - started).toBeLessThan(4_000);
  }, 20_000);
});

describe('moduleKey', () => {
  it("takes Java's generated class ids out, and keeps other digits", () => {
    expect(
      [
        'jdk.internal.reflect.GeneratedMethodAccessor123',
        'sun.reflect.GeneratedSerializationConstructorAccessor6',
        'com.shop.Cart$$EnhancerBySpringCGLIB$$1a2b3c4d',
        'com.shop.Cart_$$_javassist_seam_74',
        'shop.cart$fn__12345',
        'com.shop.Cart$$Lambda$57/0x00000008000a1c40',
        '0x00000008000a1c40',
        'com.shop.v2.Cart',
        undefined,
      ].map(moduleKey),
    ).toEqual([
      'jdk.internal.reflect.GeneratedMethodAccessor',
      'sun.reflect.GeneratedSerializationConstructorAccessor',
      'com.shop.Cart$$EnhancerBySpringCGLIB$$',
      'com.shop.Cart_$$_javassist',
      'shop.cart$fn',
      'com.shop.Cart$$Lambda',
      '',
      'com.shop.v2.Cart',
      '',
    ]);
  });
});
