/** Each stack-trace format on a small fixture written for it (those the shared samples lack). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReport } from './parse-report.js';
import type { Report } from './types.js';

/** Parses a fixture and checks that it was detected as `format`. */
function parseFixture(name: string, format: string): Report {
  const report = parseReport(readFileSync(path.join(import.meta.dirname, '__fixtures__', name)));
  expect(report.source.format).toBe(format);
  return report;
}

/** A fixture's exceptions without the frames' raw text, for whole-shape comparison. */
function exceptionsOf(name: string, format: string): unknown {
  return JSON.parse(
    JSON.stringify(parseFixture(name, format).exceptions, (key, value) =>
      key === 'raw' ? undefined : value,
    ),
  );
}

describe('trace formats', () => {
  it('reads Kotlin with a cause, `... N more` and a skipped Suppressed block', () => {
    expect(exceptionsOf('kotlin.txt', 'java')).toEqual([
      {
        type: 'java.lang.IllegalStateException',
        message: 'Cart total must not be negative: -3',
        frames: [
          {
            file: 'CartService.kt',
            line: 42,
            function: 'checkout',
            module: 'com.shop.cart.CartService',
            inApp: true,
          },
          {
            file: 'CartController.kt',
            line: 17,
            function: 'post',
            module: 'com.shop.cart.CartController',
            inApp: true,
          },
          {
            file: 'DispatchedTask.kt',
            line: 108,
            function: 'run',
            module: 'kotlinx.coroutines.DispatchedTask',
            inApp: false,
          },
          {
            file: 'ThreadPoolExecutor.java',
            line: 1136,
            function: 'runWorker',
            module: 'java.util.concurrent.ThreadPoolExecutor',
            inApp: false,
          },
          { file: 'Main.kt', line: 9, function: 'main', module: 'com.shop.MainKt', inApp: true },
        ],
        cause: {
          type: 'java.lang.ArithmeticException',
          message: 'integer overflow',
          frames: [
            {
              file: 'Math.java',
              line: 883,
              function: 'addExact',
              module: 'java.lang.Math',
              inApp: false,
            },
            {
              file: 'Money.kt',
              line: 12,
              function: 'plus',
              module: 'com.shop.cart.Money',
              inApp: true,
            },
            {
              file: 'CartService.kt',
              line: 40,
              function: 'checkout',
              module: 'com.shop.cart.CartService',
              inApp: true,
            },
          ],
        },
      },
    ]);
  });

  it('strips logcat prefixes from an Android FATAL EXCEPTION', () => {
    const [exception] = parseFixture('logcat.txt', 'java').exceptions;
    expect(exception?.type).toBe('java.lang.NullPointerException');
    expect(exception?.message).toBe(
      "Attempt to invoke virtual method 'int java.lang.String.length()' on a null object reference",
    );
    expect(exception?.frames.map((frame) => [frame.function, frame.inApp])).toEqual([
      ['onSave', true],
      ['access$onSave', true],
      ['performClick', false],
      ['handleCallback', false],
      ['main', false],
    ]);
  });

  it('reads .NET inner exceptions: the innermost frames come first in the text', () => {
    expect(exceptionsOf('dotnet.txt', 'dotnet')).toEqual([
      {
        type: 'System.InvalidOperationException',
        message: 'Could not load the order 42.',
        frames: [
          {
            file: 'C:\\src\\Shop\\Orders\\OrderService.cs',
            line: 23,
            function: 'Get',
            module: 'Shop.Orders.OrderService',
            inApp: true,
          },
          { function: 'Execute', module: 'System.Threading.Tasks.Task', inApp: false },
          {
            file: 'C:\\src\\Shop\\Program.cs',
            line: 12,
            function: 'Main',
            module: 'Shop.Program',
            inApp: true,
          },
        ],
        cause: {
          type: 'System.NullReferenceException',
          message: 'Object reference not set to an instance of an object.',
          frames: [
            {
              file: 'C:\\src\\Shop\\Orders\\OrderRepository.cs',
              line: 87,
              function: 'Map',
              module: 'Shop.Orders.OrderRepository',
              inApp: true,
            },
            {
              file: 'C:\\src\\Shop\\Orders\\OrderRepository.cs',
              line: 41,
              function: 'Load',
              module: 'Shop.Orders.OrderRepository',
              inApp: true,
            },
          ],
        },
      },
    ]);
  });

  it('reads a Ruby backtrace with Ruby 3.4 quoting, gems as library frames', () => {
    expect(exceptionsOf('ruby.txt', 'ruby')).toEqual([
      {
        type: 'NoMethodError',
        message: "undefined method 'amount' for nil",
        frames: [
          {
            file: '/app/lib/billing/invoice.rb',
            line: 27,
            module: 'Billing::Invoice',
            function: 'total',
            inApp: true,
          },
          {
            file: '/app/lib/billing/invoice.rb',
            line: 12,
            module: 'Billing::Invoice',
            function: 'lines',
            inApp: true,
          },
          {
            file: '/usr/local/bundle/gems/activesupport-7.1.2/lib/active_support/core_ext/enumerable.rb',
            line: 61,
            module: 'Array',
            function: 'each',
            inApp: false,
          },
          { file: '/app/bin/report.rb', line: 5, inApp: true },
        ],
      },
    ]);
  });

  it('reads a Rails log header above the backtrace', () => {
    const [exception] = parseFixture('ruby-rails.txt', 'ruby').exceptions;
    expect(exception?.type).toBe('ActiveRecord::RecordNotFound');
    expect(exception?.message).toBe("Couldn't find Invoice with 'id'=7");
    expect(exception?.frames[0]).toMatchObject({
      file: 'app/controllers/invoices_controller.rb',
      line: 9,
      function: 'set_invoice',
      inApp: true,
    });
  });

  it('reads a Safari stack with its message line and native frames', () => {
    const [exception] = parseFixture('safari.txt', 'firefox').exceptions;
    expect(exception?.type).toBe('TypeError');
    expect(
      exception?.frames.map((frame) => [frame.function, frame.line, frame.column, frame.inApp]),
    ).toEqual([
      ['renderHeader', 2, 10423, true],
      [undefined, 2, 11877, true],
      ['forEach', undefined, undefined, false],
      [undefined, 2, 12001, true],
    ]);
  });

  it('chains Python tracebacks: the last one escaped, the first is its cause', () => {
    const [exception] = parseFixture('python-chained.txt', 'python').exceptions;
    expect(exception?.type).toBe('app.config.ConfigError');
    expect(exception?.frames.map((frame) => [frame.file, frame.line, frame.inApp])).toEqual([
      ['/srv/api/app/config.py', 16, true],
      ['/srv/api/.venv/lib/python3.11/site-packages/click/core.py', 1157, false],
      ['/srv/api/app/main.py', 8, true],
    ]);
    expect(exception?.cause?.type).toBe('json.decoder.JSONDecodeError');
    expect(exception?.cause?.message).toBe('Expecting value: line 1 column 1 (char 0)');
    expect(exception?.cause?.frames[0]).toMatchObject({
      file: '/usr/lib/python3.11/json/__init__.py',
      inApp: false,
    });
  });

  it('reads a Rust 1.73+ panic with a backtrace, std frames not in-app', () => {
    const [exception] = parseFixture('rust-backtrace.txt', 'rust').exceptions;
    expect(exception?.message).toBe('called `Option::unwrap()` on a `None` value');
    const inApp = exception?.frames.filter((frame) => frame.inApp);
    expect(inApp?.map((frame) => [frame.function, frame.file, frame.line])).toEqual([
      ['tomlish::parser::Parser::parse_table', 'src/parser.rs', 88],
      ['tomlish::main', 'src/main.rs', 12],
    ]);
    expect(exception?.frames).toHaveLength(6);
  });
});

describe('Apple classic text report', () => {
  it('prefers the Last Exception Backtrace and marks the process image in-app', () => {
    const [exception] = parseFixture('apple-classic.crash', 'apple').exceptions;
    expect(exception?.type).toBe('EXC_CRASH (SIGABRT)');
    expect(exception?.message).toMatch(
      /^Application Specific Information: \*\*\* Terminating app due to uncaught exception 'NSRangeException'/,
    );
    expect(
      exception?.frames
        .filter((frame) => frame.inApp)
        .map(({ function: fn, file, line, module }) => ({ fn, file, line, module })),
    ).toEqual([
      {
        fn: '-[NoteListController noteAtIndex:]',
        file: 'NoteListController.m',
        line: 88,
        module: 'Notes',
      },
      {
        fn: '-[NoteListController tableView:viewForRow:]',
        file: 'NoteListController.m',
        line: 61,
        module: 'Notes',
      },
    ]);
    expect(exception?.frames[2]).toMatchObject({
      function: '-[__NSArrayM objectAtIndex:]',
      module: 'CoreFoundation',
      inApp: false,
    });
  });
});
