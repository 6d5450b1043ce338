/** PHP traces (failure class 3 of issue #33: traces not read as traces). */
import { describe, expect, it } from 'vitest';
import { allFrames, parseReport } from '../parse-report.js';
import { regexRuns } from '../regex-runs.test-helper.js';
import { exceptionOutlines } from './exception-outline.test-helper.js';

describe('PHP traces', () => {
  it('reads a fatal error: the throw site first, then the numbered frames', () => {
    const text = [
      'PHP Fatal error:  Uncaught TypeError: Monolog\\Handler\\DeduplicationHandler::isDuplicate(): Argument #2 ($record) must be of type array, null given in /var/www/vendor/monolog/monolog/src/Monolog/Handler/DeduplicationHandler.php:112',
      'Stack trace:',
      '#0 /var/www/app/Logging/Flush.php(67): Monolog\\Handler\\DeduplicationHandler->flush()',
      '#1 [internal function]: App\\Logging\\Flush->__invoke(Object(Monolog\\Logger))',
      '#2 /var/www/app/Kernel.php(30): call_user_func(Object(App\\Logging\\Flush))',
      '#3 {main}',
      '  thrown in /var/www/vendor/monolog/monolog/src/Monolog/Handler/DeduplicationHandler.php on line 112',
    ].join('\n');
    const report = parseReport(text);
    expect(report.kind).toBe('crash');
    const [exception] = report.exceptions;
    expect(exception?.type).toBe('TypeError');
    expect(exception?.message).toContain('must be of type array, null given');
    expect(
      allFrames(report.exceptions).map((frame) => [
        frame.file,
        frame.line,
        frame.module,
        frame.function,
        frame.inApp,
      ]),
    ).toEqual([
      [
        '/var/www/vendor/monolog/monolog/src/Monolog/Handler/DeduplicationHandler.php',
        112,
        undefined,
        undefined,
        false,
      ],
      [
        '/var/www/app/Logging/Flush.php',
        67,
        'Monolog\\Handler\\DeduplicationHandler',
        'flush',
        true,
      ],
      [undefined, undefined, 'App\\Logging\\Flush', '__invoke', false],
      ['/var/www/app/Kernel.php', 30, undefined, 'call_user_func', true],
    ]);
  });

  it('takes the throw site from `thrown in` when the header has none', () => {
    const text = [
      'Exception trace:',
      '#0 /srv/src/Cart.php(41): App\\Money::of(NULL)',
      '#1 /srv/public/index.php(9): App\\Cart->total()',
      '#2 {main}',
      '  thrown in /srv/src/Money.php on line 18',
    ].join('\n');
    expect(
      allFrames(parseReport(text).exceptions).map((frame) => `${frame.file}:${frame.line}`),
    ).toEqual(['/srv/src/Money.php:18', '/srv/src/Cart.php:41', '/srv/public/index.php:9']);
  });
});

