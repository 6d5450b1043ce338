/** .NET inner exceptions joined with ` ---> `, as `Exception.ToString()` prints them. */
import { describe, expect, it } from 'vitest';
import { parseReport } from '../parse-report.js';
import { regexRuns } from '../regex-runs.test-helper.js';
import { exceptionOutlines } from './exception-outline.test-helper.js';

describe('.NET inner exceptions', () => {
  it('reads an inner exception joined on the header line (.NET Framework), each with its frames', () => {
    const text = [
      'System.InvalidOperationException: Could not open the basket ---> System.NullReferenceException: Object reference not set to an instance of an object.',
      '   at Shop.Basket.Load(Guid id) in C:\\build\\Shop\\Basket.cs:line 42',
      '   --- End of inner exception stack trace ---',
      '   at Shop.BasketController.Show(Guid id) in C:\\build\\Shop\\BasketController.cs:line 18',
    ].join('\n');
    expect(exceptionOutlines(text)).toEqual([
      {
        type: 'System.InvalidOperationException',
        message: 'Could not open the basket',
        frames: [['Show', 'C:\\build\\Shop\\BasketController.cs', 18]],
        cause: {
          type: 'System.NullReferenceException',
          message: 'Object reference not set to an instance of an object.',
          frames: [['Load', 'C:\\build\\Shop\\Basket.cs', 42]],
        },
      },
    ]);
  });

  it('reads inner exceptions on lines of their own (.NET Core 3 and later), messages of several lines', () => {
    const text = [
      'Unhandled exception. Inventory.StockException: Could not reserve stock for order 1187.',
      'See the inner exception for details.',
      " ---> System.Data.DataException: Reading row 3 of table 'stock' failed",
      ' ---> System.FormatException: Input string was not in a correct format.',
      '   at System.Number.ThrowOverflowOrFormatException(ParsingStatus status, TypeCode type)',
      '   at System.Int32.Parse(String s)',
      '   at Inventory.Data.StockReader.ReadRow(IDataRecord record) in /src/Inventory/Data/StockReader.cs:line 58',
      '   --- End of inner exception stack trace ---',
      '   at Inventory.Data.StockReader.ReadAll() in /src/Inventory/Data/StockReader.cs:line 31',
      '   --- End of inner exception stack trace ---',
      '   at Inventory.StockService.Reserve(Int32 orderId) in /src/Inventory/StockService.cs:line 74',
      '   at Inventory.Program.Main(String[] args) in /src/Inventory/Program.cs:line 12',
    ].join('\n');
    const report = parseReport(text);
    expect(report.title).toBe(
      'Inventory.StockException: Could not reserve stock for order 1187. See the inner exception for details.',
    );
    expect(exceptionOutlines(text)).toEqual([
      {
        type: 'Inventory.StockException',
        message: 'Could not reserve stock for order 1187. See the inner exception for details.',
        frames: [
          ['Reserve', '/src/Inventory/StockService.cs', 74],
          ['Main', '/src/Inventory/Program.cs', 12],
        ],
        cause: {
          type: 'System.Data.DataException',
          message: "Reading row 3 of table 'stock' failed",
          frames: [['ReadAll', '/src/Inventory/Data/StockReader.cs', 31]],
          cause: {
            type: 'System.FormatException',
            message: 'Input string was not in a correct format.',
            frames: [
              ['ThrowOverflowOrFormatException', undefined, undefined],
              ['Parse', undefined, undefined],
              ['ReadRow', '/src/Inventory/Data/StockReader.cs', 58],
            ],
          },
        },
      },
    ]);
  });

  it('keeps an arrow that opens no inner exception in the message', () => {
    const text = [
      "System.InvalidOperationException: Route a ---> b: no handler ('EUR ---> USD')",
      '   at Billing.Router.Dispatch(String route) in C:\\build\\Billing\\Router.cs:line 40',
      '   at Billing.Invoice.Total() in C:\\build\\Billing\\Invoice.cs:line 22',
    ].join('\n');
    expect(exceptionOutlines(text)).toEqual([
      {
        type: 'System.InvalidOperationException',
        message: "Route a ---> b: no handler ('EUR ---> USD')",
        frames: [
          ['Dispatch', 'C:\\build\\Billing\\Router.cs', 40],
          ['Total', 'C:\\build\\Billing\\Invoice.cs', 22],
        ],
      },
    ]);
  });

  const aggregate = {
    type: 'System.AggregateException',
    message: 'One or more errors occurred. (Disk full) (Timed out)',
    frames: [
      ['Wait', undefined, undefined],
      ['Run', '/src/Backup/Job.cs', 15],
    ],
    cause: {
      type: 'System.IO.IOException',
      message: 'Disk full',
      frames: [['Flush', '/src/Backup/Writer.cs', 90]],
    },
  };
  const listed = {
    type: 'System.TimeoutException',
    message: 'Timed out',
    frames: [['Send', '/src/Backup/Upload.cs', 47]],
  };
  const aggregateTrace = [
    'System.AggregateException: One or more errors occurred. (Disk full) (Timed out)',
    ' ---> System.IO.IOException: Disk full',
    '   at Backup.Writer.Flush() in /src/Backup/Writer.cs:line 90',
    '   --- End of inner exception stack trace ---',
    '   at System.Threading.Tasks.Task.Wait()',
    '   at Backup.Job.Run() in /src/Backup/Job.cs:line 15',
  ];

  it('reads the inner exceptions an AggregateException lists after its trace (`---> (Inner Exception #1) … <---`)', () => {
    const text = [
      ...aggregateTrace,
      ' ---> (Inner Exception #1) System.TimeoutException: Timed out',
      '   at Backup.Upload.Send() in /src/Backup/Upload.cs:line 47<---',
      '',
    ].join('\n');
    expect(exceptionOutlines(text)).toEqual([aggregate, listed]);
  });

  it('reads the first inner exception once when .NET Framework lists it again', () => {
    const text = [
      'System.AggregateException: One or more errors occurred. ---> System.IO.IOException: Disk full',
      ...aggregateTrace.slice(2),
      '---> (Inner Exception #0) System.IO.IOException: Disk full',
      '   at Backup.Writer.Flush() in /src/Backup/Writer.cs:line 90<---',
      '',
      '---> (Inner Exception #1) System.TimeoutException: Timed out<---',
    ].join('\n');
    expect(exceptionOutlines(text)).toEqual([
      { ...aggregate, message: 'One or more errors occurred.' },
      { ...listed, frames: [] },
    ]);
  });

  it('reads a trace pasted from its inner exception on: the outer exception has no type', () => {
    const text = [
      ' ---> System.Net.Http.HttpRequestException: Connection refused (localhost:5000)',
      '   at Shop.Api.Client.Get(String path) in /src/Shop/Api/Client.cs:line 30',
      '   --- End of inner exception stack trace ---',
      '   at Shop.Api.Sync.Run() in /src/Shop/Api/Sync.cs:line 12',
    ].join('\n');
    expect(exceptionOutlines(text)).toEqual([
      {
        type: '',
        message: '',
        frames: [['Run', '/src/Shop/Api/Sync.cs', 12]],
        cause: {
          type: 'System.Net.Http.HttpRequestException',
          message: 'Connection refused (localhost:5000)',
          frames: [['Get', '/src/Shop/Api/Client.cs', 30]],
        },
      },
    ]);
  });
});

