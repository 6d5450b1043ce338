import { describe, expect, it } from 'vitest';
import { escapedTraceLines, unescapedTraces } from './escaped-traces.js';
import { MAX_LINE_CHARS } from './limits.js';
import { parseReport, parseReports } from './parse-report.js';
import type { Report } from './types.js';

const JVM_TRACE =
  'java.lang.IllegalStateException: boom\n\tat com.acme.orders.OrderService.place(OrderService.java:42)\n\tat com.acme.orders.Main.main(Main.java:7)\n';

/** A Logback/Logstash JSON encoder's line. */
const LOGBACK = JSON.stringify({
  '@timestamp': '2024-03-01T10:00:00.000Z',
  level: 'ERROR',
  logger_name: 'com.acme.web.RequestLogger',
  thread_name: 'http-nio-8080-exec-1',
  message: 'Request failed',
  stack_trace: JVM_TRACE,
});

/** A pino line. */
const PINO = JSON.stringify({
  level: 50,
  time: 1709287200000,
  pid: 4242,
  hostname: 'web-1',
  err: {
    type: 'TypeError',
    message: 'cart.items is not iterable',
    stack:
      'TypeError: cart.items is not iterable\n    at total (/app/src/cart/total.js:3:9)\n    at checkout (/app/src/cart/checkout.js:12:15)',
  },
  msg: 'cart.items is not iterable',
});

/** A structlog line. */
const STRUCTLOG = JSON.stringify({
  event: 'job failed',
  level: 'error',
  timestamp: '2024-03-01T10:00:00Z',
  logger: 'worker',
  exception:
    'Traceback (most recent call last):\n  File "/app/worker/jobs.py", line 31, in run\n    step()\n  File "/app/worker/steps.py", line 9, in step\n    raise ValueError("no input")\nValueError: no input',
});

/** Each exception as type, message and `file:line` of each frame. */
const read = (report: Report) =>
  report.exceptions.map((exception) => ({
    type: exception.type,
    message: exception.message,
    frames: exception.frames.map((frame) => `${frame.file}:${frame.line}`),
  }));

const JVM_READ = {
  type: 'java.lang.IllegalStateException',
  message: 'boom',
  frames: ['OrderService.java:42', 'Main.java:7'],
};

describe('escapedTraceLines', () => {
  it('takes the trace of a JSON line, leaving its other fields out', () => {
    expect(escapedTraceLines(LOGBACK)).toEqual([...JVM_TRACE.split('\n'), '']);
  });

  it('unescapes a cut-off line, a laid-out value and an unquoted run', () => {
    const cut = LOGBACK.slice(0, LOGBACK.indexOf('Main.java'));
    expect(escapedTraceLines(cut)).toEqual([
      'java.lang.IllegalStateException: boom',
      '\tat com.acme.orders.OrderService.place(OrderService.java:42)',
      '\tat com.acme.orders.Main.main(',
      '',
    ]);
    const value = `  "stack_trace": ${JSON.stringify(JVM_TRACE)},`;
    expect(escapedTraceLines(value)).toEqual([...JVM_TRACE.split('\n'), '']);
    expect(escapedTraceLines(JSON.stringify(JVM_TRACE).slice(1, -1))).toEqual([
      ...JVM_TRACE.split('\n'),
      '',
    ]);
  });

  it('reads \\uXXXX, \\" and \\\\ escapes', () => {
    const line = String.raw`{"stack":"Error: caf\u00e9 \"x\"\n    at f (C:\\app\\a.js:1:2)"}`;
    expect(escapedTraceLines(line)).toEqual([
      'Error: café "x"',
      '    at f (C:\\app\\a.js:1:2)',
      '',
    ]);
  });

  it('leaves a line without an escaped trace alone', () => {
    expect(escapedTraceLines('{"level":"INFO","message":"saved\\nall"}')).toBeNull();
    expect(escapedTraceLines('plain text at home')).toBeNull();
    expect(unescapedTraces(['a', '{"message":"x"}'])).toBeNull();
  });

  it('cuts each line it gives', () => {
    const long = JSON.stringify({ stack: `Error: ${'x'.repeat(5_000)}\n    at f (/a.js:1:2)` });
    const lines = escapedTraceLines(long) ?? [];
    expect(lines[0]).toHaveLength(MAX_LINE_CHARS);
    expect(lines[1]).toBe('    at f (/a.js:1:2)');
  });
});

