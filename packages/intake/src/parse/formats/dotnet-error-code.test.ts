/** .NET exception headers with the code `ToString()` prints after the type: `Type (0x80131904): message`. */
import { describe, expect, it } from 'vitest';
import { parseReport } from '../parse-report.js';
import { regexRuns } from '../regex-runs.test-helper.js';
import { exceptionOutlines } from './exception-outline.test-helper.js';

const QUERY_FRAMES = [
  '   at Microsoft.Data.SqlClient.SqlCommand.ExecuteReader()',
  '   at Ledger.Reports.MonthlyQuery.Run(DateTime month) in /src/Ledger/Reports/MonthlyQuery.cs:line 41',
];

describe('.NET exception headers with a code in parentheses', () => {
  it("reads the type, and the code (a Win32 error's number) before the message", () => {
    const text = [
      'System.ComponentModel.Win32Exception (5): Access is denied.',
      '   at Ledger.Export.Spooler.Open(String path) in /src/Ledger/Export/Spooler.cs:line 17',
    ].join('\n');
    expect(exceptionOutlines(text)).toEqual([
      {
        type: 'System.ComponentModel.Win32Exception',
        message: '(5) Access is denied.',
        frames: [['Open', '/src/Ledger/Export/Spooler.cs', 17]],
      },
    ]);
    expect(parseReport(text).title).toBe(
      'System.ComponentModel.Win32Exception: (5) Access is denied.',
    );
  });

  it('gives each exception of a --> chain with codes (.NET Core) its own frames', () => {
    const text = [
      'Microsoft.Data.SqlClient.SqlException (0x80131904): Execution Timeout Expired.  The timeout period elapsed before the query finished.',
      ' ---> System.ComponentModel.Win32Exception (258): The wait operation timed out.',
      '   --- End of inner exception stack trace ---',
      ...QUERY_FRAMES,
      'ClientConnectionId:6b1f0c2e-5d3a-4f7e-9a10-2c4d8e6f0b13',
      'Error Number:-2,State:0,Class:11',
    ].join('\n');
    expect(exceptionOutlines(text)).toEqual([
      {
        type: 'Microsoft.Data.SqlClient.SqlException',
        message:
          '(0x80131904) Execution Timeout Expired. The timeout period elapsed before the query finished.',
        frames: [
          ['ExecuteReader', undefined, undefined],
          ['Run', '/src/Ledger/Reports/MonthlyQuery.cs', 41],
        ],
        cause: {
          type: 'System.ComponentModel.Win32Exception',
          message: '(258) The wait operation timed out.',
          frames: [],
        },
      },
    ]);
  });

  it('reads a chain joined on one line (.NET Framework), a negative code too', () => {
    const text = [
      'System.Data.SqlClient.SqlException (0x80131904): Timeout expired. ---> System.ComponentModel.Win32Exception (0x80004005): The wait operation timed out ---> Ledger.StoreException (-2146233088): store gone',
      '   at Ledger.Store.Read() in C:\\src\\Ledger\\Store.cs:line 9',
      '   --- End of inner exception stack trace ---',
      '   --- End of inner exception stack trace ---',
      ...QUERY_FRAMES,
    ].join('\n');
    const [outer] = exceptionOutlines(text);
    expect(outer?.frames).toHaveLength(2);
    expect(outer?.cause).toEqual({
      type: 'System.ComponentModel.Win32Exception',
      message: '(0x80004005) The wait operation timed out',
      frames: [],
      cause: {
        type: 'Ledger.StoreException',
        message: '(-2146233088) store gone',
        frames: [['Read', 'C:\\src\\Ledger\\Store.cs', 9]],
      },
    });
  });

  it('leaves a parenthesis that is no code to the message or to prose', () => {
    expect(parseReport('System.IO.IOException (see below): disk full').exceptions).toEqual([]);
    expect(parseReport('The Exporter (2): step two').exceptions).toEqual([]);
  });

  it('reads many headers with codes in work linear in their number', () => {
    const block = [
      `App.Failure (0x80004005): a${' ---> App.InnerException (1): b'.repeat(40)}`,
      '   at App.Worker.Run() in /src/App/Worker.cs:line 3',
    ].join('\n');
    const text = (count: number) => Array.from({ length: count }, () => block).join('\n');
    const runs = [200, 400].map((count) => regexRuns(() => parseReport(text(count))));
    expect((runs[1] ?? 0) / (runs[0] ?? 1)).toBeLessThan(2.2);
    const huge = text(3_000);
    expect(huge.length).toBeGreaterThan(3_000_000);
    expect(parseReport(huge).exceptions.length).toBeGreaterThan(0);
  });
});