describe('.NET inner exceptions on bad input', () => {
  it('reads a trace cut anywhere without inventing frames', () => {
    const header = [
      'System.InvalidOperationException: Could not open the basket',
      ' ---> System.NullReferenceException: Object reference not set',
    ];
    expect(parseReport(header.join('\n')).kind).toBe('text');
    const cut = [
      ...header,
      '   at Shop.Basket.Load(Guid id) in C:\\build\\Shop\\Basket.cs:line 42',
      '   --- End of inner exce',
    ].join('\n');
    expect(exceptionOutlines(cut)).toEqual([
      {
        type: 'System.InvalidOperationException',
        message: 'Could not open the basket',
        frames: [],
        cause: {
          type: 'System.NullReferenceException',
          message: 'Object reference not set',
          frames: [['Load', 'C:\\build\\Shop\\Basket.cs', 42]],
        },
      },
    ]);
  });

  it('reads headers, message lines and arrows in work linear in their number', () => {
    const block = [
      'System.InvalidOperationException: stuck',
      ...Array.from({ length: 60 }, () => 'more of the message'),
      `App.Failure: ${'a ---> App.InnerException: b '.repeat(60)}`,
      '   at App.Worker.Run() in /src/App/Worker.cs:line 3',
    ];
    const text = (count: number) =>
      Array.from({ length: count }, () => block.join('\n')).join('\n');
    const runs = [20, 40].map((count) => regexRuns(() => parseReport(text(count))));
    expect((runs[1] ?? 0) / (runs[0] ?? 1)).toBeLessThan(2.2);
    const [first] = parseReport(text(1)).exceptions;
    let depth = 0;
    for (let current = first; current; current = current.cause) depth += 1;
    expect(depth).toBe(16);
  });
});
