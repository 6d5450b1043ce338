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

  it('reads a message event with a top-level stacktrace and logentry', () => {
    const report = parseReport({
      logentry: { formatted: 'cache miss storm' },
      stacktrace: { frames: [frame('run', 'worker.js', 1), frame('refill', 'cache.js', 8)] },
    });
    expect(report.exceptions).toEqual([
      {
        type: '',
        message: 'cache miss storm',
        frames: [
          {
            file: 'cache.js',
            line: 8,
            function: 'refill',
            inApp: true,
            raw: 'refill (cache.js:8)',
          },
          { file: 'worker.js', line: 1, function: 'run', inApp: true, raw: 'run (worker.js:1)' },
        ],
      },
    ]);
  });
});