describe('PHP fatal errors', () => {
  it('reads the type, the message and the throw site first, then the numbered frames', () => {
    const text = [
      'PHP Fatal error:  Uncaught DomainException: Coupon SPRING expired in /var/www/shop/src/Coupon.php:42',
      'Stack trace:',
      '#0 /var/www/shop/src/Basket.php(67): Shop\\Coupon->apply(Object(Shop\\Basket))',
      '#1 /var/www/shop/public/index.php(12): Shop\\Basket->checkout()',
      '#2 {main}',
      '  thrown in /var/www/shop/src/Coupon.php on line 42',
    ].join('\n');
    expect(exceptionOutlines(text)).toEqual([
      {
        type: 'DomainException',
        message: 'Coupon SPRING expired',
        frames: [
          [undefined, '/var/www/shop/src/Coupon.php', 42],
          ['apply', '/var/www/shop/src/Basket.php', 67],
          ['checkout', '/var/www/shop/public/index.php', 12],
        ],
      },
    ]);
  });

  it('reads a throw from the top of a script, whose trace is `#0 {main}` alone', () => {
    const text = [
      'PHP Fatal error:  Uncaught RuntimeException: No config file in /var/www/shop/bin/import.php:9',
      'Stack trace:',
      '#0 {main}',
      '  thrown in /var/www/shop/bin/import.php on line 9',
    ].join('\n');
    const report = parseReport(text);
    expect(report.kind).toBe('crash');
    expect(exceptionOutlines(text)).toEqual([
      {
        type: 'RuntimeException',
        message: 'No config file',
        frames: [[undefined, '/var/www/shop/bin/import.php', 9]],
      },
    ]);
  });

  const previous = {
    type: 'InvalidArgumentException',
    message: 'Unknown SKU 77',
    frames: [
      [undefined, '/var/www/shop/src/Catalog.php', 30],
      ['find', '/var/www/shop/src/Stock.php', 18],
    ],
  };

  it('reads an exception and the one it led to (`Next`) as a chain, the last one outermost', () => {
    const text = [
      'PHP Fatal error:  Uncaught InvalidArgumentException: Unknown SKU 77 in /var/www/shop/src/Catalog.php:30',
      'Stack trace:',
      '#0 /var/www/shop/src/Stock.php(18): Shop\\Catalog->find(77)',
      '#1 {main}',
      '',
      'Next Shop\\StockException: Cannot reserve SKU 77 in /var/www/shop/src/Stock.php:21',
      'Stack trace:',
      '#0 /var/www/shop/public/index.php(8): Shop\\Stock->reserve(77)',
      '#1 {main}',
      '  thrown in /var/www/shop/src/Stock.php on line 21',
    ].join('\n');
    expect(exceptionOutlines(text)).toEqual([
      {
        type: 'Shop\\StockException',
        message: 'Cannot reserve SKU 77',
        frames: [
          [undefined, '/var/www/shop/src/Stock.php', 21],
          ['reserve', '/var/www/shop/public/index.php', 8],
        ],
        cause: previous,
      },
    ]);
  });

  it("reads PHP 5's `Uncaught exception 'Type' with message '…'` and its `Next exception`", () => {
    const text = [
      "PHP Fatal error:  Uncaught exception 'InvalidArgumentException' with message 'Unknown SKU 77' in /var/www/shop/src/Catalog.php:30",
      'Stack trace:',
      '#0 /var/www/shop/src/Stock.php(18): Shop\\Catalog->find(77)',
      '#1 {main}',
      '',
      "Next exception 'RuntimeException' with message 'Cannot reserve SKU 77' in /var/www/shop/src/Stock.php:21",
      'Stack trace:',
      '#0 {main}',
      '  thrown in /var/www/shop/src/Stock.php on line 21',
    ].join('\n');
    expect(exceptionOutlines(text)).toEqual([
      {
        type: 'RuntimeException',
        message: 'Cannot reserve SKU 77',
        frames: [[undefined, '/var/www/shop/src/Stock.php', 21]],
        cause: previous,
      },
    ]);
  });

  it('reads a message of several lines, its throw site on the line before `Stack trace:`', () => {
    const text = [
      'PHP Fatal error:  Uncaught Shop\\ValidationException: The order is invalid:',
      '- email is missing',
      '- quantity must be positive in /var/www/shop/src/Order.php:55',
      'Stack trace:',
      '#0 /var/www/shop/public/index.php(8): Shop\\Order->validate()',
      '#1 {main}',
      '',
      'Next RuntimeException: Checkout failed in /var/www/shop/src/Checkout.php:14',
      'Stack trace:',
      '#0 {main}',
      '  thrown in /var/www/shop/src/Checkout.php on line 14',
    ].join('\n');
    expect(exceptionOutlines(text)).toEqual([
      {
        type: 'RuntimeException',
        message: 'Checkout failed',
        frames: [[undefined, '/var/www/shop/src/Checkout.php', 14]],
        cause: {
          type: 'Shop\\ValidationException',
          message: 'The order is invalid: - email is missing - quantity must be positive',
          frames: [
            [undefined, '/var/www/shop/src/Order.php', 55],
            ['validate', '/var/www/shop/public/index.php', 8],
          ],
        },
      },
    ]);
  });
});

describe('PHP fatal errors on bad input', () => {
  it('reads a trace cut anywhere, and prose that starts with `Next`, without losing the exception', () => {
    const trace = [
      'PHP Fatal error:  Uncaught DomainException: Coupon SPRING expired in /var/www/shop/src/Coupon.php:42',
      'Stack trace:',
      '#0 /var/www/shop/src/Basket.php(67): Shop\\Coupon->apply(Object(Shop\\Basket))',
    ];
    const expected = {
      type: 'DomainException',
      message: 'Coupon SPRING expired',
      frames: [
        [undefined, '/var/www/shop/src/Coupon.php', 42],
        ['apply', '/var/www/shop/src/Basket.php', 67],
      ],
    };
    expect(exceptionOutlines(trace.join('\n'))).toEqual([expected]);
    expect(exceptionOutlines([...trace, '', 'Next Steps: upgrade the plugin'].join('\n'))).toEqual([
      expected,
    ]);
    const cutHeader = ['PHP Fatal error:  Uncaught DomainException: Coupon SPR', ...trace.slice(1)];
    expect(exceptionOutlines(cutHeader.join('\n'))).toEqual([
      { ...expected, message: 'Coupon SPR', frames: expected.frames.slice(1) },
    ]);
    expect(parseReport('PHP Fatal error:  Uncaught DomainException: Coupon').kind).toBe('text');
  });

  it('reads many headers without a trace in work linear in their number', () => {
    const header = (index: number) =>
      `PHP Fatal error:  Uncaught Exception: line ${index}\n${'more of the message\n'.repeat(60)}`;
    const text = (count: number) =>
      `${Array.from({ length: count }, (_, index) => header(index)).join('')}#0 /srv/a.php(1): f()`;
    const runs = [100, 200].map((count) => regexRuns(() => parseReport(text(count))));
    expect((runs[1] ?? 0) / (runs[0] ?? 1)).toBeLessThan(2.2);
    // No `Stack trace:` below: the lines after a header are not its message.
    expect(exceptionOutlines(text(2))).toEqual([
      { type: 'Exception', message: 'line 1', frames: [['f', '/srv/a.php', 1]] },
    ]);
  });
});
