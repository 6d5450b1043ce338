import { describe, expect, it } from 'vitest';
import { parseReport } from '../parse-report.js';
import { regexRuns } from '../regex-runs.test-helper.js';

/** Xcode's console after an uncaught NSException (Foundation's uncaught-exception handler). */
const CONSOLE = [
  "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '-[NotesListController reloadRowsAt:]: unrecognized selector sent to instance 0x600002a1c0f0'",
  '*** First throw call stack:',
  '(',
  '\t0   CoreFoundation                      0x0000000180491a40 __exceptionPreprocess + 160',
  '\t1   libobjc.A.dylib                     0x000000018008e0a4 objc_exception_throw + 60',
  '\t2   CoreFoundation                      0x00000001804a69c8 +[NSObject(NSObject) instanceMethodSignatureForSelector:] + 0',
  '\t4   Notes                               0x0000000102f45b10 -[NotesListController viewDidAppear:] + 212',
  '\t5   Notes                               0x0000000102f47c3c __38-[NotesStore saveNote:completion:]_block_invoke + 96',
  '\t...',
  ')',
  'libc++abi: terminating due to uncaught exception of type NSException',
];

const read = (text: string) =>
  parseReport(text).exceptions.map(({ type, message, frames }) => ({
    type,
    message,
    frames: frames.map(({ module, function: name, inApp }) => [module, name, inApp]),
  }));

const FRAMES = [
  ['CoreFoundation', '__exceptionPreprocess', false],
  ['libobjc.A.dylib', 'objc_exception_throw', false],
  ['CoreFoundation', '+[NSObject(NSObject) instanceMethodSignatureForSelector:]', false],
  ['Notes', '-[NotesListController viewDidAppear:]', true],
  ['Notes', '__38-[NotesStore saveNote:completion:]_block_invoke', true],
];

const MESSAGE =
  '-[NotesListController reloadRowsAt:]: unrecognized selector sent to instance 0x600002a1c0f0';

/** The console block with Xcode's log prefix before each of its lines. */
const prefixed = (lines: string[]) =>
  lines.map((line) => `2024-05-01 10:00:00.123456+0200 Notes[5120:88213] ${line}`);

describe("Xcode's console output for an uncaught NSException", () => {
  it('reads the type, the reason and the numbered frames, the app image in-app by its log prefix', () => {
    expect(read(prefixed(CONSOLE.slice(0, 2)).concat(CONSOLE.slice(2)).join('\n'))).toEqual([
      { type: 'NSInvalidArgumentException', message: MESSAGE, frames: FRAMES },
    ]);
  });

  it('reads the block without a log prefix, the image calling main in-app', () => {
    const withMain = [
      ...CONSOLE.slice(0, 8),
      '\t6   Notes                               0x0000000102f40a30 main + 120',
      '\t7   dyld                                0x0000000180270d44 start + 1912',
      ...CONSOLE.slice(9),
    ];
    const [exception] = read(withMain.join('\n'));
    expect(exception?.frames.slice(3)).toEqual([
      ...FRAMES.slice(3),
      ['Notes', 'main', true],
      ['dyld', 'start', false],
    ]);
  });

  it('marks the images that are not the system’s in-app when neither a log prefix nor main names the app', () => {
    // Fresh-user trial 185: a paste from the `***` line on kept none of the app's frames, so their
    // names were lost to the localizer.
    expect(read(CONSOLE.join('\n'))).toEqual([
      { type: 'NSInvalidArgumentException', message: MESSAGE, frames: FRAMES },
    ]);
  });

  it('reads the block with the log prefix on every line, the report titled by it', () => {
    const report = parseReport(prefixed(CONSOLE).join('\n'));
    expect(report.title).toBe(`NSInvalidArgumentException: ${MESSAGE}`);
    expect(report.exceptions[0]?.frames).toHaveLength(5);
  });

  it('reads a reason spanning lines', () => {
    const text = [
      "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 0.",
      "The number of rows contained in an existing section after the update (3) must be equal to the number before it (4).'",
      ...CONSOLE.slice(1),
    ].join('\n');
    expect(read(text)[0]).toMatchObject({
      type: 'NSInternalInconsistencyException',
      message:
        'Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number before it (4).',
    });
  });

  it('reads a (null) reason as no message', () => {
    const text = [
      "*** Terminating app due to uncaught exception 'NSGenericException', reason: '(null)'",
      ...CONSOLE.slice(1),
    ].join('\n');
    expect(read(text)[0]).toMatchObject({ type: 'NSGenericException', message: '' });
  });

  it('reads a call stack of bare addresses as an exception without frames', () => {
    const text = [
      CONSOLE[0],
      '*** First throw call stack:',
      '(0x180491a40 0x18008e0a4 0x1804a69c8 0x102f45b10 0x102f47c3c)',
      'libc++abi: terminating due to uncaught exception of type NSException',
    ].join('\n');
    expect(read(text)).toEqual([
      { type: 'NSInvalidArgumentException', message: MESSAGE, frames: [] },
    ]);
  });

  it('reads the block inside a larger log and quoted in an issue', () => {
    const log = [
      '2024-05-01 09:59:58.000000+0200 Notes[5120:88213] [Sync] fetched 12 notes',
      '2024-05-01 09:59:59.500000+0200 Notes[5120:88213] [UI] opening list',
      ...prefixed(CONSOLE.slice(0, 2)),
      ...CONSOLE.slice(2),
      'Message from debugger: killed',
    ];
    expect(read(log.join('\n'))).toEqual([
      { type: 'NSInvalidArgumentException', message: MESSAGE, frames: FRAMES },
    ]);
    const issue = parseReport({
      title: 'Crash when the list appears',
      body: ['It crashes:', '', '```', ...log, '```'].join('\n'),
    });
    expect(issue.exceptions[0]?.frames).toHaveLength(5);
  });

  it('reads a block cut off anywhere without failing', () => {
    for (let end = 1; end <= CONSOLE.length; end += 1) {
      const [exception] = read(CONSOLE.slice(0, end).join('\n'));
      expect(exception?.type).toBe('NSInvalidArgumentException');
    }
    expect(
      read("*** Terminating app due to uncaught exception 'NSRangeException', reason: 'index 4"),
    ).toEqual([{ type: 'NSRangeException', message: 'index 4', frames: [] }]);
  });

  it('is read with --report-format apple', () => {
    expect(parseReport(CONSOLE.join('\n'), { format: 'apple' }).exceptions).toHaveLength(1);
  });

  it('reads many unterminated headers and frames in work linear in their number', () => {
    const headers = (count: number) =>
      Array.from(
        { length: count },
        () => "*** Terminating app due to uncaught exception 'NSRangeException', reason: 'x",
      ).join('\n');
    const frames = (count: number) =>
      [CONSOLE[0], CONSOLE[1], '(', ...Array.from({ length: count }, () => CONSOLE[3])].join('\n');
    for (const make of [headers, frames]) {
      const runs = [2_000, 4_000].map((count) => regexRuns(() => parseReport(make(count))));
      expect((runs[1] ?? 0) / (runs[0] ?? 1)).toBeLessThan(2.2);
    }
    const huge = headers(60_000);
    expect(huge.length).toBeGreaterThan(4_000_000);
    expect(parseReport(huge).exceptions.length).toBeGreaterThan(0);
  });
});