describe('parseReport on stack traces in JSON strings', () => {
  it('reads a JVM trace of a Logback JSON line', () => {
    const report = parseReport(LOGBACK);
    expect(report.source.format).toBe('java');
    expect(read(report)).toEqual([JVM_READ]);
    expect(report.body).toContain('Request failed');
  });

  it.each([
    [
      'a Node trace of a pino line',
      PINO,
      'v8',
      {
        type: 'TypeError',
        message: 'cart.items is not iterable',
        frames: ['/app/src/cart/total.js:3', '/app/src/cart/checkout.js:12'],
      },
    ],
    [
      'a Python trace of a structlog line',
      STRUCTLOG,
      'python',
      {
        type: 'ValueError',
        message: 'no input',
        frames: ['/app/worker/steps.py:9', '/app/worker/jobs.py:31'],
      },
    ],
  ])('reads %s', (_, line, format, exception) => {
    const report = parseReport(line);
    expect(report.source.format).toBe(format);
    expect(read(report)).toEqual([exception]);
  });

  it.each([
    [
      'a Docker json-file record of a Logback line',
      JSON.stringify({ log: `${LOGBACK}\n`, stream: 'stdout', time: '2026-12-07T10:00:00Z' }),
      'java',
      JVM_READ,
    ],
    [
      'a CloudWatch export of a pino line',
      JSON.stringify({ events: [{ timestamp: 1, message: PINO }], searchedLogStreams: [] }),
      'v8',
      {
        type: 'TypeError',
        message: 'cart.items is not iterable',
        frames: ['/app/src/cart/total.js:3', '/app/src/cart/checkout.js:12'],
      },
    ],
  ])('reads a trace escaped twice: %s', (_, text, format, exception) => {
    const report = parseReport(text);
    expect(report.source.format).toBe(format);
    expect(read(report)).toEqual([exception]);
  });

  it('takes only the trace of JSON held in a JSON string, whole or cut off', () => {
    const docker = JSON.stringify({ log: LOGBACK, time: '2026-12-07T10:00:00Z' });
    expect(escapedTraceLines(docker)).toEqual([...JVM_TRACE.split('\n'), '']);
    expect(escapedTraceLines(docker.slice(0, docker.indexOf('Main.java')))).toEqual([
      ...JVM_TRACE.split('\n').slice(0, 2),
      '\tat com.acme.orders.Main.main(',
      '',
    ]);
  });

  it('reads both errors of two JSON lines (NDJSON)', () => {
    const second = LOGBACK.replace(
      'IllegalStateException: boom',
      'IllegalArgumentException: bad id',
    );
    const report = parseReport(`${LOGBACK}\n{"level":"INFO","message":"retrying"}\n${second}\n`);
    expect(read(report)).toEqual([
      JVM_READ,
      { ...JVM_READ, type: 'java.lang.IllegalArgumentException', message: 'bad id' },
    ]);
  });

  it('reads a JSON string pasted alone, and a JSON line behind a log prefix', () => {
    expect(read(parseReport(JSON.stringify(JVM_TRACE)))).toEqual([JVM_READ]);
    expect(read(parseReport(`2024-03-01 10:00:00 ERROR ${LOGBACK}`))).toEqual([JVM_READ]);
  });

  it('reads a JSON line without a trace as before', () => {
    const report = parseReport('{"level":"INFO","message":"saved\\nall","logger":"store"}');
    expect(report.source.format).toBe('text');
    expect(report.exceptions).toEqual([]);
    expect(report.title).toBe('saved');
  });

  it('reads a trace in a JSON line longer than a line is read to', () => {
    const frames = Array.from(
      { length: 80 },
      (_, at) => `\tat com.acme.orders.Step${at}.run(Step${at}.java:${at + 1})`,
    );
    const line = JSON.stringify({
      level: 'ERROR',
      stack_trace: `java.lang.IllegalStateException: boom\n${frames.join('\n')}`,
    });
    expect(line.length).toBeGreaterThan(MAX_LINE_CHARS);
    const [exception] = parseReports(`${line}\n${line}`)[0]?.exceptions ?? [];
    expect(exception?.frames).toHaveLength(80);
  });

  it('reads a 5 MB JSON line, invalid JSON and deep nesting without failing', () => {
    const filler = 'x'.repeat(5 * 1024 * 1024);
    const huge = JSON.stringify({ level: 'ERROR', filler, stack_trace: JVM_TRACE });
    expect(read(parseReport(`Log:\n${huge}`))).toEqual([JVM_READ]);
    const deep = `${'['.repeat(100_000)}${JSON.stringify(JVM_TRACE)}${']'.repeat(100_000)}`;
    expect(read(parseReport(`Log:\n${deep}`))).toEqual([JVM_READ]);
    const invalid = `{"stack_trace":"${JVM_TRACE.replace(/\n/g, '\\n').replace(/\t/g, '\\t')}", level: ERROR}`;
    expect(read(parseReport(`Log:\n${invalid}`))).toEqual([JVM_READ]);
  });
});
