import { parseReport } from '@sightline/intake';
import { describe, expect, it } from 'vitest';
import { gateReport } from '../report/gate-report.js';
import { reportBodyText } from './event-text.js';

const sentryEvent = {
  event_id: 'e1',
  platform: 'javascript',
  exception: {
    values: [
      {
        type: 'TypeError',
        value: "Cannot read properties of undefined (reading 'price')",
        stacktrace: {
          frames: [{ filename: 'app:///src/cart/total.ts', function: 'cartTotal', lineno: 6 }],
        },
      },
    ],
  },
  request: { url: 'https://shop.example/cart', headers: { 'User-Agent': 'Mozilla/5.0' } },
};

describe('reportBodyText', () => {
  it("reads a structured crash event as its exceptions, not its schema's keys", () => {
    const report = parseReport(JSON.stringify(sentryEvent, null, 2));
    const text = reportBodyText(report);
    expect(text).toBe("TypeError: Cannot read properties of undefined (reading 'price')");
    for (const key of ['exception', 'values', 'stacktrace', 'request', 'headers', 'event_id'])
      expect(text).not.toContain(key);
  });

  it('reads a Sentry event as its exceptions also when the secret gate withheld a line of it', async () => {
    // Fresh-user trial 22: a token in a header broke the JSON, and its keys became report words.
    const token = ['ghp', 'Zx9'.repeat(12)].join('_');
    const event = {
      ...sentryEvent,
      request: { ...sentryEvent.request, headers: { Authorization: `Bearer ${token}` } },
    };
    const gated = await gateReport(parseReport(JSON.stringify(event)));
    expect(gated.body).not.toContain(token);
    expect(reportBodyText(gated)).toBe(
      "TypeError: Cannot read properties of undefined (reading 'price')",
    );
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
