import { afterEach, describe, expect, it, vi } from 'vitest';

const answers: { resolve: (page: unknown) => void; reject: (error: Error) => void }[] = [];
vi.mock('./client.js', () => ({
  api: {
    inbox: () =>
      new Promise((resolve, reject) => {
        answers.push({ resolve, reject });
      }),
  },
}));
const { earlyInboxSettled, fetchInboxEarly, takeArrivedInbox } = await import('./early-inbox.js');

/** 'settled' if `promise` resolved within the current turn of fake timers, else 'waiting'. */
async function state(promise: Promise<void>): Promise<string> {
  return Promise.race([promise.then(() => 'settled'), Promise.resolve().then(() => 'waiting')]);
}

describe('the early inbox request', () => {
  afterEach(() => {
    vi.useRealTimers();
    answers.length = 0;
  });

  it('settles at once without a request, when the answer arrives, or after the wait', async () => {
    vi.useFakeTimers();
    await expect(earlyInboxSettled(400)).resolves.toBeUndefined();

    fetchInboxEarly({ limit: 200 });
    const arriving = earlyInboxSettled(400);
    expect(await state(arriving)).toBe('waiting');
    answers[0]?.resolve({ groups: [], total: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(await state(arriving)).toBe('settled');
    expect(takeArrivedInbox({ limit: 200 })).toEqual({ groups: [], total: 0 });

    fetchInboxEarly({ limit: 200, status: 'new' });
    const slow = earlyInboxSettled(400);
    await vi.advanceTimersByTimeAsync(399);
    expect(await state(slow)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await state(slow)).toBe('settled');
    expect(takeArrivedInbox({ limit: 200, status: 'new' })).toBeUndefined();

    answers[1]?.reject(new Error('service down'));
    await expect(earlyInboxSettled(400)).resolves.toBeUndefined();
  });
});
