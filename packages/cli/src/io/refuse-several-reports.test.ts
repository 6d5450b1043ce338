import { describe, expect, it } from 'vitest';
import { refuseSeveralReports } from './refuse-several-reports.js';

const bytes = (lines: unknown[]) =>
  new TextEncoder().encode(`${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);

/** A Spring service's JSON log (Logback's encoder): four lines, one with its stack trace. */
const LOG = [
  { '@timestamp': '2026-12-07T10:00:00Z', level: 'INFO', message: 'Started' },
  { '@timestamp': '2026-12-07T10:00:01Z', level: 'INFO', message: 'Checkout 42' },
  {
    '@timestamp': '2026-12-07T10:00:02Z',
    level: 'ERROR',
    message: 'Request failed',
    stack_trace:
      'java.lang.IllegalStateException: boom\n\tat com.acme.shop.OrderService.checkout(OrderService.java:57)\n',
  },
  { '@timestamp': '2026-12-07T10:00:03Z', level: 'INFO', message: 'Stopped' },
];

describe('refuseSeveralReports', () => {
  it('takes a JSON Lines log holding a stack trace for one crash report', () => {
    expect(() => refuseSeveralReports(bytes(LOG), 'app.ndjson', undefined)).not.toThrow();
  });

  it('refuses JSON Lines of reports, even when one holds a stack trace, and a log without one', () => {
    const issues = [
      { title: 'Checkout fails', body: LOG[2]?.stack_trace },
      { title: 'Login fails', body: 'It spins.' },
    ];
    expect(() => refuseSeveralReports(bytes(issues), 'issues.jsonl', undefined)).toThrow(
      'issues.jsonl holds 2 reports',
    );
    const quiet = LOG.filter((line) => !('stack_trace' in line));
    expect(() => refuseSeveralReports(bytes(quiet), 'app.ndjson', undefined)).toThrow(
      'app.ndjson holds 3 reports',
    );
  });
});
