import { parseReport } from '@sightline/intake';
import { describe, expect, it } from 'vitest';
import { sentryEvent } from './__fixtures__/sentry-cart-event.js';
import { reportBodyText } from './event-text.js';

describe('reportBodyText', () => {
  it("reads a structured crash event as its exceptions, not its schema's keys", () => {
    const report = parseReport(JSON.stringify(sentryEvent, null, 2));
    const text = reportBodyText(report);
    expect(text).toBe("TypeError: Cannot read properties of undefined (reading 'price')");
    for (const key of ['exception', 'values', 'stacktrace', 'request', 'headers', 'event_id'])
      expect(text).not.toContain(key);
  });

  it('keeps the body of a JSON document with no exception or stack (a pasted configuration)', () => {
    const body = JSON.stringify({ timeout: 0, retries: 3 }, null, 2);
    const report = parseReport(body, { format: 'text' });
    expect(reportBodyText(report)).toBe(report.body);
  });

  it('keeps the body of a crash written as text', () => {
    const report = parseReport(
      "TypeError: Cannot read properties of undefined (reading 'price')\n    at cartTotal (/app/src/cart/total.ts:6:10)\n",
    );
    expect(report.exceptions).toHaveLength(1);
    expect(reportBodyText(report)).toBe(report.body);
  });
});
