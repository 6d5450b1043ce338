import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkDigestSchedule, scheduleDigest } from './digest-schedule.js';

describe('the digest schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at the times a cron expression names, in the time zone given', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-02T07:59:00.000Z') });
    const sent: string[] = [];
    const schedule = scheduleDigest(
      '0 8 * * *',
      async () => {
        sent.push(new Date().toISOString());
      },
      { timezone: 'UTC' },
    );
    expect(schedule.nextRun()?.toISOString()).toBe('2026-12-02T08:00:00.000Z');
    await vi.advanceTimersByTimeAsync(61_000);
    expect(sent).toEqual(['2026-12-02T08:00:00.000Z']);
    expect(schedule.nextRun()?.toISOString()).toBe('2026-12-03T08:00:00.000Z');
    schedule.stop();
    const berlin = scheduleDigest('0 8 * * *', async () => {}, { timezone: 'Europe/Berlin' });
    expect(berlin.nextRun()?.toISOString()).toBe('2026-12-03T07:00:00.000Z');
    berlin.stop();
  });

  it('a failed run is reported and the schedule goes on', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-02T07:59:30.000Z') });
    const errors: unknown[] = [];
    const schedule = scheduleDigest(
      '* * * * *',
      async () => {
        throw new Error('smtp down');
      },
      { timezone: 'UTC', onError: (error) => errors.push(error) },
    );
    await vi.advanceTimersByTimeAsync(121_000);
    expect(errors.map((error) => (error as Error).message)).toEqual(['smtp down', 'smtp down']);
    schedule.stop();
  });

  it('refuses what is not a cron expression or a time zone, saying how to write one', () => {
    expect(() => checkDigestSchedule('0 8 * *')).toThrow(
      /--digest "0 8 \* \*" is not a cron expression.*e\.g\. "0 8 \* \* \*" for 08:00 every day/,
    );
    expect(() => checkDigestSchedule('2026-12-03T08:00')).toThrow(/is not a cron expression/);
    expect(() => checkDigestSchedule('61 8 * * *')).toThrow(/Invalid value for minute: 61/);
    expect(() => checkDigestSchedule('0 8 * * *', 'Mars/Base')).toThrow(
      '--digest-timezone "Mars/Base" is not a time zone',
    );
    expect(() => checkDigestSchedule('@daily')).not.toThrow();
  });
});
