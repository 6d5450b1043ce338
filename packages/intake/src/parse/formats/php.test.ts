/** PHP traces (failure class 3 of issue #33: traces not read as traces). */
import { describe, expect, it } from 'vitest';
import { allFrames, parseReport } from '../parse-report.js';

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
