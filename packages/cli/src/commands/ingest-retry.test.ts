import { describe, expect, it } from 'vitest';
import { retryBusy } from './ingest-retry.js';

/** A `send` answering the given responses in turn, and a `sleep` that records and returns at once. */
function scripted(...answers: (() => Response)[]) {
  const waits: number[] = [];
  let sent = 0;
  return {
    waits,
    sent: () => sent,
    send: async () => {
      const answer = answers[Math.min(sent, answers.length - 1)];
      sent += 1;
      if (!answer) throw new Error('no answer scripted');
      return answer();
    },
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };
}

const busy = (status: number, retryAfter?: string) => () =>
  Response.json(
    { error: { code: 'RATE_LIMITED', message: 'Too many.' } },
    { status, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } },
  );
const stored = () => Response.json({ stored: 1 }, { status: 202 });

describe('retryBusy', () => {
  it('waits the seconds of Retry-After after a 429, then returns the answer that is not busy', async () => {
    const script = scripted(busy(429, '2'), busy(429, '0'), stored);
    const retries: unknown[] = [];
    const outcome = await retryBusy(script.send, {
      sleep: script.sleep,
      onRetry: (retry) => retries.push(retry),
    });
    expect(outcome).toMatchObject({ retries: 2, waitedMs: 2000 });
    expect(outcome.response.status).toBe(202);
    expect(script.waits).toEqual([2000, 0]);
    expect(retries).toEqual([
      { status: 429, waitMs: 2000, retry: 1, retries: 3 },
      { status: 429, waitMs: 0, retry: 2, retries: 3 },
    ]);
  });

  it('reads Retry-After as an HTTP date, and retries a 503 that gives one', async () => {
    const inFiveSeconds = new Date(Date.now() + 5_000).toUTCString();
    const script = scripted(busy(503, inFiveSeconds), stored);
    const outcome = await retryBusy(script.send, { sleep: script.sleep });
    expect(outcome.response.status).toBe(202);
    expect(script.waits).toHaveLength(1);
    // An HTTP date has whole seconds: between 4 and 5 s from now.
    expect(script.waits[0]).toBeGreaterThan(3_000);
    expect(script.waits[0]).toBeLessThanOrEqual(5_000);
  });

  it('returns a 503 without Retry-After at once: it does not say the service will be back', async () => {
    const script = scripted(busy(503), stored);
    const outcome = await retryBusy(script.send, { sleep: script.sleep });
    expect(outcome).toMatchObject({ retries: 0, waitedMs: 0 });
    expect(outcome.response.status).toBe(503);
    expect(script.sent()).toBe(1);
  });

  it('waits 1, 2 and 4 s after a 429 without Retry-After, then returns the refusal', async () => {
    const script = scripted(busy(429));
    const outcome = await retryBusy(script.send, { sleep: script.sleep });
    expect(script.waits).toEqual([1000, 2000, 4000]);
    expect(script.sent()).toBe(4);
    expect(outcome).toMatchObject({ retries: 3, waitedMs: 7000 });
    expect(outcome.response.status).toBe(429);
    expect(outcome.retryAfterMs).toBeUndefined();
  });

  it('does not wait past the total wait: a Retry-After beyond it is returned with the wait asked', async () => {
    const script = scripted(busy(429, '30'), busy(429, '30'), busy(429, '30'));
    const outcome = await retryBusy(script.send, { sleep: script.sleep });
    expect(script.waits).toEqual([30_000, 30_000]);
    expect(outcome).toMatchObject({ retries: 2, waitedMs: 60_000, retryAfterMs: 30_000 });
    const long = scripted(busy(429, '120'));
    expect(await retryBusy(long.send, { sleep: long.sleep })).toMatchObject({
      retries: 0,
      waitedMs: 0,
      retryAfterMs: 120_000,
    });
    expect(long.waits).toEqual([]);
  });

  it('throws what sending throws, without retrying', async () => {
    let sent = 0;
    const send = async () => {
      sent += 1;
      throw new TypeError('fetch failed');
    };
    await expect(retryBusy(send, { sleep: async () => {} })).rejects.toThrow('fetch failed');
    expect(sent).toBe(1);
  });
});
