import { describe, expect, it } from 'vitest';
import { parseReport } from './parse-report.js';
import { withoutPrefixColumn } from './prefix-column.js';

const TRACE = [
  'java.lang.IllegalStateException: queue closed',
  '\tat org.example.jobs.Queue.push(Queue.java:57)',
  '\tat org.example.jobs.Worker.run(Worker.java:112)',
  '\tat java.base/java.lang.Thread.run(Thread.java:833)',
];

describe('withoutPrefixColumn', () => {
  it.each([
    ['Docker Compose', (n: number) => `${n % 2 ? 'worker_1' : 'worker_2'}  | `],
    ['Java Service Wrapper', (n: number) => `jvm 3    | 2010/08/03 16:42:5${n} | `],
    ['an indented log viewer', (n: number) => `  ${8953 + n}     `],
    ['a timestamp and a level', (n: number) => `2024-03-0${n + 1}T10:11:12.345Z ERROR `],
  ])("takes %s's column off every line", (_, column) => {
    const lines = TRACE.map((line, n) => `${column(n)}${line}`);
    expect(withoutPrefixColumn(lines)?.map((line) => line.trimStart())).toEqual(
      TRACE.map((line) => line.trimStart()),
    );
  });

  it('reads no column from indentation, a word, or one frame', () => {
    expect(withoutPrefixColumn(TRACE)).toBeNull();
    expect(
      withoutPrefixColumn(['Crash at startup(x) every time', 'then at shutdown(y) too']),
    ).toBeNull();
    expect(withoutPrefixColumn(['web_1  | \tat a.B.c(B.java:1)', 'it fails'])).toBeNull();
  });
});

describe('parseReport on a trace behind a column', () => {
  it('reads the exception and frames of a Docker Compose log', () => {
    const report = parseReport(
      ['The worker dies on start:', '', ...TRACE.map((line) => `worker_1  | ${line}`)].join('\n'),
    );
    expect(report.exceptions[0]?.type).toBe('java.lang.IllegalStateException');
    expect(report.exceptions[0]?.frames.map((frame) => frame.line)).toEqual([57, 112, 833]);
  });

  it("keeps a cause behind another writer's line between the frames, with a column or without", () => {
    const lines = [
      ...TRACE.slice(0, 3),
      'INFO heartbeat ok',
      TRACE[3] ?? '',
      'Caused by: java.io.IOException: no space',
      '\tat org.example.jobs.Disk.write(Disk.java:88)',
      '\t... 3 more',
    ];
    for (const text of [
      lines.join('\n'),
      lines.map((line, n) => `${n === 3 ? 'db_1    ' : 'worker_1'}  | ${line}`).join('\n'),
    ]) {
      const [exception] = parseReport(text).exceptions;
      expect(exception?.frames.map((frame) => frame.line)).toEqual([57, 112, 833]);
      expect(exception?.cause?.type).toBe('java.io.IOException');
      expect(exception?.cause?.frames.map((frame) => frame.line)).toEqual([88]);
    }
  });

  it('reads a trace pasted double-spaced as one trace', () => {
    const report = parseReport(TRACE.join('\n\n'));
    expect(report.exceptions).toHaveLength(1);
    expect(report.exceptions[0]?.frames).toHaveLength(3);
  });
});
