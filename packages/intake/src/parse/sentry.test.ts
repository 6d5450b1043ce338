import { describe, expect, it } from 'vitest';
import { parseReport } from './parse-report.js';

const frame = (
  fn: string,
  filename: string,
  lineno: number,
  extra: Record<string, unknown> = {},
) => ({
  function: fn,
  filename,
  lineno,
  ...extra,
});

describe('Sentry events', () => {
  it('reverses the usual oldest-first frames and chains exception.values (cause first)', () => {
    const event = {
      event_id: 'abc123',
      platform: 'python',
      release: 'api@2.3.1',
      exception: {
        values: [
          {
            type: 'KeyError',
            value: "'user'",
            stacktrace: { frames: [frame('lookup', 'app/store.py', 10)] },
          },
          {
            type: 'ValueError',
            value: 'no session',
            stacktrace: {
              frames: [
                frame('main', 'app/main.py', 3),
                frame('dispatch', 'site-packages/flask/app.py', 900, { in_app: false }),
                frame('handle', 'app/views.py', 42),
              ],
            },
          },
        ],
      },
    };
    const report = parseReport(event);
    expect(report).toMatchObject({
      id: 'abc123',
      kind: 'crash',
      title: 'ValueError: no session',
      platform: 'python',
      appVersion: 'api@2.3.1',
      source: { format: 'sentry' },
    });
    const [exception] = report.exceptions;
    expect(exception?.frames.map((item) => [item.function, item.inApp])).toEqual([
      ['handle', true],
      ['dispatch', false],
      ['main', true],
    ]);
    expect(exception?.cause).toMatchObject({ type: 'KeyError', message: "'user'" });
    expect(report.identifiers).toEqual([
      'ValueError',
      'KeyError',
      'handle',
      'dispatch',
      'main',
      'lookup',
    ]);
  });

  it("keeps a message event's stack trace apart from exceptions and titles it by its message", () => {
    const report = parseReport({
      logentry: { formatted: 'cache miss storm' },
      stacktrace: { frames: [frame('run', 'worker.js', 1), frame('refill', 'cache.js', 8)] },
    });
    expect(report).toMatchObject({ kind: 'text', title: 'cache miss storm', exceptions: [] });
    expect(report.stack).toEqual([
      {
        file: 'cache.js',
        line: 8,
        function: 'refill',
        inApp: true,
        raw: 'refill (cache.js:8)',
      },
      { file: 'worker.js', line: 1, function: 'run', inApp: true, raw: 'run (worker.js:1)' },
    ]);
  });

  it.each([
    [
      {
        event_id: 'e1',
        'sentry.interfaces.Message': { message: 'Hello %s', formatted: 'Hello ann' },
      },
      'Hello ann',
    ],
    [{ event_id: 'e2', logentry: { message: 'Disk %s full' } }, 'Disk %s full'],
    [{ event_id: 'e3', message: 'first line\nsecond line' }, 'first line'],
    [{ event_id: 'e4', culprit: 'app.views in index' }, 'app.views in index'],
    [
      { 'sentry.interfaces.Stacktrace': { frames: [frame('build_msg', 'raven/base.py', 303)] } },
      'Sentry event logged at build_msg (raven/base.py:303)',
    ],
    [
      { exception: { values: [{ type: 'KeyError', value: 'x' }] }, message: 'ignored' },
      'KeyError: x',
    ],
  ])('titles %j as %j, never a JSON line', (event, title) => {
    expect(parseReport(event).title).toBe(title);
    expect(parseReport(JSON.stringify(event, null, 2)).title).toBe(title);
  });
});

describe('Sentry events: release and environment', () => {
  it('reads the environment at the top level, or from tags as an object or as pairs', () => {
    const event = { exception: { values: [{ type: 'E', value: 'v' }] }, release: 'shop@2.3.1' };
    expect(parseReport({ ...event, environment: 'production' })).toMatchObject({
      appVersion: 'shop@2.3.1',
      environment: 'production',
    });
    expect(parseReport({ ...event, tags: { environment: 'staging' } }).environment).toBe('staging');
    expect(
      parseReport({
        ...event,
        tags: [
          ['level', 'error'],
          ['environment', 'prod'],
        ],
      }).environment,
    ).toBe('prod');
    expect(
      parseReport({
        ...event,
        tags: [
          { key: 'level', value: 'error' },
          { key: 'environment', value: 'qa' },
        ],
      }).environment,
    ).toBe('qa');
    expect(parseReport(event).environment).toBeUndefined();
  });
});

describe('JSON no format recognises', () => {
  it.each([
    [{ summary: 'Login fails', steps: [] }, 'Login fails'],
    [{ foo: 1, bar: [1] }, 'JSON object with keys foo, bar'],
    [
      { a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1 },
      'JSON object with keys a, b, c, d, e and 2 more',
    ],
    [[{ a: 1 }], 'JSON array of 1 item'],
    [{}, 'empty JSON object'],
  ])('titles %j as %j', (value, title) => {
    expect(parseReport(JSON.stringify(value, null, 2)).title).toBe(title);
  });
});

describe('Sentry events with long frame files', () => {
  it('decides in-app on a 1 MB file of `#`s with a newline near its end, and on a URL', () => {
    const hashes = `${'#'.repeat(1_000_000)}\n#`;
    const event = {
      platform: 'javascript',
      exception: {
        values: [
          {
            type: 'TypeError',
            value: 'x',
            stacktrace: {
              frames: [
                frame('run', 'https://cdn.example.com/node_modules/lib/x.js?v=1#top', 3),
                frame('f', hashes, 1),
              ],
            },
          },
        ],
      },
    };
    const frames = parseReport(event).exceptions[0]?.frames ?? [];
    expect(frames.map(({ inApp }) => inApp)).toEqual([true, false]);
  });

  it("does not take structlog's dict_tracebacks for a Sentry event", () => {
    const line = JSON.stringify({
      event: 'unhandled error',
      level: 'error',
      exception: [
        {
          exc_type: 'TypeError',
          exc_value: 'bad',
          frames: [{ filename: '/srv/flaskapp/app/cart.py', lineno: 16, name: 'total' }],
        },
      ],
    });
    const report = parseReport(line);
    expect({ format: report.source.format, body: report.body.includes('exc_type') }).toEqual({
      format: 'text',
      body: true,
    });
    expect(parseReport({ exception: { values: [] }, event_id: 'a' }).source.format).toBe('sentry');
  });
});
