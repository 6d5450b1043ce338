import { describe, expect, it } from 'vitest';
import { joinedLogcatLines, withoutLogcatPrefixes } from './log-prefixes.js';
import { parseReport } from './parse-report.js';

const TRACE = [
  'FATAL EXCEPTION: main',
  'Process: com.example.notes, PID: 4242',
  "java.lang.NullPointerException: Attempt to invoke virtual method 'int java.lang.String.length()' on a null object reference",
  '\tat com.example.notes.editor.TitleBar.render(TitleBar.kt:88)',
  '\tat com.example.notes.editor.EditorActivity.onResume(EditorActivity.kt:141)',
  '\tat android.app.Activity.performResume(Activity.java:8135)',
];

/** The trace with each line behind `prefix`. */
const logcat = (prefix: string) => TRACE.map((line) => `${prefix}${line}`);

describe('withoutLogcatPrefixes', () => {
  it.each([
    ['tag, space', 'E AndroidRuntime: '],
    ['tag', 'E/AndroidRuntime: '],
    ['tag padded to a column', 'E ACRA    : '],
    ['brief', 'E/AndroidRuntime( 4242): '],
    ['threadtime', '05-30 03:44:33.661  4242  4242 E AndroidRuntime: '],
    ['time', '05-30 03:44:33.661 E/AndroidRuntime( 4242): '],
    ['Android Studio', '2019-06-20 10:41:13.262 4242-4242/com.example.notes E/AndroidRuntime: '],
    ['Android Studio, package only', 'com.example.notes E/AndroidRuntime: '],
    [
      'Android Studio since 2022',
      '2023-01-05 10:41:13.262  4242-4242  AndroidRuntime          com.example.notes                    E  ',
    ],
  ])('takes the %s prefix off every line', (_, prefix) => {
    expect(withoutLogcatPrefixes(logcat(prefix))).toEqual(TRACE);
  });

  it('keeps lines without a prefix as they are', () => {
    expect(withoutLogcatPrefixes(['Steps:', ...logcat('E/AndroidRuntime: ')])).toEqual([
      'Steps:',
      ...TRACE,
    ]);
  });

  it("leaves out other sources' lines between a crash's, and keeps them when no source wrote a trace", () => {
    const crash = '05-30 03:44:33.661  4242  4242 E AndroidRuntime: ';
    const other = '05-30 03:44:33.662   512   530 W ActivityManager:   Force finishing activity';
    const lines = [...logcat(crash).slice(0, 4), other, ...logcat(crash).slice(4)];
    expect(withoutLogcatPrefixes(lines)).toEqual(TRACE);
    const anotherProcess = '05-30 03:44:33.662  5151  5151 E AndroidRuntime: Shutting down VM';
    expect(withoutLogcatPrefixes([...logcat(crash), anotherProcess])).toEqual(TRACE);
    expect(withoutLogcatPrefixes(['E/Sync: started', other])).toEqual([
      'started',
      '  Force finishing activity',
    ]);
  });

  it('reads one prefixed line as prose, not a log', () => {
    expect(withoutLogcatPrefixes(['I Think: the editor crashes', 'on resume'])).toBeNull();
    expect(withoutLogcatPrefixes(['no log here', 'none'])).toBeNull();
  });
});

describe('parseReport on an Android crash copied from logcat', () => {
  const expectRead = (report: ReturnType<typeof parseReport>) => {
    const [exception] = report.exceptions;
    expect(exception?.type).toBe('java.lang.NullPointerException');
    expect(exception?.frames.map((frame) => frame.file)).toEqual([
      'TitleBar.kt',
      'EditorActivity.kt',
      'Activity.java',
    ]);
    expect(exception?.frames[0]).toMatchObject({ function: 'render', line: 88 });
  };

  it('reads the trace of a plain text', () => {
    expectRead(parseReport(logcat('E AndroidRuntime: ').join('\n')));
  });

  it("keeps a cause behind another component's line, in the log's every layout", () => {
    const cause = [
      'Caused by: java.lang.IllegalStateException: no title',
      '\tat com.example.notes.editor.TitleStore.load(TitleStore.kt:23)',
    ];
    for (const [crash, other] of [
      [
        '05-30 03:44:33.661  4242  4242 E AndroidRuntime: ',
        '05-30 03:44:33.662   512   530 W ActivityManager: ',
      ],
      ['E/AndroidRuntime( 4242): ', 'W/ActivityManager(  512): '],
      ['E AndroidRuntime: ', 'I Choreographer: '],
    ] as const) {
      const report = parseReport(
        [
          ...logcat(crash).slice(0, 4),
          `${other}Force finishing activity com.example.notes/.EditorActivity`,
          ...logcat(crash).slice(4),
          ...cause.map((line) => `${crash}${line}`),
        ].join('\n'),
      );
      expect(report.exceptions).toHaveLength(1);
      expectRead(report);
      expect(report.exceptions[0]?.cause?.frames[0]).toMatchObject({
        file: 'TitleStore.kt',
        line: 23,
      });
    }
  });

  it('reads the trace of an issue', () => {
    expectRead(
      parseReport({
        title: 'Crash when reopening a note',
        body: ['It crashes every time:', '', ...logcat('E AndroidRuntime: ')].join('\n'),
      }),
    );
  });
});

describe('a logcat copy joined into one line', () => {
  const joined = (prefix: string) => logcat(prefix).join(' ');

  it('breaks it into its lines, each with its prefix', () => {
    expect(joinedLogcatLines(`Crash log: ${joined('E/AndroidRuntime( 4242): ')}`)).toEqual([
      'Crash log:',
      ...logcat('E/AndroidRuntime( 4242): '),
    ]);
    expect(joinedLogcatLines('E Foo: a E Foo: b E Foo: c, as a sentence says')).toBeNull();
    expect(joinedLogcatLines('E/Foo: a E/Bar: b E/Baz: c')).toBeNull();
  });

  it.each([
    ['brief', 'E/AndroidRuntime( 4242): '],
    ['threadtime', '05-30 03:44:33.661  4242  4242 E AndroidRuntime: '],
    ['Android Studio', '2019-06-20 10:41:13.262 4242-4242/com.example.notes E/AndroidRuntime: '],
    [
      'Android Studio since 2022',
      '2023-01-05 10:41:13.262  4242-4242  AndroidRuntime          com.example.notes                    E  ',
    ],
  ])('reads its trace without the %s prefix in the message', (_, prefix) => {
    for (const text of [joined(prefix), joined(prefix).replace(/\t/g, '')]) {
      const [exception] = parseReport(text).exceptions;
      expect(exception?.message).toBe(
        "Attempt to invoke virtual method 'int java.lang.String.length()' on a null object reference",
      );
      expect(exception?.frames.map((frame) => frame.line)).toEqual([88, 141, 8135]);
    }
  });

  it('reads one longer than a line is read to', () => {
    const prefix = '05-30 03:44:33.661  4242  4242 E AndroidRuntime: ';
    const frames = Array.from(
      { length: 60 },
      (_, at) => `${prefix}\tat com.example.notes.Step${at}.run(Step${at}.kt:${at + 1})`,
    );
    const text = [...logcat(prefix), ...frames].join(' ');
    expect(text.length).toBeGreaterThan(2_000);
    const [exception] = parseReport({ title: 'Crash', body: text }).exceptions;
    expect(exception?.type).toBe('java.lang.NullPointerException');
    expect(exception?.frames).toHaveLength(63);
  });
});
