import { describe, expect, it } from 'vitest';
import { readableLongLine, unflattenedTraces } from './flattened-traces.js';
import { MAX_LINE_CHARS } from './limits.js';
import { parseReport } from './parse-report.js';

const FLAT =
  'Opening the chart view fails. Build 4.2M3. Log: org.example.charts.RenderException: axis is empty at org.example.charts.Axis.scale(Axis.java:88) at org.example.charts.ChartView.layout(ChartView.java:141) ~[charts.jar:?] at java.base/java.lang.Thread.run(Thread.java:834) Caused by: java.lang.IllegalStateException: no series at org.example.charts.Series.first(Series.java:23) ... 2 more Thanks for looking.';

describe('unflattenedTraces', () => {
  it('breaks a trace joined into one line into the lines it was printed as', () => {
    expect(unflattenedTraces(['Steps below.', FLAT])).toEqual([
      'Steps below.',
      'Opening the chart view fails. Build 4.2M3. Log:',
      'org.example.charts.RenderException: axis is empty',
      '\tat org.example.charts.Axis.scale(Axis.java:88)',
      '\tat org.example.charts.ChartView.layout(ChartView.java:141) ~[charts.jar:?]',
      '\tat java.base/java.lang.Thread.run(Thread.java:834)',
      'Caused by: java.lang.IllegalStateException: no series',
      '\tat org.example.charts.Series.first(Series.java:23)',
      '... 2 more',
      'Thanks for looking.',
    ]);
  });

  it('gives each of several traces on one line its head', () => {
    const lines = unflattenedTraces([
      '!STACK 0 java.lang.ClassCastException: a.B incompatible with c.D at a.Tree.delete(Tree.java:99) at a.Job.run(Job.java:53) !ENTRY ui 4 0 !STACK 0 org.example.di.InjectionException: java.lang.NullPointerException at org.example.di.Method.execute(Method.java:63) at org.example.di.Injector.invoke(Injector.java:229)',
    ]);
    expect(lines).toContain('java.lang.ClassCastException: a.B incompatible with c.D');
    expect(lines).toContain('org.example.di.InjectionException: java.lang.NullPointerException');
    expect(lines?.filter((line) => line.startsWith('\tat '))).toHaveLength(4);
  });

  it('leaves prose and single frames alone', () => {
    expect(unflattenedTraces(['It fails at home(x) and at work(y) every day.'])).toBeNull();
    expect(unflattenedTraces(['It threw at a.B.c(B.java:12) once.'])).toBeNull();
    expect(
      unflattenedTraces([
        'The log says at com.example.ui.Bar.foo(Bar.java:1) and then again at com.example.ui.Bar.foo(Bar.java:1), so Bar is broken.',
      ]),
    ).toBeNull();
    expect(unflattenedTraces([])).toBeNull();
  });
});

describe('readableLongLine', () => {
  it('breaks a long line holding a trace, and cuts one without', () => {
    const prose = 'The list view misbehaves after removing an item. '.repeat(60);
    const lines = readableLongLine(`${prose}${FLAT}`);
    expect(lines).toContain('\tat org.example.charts.Series.first(Series.java:23)');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(MAX_LINE_CHARS);
    expect(readableLongLine(prose)).toEqual([prose.slice(0, MAX_LINE_CHARS)]);
  });
});

describe('parseReport on a trace joined into one line', () => {
  it('skips a suppressed block as printStackTrace prints it', () => {
    const report = parseReport(
      'Save fails: org.example.store.SaveException: disk full at org.example.store.Writer.flush(Writer.java:42) at org.example.store.Store.save(Store.java:17) Suppressed: java.io.IOException: close failed at org.example.store.Disk.close(Disk.java:91) ... 2 more Caused by: java.io.IOException: no space at org.example.store.Disk.write(Disk.java:88) ... 2 more',
    );
    const [exception] = report.exceptions;
    expect(exception?.frames.map((frame) => frame.line)).toEqual([42, 17]);
    expect(exception?.cause?.frames.map((frame) => frame.line)).toEqual([88]);
  });

  it('reads a trace that starts past the length a line is read to', () => {
    const prose = 'Steps: open the chart view, remove the last series, open it again. '.repeat(40);
    expect(prose.length).toBeGreaterThan(MAX_LINE_CHARS);
    const report = parseReport({ title: 'Chart view crashes', body: `${prose}${FLAT}` });
    expect(report.exceptions[0]?.type).toBe('org.example.charts.RenderException');
    expect(report.exceptions[0]?.cause?.frames).toHaveLength(1);
  });

  it('reads its exception, frames and cause', () => {
    const report = parseReport({ title: 'Chart view crashes', body: FLAT });
    const [exception] = report.exceptions;
    expect(exception).toMatchObject({
      type: 'org.example.charts.RenderException',
      message: 'axis is empty',
    });
    expect(exception?.frames.map((frame) => `${frame.file}:${frame.line}`)).toEqual([
      'Axis.java:88',
      'ChartView.java:141',
      'Thread.java:834',
    ]);
    expect(exception?.cause?.type).toBe('java.lang.IllegalStateException');
    expect(exception?.cause?.frames[0]).toMatchObject({ function: 'first', line: 23 });
    expect(report.body).toBe(FLAT);
  });
});
