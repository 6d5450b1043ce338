import { MAX_REPORT_BYTES } from '@sightline/intake';
import { describe, expect, it } from 'vitest';
import { apiReportSchema, utcReceivedAt } from './api-report.js';

describe('apiReportSchema and utcReceivedAt', () => {
  it('takes a receive time with Z or a UTC offset, and stores it in UTC', () => {
    // Found in review: since the API's schema became the check of ingest too, a time with an
    // offset (what `date -Iseconds` prints) was refused, where `ingest --data` stored it before.
    for (const [given, stored] of [
      ['2024-03-01T10:00:00+01:00', '2024-03-01T09:00:00.000Z'],
      ['2024-03-01T10:00:00-05:30', '2024-03-01T15:30:00.000Z'],
      ['2024-03-01T10:00:00Z', '2024-03-01T10:00:00.000Z'],
      ['2024-03-01T10:00:00.123Z', '2024-03-01T10:00:00.123Z'],
    ] as const) {
      expect(apiReportSchema.safeParse({ text: 'x', receivedAt: given }).success, given).toBe(true);
      expect(utcReceivedAt(given)).toBe(stored);
    }
  });

  it('leaves a receive time it does not take as it is, for the check to refuse', () => {
    for (const given of ['2024-03-01', 'not a date', '2024-03-01T10:00:00']) {
      expect(apiReportSchema.safeParse({ text: 'x', receivedAt: given }).success, given).toBe(
        false,
      );
      expect(utcReceivedAt(given)).toBe(given);
    }
  });

  it('refuses a report its format does not fit, and leaves one over the size bound unparsed to the pipeline', () => {
    const unfit = apiReportSchema.safeParse({ text: 'It crashes.', format: 'sentry' });
    expect(unfit.success).toBe(false);
    expect(JSON.stringify(unfit.error?.issues)).toMatch(/not in the report format \\"sentry\\"/);
    // Found by review: every report was parsed whole here without a bound, then again later.
    const oversized = 'It crashes. '.repeat(Math.ceil(MAX_REPORT_BYTES / 12) + 1);
    expect(apiReportSchema.safeParse({ text: oversized, format: 'sentry' }).success).toBe(true);
  });
});
